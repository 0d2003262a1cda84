import net from 'node:net';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, type Response, test } from '@playwright/test';
import { axe, serious, seriousViolationsAsShown } from './axe.ts';
import { decode } from 'next-auth/jwt';
import { SESSION_TTL_SECONDS } from '../lib/auth/session-record.ts';
import { type SessionRecord, SqliteSessionStore } from '../lib/auth/session-store.ts';
import { parseEnv } from '../lib/env.ts';
import { startSecondWeb, type SecondWeb } from './second-web.ts';
import { AUTHORIZE_PATH, authorizeOnApi, signInThroughPages } from './sign-in.ts';
import { API_URL, DEMO_USER, WEB_CLIENT, WEB_ORIGIN } from './servers.ts';

// Signing in to the web app through the API's authorize page (OAuth code + PKCE via
// next-auth), the session cookie, signing out, the security headers, and what happens when
// the API goes away.

const SESSION_COOKIE = 'social-web.session';
/** From whatever page shows the main "Sign in" button. */
async function signInFromPage(page: Page) {
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await authorizeOnApi(page);
}

/** Signing in is what these tests are about: through the pages, as a person does. */
const signIn = (page: Page, from = '/') => signInThroughPages(page, DEMO_USER, from);

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

// The web server's session store, opened the way the web app opens it (same file, same secret:
// the development default, as the Playwright config sets none), so that the tests know the
// real tokens of a session: to look for them in responses, and to check that they are revoked.
const webEnv = parseEnv({ ...process.env, DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? '', 'web') });

async function withStore<T>(fn: (store: SqliteSessionStore) => Promise<T>): Promise<T> {
  const store = new SqliteSessionStore(path.join(webEnv.DATA_DIR, 'web-sessions.sqlite'), webEnv.SESSION_SECRET);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** The session id in the browser's cookie and the record the web server keeps for it. */
async function storedSession(context: BrowserContext): Promise<{ sid: string; record: SessionRecord | undefined }> {
  const cookie = await sessionCookie(context);
  const jwt = await decode({ token: cookie!.value, secret: webEnv.SESSION_SECRET });
  const sid = String(jwt?.sid);
  return { sid, record: await withStore((store) => store.get(sid)) };
}

const basicAuth = `Basic ${Buffer.from(`${WEB_CLIENT.id}:${WEB_CLIENT.secret}`).toString('base64')}`;

async function revokeAtApi(request: APIRequestContext, token: string) {
  const res = await request.post(`${API_URL}/api/v1/oauth/revoke`, { headers: { Authorization: basicAuth }, form: { token } });
  expect(res.status()).toBe(200);
}

const accountButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: new RegExp(`^${DEMO_USER.name}`) });

function expectSecurityHeaders(res: Response | null, html: string) {
  const headers = res!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, 'a nonce in script-src').toBeTruthy();
  expect(csp).toMatch(/script-src [^;]*'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  // Every script of the page carries this response's nonce.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  // Served over plain HTTP here: HSTS would be meaningless (and ignored) on it.
  expect(headers['strict-transport-security']).toBeUndefined();
  return nonce!;
}

