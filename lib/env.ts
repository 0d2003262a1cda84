import path from 'node:path';
import { z } from 'zod';

const DEV_CLIENT_SECRET = 'dev-web-client-secret-change-me';
const DEV_SESSION_SECRET = 'dev-session-secret-change-me-0123456789abcdef';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_ORIGIN: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  SOCIAL_API_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:4000/api/v1'),
  OAUTH_CLIENT_ID: z.string().min(1).default('web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default(DEV_CLIENT_SECRET),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').default(DEV_SESSION_SECRET),
  DATA_DIR: z.string().min(1).default('.data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Milliseconds a page waits for the API before answering with an error page. */
  API_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Largest photo the compose box uploads, in bytes: the API's UPLOAD_MAX_BYTES (same name, same default). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Largest video the "Add a video" page uploads, in bytes: the API's VIDEO_MAX_BYTES (same name, same default). */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Largest song the playlist pages upload, in bytes: the API's SONG_MAX_BYTES (same name, same default). */
  SONG_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** '1': the image route may fetch loopback and private addresses (tests, a local demo); always so under next dev. */
  IMAGE_PROXY_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** Largest picture of another site the image route passes on, in bytes. */
  IMAGE_PROXY_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** The legacy token API (/token.php, /api.php) and the site that frames the legacy app; the origin of SOCIAL_API_URL when unset. */
  LEGACY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The legacy app's id at the site: its page /apps/{id} opens the app again. */
  LEGACY_APP_ID: z.coerce.number().int().positive().default(1),
  /** At least 32 characters: encrypts the legacy app's session cookie (iron-session); derived from SESSION_SECRET when unset. */
  LEGACY_SESSION_SECRET: z.string().min(32, 'LEGACY_SESSION_SECRET must be at least 32 characters').optional(),
});

export type Env = Omit<z.infer<typeof schema>, 'LEGACY_API_URL'> & {
  LEGACY_API_URL: string;
  /** The origin of SOCIAL_API_URL (its file server's pictures are the API's own). */
  apiOrigin: string;
  secure: boolean;
};

const WARNED = Symbol.for('social-web.env.default-secrets-warned');

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  // Once per process: the server's bundles each hold a copy of this module, and the production
  // server (web-server/prepare-page.ts) another; a symbol on globalThis is what they share.
  const warned = globalThis as { [WARNED]?: boolean };
  if (env.NODE_ENV === 'production' && !warned[WARNED]) {
    warned[WARNED] = true;
    for (const [name, fallback] of [
      ['OAUTH_CLIENT_SECRET', DEV_CLIENT_SECRET],
      ['SESSION_SECRET', DEV_SESSION_SECRET],
    ] as const) {
      if (env[name] === fallback) {
        console.warn(`\n!!! WARNING: ${name} is not set; using the public development default. Set it in production.\n`);
      }
    }
  }
  return {
    ...env,
    WEB_ORIGIN: env.WEB_ORIGIN.replace(/\/+$/, ''),
    SOCIAL_API_URL: env.SOCIAL_API_URL.replace(/\/+$/, ''),
    LEGACY_API_URL: (env.LEGACY_API_URL ?? new URL(env.SOCIAL_API_URL).origin).replace(/\/+$/, ''),
    apiOrigin: new URL(env.SOCIAL_API_URL).origin,
    DATA_DIR: path.resolve(env.DATA_DIR),
    secure: env.WEB_ORIGIN.startsWith('https:'),
  };
}

let cached: Env | undefined;
/** The web app's configuration, parsed once (server only). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
