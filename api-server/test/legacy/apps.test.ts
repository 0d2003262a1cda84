import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLegacyApp, WEB_APP_ID } from '../../src/legacy/apps.ts';
import { sha256 } from '../../src/oauth/crypto.ts';
import { now } from '../../src/db/index.ts';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { Browser, TOKEN, authorizeUrl, hiddenFields, postForm } from '../oauth/flow.ts';
import { callApi, expectError } from './fixtures.ts';

const t = setupApi({ config: { webOrigin: 'http://web.example:3000' } });
let user: number;
const email = 'app-user@example.com';

beforeAll(async () => {
  await ensureLegacyApp(t.db, t.config);
  user = (await createUser(t.db, { email, full_name: 'Ann <App> User' })).id;
});

/** A browser signed in to the site through the /apps sign-in form (`b`: one signed in as someone else before). */
async function signedIn(as = email, b = new Browser(t.app)): Promise<Browser> {
  const form = await b.get('/apps/1/sign-in');
  const res = await b.request('POST', '/apps/1/sign-in', {
    ...hiddenFields(form.body),
    email: as,
    password: 'password',
    action: 'sign_in',
  });
  expect(res.statusCode).toBe(303);
  expect(res.headers.location).toBe('/apps/1');
  return b;
}

const iframeSrc = (html: string) => {
  const m = html.match(/<iframe src="([^"]+)"/);
  if (!m) throw new Error(`no iframe:\n${html}`);
  return new URL(m[1]!.replace(/&amp;/g, '&'));
};

describe('the app registry', () => {
  it("registers the web client's app as id 1 with the frame URL ${WEB_ORIGIN}/apps/legacy", async () => {
    expect(await t.db.selectFrom('legacy_apps').select(['id', 'name', 'frame_url']).execute()).toEqual([
      { id: WEB_APP_ID, name: 'Social web', frame_url: 'http://web.example:3000/apps/legacy' },
    ]);
  });

  it('ensureLegacyApp is idempotent and follows a changed WEB_ORIGIN', async () => {
    await ensureLegacyApp(t.db, t.config);
    await ensureLegacyApp(t.db, { ...t.config, webOrigin: 'https://social.example' });
    expect(await t.db.selectFrom('legacy_apps').select(['id', 'frame_url']).execute()).toEqual([
      { id: 1, frame_url: 'https://social.example/apps/legacy' },
    ]);
    await ensureLegacyApp(t.db, t.config);
  });
});