test.describe('signing in', () => {
  test('from the landing page through the authorize page, back signed in with a single HttpOnly session cookie', async ({
    page,
    context,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));

    const landing = await page.goto('/');
    const nonce = expectSecurityHeaders(landing, await landing!.text());
    // A new nonce for every response.
    const again = await page.request.get('/');
    expect(again.headers()['content-security-policy']).not.toContain(nonce);

    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === API_URL);
    const asked = new URL(page.url());
    expect(asked.pathname).toBe(AUTHORIZE_PATH);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: WEB_CLIENT.id,
      redirect_uri: WEB_CLIENT.redirectUri,
      code_challenge_method: 'S256',
      scope: 'basic settings activities albums friends messages blogs classifieds events groups videos music',
    });
    expect(asked.searchParams.get('state')).toBeTruthy();
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await authorizeOnApi(page);
    expect(page.url()).toBe(`${WEB_ORIGIN}/`);
    await expect(page.getByRole('banner')).toContainText(DEMO_USER.name);
    await expect(page.getByRole('banner').locator('img')).toBeVisible();

    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    // The transient sign-in cookies (PKCE verifier, state) are gone once used.
    const names = (await context.cookies(WEB_ORIGIN)).map((c) => c.name);
    expect(names.filter((n) => /pkce|state/.test(n))).toEqual([]);
    // The session cookie is not readable by scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);

    // A signed-in page: the same headers, and no cache may keep it.
    const feed = await page.reload();
    expectSecurityHeaders(feed, await feed!.text());
    expect(feed!.headers()['cache-control']).toBe('no-store');

    // next-auth's session endpoint (readable by the page) shows no token.
    const session = await page.request.get('/api/auth/session');
    const body = await session.json();
    expect(Object.keys(body).sort()).toEqual(['expires', 'user']);
    expect(body.user).toEqual({ name: DEMO_USER.name, image: expect.any(String) });
    expect(problems).toEqual([]);
  });

  test('a deep link asked for while signed out is where the person lands after signing in', async ({ page }) => {
    await page.goto('/users/1');
    await expect(page).toHaveURL(`${WEB_ORIGIN}/sign-in?callbackUrl=%2Fusers%2F1`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Social' })).toBeVisible();
    await signInFromPage(page);
    expect(page.url()).toBe(`${WEB_ORIGIN}/users/1`);
    await expect(page.getByRole('banner')).toContainText(DEMO_USER.name);

    // The same from the landing page with a query.
    await page.context().clearCookies({ name: SESSION_COOKIE });
    await page.goto('/?x=1');
    await signInFromPage(page);
    expect(page.url()).toBe(`${WEB_ORIGIN}/?x=1`);
  });

  test('a callbackUrl to another site is refused: the person lands on the home page', async ({ page, context }) => {
    for (const evil of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      await context.clearCookies({ name: SESSION_COOKIE });
      await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(evil)}`);
      await signInFromPage(page);
      expect(page.url(), evil).toBe(`${WEB_ORIGIN}/`);
    }

    // Straight at next-auth, bypassing our pages: what it remembers as the way back is our
    // home page, and that is where the sign-in ends.
    await context.clearCookies();
    await page.goto('/');
    const { csrfToken } = await (await page.request.get('/api/auth/csrf')).json();
    const res = await page.request.post('/api/auth/signin/social', {
      form: { csrfToken, callbackUrl: 'https://evil.example/steal', json: 'true' },
    });
    expect(res.status()).toBe(200);
    const { url } = await res.json();
    expect(new URL(url).origin).toBe(API_URL);
    const remembered = (await context.cookies(WEB_ORIGIN)).find((c) => c.name === 'social-web.callback-url');
    expect(decodeURIComponent(remembered!.value)).toBe(`${WEB_ORIGIN}/`);
    await page.goto(url);
    await authorizeOnApi(page);
    expect(page.url()).toBe(`${WEB_ORIGIN}/`);
    await expect(page.getByRole('banner')).toContainText(DEMO_USER.name);
  });

  test('a sign-in that is denied on the consent screen comes back to a page that says so', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === API_URL);
    await page.getByLabel('Email').fill(DEMO_USER.email);
    await page.getByLabel('Password').fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.origin === WEB_ORIGIN && url.pathname === '/sign-in');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Signing in did not complete');
    await expect(page.getByRole('banner')).not.toContainText(DEMO_USER.name);
  });
});

test.describe('the account menu and signing out', () => {
  test('works with the keyboard; signing out ends the session for good, and only that one', async ({ page, context, browser }) => {
    // The same person in a second browser (another device): its session is its own.
    const elsewhere = await browser.newContext();
    try {
      const second = await elsewhere.newPage();
      await signIn(second);
      await signIn(page);
      const before = await sessionCookie(context);
      expect(before).toBeTruthy();
      const { sid, record } = await storedSession(context);
      expect(record?.refreshToken).toBeTruthy();

      const button = accountButton(page);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const profile = page.getByRole('link', { name: 'Profile' });
      await expect(profile).toBeVisible();
      await expect(profile).toHaveAttribute('href', /^\/users\/\d+$/);
      await page.keyboard.press('Tab');
      await expect(profile).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();
      await expect(profile).toBeHidden();

      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();
      await page.keyboard.press('Enter');

      await page.waitForURL(`${WEB_ORIGIN}/`);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Everything your network shares, in one place' })).toBeVisible();
      expect(await sessionCookie(context)).toBeUndefined();

      // The web server forgot the session, and the API revoked its grant: neither the refresh
      // token nor the access token works any more.
      expect(await withStore((store) => store.get(sid))).toBeUndefined();
      expect(await apiAccepts(page.request, record!.accessToken)).toBe(false);
      const refresh = await page.request.post(`${API_URL}/api/v1/oauth/token`, {
        headers: { Authorization: basicAuth },
        form: { grant_type: 'refresh_token', refresh_token: record!.refreshToken! },
      });
      expect(refresh.status()).toBe(400);
      expect((await refresh.json()).error).toBe('invalid_grant');

      // The other browser is still signed in, its own session untouched.
      await second.reload();
      await expect(second.getByRole('banner')).toContainText(DEMO_USER.name);
      expect((await storedSession(elsewhere)).record?.refreshToken).toBeTruthy();

      // The old cookie, replayed in a fresh browser, is worth nothing: the session is gone.
      const other = await browser.newContext();
      try {
        await other.addCookies([before!]);
        const replay = await other.newPage();
        await replay.goto('/');
        await expect(replay.getByRole('heading', { level: 1, name: 'Everything your network shares, in one place' })).toBeVisible();
        await expect(replay.getByRole('banner')).not.toContainText(DEMO_USER.name);
        await replay.goto('/users/1');
        await expect(replay).toHaveURL(/\/sign-in\?callbackUrl=/);
      } finally {
        await other.close();
      }
    } finally {
      await elsewhere.close();
    }
  });
});

/** Everything a browser could read: bodies of text responses and all headers. */
function recordResponses(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', async (res) => {
    const headers: Record<string, string> = await res.allHeaders().catch(() => ({}));
    let text = `${res.url()}\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n')}\n`;
    const type = headers['content-type'] ?? '';
    if (!/^(image|font|video|audio)\//.test(type) && res.status() !== 204 && !(res.status() >= 300 && res.status() < 400)) {
      text += await res.text().catch(() => '');
    }
    seen.push(text);
  });
  return seen;
}

