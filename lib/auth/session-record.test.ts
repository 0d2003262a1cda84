import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { authCookies, sessionCookieName } from './cookies.ts';
import { authOptions, socialProvider } from './options.ts';
import { authRuntime } from './runtime.ts';
import { recordFromTokens, SESSION_TTL_SECONDS, startSession } from './session-record.ts';
import { sessionIdFromCookie } from './session-id.ts';

// The web app's environment for this file: a temporary DATA_DIR for the SQLite session store.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-record-'));
const SECRET = 's'.repeat(40);
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = SECRET;
const e = parseEnv(process.env);

afterAll(async () => {
  await authRuntime().store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tokens = {
  access_token: 'at-secret-value',
  refresh_token: 'rt-secret-value',
  expires_at: 2_000_000_000,
  scope: 'basic activities',
  token_type: 'bearer',
};
const demo = { id: '1', name: 'Demo User', image: 'http://localhost:4000/files/a.png', email: 'demo@example.com' };

describe('a session record from a sign-in', () => {
  it('keeps the tokens, their expiry, the scope and who signed in', () => {
    expect(recordFromTokens(tokens, demo, 1_000)).toEqual({
      userId: 1,
      accessToken: 'at-secret-value',
      accessExpiresAt: 2_000_000_000_000,
      refreshToken: 'rt-secret-value',
      scope: 'basic activities',
      createdAt: 1_000,
      user: { name: 'Demo User', image: 'http://localhost:4000/files/a.png' },
    });
  });

  it('takes the lifetime from expires_in when there is no expires_at', () => {
    expect(recordFromTokens({ access_token: 'a', expires_in: 3600 }, demo, 1_000).accessExpiresAt).toBe(3_601_000);
  });

  it('works without a refresh token (the session then ends with the access token)', () => {
    expect(recordFromTokens({ access_token: 'a', expires_in: 60 }, demo).refreshToken).toBeNull();
  });

  it('refuses an answer without an access token or a user id', () => {
    expect(() => recordFromTokens({ refresh_token: 'r' }, demo)).toThrow(/access token/);
    expect(() => recordFromTokens(tokens, { ...demo, id: 'x' })).toThrow(/id/);
  });

  it('stores each sign-in under a new random id', async () => {
    const { store } = authRuntime();
    const a = await startSession(store, tokens, demo);
    const b = await startSession(store, tokens, demo);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect((await store.get(a))?.refreshToken).toBe('rt-secret-value');
  });
});

describe('next-auth configuration', () => {
  const options = authOptions(e);
  const callbacks = options.callbacks!;

  it('asks for authorization code with PKCE and state, client_secret_basic, and our scopes', () => {
    const p = socialProvider(e);
    expect(p.id).toBe('social');
    expect(p.checks).toEqual(['pkce', 'state']);
    expect(p.client?.token_endpoint_auth_method).toBe('client_secret_basic');
    expect(p.authorization).toMatchObject({
      url: `${e.SOCIAL_API_URL}/oauth/authorize`,
      params: { scope: 'basic settings activities albums friends messages blogs classifieds events groups videos music' },
    });
    expect(p.token).toBe(`${e.SOCIAL_API_URL}/oauth/token`);
    expect(process.env.NEXTAUTH_URL).toBe(e.WEB_ORIGIN);
  });

  it('puts only a session id in the JWT at sign-in, and the tokens in the store', async () => {
    const token = await callbacks.jwt!({
      token: { name: 'Demo User', email: 'demo@example.com', picture: demo.image, sub: '1' },
      user: demo,
      account: { provider: 'social', type: 'oauth', providerAccountId: '1', ...tokens },
      trigger: 'signIn',
    } as never);
    expect(Object.keys(token)).toEqual(['sid']);
    const record = await authRuntime().store.get(token.sid as string);
    expect(record).toMatchObject({ userId: 1, accessToken: 'at-secret-value', refreshToken: 'rt-secret-value' });

    // What /api/auth/session would show the browser carries no token.
    const session = await callbacks.session!({ session: { expires: 'x', user: {} }, token } as never);
    expect(JSON.stringify(session)).not.toMatch(/secret-value/);
    expect(session).toEqual({ expires: 'x', user: { name: 'Demo User', image: demo.image } });

    // The cookie next-auth writes is the encrypted JWT; our reader finds the id in it.
    const cookie = await encode({ token, secret: SECRET, maxAge: SESSION_TTL_SECONDS });
    expect(cookie).not.toContain(token.sid as string);
    expect(await sessionIdFromCookie(cookie, SECRET)).toBe(token.sid);
    expect(await sessionIdFromCookie(cookie, 'another-secret-another-secret-000'), 'another secret').toBeNull();
    // One character of the ciphertext changed: a middle one, all six of whose bits are the message's (the
    // last characters of a segment carry padding bits too, so a change there may decode to the same bytes).
    const parts = cookie.split('.');
    expect(parts).toHaveLength(5);
    const middle = parts[3]!.length >> 1;
    parts[3] = parts[3]!.slice(0, middle) + (parts[3]![middle] === 'A' ? 'B' : 'A') + parts[3]!.slice(middle + 1);
    expect(await sessionIdFromCookie(parts.join('.'), SECRET), 'tampered').toBeNull();
    const expired = await encode({ token, secret: SECRET, maxAge: -60 });
    expect(await sessionIdFromCookie(expired, SECRET), 'expired').toBeNull();
  });

  it('a JWT whose session record is gone is no longer a session', async () => {
    await expect(callbacks.jwt!({ token: { sid: 'no-such-session' } } as never)).rejects.toThrow();
  });

  it('sends people back to paths on this site only', async () => {
    const redirect = (url: string) => callbacks.redirect!({ url, baseUrl: e.WEB_ORIGIN });
    expect(await redirect('/users/1?x=1')).toBe(`${e.WEB_ORIGIN}/users/1?x=1`);
    expect(await redirect(`${e.WEB_ORIGIN}/users/2`)).toBe(`${e.WEB_ORIGIN}/users/2`);
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(await redirect(evil), evil).toBe(`${e.WEB_ORIGIN}/`);
    }
  });
});

describe('cookies', () => {
  it('over HTTPS: every cookie is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/', () => {
    expect(sessionCookieName(true)).toBe('__Host-social-web.session');
    for (const c of Object.values(authCookies(true))) {
      expect(c.name).toMatch(/^__Host-social-web\./);
      expect(c.options).toMatchObject({ secure: true, httpOnly: true, sameSite: 'lax', path: '/' });
      expect(c.options).not.toHaveProperty('domain');
    }
  });

  it('over HTTP (development): the same without Secure, and no name the API server uses', () => {
    const names = Object.values(authCookies(false)).map((c) => c.name);
    expect(names).toContain('social-web.session');
    for (const name of names) expect(name).not.toMatch(/^(site_|next-auth)/);
    for (const c of Object.values(authCookies(false))) expect(c.options.secure).toBe(false);
  });
});
