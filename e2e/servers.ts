// Where the end-to-end servers listen and what they share. Both playwright.config.ts and the
// specs read this module; it has no side effects because Playwright evaluates the config
// again in every worker process.

/** Off the development defaults (3000/4000) so the tests run beside a running `npm start`. */
export const API_PORT = Number(process.env.E2E_API_PORT || 4100);
export const WEB_PORT = Number(process.env.E2E_WEB_PORT || 3100);
/** The loopback YouTube and Vimeo oEmbed provider the API resolves link videos through (e2e/oembed-provider.ts). */
export const OEMBED_PORT = Number(process.env.E2E_OEMBED_PORT || 4110);

/** Where the end-to-end build of the web app goes; another directory lets two runs build side by side. */
export const DIST_DIR = process.env.E2E_DIST_DIR || '.next-e2e';

export const API_URL = `http://localhost:${API_PORT}`;
export const WEB_ORIGIN = `http://localhost:${WEB_PORT}`;

/** The web client's registration, as the API server creates it at start. */
export const WEB_CLIENT = {
  id: 'web',
  /** The name the consent screen shows. */
  name: 'Social Web',
  // The development default (api-server/src/config.ts); the config pins it for the API.
  secret: 'dev-web-client-secret-change-me',
  redirectUri: `${WEB_ORIGIN}/api/auth/callback/social`,
} as const;

/** Created by the seed (api-server/src/seed). */
export const DEMO_USER = {
  email: 'demo@example.com',
  password: 'demo-password',
  name: 'Demo User',
} as const;
