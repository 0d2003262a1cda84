import type { KnipConfig } from 'knip';

// The unused-code part of the lint gate (`npm run lint`): files, exports and dependencies that
// nothing uses. Next's, Vitest's, Playwright's, ESLint's and PostCSS's own entry points come from
// knip's plugins (app/ routes, proxy.ts, next.config.js, the test files, e2e/*.spec.ts, the
// configs) and the package.json scripts; the entries below are the rest.
const config: KnipConfig = {
  entry: [
    // The API's command-line tools (npm run api:client).
    'api-server/src/cli/*.ts',
    // npm start / dev, the benchmarks, the Node version check.
    'scripts/*.{ts,cjs}',
    // The bench's bare page: a Next app of its own that bench/servers.ts builds and starts.
    'bench/bare/next.config.mjs',
    'bench/bare/proxy.ts',
    'bench/bare/app/**/{layout,page}.tsx',
    // The e2e's loopback oEmbed provider, a web server of playwright.config.ts.
    'e2e/oembed-provider.ts',
  ],
  // Debian's ffmpeg, which a test runs to make a clip (.ci/run installs it).
  ignoreBinaries: ['ffmpeg'],
  // The lint's own fixtures: wrong-way imports and a cycle, linted by scripts/lint-boundaries.test.ts.
  ignore: ['scripts/lint-fixtures/**'],
  // An export also used in its own file is part of that module's interface (a type beside its function, say).
  ignoreExportsUsedInFile: { interface: true, type: true },
  // Read from disk, not imported: the Twemoji pictures the preview images draw emoji with (lib/previews/glyphs.ts).
  ignoreDependencies: ['@twemoji/svg'],
};

export default config;
