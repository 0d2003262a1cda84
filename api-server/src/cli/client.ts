/**
 * Registers an OAuth client in the database of DATA_DIR.
 *
 *   npm run api:client -- create --name NAME --redirect-uri URI [--redirect-uri URI…]
 *     --grants authorization_code,refresh_token --scopes basic,activities [--public]
 *
 * The last line printed is `{"client_id":"…","client_secret":"…"}` (no secret for --public),
 * for scripts to parse. The secret is shown only once: it is stored hashed.
 */
import { parseArgs } from 'node:util';
import { ALL_GRANTS, ALL_SCOPES, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { type NewClient, newClientProblems, registerClient } from '../oauth/clients.ts';

const USAGE = `Usage: npm run api:client -- create --name NAME --redirect-uri URI [--redirect-uri URI ...]
         --grants GRANT[,GRANT...] --scopes SCOPE[,SCOPE...] [--public]

  grants: ${ALL_GRANTS.join(', ')}
  scopes: ${ALL_SCOPES.join(', ')}
  --public  a client that cannot keep a secret (no client_credentials or password grant; PKCE required)`;

class UsageError extends Error {}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function parse(argv: string[]): NewClient {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') throw new UsageError('');
  if (command !== 'create') throw new UsageError(`Unknown command "${command}".`);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
        grants: { type: 'string' },
        scopes: { type: 'string' },
        public: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const missing = (['name', 'grants', 'scopes'] as const).filter((k) => values[k] === undefined);
  if (missing.length) throw new UsageError(`Missing ${missing.map((k) => `--${k}`).join(', ')}.`);
  return {
    name: values.name ?? '',
    redirectUris: values['redirect-uri'] ?? [],
    grants: list(values.grants),
    scopes: list(values.scopes),
    isPublic: values.public ?? false,
  };
}

async function main(argv: string[]): Promise<number> {
  let input: NewClient;
  try {
    input = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) console.error(`Error: ${err.message}\n`);
    console.error(USAGE);
    return err.message ? 2 : 0;
  }
  const problems = newClientProblems(input);
  if (problems.length) {
    console.error(`Cannot create the client:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  const config = loadConfig();
  const { db } = await openDatabase(config);
  try {
    const created = await registerClient(db, input);
    console.log(`Created ${input.isPublic ? 'public' : 'confidential'} client "${input.name.trim()}" in ${config.dataDir}.`);
    if (created.client_secret) console.log('Store the client secret now: it is kept only as a hash and cannot be shown again.');
    console.log(JSON.stringify(created));
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
