import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './e2e/chromium.ts';
import { API_PORT, API_URL, DIST_DIR, OEMBED_PORT, WEB_CLIENT, WEB_ORIGIN, WEB_PORT } from './e2e/servers.ts';
import { BUILD_WEB, webServerArgs } from './web-server/next-start.ts';

// Every run starts both servers on fresh data. Playwright evaluates this file in the runner
// and again in each worker: the directory is made once, by the runner, and handed on through
// the environment (workers inherit it), so that workers do not leave empty directories behind.
function freshDataDir(): string {
  const given = process.env.E2E_DATA_DIR;
  if (given) return given;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `social-e2e-${stamp}-`));
  process.env.E2E_DATA_DIR = dir;
  // 'exit' comes after the servers are stopped. E2E_KEEP_DATA=1 keeps the data for a post-mortem.
  if (!process.env.E2E_KEEP_DATA) process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataDir = freshDataDir();

const chromium = findChromium('tests');

// `npm test` builds the web app beside the unit tests and asks to reuse that build
// (scripts/test-all.ts); any other run builds the current sources first.
const reuseBuild = process.env.E2E_REUSE_BUILD === '1' && fs.existsSync(path.join(DIST_DIR, 'BUILD_ID'));

// The same Node that runs Playwright runs the servers (the system's may be too old for .ts).
const node = JSON.stringify(process.execPath);
/** node with these arguments, as a shell command. */
const nodeCommand = (args: string[]) => [node, ...args.map((a) => JSON.stringify(a))].join(' ');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // A failure is a bug to fix, not a flake to retry.
  retries: 0,
  // One browser per core, the two servers sharing them (2 here: a third worker on two cores made
  // four specs slower, 351 s against 291 s, docs/testing.md). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS) || os.availableParallelism(),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A journey's whole time, not an assertion. 30 s left the longest journeys (two sign-ins, an axe
  // pass, a sign-out that also ends the legacy app's session) a few seconds short on two loaded
  // cores (2026-12-02: seven timeouts in one run, each test's steps all passing): the long ones set
  // their own with test.setTimeout as before.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: WEB_ORIGIN,
    // A step that cannot happen fails in seconds with its reason, not at the test's timeout.
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    // A failed journey keeps its trace: every action with its call log, the network and the console,
    // and the failure's own screenshot. Not the screencast of frames (screenshots: false), which had
    // the browser draw and encode every frame of every journey for the few that fail: a quarter of
    // Chromium's CPU over the suite (2026-12-02); nor the page's DOM before and after each action
    // (snapshots: false), which the renderer serialised and the runner stored for every action of
    // every journey: ~12% of the suite's time (2026-12-04, two specs: 182 s with them, 162 s
    // without, 158 s with no trace at all). A journey's DOM at each step: run it again with --trace on.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromium
          ? {
              executablePath: chromium,
              // This machine has no route to the internet: keep Chromium from calling home.
              args: [
                '--disable-background-networking',
                '--disable-component-update',
                '--disable-sync',
                '--no-first-run',
                '--disable-quic',
                ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
              ],
            }
          : {},
      },
    },
  ],
  webServer: [
    {
      // Link videos are resolved through it, never through YouTube's or Vimeo's (e2e/videos.spec.ts).
      name: 'oembed',
      command: nodeCommand(['e2e/oembed-provider.ts']),
      url: `http://127.0.0.1:${OEMBED_PORT}/thumb.jpg`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 60_000,
    },
    {
      name: 'api',
      // Seed the fresh data directory (demo users among it), then serve.
      command: `${node} api-server/src/seed/cli.ts && ${node} api-server/src/server.ts`,
      url: `http://127.0.0.1:${API_PORT}/.well-known/oauth-authorization-server`,
      env: {
        DATA_DIR: path.join(dataDir, 'api'),
        API_HOST: '127.0.0.1',
        API_PORT: String(API_PORT),
        API_PUBLIC_URL: API_URL,
        WEB_ORIGIN,
        OAUTH_CLIENT_ID: WEB_CLIENT.id,
        OAUTH_CLIENT_SECRET: WEB_CLIENT.secret,
        LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
        // Link previews of the test pages that the specs serve on loopback (e2e/link-cards.spec.ts),
        // and the posters of the loopback oEmbed provider's videos.
        LINK_PREVIEW_ALLOW_PRIVATE: '1',
        VIDEO_OEMBED_YOUTUBE: `http://127.0.0.1:${OEMBED_PORT}/youtube`,
        VIDEO_OEMBED_VIMEO: `http://127.0.0.1:${OEMBED_PORT}/vimeo`,
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 120_000,
    },
    {
      name: 'web',
      // Builds the current sources first, into a directory of its own: every way of running the
      // tests checks what is in the tree, and a running `npm start` (which serves .next) is left alone.
      // The server starts as it does in production (web-server/next-start.ts).
      command: `${reuseBuild ? '' : `${nodeCommand([BUILD_WEB])} && `}${nodeCommand(webServerArgs(WEB_PORT, { hostname: '127.0.0.1' }))}`,
      url: `http://127.0.0.1:${WEB_PORT}/`,
      env: {
        NEXT_DIST_DIR: DIST_DIR,
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(WEB_PORT),
        WEB_ORIGIN,
        SOCIAL_API_URL: `${API_URL}/api/v1`,
        OAUTH_CLIENT_ID: WEB_CLIENT.id,
        OAUTH_CLIENT_SECRET: WEB_CLIENT.secret,
        DATA_DIR: path.join(dataDir, 'web'),
        // The image route passes on the test pages' pictures, which are on loopback.
        IMAGE_PROXY_ALLOW_PRIVATE: '1',
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 240_000,
      // The build's output, errors included.
      stdout: 'pipe',
    },
  ],
});
