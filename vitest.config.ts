import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['api-server/test/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
});
