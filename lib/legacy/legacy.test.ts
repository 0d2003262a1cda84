import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api-server/src/config.ts';
import { ensureLegacyApp, issueKey } from '../../api-server/src/legacy/apps.ts';
import { parseEnv } from '../env.ts';
import { setupRealApi } from '../testing/real-api.ts';
import { isSessionEnded, LegacyApiError, legacyErrorMessage } from './client.ts';
import { legacyCookieName, legacySessionOptions, legacySessionPassword } from './cookie.ts';
import { exchangeKey, expireSession, getFriends, getUnreadCounts, getUser, isFriend } from './methods.ts';

// The legacy token API's client against the real api-server (LEGACY_API_URL defaults to the
// origin of SOCIAL_API_URL, which setupRealApi sets), and the app's session cookie.

const api = setupRealApi();
beforeAll(async () => {
  // The app id 1 that the API's server start registers.
  await ensureLegacyApp(api.db, loadConfig({}, {}));
});

const keyFor = async (email: string) => issueKey(api.db, 1, await api.userId(email));

async function legacyFailure(promise: Promise<unknown>): Promise<LegacyApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LegacyApiError);
  return err as LegacyApiError;
}

describe('token.php', () => {
  it('exchanges a key once; the same key again is an ended session', async () => {
    const key = await keyFor('demo@example.com');
    const token = await exchangeKey(key);
    expect(token.length).toBeGreaterThan(20);
    const again = await legacyFailure(exchangeKey(key));
    expect(again.id).toBe(10);
    expect(isSessionEnded(again)).toBe(true);
  });

  it('auth.expireSession ends the token at once: it is an ended session from then on', async () => {
    const token = await exchangeKey(await keyFor('demo@example.com'));
    await expireSession(token);
    const err = await legacyFailure(getUser(token));
    expect(err.id).toBe(3);
    expect(isSessionEnded(err)).toBe(true);
  });

  it('a token the API does not know is an ended session too', async () => {
    const err = await legacyFailure(getUser('not-a-token'));
    expect(err.id).toBe(3);
    expect(isSessionEnded(err)).toBe(true);
  });
});

describe('api.php methods', () => {
  it('reads the user, friends a page at a time with the totals, and checks a friendship', async () => {
    const token = await exchangeKey(await keyFor('demo@example.com'));
    const me = await getUser(token);
    expect(me).toMatchObject({ name: 'Demo User', email: 'demo@example.com' });
    const friends = await getFriends(token, 1);
    expect(friends).toMatchObject({ total: 5, pages: 1, page: 1 });
    expect(friends.items.map((f) => f.name)).toContain('Alice Martin');
    expect(friends.items.every((f) => f.email === '')).toBe(true);
    expect(await isFriend(token, friends.items[0]!.id)).toBe(true);
    expect(await isFriend(token, await api.userId('grace@example.com'))).toBe(false);
    expect((await getFriends(token, 2)).items).toEqual([]);
    const counts = await getUnreadCounts(token);
    expect(counts.mail).toBeGreaterThanOrEqual(0);
    expect(counts.notifications).toBeGreaterThanOrEqual(0);
  });

  it('turns legacy errors into messages that say what to do', () => {
    expect(legacyErrorMessage(new LegacyApiError(9, 'bad file'))).toMatch(/JPEG, PNG, GIF or WebP/);
    expect(legacyErrorMessage(new LegacyApiError(0, 'The site cannot be reached right now.'))).toMatch(/Try again/);
    expect(legacyErrorMessage(new LegacyApiError(99, 'trace here'))).not.toContain('trace');
  });
});

describe('the app’s session cookie', () => {
  it('over HTTPS: __Host-, SameSite=None, Secure, Partitioned (sent in the site’s cross-site frame)', () => {
    const e = parseEnv({ NODE_ENV: 'test', WEB_ORIGIN: 'https://social.example' });
    const o = legacySessionOptions(e);
    expect(o.cookieName).toBe(legacyCookieName(true));
    expect(o.cookieName.startsWith('__Host-')).toBe(true);
    expect(o.cookieOptions).toMatchObject({ httpOnly: true, secure: true, sameSite: 'none', partitioned: true, path: '/' });
  });

  it('over plain HTTP (development): SameSite=Lax, not Secure', () => {
    const o = legacySessionOptions(parseEnv({ NODE_ENV: 'test', WEB_ORIGIN: 'http://localhost:3000' }));
    expect(o.cookieOptions).toMatchObject({ httpOnly: true, secure: false, sameSite: 'lax' });
    expect(o.cookieOptions).not.toHaveProperty('partitioned');
  });

  it('is sealed with LEGACY_SESSION_SECRET, or a key derived from SESSION_SECRET that is not SESSION_SECRET', () => {
    const derived = legacySessionPassword(parseEnv({ NODE_ENV: 'test' }));
    expect(derived.length).toBeGreaterThanOrEqual(32);
    expect(derived).not.toBe(parseEnv({ NODE_ENV: 'test' }).SESSION_SECRET);
    expect(legacySessionPassword(parseEnv({ NODE_ENV: 'test', LEGACY_SESSION_SECRET: 'x'.repeat(40) }))).toBe('x'.repeat(40));
  });
});
