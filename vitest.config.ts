import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects in one run: every test on SQLite, and the API's tests again on PostgreSQL. They
// share one pool of workers, so `npm test` runs both at once (`npm run test:unit` and
// `npm run test:unit:pg` run one each). TEST_DB picks one for a command line: `TEST_DB=postgres
// npx vitest run api-server/test/x.test.ts` runs that file on PostgreSQL only.
const API_TESTS = 'api-server/test/**/*.test.ts';
const SETUP = ['api-server/test/seed-cache.ts'];
const projects = [
  {
    test: {
      name: 'sqlite',
      include: [
        API_TESTS,
        'app/**/*.test.ts',
        'lib/**/*.test.ts',
        'components/**/*.test.ts',
        'scripts/**/*.test.ts',
        'web-server/**/*.test.ts',
        'shared/**/*.test.ts',
        'bench/**/*.test.ts',
      ],
      // A folder the real-API fixture (api-server/test/fixture.ts) keeps the run's one seeded copy of the demo data in.
      globalSetup: SETUP,
    },
  },
  // The same API tests, each file on a database of its own copied from a migrated template (seed-cache.ts).
  { test: { name: 'postgres', include: [API_TESTS], env: { TEST_DB: 'postgres' }, globalSetup: SETUP } },
].filter((p) => !process.env.TEST_DB || p.test.name === process.env.TEST_DB);

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // A test file waits on its server's sockets, the disk or PostgreSQL about a third of its time, so
    // one worker per core, where Vitest's default leaves one core to itself (albums' routes, 11 files
    // on 2 cores, 2026-12-02: 59 s with one worker, 47 s with two). The SQLite and PostgreSQL projects
    // share the pool. More workers than cores starved the tests that hash passwords (the sign-in
    // throttle's ran past their 20 s on a loaded machine).
    maxWorkers: os.availableParallelism(),
    projects,
  },
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
});
