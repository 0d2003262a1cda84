import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { API_URL, DEMO_USER, WEB_CLIENT, WEB_ORIGIN } from './servers.ts';

// A person signs in on the API server's own authorize page and answers the consent screen,
// as the web client will send them there (authorization code with PKCE S256 and a state).

const TOKEN_URL = `${API_URL}/api/v1/oauth/token`;

function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeUrl(challenge: string): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: WEB_CLIENT.id,
    redirect_uri: WEB_CLIENT.redirectUri,
    scope: 'basic activities',
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${API_URL}/api/v1/oauth/authorize?${params}`;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The web client's callback, whatever its query. */
const callback = (url: URL) => url.origin === WEB_ORIGIN && url.pathname === new URL(WEB_CLIENT.redirectUri).pathname;

/**
 * The URL the browser is sent back to. Read from the request: the web app's own callback route
 * answers it (with an error, as this test, not the web app, started the flow: next-auth finds
 * no state cookie of its own and stops before using the code).
 */
const callbackRequest = (page: Page) => page.waitForRequest((req) => callback(new URL(req.url())));

test.describe('signing in on the authorize page', () => {
  test('allowing sends the browser back with a code that the client exchanges for tokens', async ({ page, request }) => {
    const { verifier, challenge } = pkce();
    await page.goto(authorizeUrl(challenge));

    await signIn(page, DEMO_USER.email, DEMO_USER.password);

    // The consent screen names the client, the person and what the client may do, in words.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(WEB_CLIENT.name);
    await expect(page.getByText(DEMO_USER.name)).toBeVisible();
    const scopes = page.getByRole('listitem');
    await expect(scopes).toHaveCount(2);
    await expect(scopes.filter({ hasText: /your name/i })).toHaveCount(1);
    await expect(scopes.filter({ hasText: /activity feed/i })).toHaveCount(1);
    await expect(page.getByRole('listitem').filter({ hasText: /^(basic|activities)$/ })).toHaveCount(0);

    const backRequest = callbackRequest(page);
    await page.getByRole('button', { name: 'Allow' }).click();
    const back = new URL((await backRequest).url());
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('error')).toBeNull();
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    const basic = Buffer.from(`${WEB_CLIENT.id}:${WEB_CLIENT.secret}`).toString('base64');
    const exchange = () =>
      request.post(TOKEN_URL, {
        headers: { Authorization: `Basic ${basic}` },
        form: {
          grant_type: 'authorization_code',
          code: code!,
          redirect_uri: WEB_CLIENT.redirectUri,
          code_verifier: verifier,
        },
      });
    const res = await exchange();
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('no-store');
    const tokens = await res.json();
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
      scope: 'basic activities',
    });
    expect(String(tokens.token_type).toLowerCase()).toBe('bearer');

    // The token acts for the person who signed in.
    const me = await request.get(`${API_URL}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status()).toBe(200);
    expect((await me.json()).data).toMatchObject({ title: DEMO_USER.name, email: DEMO_USER.email });

    // A code works once.
    const again = await exchange();
    expect(again.status()).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  test('denying sends the browser back with access_denied and the state', async ({ page }) => {
    await page.goto(authorizeUrl(pkce().challenge));
    await signIn(page, DEMO_USER.email, DEMO_USER.password);

    const backRequest = callbackRequest(page);
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = new URL((await backRequest).url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('a wrong password shows an error and keeps the email', async ({ page }) => {
    await page.goto(authorizeUrl(pkce().challenge));
    await signIn(page, DEMO_USER.email, 'not-the-password');

    await expect(page.getByRole('alert')).toContainText(/incorrect/i);
    await expect(page.getByLabel('Email')).toHaveValue(DEMO_USER.email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(new URL(page.url()).origin).toBe(API_URL);
  });
});
