import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The floor plan as the lint keeps it (eslint.config.mjs, `boundaries`; docs/architecture.md,
// "Which folder may import which"): each fixture of scripts/lint-fixtures/ imports the wrong way
// and is linted, with the project's own config, as a file of the folder it would break, in code
// and in tests. The fixtures are no part of the lint run (its ignores), nor of knip's.

const root = path.join(import.meta.dirname, '..');
const fixtures = path.join(import.meta.dirname, 'lint-fixtures');

const boundaries = new ESLint({ cwd: root });

/** The import rules' messages for `fixture`'s text linted as the file `as`. */
async function importErrors(fixture: string, as: string): Promise<string[]> {
  const code = fs.readFileSync(path.join(fixtures, fixture), 'utf8');
  const [result] = await boundaries.lintText(code, { filePath: path.join(root, as) });
  return result!.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`);
}

const LINT_TIMEOUT = 60_000;

describe('the lint refuses an import the wrong way', { timeout: LINT_TIMEOUT }, () => {
  it('lib/ importing components/, in its code and in its tests', async () => {
    for (const file of ['lib/blogs/fixture.ts', 'lib/blogs/fixture.test.ts']) {
      expect(await importErrors('component-import.ts', file)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*"@\/components\/ui\/button".*lib\/ is the bottom floor/),
      ]);
    }
  });

  it('components/ importing app/', async () => {
    expect(await importErrors('app-import.ts', 'components/blogs/fixture.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*components\/ render what a route gives them/),
    ]);
  });

  it('the web client importing the api-server, except in a test (which runs the real API in-process)', async () => {
    expect(await importErrors('api-server-import.ts', 'lib/auth/fixture.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*reaches the API over HTTP/),
    ]);
    expect(await importErrors('api-server-import.ts', 'components/feed/fixture.ts')).toHaveLength(1);
    expect(await importErrors('api-server-import.ts', 'lib/auth/fixture.test.ts')).toEqual([]);
  });

  it('the api-server importing the web client, in its code and in its tests', async () => {
    for (const file of ['api-server/src/routes/fixture.ts', 'api-server/test/fixture.test.ts']) {
      expect(await importErrors('web-import.ts', file)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*The api-server never imports the web client/),
      ]);
    }
  });

  it('a migration importing live code', async () => {
    expect(await importErrors('live-code-import.ts', 'api-server/src/db/migration-999-fixture.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A migration is frozen/),
    ]);
    // The same import from a file that is not a migration is no business of this zone.
    expect(await importErrors('live-code-import.ts', 'api-server/src/db/fixture.ts')).toEqual([]);
  });

  it('lib/social-api importing a feature folder', async () => {
    expect(await importErrors('feature-import.ts', 'lib/social-api/fixture.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*imports no feature folder/),
    ]);
    expect(await importErrors('feature-import.ts', 'lib/blogs/fixture.ts')).toEqual([]);
  });
});

describe('the lint refuses SQL in an api-server handler', { timeout: LINT_TIMEOUT }, () => {
  it('a route or a legacy method that imports kysely or builds a query', async () => {
    const sqlErrors = async (as: string) => {
      const code = fs.readFileSync(path.join(fixtures, 'handler-sql.ts'), 'utf8');
      const [result] = await boundaries.lintText(code, { filePath: path.join(root, as) });
      return result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted-')).map((m) => `${m.ruleId}: ${m.message}`);
    };
    for (const file of ['api-server/src/routes/blogs/fixture.ts', 'api-server/src/legacy/methods/fixture.ts']) {
      expect(await sqlErrors(file)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*put the query in api-server\/src\/data/),
        expect.stringMatching(/^no-restricted-syntax: A handler builds no SQL/),
      ]);
    }
    // The same code in a data module is what data/ is for.
    expect(await sqlErrors('api-server/src/data/fixture.ts')).toEqual([]);
  });
});

describe('the lint refuses an import cycle', { timeout: LINT_TIMEOUT }, () => {
  it('two modules that import each other', async () => {
    // The fixtures are among the lint run's ignores: linted here on purpose.
    const eslint = new ESLint({ cwd: root, ignore: false });
    const results = await eslint.lintFiles([path.join(fixtures, 'cycle-a.ts'), path.join(fixtures, 'cycle-b.ts')]);
    for (const result of results) {
      expect(result.messages.map((m) => `${m.ruleId}: ${m.message}`)).toEqual([
        expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
      ]);
    }
  });
});
