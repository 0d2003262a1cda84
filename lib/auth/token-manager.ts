import { withDeadline } from '#shared/net/deadline.ts';
import { ApiError } from '../social-api/errors.ts';
import type { SessionRecord, SessionStore } from './session-store.ts';

/** The refresh token was refused (invalid_grant): the session is over and has been deleted. */
export class SessionEndedError extends Error {
  constructor() {
    super('You were signed out. Please sign in again.');
    this.name = 'SessionEndedError';
  }
}

export interface TokenEndpoint {
  url: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
}

export interface TokenSet {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

/** The token endpoint's answer: its status and its JSON body ({} when it had none readable). */
export interface TokenEndpointAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/**
 * POSTs a form to the endpoint with HTTP Basic client authentication (RFC 6749 §2.3.1) and reads
 * the answer, within its time limit; rejects with what fetch threw (a TimeoutError when the time
 * ran out; each caller says what a failure means to it).
 */
export function postToTokenEndpoint(ep: TokenEndpoint, form: Record<string, string>): Promise<TokenEndpointAnswer> {
  const basic = Buffer.from(`${encodeURIComponent(ep.clientId)}:${encodeURIComponent(ep.clientSecret)}`).toString('base64');
  return withDeadline(ep.timeoutMs, async (signal) => {
    const res = await fetch(ep.url, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form),
      signal,
      cache: 'no-store',
    });
    const body = (await res.json().catch(() => ({}))) as unknown;
    return { ok: res.ok, status: res.status, body: body && typeof body === 'object' ? (body as Record<string, unknown>) : {} };
  });
}

/** POST grant_type=refresh_token with HTTP Basic client authentication (RFC 6749 §6, §2.3.1). */
async function requestRefresh(ep: TokenEndpoint, refreshToken: string): Promise<TokenSet> {
  let res: TokenEndpointAnswer;
  try {
    res = await postToTokenEndpoint(ep, { grant_type: 'refresh_token', refresh_token: refreshToken });
  } catch {
    throw new ApiError(502, 'upstream_unreachable', 'The site cannot be reached right now.');
  }
  const body = res.body as Partial<TokenSet> & { error?: string };
  if (res.ok && typeof body.access_token === 'string' && typeof body.expires_in === 'number') return body as TokenSet;
  if (body.error === 'invalid_grant') throw new SessionEndedError();
  throw new ApiError(502, 'bad_response', `The site refused to renew the sign-in (${body.error ?? res.status}).`);
}

export interface TokenManagerOptions {
  store: SessionStore;
  endpoint: TokenEndpoint;
  /** Refresh this long before the access token expires. */
  skewMs?: number;
  /** Life of a session record in the store, seconds (the refresh token's life). */
  sessionTtl: number;
  /**
   * After each refresh, what else to update in the record (the viewer's name and picture:
   * pages show the stored copy, so it is renewed with the token, about once an hour). Its
   * failure keeps what was there.
   */
  onRefreshed?: (record: SessionRecord) => Promise<Partial<SessionRecord>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a browser whose session the API ended is told so (until it signs in again). */
const ENDED_MARK_SECONDS = 24 * 3600;
/** The mark of an ended session lives beside it in the store, under a key of its own. */
const endedKey = (sid: string) => `${sid}.ended`;
const ENDED_MARK: SessionRecord = { userId: 0, accessToken: '', accessExpiresAt: 0, refreshToken: null, scope: '', createdAt: 0 };

/**
 * Hands out a valid access token for a session, refreshing it shortly before it expires.
 * Concurrent requests of one session share one refresh: in this process through a shared
 * promise, across processes sharing the store through the store's lock. The rotated refresh
 * token is written before anyone is told the new access token, so no one uses the old one.
 */
export function createTokenManager({ store, endpoint, skewMs = 60_000, sessionTtl, onRefreshed }: TokenManagerOptions) {
  const inflight = new Map<string, Promise<SessionRecord>>();
  const fresh = (rec: SessionRecord) => rec.accessExpiresAt - skewMs > Date.now();

  async function refresh(sid: string): Promise<SessionRecord> {
    for (let attempt = 0; attempt < 150; attempt++) {
      const rec = await store.get(sid);
      if (!rec) throw new SessionEndedError();
      if (fresh(rec)) return rec; // another process refreshed it meanwhile
      if (await store.lock(sid, 15_000)) {
        try {
          // Read again under the lock: another holder may have refreshed it, or a sign-out
          // deleted it (then it must not be brought back to life by writing it again).
          const current = await store.get(sid);
          if (!current) throw new SessionEndedError();
          if (fresh(current)) return current;
          if (!current.refreshToken) throw new SessionEndedError();
          const t = await requestRefresh(endpoint, current.refreshToken);
          let next: SessionRecord = {
            ...current,
            accessToken: t.access_token,
            accessExpiresAt: Date.now() + t.expires_in * 1000,
            refreshToken: t.refresh_token ?? current.refreshToken,
            scope: t.scope ?? current.scope,
          };
          // Under the lock, so that nothing else writes the record meanwhile.
          if (onRefreshed) next = { ...next, ...(await onRefreshed(next).catch(() => ({}))) };
          await store.set(sid, next, sessionTtl);
          return next;
        } catch (e) {
          if (e instanceof SessionEndedError) await end(sid);
          throw e;
        } finally {
          await store.unlock(sid);
        }
      }
      await sleep(100);
    }
    throw new ApiError(503, 'refresh_busy', 'Your sign-in is being renewed; please try again.');
  }

  /**
   * Ends a session the API no longer honours: deletes it and leaves a mark, so that every
   * request of that browser (not only the one that found out: a prefetch or a poll may be
   * first) can say "You were signed out" until the person signs in again.
   */
  async function end(sid: string): Promise<void> {
    await store.delete(sid);
    await store.set(endedKey(sid), { ...ENDED_MARK, createdAt: Date.now() }, ENDED_MARK_SECONDS);
  }

  /**
   * Writes the person's name and picture into the session record after they changed them (the
   * header reads them from there): under the refresh lock, so that a refresh's rotated token is
   * never overwritten with the old one. A session that is gone stays gone.
   */
  async function updateUser(sid: string, user: { name: string; image: string }): Promise<void> {
    for (let attempt = 0; attempt < 150; attempt++) {
      // The lock lives on the record: none for a session that is gone.
      if (!(await store.get(sid))) return;
      if (await store.lock(sid, 15_000)) {
        try {
          const current = await store.get(sid);
          if (current) await store.set(sid, { ...current, user }, sessionTtl);
          return;
        } finally {
          await store.unlock(sid);
        }
      }
      await sleep(100);
    }
    throw new ApiError(503, 'refresh_busy', 'Your sign-in is being renewed; please try again.');
  }

  return {
    end,
    updateUser,
    /** Whether the API ended this session (see end()). */
    async wasEnded(sid: string): Promise<boolean> {
      return (await store.get(endedKey(sid))) !== undefined;
    },
    /** The session's record with a usable access token; undefined when there is no such session. */
    async session(sid: string): Promise<SessionRecord | undefined> {
      const rec = await store.get(sid);
      if (!rec) return undefined;
      if (fresh(rec)) return rec;
      let p = inflight.get(sid);
      if (!p) {
        p = refresh(sid).finally(() => inflight.delete(sid));
        inflight.set(sid, p);
      }
      return p;
    },
  };
}
export type TokenManager = ReturnType<typeof createTokenManager>;
