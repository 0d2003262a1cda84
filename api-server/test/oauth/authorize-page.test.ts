import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser } from '../helpers.ts';
import { startApi, setupApi } from '../fixture.ts';
import { accessTokenWorks, AUTHORIZE, authorizeUrl, Browser, hiddenFields } from './flow.ts';

const t = setupApi();
let confidential: { id: string; secret: string | null };
let publicClient: { id: string; secret: string | null };
let codeOnly: { id: string; secret: string | null };
const email = 'ada@example.com';
const REDIRECT = 'https://app.example/callback';

beforeAll(async () => {
  await createUser(t.db, { email, full_name: 'Ada Lovelace' });
  confidential = await createClient(t.db, { id: 'confidential' });
  publicClient = await createClient(t.db, {
    id: 'spa',
    secret: null,
    redirectUris: ['https://spa.example/cb'],
    grants: ['authorization_code', 'refresh_token', 'implicit'],
  });
  codeOnly = await createClient(t.db, { id: 'code-only', grants: ['authorization_code'], scopes: ['basic', 'activities'] });
});

const signedInBrowser = async () => {
  const b = new Browser(t.app);
  const res = await b.signIn(authorizeUrl({ response_type: 'code', client_id: confidential.id }), email);
  expect(res.statusCode).toBe(303);
  return b;
};