/** A token the API accepts answers anything but 401 (a client token on /users/me answers 403). */
async function apiAccepts(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.get(`${API_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  return res.status() !== 401;
}

/** Whether the token endpoint takes it as a refresh token (which would rotate it: only ever a leak). */
async function refreshes(request: APIRequestContext, token: string): Promise<boolean> {
  const res = await request.post(`${API_URL}/api/v1/oauth/token`, {
    headers: { Authorization: basicAuth },
    form: { grant_type: 'refresh_token', refresh_token: token },
  });
  return res.status() === 200;
}

test.describe('tokens stay on the server', () => {
  test('no response of a whole journey contains an access token, a refresh token or the client secret', async ({ page, request }) => {
    test.setTimeout(90_000);
    const seen = recordResponses(page);

    await signIn(page);
    await accountButton(page).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(/\/users\/\d+$/);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Social/ })
      .click();
    await page.waitForURL(`${WEB_ORIGIN}/`);
    await page.reload();
    await page.goto('/sign-in');
    await page.request.get('/api/auth/session');
    await page.request.get('/api/auth/csrf');
    await page.goto('/');
    await page.waitForLoadState('networkidle');

    const all = seen.join('\n');
    expect(all.length).toBeGreaterThan(10_000);
    expect(all).not.toContain(WEB_CLIENT.secret);
    // The session's own tokens, as the web server holds them.
    const { record } = await storedSession(page.context());
    expect(record?.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(all).not.toContain(record!.accessToken);
    expect(all).not.toContain(record!.refreshToken!);

    // The API's tokens are 32 random bytes in base64url: 43 characters. Every such string any
    // response carried (there are some: PKCE challenge, state, CSRF values) is tried against
    // the API while the session is alive; none may be a live token.
    const candidates = [...new Set(all.match(/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g) ?? [])];
    expect(candidates.length).toBeGreaterThan(0);

    // The check itself works: a real token of the web client is recognised.
    expect(await apiAccepts(request, record!.accessToken)).toBe(true);
    const probe = await request.post(`${API_URL}/api/v1/oauth/token`, {
      headers: { Authorization: basicAuth },
      form: { grant_type: 'client_credentials', scope: 'basic' },
    });
    const { access_token: probeToken } = await probe.json();
    expect(await apiAccepts(request, probeToken)).toBe(true);
    expect(await apiAccepts(request, 'A'.repeat(43))).toBe(false);

    for (const candidate of candidates) {
      expect(await apiAccepts(request, candidate), `a response carried a live access token: ${candidate.slice(0, 6)}…`).toBe(false);
      expect(await refreshes(request, candidate), `a response carried a live refresh token: ${candidate.slice(0, 6)}…`).toBe(false);
    }

    // And the session is still alive after all that probing (nothing above was its token).
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(DEMO_USER.name);
  });
});

test.describe('a session the API ends', () => {
  test('a refused refresh (invalid_grant) signs the person out with a message, on the home page and deeper', async ({
    page,
    context,
    request,
  }) => {
    for (const [from, lands, where] of [
      ['/', `${WEB_ORIGIN}/`, 'main'],
      ['/users/1', `${WEB_ORIGIN}/sign-in?callbackUrl=%2Fusers%2F1&reason=signed_out`, 'main'],
    ] as const) {
      await context.clearCookies({ name: SESSION_COOKIE });
      await signIn(page);
      const { sid, record } = await storedSession(context);
      // The grant is revoked at the API and the access token is due for renewal: the next
      // page asks for a refresh and is refused.
      await revokeAtApi(request, record!.refreshToken!);
      await withStore((store) => store.set(sid, { ...record!, accessExpiresAt: Date.now() - 1000 }, SESSION_TTL_SECONDS));

      await page.goto(from);
      expect(page.url(), from).toBe(lands);
      await expect(page.getByRole(where).getByText('You were signed out. Please sign in again.')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await withStore((store) => store.get(sid))).toBeUndefined();
    }
    // Signing in again from there goes back to the page asked for.
    await signInFromPage(page);
    expect(page.url()).toBe(`${WEB_ORIGIN}/users/1`);
  });

  test('an access token the API no longer accepts (401) ends the session the same way', async ({ page, context, request }) => {
    await signIn(page);
    const { sid, record } = await storedSession(context);
    await revokeAtApi(request, record!.accessToken);
    await page.goto('/users/1');
    expect(page.url()).toBe(`${WEB_ORIGIN}/sign-in?callbackUrl=%2Fusers%2F1&reason=signed_out`);
    await expect(page.getByRole('main').getByText('You were signed out. Please sign in again.')).toBeVisible();
    expect(await withStore((store) => store.get(sid))).toBeUndefined();
  });
});

test.describe('accessibility', () => {
  test('the landing page and the sign-in page have no serious or critical axe violations', async ({ page }) => {
    for (const path of ['/', '/sign-in?reason=signed_out']) {
      await page.goto(path);
      expect(await seriousViolationsAsShown(page, path)).toEqual([]);
    }
  });

  test('the signed-in header, menu open, has no serious or critical axe violations', async ({ page }) => {
    await signIn(page);
    await accountButton(page).click();
    expect(serious((await axe(page).include('header').analyze()).violations, 'the header')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// When the API is down or slow. The shared API server cannot be stopped (other tests use it),
// so a second web server runs on the same build, data directory and secret (so the session of
// the main one is valid there too), reaching the API through a switchable TCP relay.

type RelayMode = 'up' | 'down' | 'silent';

function startRelay(targetPort: number) {
  let mode: RelayMode = 'up';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'down') return client.destroy();
    if (mode === 'silent') return; // accepts and never answers
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port))),
    set(next: RelayMode) {
      mode = next;
      for (const s of sockets) s.destroy(); // no kept-alive connection outlives a change
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

test.describe('when the API is down or slow', () => {
  let relay: ReturnType<typeof startRelay>;
  let web: SecondWeb | undefined;
  let webUrl: string;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    relay = startRelay(Number(new URL(API_URL).port));
    const relayPort = await relay.listen();
    web = await startSecondWeb(`http://127.0.0.1:${relayPort}/api/v1`, { API_TIMEOUT_MS: '2000' });
    webUrl = web.url;
  });

  test.afterAll(async () => {
    web?.stop();
    await relay?.close();
  });

  test('a signed-in page answers 502 or 504 with a friendly page, and comes back once the API does', async ({ page, context }) => {
    await signIn(page);
    const cookie = (await sessionCookie(context))!;
    const headers = { cookie: `${cookie.name}=${cookie.value}` };
    const other = page.context().request;

    relay.set('up');
    const healthy = await other.get(`${webUrl}/`, { headers });
    expect(healthy.status()).toBe(200);
    expect(await healthy.text()).toContain(DEMO_USER.name);

    relay.set('down');
    const down = await other.get(`${webUrl}/users/1?tab=x`, { headers, maxRedirects: 0 });
    expect(down.status()).toBe(307);
    expect(down.headers().location).toBe('/unavailable?status=502&from=%2Fusers%2F1%3Ftab%3Dx');
    const downPage = await other.get(`${webUrl}${down.headers().location}`);
    expect(downPage.status()).toBe(502);
    const downHtml = await downPage.text();
    expect(downHtml).toContain('cannot be reached right now');
    expect(downHtml).not.toMatch(/ECONNREFUSED|at .*\.js:\d+|Error:/);

    relay.set('silent');
    const slow = await other.get(`${webUrl}/`, { headers });
    expect(slow.status()).toBe(504);
    expect(await slow.text()).toContain('taking too long to answer');

    // In a browser: the friendly page, then back to the page once the API answers again.
    relay.set('down');
    await context.addCookies([{ ...cookie }]);
    await page.goto(`${webUrl}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('cannot be reached right now');
    relay.set('up');
    await page.getByRole('link', { name: 'Try again now' }).click();
    await expect(page).toHaveURL(`${webUrl}/`);
    await expect(page.getByRole('banner')).toContainText(DEMO_USER.name);
  });

  test('the unavailable page only ever links back into this site', async ({ request }) => {
    const res = await request.get(`/unavailable?status=504&from=${encodeURIComponent('//evil.example')}`);
    expect(res.status()).toBe(504);
    expect(res.headers()['retry-after']).toBeTruthy();
    const html = await res.text();
    expect(html).toContain('href="/"');
    expect(html).not.toContain('evil.example');
  });
});
