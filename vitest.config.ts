import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects in one run: the API's tests on SQLite and again on PostgreSQL, and the web
// client's tests. They share one pool of workers, so `npm test` runs all at once (`npm run
// test:unit` runs the SQLite and web ones, `npm run test:unit:pg` the PostgreSQL one). TEST_DB picks
// the database for a command line: `TEST_DB=postgres npx vitest run api-server/test/x.test.ts` runs
// that file on PostgreSQL only.
//
// The API's files run without isolation (one module graph per worker, not per file): each file
// builds its own app on its own database through the fixture (api-server/test/fixture.ts), and
// loading the api-server's modules again for each of 250 files was a good part of the run. The web
// client's files stay isolated: their modules read the process's settings once (lib/env.ts), and
// files set them differently.
const API_TESTS = 'api-server/test/**/*.test.ts';
const SETUP = ['api-server/test/seed-cache.ts'];
const projects = [
  { test: { name: 'sqlite', include: [API_TESTS], isolate: false, globalSetup: SETUP } },
  // The same API tests, each file on a database of its own copied from a migrated template (seed-cache.ts).
  { test: { name: 'postgres', include: [API_TESTS], isolate: false, env: { TEST_DB: 'postgres' }, globalSetup: SETUP } },
  {
    test: {
      name: 'web',
      include: [
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
].filter((p) => !process.env.TEST_DB || p.test.name === process.env.TEST_DB || (p.test.name === 'web' && process.env.TEST_DB === 'sqlite'));

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