describe('GET /apps/{app_id}', () => {
  it('without a site sign-in it redirects (303) to the sign-in form, which cannot be framed', async () => {
    const res = await t.app.inject({ url: '/apps/1' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/apps/1/sign-in');
    const form = await t.app.inject({ url: '/apps/1/sign-in' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<strong>Social web</strong> wants to use your account');
    expect(form.body).toContain('action="/apps/1/sign-in"');
    expect(form.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(form.headers['x-frame-options']).toBe('DENY');
  });

  it('shows the app in an iframe with a fresh one-time key, stored hashed for 60 seconds', async () => {
    const b = await signedIn();
    const res = await b.get('/apps/1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Ann &lt;App&gt; User');
    const src = iframeSrc(res.body);
    expect(`${src.origin}${src.pathname}`).toBe('http://web.example:3000/apps/legacy');
    const key = src.searchParams.get('key')!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.db.selectFrom('legacy_keys').selectAll().where('key_hash', '=', sha256(key)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ app_id: 1, user_id: user, used_at: null });
    expect(row.expires_at - now()).toBeGreaterThanOrEqual(59);
    expect(row.expires_at - now()).toBeLessThanOrEqual(60);
    // Each visit hands over a new key.
    expect(iframeSrc((await b.get('/apps/1')).body).searchParams.get('key')).not.toBe(key);
  });

  it('the key exchanged at /token.php gives the app a token for the signed-in user, once', async () => {
    const b = await signedIn();
    const key = iframeSrc((await b.get('/apps/1')).body).searchParams.get('key')!;
    const first = (await t.app.inject({ url: `/token.php?key=${key}` })).json();
    expect((await callApi(t, first.output.token, 'user.getUser')).output).toMatchObject({ user_id: user, email });
    expect((await t.app.inject({ url: `/token.php?key=${key}` })).json().output).toMatchObject({ error: true, error_id: 10 });
  });

  it("may frame only the app's origin and may not be framed itself", async () => {
    const b = await signedIn();
    const res = await b.get('/apps/1');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain('frame-src http://web.example:3000;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('an unknown app answers a 404 page', async () => {
    const b = await signedIn();
    for (const url of ['/apps/99', '/apps/abc', '/apps/99/sign-in']) {
      const res = await b.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Application not found');
    }
    expect(await t.db.selectFrom('legacy_keys').select('app_id').where('app_id', '=', 99).execute()).toEqual([]);
  });

  it("every other address under /apps answers the same page, never the API's JSON", async () => {
    const b = await signedIn();
    const addresses: Array<['GET' | 'POST', string]> = [
      ['GET', `/apps/${'1'.repeat(101)}`], // longer than the router takes a parameter
      ['GET', `/apps/${'x'.repeat(150)}/sign-in`],
      ['GET', '/apps/%zz'], // not percent-encoding
      ['GET', '/apps/1%E0%A4%A'],
      ['GET', '/apps/1/extra'], // no such page
      ['GET', '/apps/1/sign-in/more'],
      ['GET', '/apps/'],
      ['GET', '/apps'],
      ['POST', '/apps/1/extra'],
      ['POST', `/apps/${'1'.repeat(101)}/sign-out`],
    ];
    for (const [method, url] of addresses) {
      const res = await b.request(method, url, method === 'POST' ? {} : undefined);
      const label = `${method} ${url.slice(0, 40)}`;
      expect(res.statusCode, label).toBe(404);
      expect(res.headers['content-type'], label).toBe('text/html; charset=utf-8');
      expect(res.body, label).toContain('Application not found');
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the /apps sign-in', () => {
  it('a wrong password re-renders the form with a message and signs nobody in', async () => {
    const b = new Browser(t.app);
    const form = await b.get('/apps/1/sign-in');
    const res = await b.request('POST', '/apps/1/sign-in', { ...hiddenFields(form.body), email, password: 'nope', action: 'sign_in' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('The email or password is incorrect.');
    expect(b.cookies.has('site_session')).toBe(false);
  });

  it('a form without its CSRF token, or sent from another site, answers 403', async () => {
    const b = new Browser(t.app);
    const form = await b.get('/apps/1/sign-in');
    const noCsrf = await b.request('POST', '/apps/1/sign-in', { email, password: 'password', action: 'sign_in' });
    expect(noCsrf.statusCode).toBe(403);
    const foreign = await b.request(
      'POST',
      '/apps/1/sign-in',
      { ...hiddenFields(form.body), email, password: 'password' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(b.cookies.has('site_session')).toBe(false);
  });

  it('accepts the form a browser sends under Referrer-Policy: no-referrer (Origin: null, Sec-Fetch-Site: same-origin)', async () => {
    const b = new Browser(t.app);
    const form = await b.get('/apps/1/sign-in');
    const fields = { ...hiddenFields(form.body), email, password: 'password', action: 'sign_in' };
    const framed = await b.request('POST', '/apps/1/sign-in', fields, { origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(framed.statusCode).toBe(403);
    const res = await b.request('POST', '/apps/1/sign-in', fields, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(303);
    expect(b.cookies.has('site_session')).toBe(true);
  });

  it('failed sign-ins count against the same throttle as the authorize page and the password grant', async () => {
    const victim = 'throttled@example.com';
    await createUser(t.db, { email: victim });
    const b = new Browser(t.app);
    const form = await b.get('/apps/1/sign-in');
    for (let i = 0; i < 10; i++) {
      await b.request('POST', '/apps/1/sign-in', { ...hiddenFields(form.body), email: victim, password: 'wrong', action: 'sign_in' });
    }
    const locked = await b.request('POST', '/apps/1/sign-in', {
      ...hiddenFields(form.body),
      email: victim,
      password: 'password',
      action: 'sign_in',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    const client = await createClient(t.db);
    const grant = await postForm(t.app, TOKEN, { grant_type: 'password', email: victim, password: 'password' }, { client });
    expect(grant.status).not.toBe(200);
  });

  it('is the same site session as the authorize page', async () => {
    const b = await signedIn();
    const client = await createClient(t.db);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: client.id }));
    expect(page.body).toContain('value="allow"'); // consent, no second sign-in
  });

  it('a signed-in visitor of the sign-in form goes straight to the app', async () => {
    const b = await signedIn();
    const res = await b.get('/apps/1/sign-in');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/apps/1');
  });

  it('signing out ends the session: the app page asks to sign in again', async () => {
    const b = await signedIn();
    const page = await b.get('/apps/1');
    const res = await b.request('POST', '/apps/1/sign-out', hiddenFields(page.body));
    expect(res.statusCode).toBe(303);
    expect((await b.get('/apps/1')).statusCode).toBe(303);
  });
});

describe('the app’s token lives as long as the site session that opened it', () => {
  /** The token the app gets for the key of the /apps page this browser opens now, and that page. */
  async function openApp(b: Browser) {
    const page = await b.get('/apps/1');
    const key = iframeSrc(page.body).searchParams.get('key')!;
    const token = (await t.app.inject({ url: `/token.php?key=${key}` })).json().output.token as string;
    expect((await callApi(t, token, 'user.getUser')).output.user_id).toBeGreaterThan(0);
    return { page, token };
  }

  it('signing out of the site ends the app’s token (it worked on for two hours)', async () => {
    const b = await signedIn();
    const { page, token } = await openApp(b);
    // Another browser of the same member keeps its own app session.
    const other = await openApp(await signedIn());
    await b.request('POST', '/apps/1/sign-out', hiddenFields(page.body));
    expectError(await callApi(t, token, 'user.getUser'), 3);
    expect((await callApi(t, other.token, 'user.getUser')).output.user_id).toBe(user);
  });

  it('another member signing in on that browser ends the first member’s app token', async () => {
    const second = 'app-second@example.com';
    await createUser(t.db, { email: second });
    const b = await signedIn();
    const { page, token } = await openApp(b);
    await b.request('POST', '/apps/1/sign-out', hiddenFields(page.body));
    await signedIn(second, b);
    expectError(await callApi(t, token, 'user.getUser'), 3);
    const { token: theirs } = await openApp(b);
    expect((await callApi(t, theirs, 'user.getUser')).output.email).toBe(second);
  });

  it('the site session’s expiry ends it too', async () => {
    const b = await signedIn();
    const { token } = await openApp(b);
    await t.db
      .updateTable('site_sessions')
      .set({ expires_at: now() - 1 })
      .where('id_hash', '=', sha256(b.cookies.get('site_session')!))
      .execute();
    expectError(await callApi(t, token, 'user.getUser'), 3);
  });
});
