import path from 'node:path';
import { env, type Env } from '../env.ts';
import { getMe } from '../social-api/users.ts';
import { createAppTokenCache, type AppTokenCache } from './app-token.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import { revokeToken } from './revoke.ts';
import { SESSION_TTL_SECONDS } from './session-record.ts';
import { SqliteSessionStore, type SessionStore } from './session-store.ts';
import { createTokenManager, type TokenEndpoint, type TokenManager } from './token-manager.ts';

export interface AuthRuntime {
  store: SessionStore;
  tokens: TokenManager;
  tokenEndpoint: TokenEndpoint;
  revokeEndpoint: TokenEndpoint;
  /** The BFF's own client-credentials token, for public pages read for visitors (app-token.ts). */
  appToken: AppTokenCache;
}

/** The session store the environment asks for: Redis when REDIS_URL is set, else SQLite in DATA_DIR. */
function createSessionStore(e: Env): SessionStore {
  return e.REDIS_URL
    ? new RedisSessionStore(e.REDIS_URL, e.SESSION_SECRET)
    : new SqliteSessionStore(path.join(e.DATA_DIR, 'web-sessions.sqlite'), e.SESSION_SECRET);
}

function createAuthRuntime(e: Env): AuthRuntime {
  const client = { clientId: e.OAUTH_CLIENT_ID, clientSecret: e.OAUTH_CLIENT_SECRET, timeoutMs: e.API_TIMEOUT_MS };
  const tokenEndpoint = { ...client, url: `${e.SOCIAL_API_URL}/oauth/token` };
  const store = createSessionStore(e);
  return {
    store,
    tokens: createTokenManager({
      store,
      endpoint: tokenEndpoint,
      sessionTtl: SESSION_TTL_SECONDS,
      onRefreshed: async (record) => {
        const me = await getMe(record.accessToken);
        return { user: { name: me.name, image: me.image } };
      },
    }),
    tokenEndpoint,
    appToken: createAppTokenCache({ endpoint: tokenEndpoint }),
    revokeEndpoint: { ...client, url: `${e.SOCIAL_API_URL}/oauth/revoke` },
  };
}

// One store and one token manager per process. The token manager's in-flight map is what makes
// concurrent requests share a refresh, so it must not be duplicated; globalThis survives the
// module reloads of `next dev`, and route handlers and pages (separate bundles) share it too.
const holder = globalThis as typeof globalThis & { __socialWebAuth?: AuthRuntime };

export function authRuntime(): AuthRuntime {
  holder.__socialWebAuth ??= createAuthRuntime(env());
  return holder.__socialWebAuth;
}

/**
 * Ends a session: revokes its grant at the API (the refresh token, which takes the access
 * tokens with it) and deletes the record. Deleting does not wait on the API being reachable.
 */
export async function endSession(sid: string): Promise<void> {
  const { store, revokeEndpoint } = authRuntime();
  const record = await store.get(sid);
  await store.delete(sid);
  if (!record) return;
  const revoked = record.refreshToken
    ? await revokeToken(revokeEndpoint, record.refreshToken, 'refresh_token')
    : await revokeToken(revokeEndpoint, record.accessToken, 'access_token');
  if (!revoked) console.warn('[auth] the API could not be told about a sign-out; the session is deleted here.');
}
