import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'api-server/test/**/*.test.ts',
      'lib/**/*.test.ts',
      'components/**/*.test.ts',
      'scripts/**/*.test.ts',
      'web-server/**/*.test.ts',
      'shared/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // A folder the real-API fixture (api-server/test/fixture.ts) keeps the run's one seeded copy of the demo data in.
    globalSetup: ['api-server/test/seed-cache.ts'],
  },
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
});
