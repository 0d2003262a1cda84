import type { AuthOptions, LoggerInstance } from 'next-auth';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { env, type Env } from '../env.ts';
import { endLegacySession } from '../legacy/session.ts';
import { site } from '../site.ts';
import { getMe, type Me } from '../social-api/users.ts';
import { authCookies } from './cookies.ts';
import { safeReturnTo } from './return-to.ts';
import { authRuntime, endSession } from './runtime.ts';
import { SESSION_TTL_SECONDS, startSession } from './session-record.ts';
import { readSessionId } from './session-id.ts';

/**
 * What the web client asks the person to allow: what its pages read and write (settings: the
 * profile picture, blocking and who may message them; messages: their conversations; videos and music: theirs and others'). A session
 * signed in before a scope was added lacks it until the person signs in again (the messages'
 * pages say so: components/messages/messages-unavailable.tsx).
 */
const SOCIAL_SCOPE = 'basic settings activities albums friends messages blogs classifieds events groups videos music';

/**
 * The API's authorization server as a next-auth OAuth provider: authorization code with PKCE
 * (S256) and state, client_secret_basic at the token endpoint, the person from GET /users/me
 * (an envelope, so it is read through the API client rather than openid-client's userinfo).
 */
export function socialProvider(e: Env): OAuthConfig<Me> {
  return {
    id: 'social',
    name: site.name,
    type: 'oauth',
    clientId: e.OAUTH_CLIENT_ID,
    clientSecret: e.OAUTH_CLIENT_SECRET,
    authorization: { url: `${e.SOCIAL_API_URL}/oauth/authorize`, params: { scope: SOCIAL_SCOPE } },
    token: `${e.SOCIAL_API_URL}/oauth/token`,
    userinfo: {
      url: `${e.SOCIAL_API_URL}/users/me`,
      async request({ tokens }) {
        return (await getMe(tokens.access_token ?? '')) as unknown as Record<string, unknown>;
      },
    },
    checks: ['pkce', 'state'],
    client: { token_endpoint_auth_method: 'client_secret_basic' },
    httpOptions: { timeout: e.API_TIMEOUT_MS },
    idToken: false,
    profile(me) {
      return { id: String(me.id), name: me.name, email: me.email, image: me.image };
    },
  };
}

function describe(metadata: unknown): string {
  const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
  return error instanceof Error ? error.message : '';
}

// next-auth's default logger prints whole objects (profiles, token responses in debug); ours
// prints the code and an error message only, so no token ever reaches a log.
const logger: Partial<LoggerInstance> = {
  error: (code, metadata) => console.error(`[auth] ${code} ${describe(metadata)}`.trim()),
  warn: (code) => console.warn(`[auth] ${code}`),
  debug: () => {},
};

/**
 * next-auth's configuration, derived from our own environment so that nobody sets NEXTAUTH_*:
 * the URL is WEB_ORIGIN, the secret SESSION_SECRET. Sessions are 'jwt' only in next-auth's
 * terms: the JWT (encrypted, in an HttpOnly cookie) holds a random session id and nothing
 * else; the tokens stay in the session store, and nothing next-auth answers carries them.
 */
export function authOptions(e: Env = env()): AuthOptions {
  // next-auth reads its own URL from the process environment on every request.
  process.env.NEXTAUTH_URL = e.WEB_ORIGIN;
  return {
    secret: e.SESSION_SECRET,
    providers: [socialProvider(e)],
    session: { strategy: 'jwt', maxAge: SESSION_TTL_SECONDS },
    jwt: { maxAge: SESSION_TTL_SECONDS },
    useSecureCookies: e.secure,
    cookies: authCookies(e.secure),
    pages: { signIn: '/sign-in', error: '/sign-in' },
    logger,
    callbacks: {
      async jwt({ token, account, user }) {
        if (account) {
          // A new sign-in: the tokens go to the store under a fresh id (never a reused one,
          // against session fixation), and a session this browser had before is ended.
          const previous = await readSessionId().catch(() => null);
          if (previous) await endSession(previous).catch(() => {});
          const sid = await startSession(authRuntime().store, account, { id: user.id, name: user.name, image: user.image });
          return { sid };
        }
        // Any later read: a token whose record is gone (signed out, ended) is no session;
        // throwing makes next-auth clear the cookie.
        const sid = typeof token.sid === 'string' ? token.sid : '';
        if (!sid || !(await authRuntime().store.get(sid))) throw new Error('The session has ended.');
        return { sid };
      },
      // What GET /api/auth/session shows the browser: when the session expires, and a name
      // and picture. Never a token.
      async session({ session, token }) {
        const record = typeof token.sid === 'string' ? await authRuntime().store.get(token.sid) : undefined;
        return { expires: session.expires, user: { name: record?.user?.name ?? null, image: record?.user?.image ?? null } };
      },
      // Only paths on this site, whatever callbackUrl a link or a form carried.
      async redirect({ url, baseUrl }) {
        return baseUrl + safeReturnTo(url, baseUrl);
      },
    },
    events: {
      // next-auth's own sign-out route (POST /api/auth/signout) ends the session like ours does,
      // the legacy app's with it (components/auth/actions.ts).
      async signOut({ token }) {
        if (typeof token?.sid === 'string') await endSession(token.sid);
        await endLegacySession();
      },
    },
  };
}