describe('the authorize page: signing in', () => {
  it('shows a sign-in form with labelled Email and Password fields and a Sign in button', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: confidential.id }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(res.body).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(res.body).toMatch(/<button[^>]*>Sign in<\/button>/);
    expect(res.body).toContain(`Test app ${confidential.id}`);
  });

  it('re-renders the form with a message and the typed email after a wrong password', async () => {
    const b = new Browser(t.app);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    const res = await b.post({ ...hiddenFields(page.body), email: 'ADA@example.com ', password: 'wrong', action: 'sign_in' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('The email or password is incorrect.');
    expect(res.body).toContain('value="ADA@example.com"');
    expect(b.cookies.has('site_session')).toBe(false);
  });

  it('answers 303 back to the authorize request after signing in, and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const b = new Browser(t.app);
    const url = authorizeUrl({ response_type: 'code', client_id: confidential.id, state: 'keep me', scope: 'basic' });
    const res = await b.signIn(url, email);
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string, 'http://localhost');
    expect(back.pathname).toBe(AUTHORIZE);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      response_type: 'code',
      client_id: confidential.id,
      state: 'keep me',
      scope: 'basic',
    });
    const cookie = res.cookies.find((c) => c.name === 'site_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 14 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy(); // the test API is served over http
    // Only the hash of the session id is stored.
    const rows = await t.db.selectFrom('site_sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(cookie.value);
  });

  it('marks the session cookie Secure when the API is served over https', async () => {
    const secure = await startApi({ config: { publicUrl: 'https://api.example' } });
    try {
      await createUser(secure.db, { email: 'sec@example.com' });
      const c = await createClient(secure.db);
      const b = new Browser(secure.app);
      const res = await b.signIn(authorizeUrl({ response_type: 'code', client_id: c.id }), 'sec@example.com');
      expect(res.cookies.find((x) => x.name === 'site_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('remembers the sign-in: a second authorization only asks for consent', async () => {
    const b = await signedInBrowser();
    const res = await b.get(authorizeUrl({ response_type: 'code', client_id: codeOnly.id }));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('name="password"');
    expect(res.body).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
  });

  it('forgets the sign-in after signing out', async () => {
    const b = await signedInBrowser();
    const url = authorizeUrl({ response_type: 'code', client_id: confidential.id });
    const consent = await b.get(url);
    const session = b.cookies.get('site_session')!;
    const res = await b.post({ ...hiddenFields(consent.body, 1), action: 'sign_out' });
    expect(res.statusCode).toBe(303);
    expect(b.cookies.has('site_session')).toBe(false);
    expect((await b.get(url)).body).toContain('name="password"');
    // The old cookie is dead on the server too, not only forgotten by the browser.
    b.cookies.set('site_session', session);
    expect((await b.get(url)).body).toContain('name="password"');
  });

  it('does not accept an expired session', async () => {
    const b = await signedInBrowser();
    await t.db.updateTable('site_sessions').set({ expires_at: 1 }).execute();
    const res = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    expect(res.body).toContain('name="password"');
  });

  it('refuses further attempts for an email after 10 failed sign-ins, even with the right password', async () => {
    const victim = 'throttled@example.com';
    await createUser(t.db, { email: victim });
    const b = new Browser(t.app);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    const fields = hiddenFields(page.body);
    for (let i = 0; i < 10; i++) {
      expect((await b.post({ ...fields, email: victim, password: `guess${i}`, action: 'sign_in' })).statusCode).toBe(401);
    }
    const res = await b.post({ ...fields, email: victim, password: 'password', action: 'sign_in' });
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('Too many failed sign-ins');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the authorize page: consent', () => {
  it('names the client, the signed-in user and each requested scope in words', async () => {
    const b = await signedInBrowser();
    const res = await b.get(authorizeUrl({ response_type: 'code', client_id: codeOnly.id, scope: 'activities basic' }));
    expect(res.body).toContain(`Allow Test app ${codeOnly.id} to use your account?`);
    expect(res.body).toContain('Ada Lovelace');
    expect(res.body).toContain('Read and post to your activity feed and see your notifications');
    expect(res.body).toContain('like, comment, search and report');
    expect(res.body).not.toContain('photo albums');
    expect(res.body).toMatch(/>Deny<\/button>/);
  });

  it('asks for every scope the client is allowed when scope is omitted', async () => {
    const b = await signedInBrowser();
    const res = await b.get(authorizeUrl({ response_type: 'code', client_id: codeOnly.id }));
    expect(res.body).toContain('activity feed');
    expect(res.body).not.toContain('photo albums');
  });

  it('Allow redirects (303) to the redirect URI with a code and the state untouched', async () => {
    const b = await signedInBrowser();
    const state = 'xyz+/=&?%20';
    const back = await b.authorize({ response_type: 'code', client_id: confidential.id, redirect_uri: REDIRECT, state }, email);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(back.searchParams.get('state')).toBe(state);
    const row = await t.db.selectFrom('oauth_codes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.code_hash).not.toBe(back.searchParams.get('code'));
    expect(row).toMatchObject({ client_id: confidential.id, redirect_uri: REDIRECT, used_at: null });
  });

  it('uses the only registered redirect URI when redirect_uri is omitted', async () => {
    const b = await signedInBrowser();
    const back = await b.authorize({ response_type: 'code', client_id: confidential.id }, email);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.has('state')).toBe(false);
  });

  it('Deny redirects with error=access_denied and the state', async () => {
    const b = await signedInBrowser();
    const back = await b.authorize({ response_type: 'code', client_id: confidential.id, state: 'st8' }, email, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st8');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('sends a user whose session ended back to the sign-in form instead of granting', async () => {
    const b = await signedInBrowser();
    const url = authorizeUrl({ response_type: 'code', client_id: confidential.id });
    const consent = await b.get(url);
    b.cookies.delete('site_session');
    const res = await b.post({ ...hiddenFields(consent.body), action: 'allow' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/api\/v1\/oauth\/authorize\?/);
  });

  it('re-validates the request carried by the form: a tampered redirect_uri is shown, not followed', async () => {
    const b = await signedInBrowser();
    const consent = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    const res = await b.post({ ...hiddenFields(consent.body), redirect_uri: 'https://evil.example/cb', action: 'allow' });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('the implicit flow (response_type=token)', () => {
  it('returns access_token, expires_in, token_type, scope and state in the fragment, and no refresh token', async () => {
    const b = await signedInBrowser();
    const back = await b.authorize({ response_type: 'token', client_id: confidential.id, scope: 'basic albums', state: 'imp' }, email);
    expect(back.search).toBe('');
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('scope')).toBe('basic albums');
    expect(fragment.get('state')).toBe('imp');
    expect(fragment.has('refresh_token')).toBe(false);
    expect(await accessTokenWorks(t.db, fragment.get('access_token')!)).toBe(true);
  });

  it('works for a public client without PKCE', async () => {
    const b = await signedInBrowser();
    const back = await b.authorize({ response_type: 'token', client_id: publicClient.id }, email);
    expect(new URLSearchParams(back.hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it('reports Deny in the fragment', async () => {
    const b = await signedInBrowser();
    const back = await b.authorize({ response_type: 'token', client_id: confidential.id, state: 's' }, email, 'deny');
    expect(Object.fromEntries(new URLSearchParams(back.hash.slice(1)))).toMatchObject({ error: 'access_denied', state: 's' });
  });
});

describe('the authorize page: CSRF and framing', () => {
  it('sends frame-ancestors none, a tight default-src, X-Frame-Options, no-store and no-referrer on every page', async () => {
    const pages = [
      await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: confidential.id }) }),
      await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: 'nobody' }) }),
      await t.app.inject({
        method: 'POST',
        url: AUTHORIZE,
        payload: 'action=allow',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ];
    for (const res of pages) {
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('lets the consent form redirect to the client (form-action lists its origin)', async () => {
    const b = await signedInBrowser();
    const res = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    expect(res.headers['content-security-policy']).toContain("form-action 'self' https://app.example;");
  });

  it('refuses a POST without the CSRF token, or with a wrong one', async () => {
    const b = new Browser(t.app);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    const { csrf_token: _omit, ...withoutToken } = hiddenFields(page.body);
    const missing = await b.post({ ...withoutToken, email, password: 'password', action: 'sign_in' });
    expect(missing.statusCode).toBe(403);
    const wrong = await b.post({ ...withoutToken, csrf_token: 'x'.repeat(43), email, password: 'password', action: 'sign_in' });
    expect(wrong.statusCode).toBe(403);
    expect(b.cookies.has('site_session')).toBe(false);
  });

  it("refuses a token that belongs to another browser's cookie", async () => {
    const attacker = new Browser(t.app);
    const attackerPage = await attacker.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    const victim = await signedInBrowser();
    const res = await victim.post({ ...hiddenFields(attackerPage.body), action: 'allow' });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses a POST whose Origin is another site', async () => {
    const b = new Browser(t.app);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: confidential.id }));
    const fields = { ...hiddenFields(page.body), email, password: 'password', action: 'sign_in' };
    expect((await b.post(fields, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await b.post(fields, { origin: 'null' })).statusCode).toBe(403);
    expect((await b.post(fields, { origin: 'http://localhost:4000' })).statusCode).toBe(303);
  });
});
