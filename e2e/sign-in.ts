import { expect, type Page } from '@playwright/test';
import { API_URL, DEMO_USER, WEB_ORIGIN } from './servers.ts';

// Signing in to the web app as a person does: the web's "Sign in" button, the API's own
// authorize page (email, password, "Sign in"), the consent screen ("Allow"), and back.

export interface Account {
  email: string;
  password: string;
  name: string;
}

export const ALICE: Account = { email: 'alice@example.com', password: 'demo-password', name: 'Alice Martin' };

const AUTHORIZE_PATH = '/api/v1/oauth/authorize';

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

/** Opens `from` signed out, signs in through the authorize page, and comes back there signed in. */
export async function signIn(page: Page, account: Account = DEMO_USER, from = '/') {
  await page.goto(from);
  const main = page.getByRole('main').getByRole('button', { name: 'Sign in' });
  const header = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  await main.or(header).first().click();
  await authorizeOnApi(page, account);
  await expect(page.getByRole('banner')).toContainText(account.name);
}
