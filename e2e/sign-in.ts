import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_URL, DEMO_USER, WEB_ORIGIN } from './servers.ts';

// Signing in to the web app as a person does: the web's "Sign in" button, the API's own
// authorize page (email, password, "Sign in"), the consent screen ("Allow"), and back.

export interface Account {
  email: string;
  password: string;
  name: string;
}

export const ALICE: Account = { email: 'alice@example.com', password: 'demo-password', name: 'Alice Martin' };

export const AUTHORIZE_PATH = '/api/v1/oauth/authorize';

/** On the API's authorize page: signs in when asked, allows, and waits to be back on the web app. */
export async function authorizeOnApi(page: Page, account: Account = DEMO_USER) {
  await page.waitForURL((url) => url.origin === API_URL && url.pathname === AUTHORIZE_PATH);
  const email = page.getByLabel('Email');
  const allow = page.getByRole('button', { name: 'Allow' });
  await expect(email.or(allow).first()).toBeVisible();
  if (await email.isVisible()) {
    await email.fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await allow.click();
  await page.waitForURL((url) => url.origin === WEB_ORIGIN && !url.pathname.startsWith('/api/auth/'));
}

/**
 * Signs in as a person does, through the web's "Sign in" button and the API's pages; the one to
 * use where the sign-in itself is what a test is about.
 */
export async function signInThroughPages(page: Page, account: Account = DEMO_USER, from = '/') {
  await page.goto(from);
  const main = page.getByRole('main').getByRole('button', { name: 'Sign in' });
  const header = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  await main.or(header).first().click();
  await authorizeOnApi(page, account);
  await expect(page.getByRole('banner')).toContainText(account.name);
}

/** The hidden fields of the first form on one of the API's authorize pages. */
function hiddenFields(html: string): Record<string, string> {
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const form = html.slice(0, html.indexOf('</form>'));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[decode(m[1] ?? '')] = decode(m[2] ?? '');
  return fields;
}

/** Where the web app and the API answer: the e2e servers' (servers.ts), or the cluster's front doors. */
export interface Origins {
  web: string;
  api: string;
}

/**
 * Signs `account` in with the requests the sign-in makes (the web's CSRF token and sign-in route,
 * the API's sign-in and consent forms, the callback), sent from `http`'s cookie jar (a browser
 * context's request API shares the context's cookies) without drawing the pages in between. The
 * session cookie is then in the jar; the callback's last redirect, to `from`, is not followed.
 */
export async function signInByRequests(
  http: APIRequestContext,
  origins: Origins,
  account: Pick<Account, 'email' | 'password'>,
  from = '/',
) {
  const web = { origin: origins.web, 'sec-fetch-site': 'same-origin' };
  const { csrfToken } = (await (await http.get(`${origins.web}/api/auth/csrf`)).json()) as { csrfToken: string };
  const started = await http.post(`${origins.web}/api/auth/signin/social`, {
    headers: web,
    form: { csrfToken, callbackUrl: from, json: 'true' },
  });
  const { url: authorizeUrl } = (await started.json()) as { url: string };
  expect(new URL(authorizeUrl).origin, 'the web app sends the browser to the API to sign in').toBe(origins.api);

  const api = { origin: origins.api, 'sec-fetch-site': 'same-origin' };
  const action = `${origins.api}${AUTHORIZE_PATH}`;
  let step = await http.get(authorizeUrl);
  let html = await step.text();
  if (html.includes('name="password"')) {
    step = await http.post(action, {
      headers: api,
      form: { ...hiddenFields(html), email: account.email, password: account.password, action: 'sign_in' },
    });
    html = await step.text();
  }
  expect(html, `the consent page, signed in as ${account.email}`).toContain('value="allow"');
  // The answer to "Allow" sends the browser to the web's callback, which sets the session and sends
  // it on to `from`: the caller opens that last address itself (followed here, it would be drawn twice).
  const allowed = await http.post(action, { headers: api, form: { ...hiddenFields(html), action: 'allow' }, maxRedirects: 0 });
  const callback = new URL(allowed.headers().location ?? '', origins.api);
  expect(callback.origin, 'back on the web app').toBe(origins.web);
  const signedIn = await http.get(callback.href, { maxRedirects: 0 });
  expect(new URL(signedIn.headers().location ?? '', origins.web).pathname, 'the callback sends the browser on to where it started').toBe(
    new URL(from, origins.web).pathname,
  );
}

/**
 * Opens `from` signed in as `account`: signInByRequests, then the page. A test that is about
 * something else starts in a second instead of several. The pages themselves are driven in
 * e2e/auth.spec.ts and e2e/oauth-authorize.spec.ts (and by signInThroughPages).
 */
export async function signIn(page: Page, account: Account = DEMO_USER, from = '/') {
  await signInByRequests(page.context().request, { web: WEB_ORIGIN, api: API_URL }, account, from);
  await page.goto(from);
  await expect(page.getByRole('banner')).toContainText(account.name);
}
