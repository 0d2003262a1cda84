import { expect, request as http, test, type Page } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { WEB_ORIGIN } from './servers.ts';
import { signIn } from './sign-in.ts';

// The calendar feed of one's events: made on /dashboard/events, read by a calendar app with no
// cookie, still working after its owner signs out, and 404 at once when revoked. Also the
// dashboard's delete of an event through its confirm dialog.

test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const main = (page: Page) => page.getByRole('main');

test('create a calendar feed, fetch it without cookies, sign out, fetch again, revoke it (404)', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard/events');
  await page.getByRole('button', { name: 'Create a calendar feed' }).click();
  const address = page.getByLabel('Your feed’s address (shown only now)');
  await expect(address).toHaveValue(/^webcal:\/\/localhost:\d+\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const webcal = await address.inputValue();
  const path = new URL(webcal.replace(/^webcal:/, 'http:')).pathname;

  // A calendar app: no cookie at all.
  const app = await http.newContext({ baseURL: WEB_ORIGIN });
  const first = await app.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toContain('text/calendar');
  const ics = (await first.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('SUMMARY:Board game night');
  expect(ics).toMatch(/LAST-MODIFIED:\d{8}T\d{6}Z/);
  // No member's name: not the guests', not the organiser's.
  for (const name of ['Demo User', 'Alice Martin', 'Bob Chen']) expect(ics).not.toContain(name);

  // Signing out of the site does not stop the feed.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Demo User/ })
    .click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await app.get(path)).status()).toBe(200);

  // Revoked: 404 at once.
  await signIn(page, undefined, '/dashboard/events');
  await page.getByRole('button', { name: 'Revoke the feed' }).click();
  await expect(main(page)).toContainText('The calendar feed was revoked.');
  expect((await app.get(path)).status()).toBe(404);
  expect((await app.get('/calendar/not-a-real-secret-at-all-000000.ics')).status()).toBe(404);
  await app.dispose();
});

test('an event with a picture (streamed through the BFF); the organiser deletes it after confirming; it is gone', async ({ page }) => {
  await signIn(page);
  await page.goto('/events/new');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
  const title = `Doomed ${Date.now().toString(36)}`;
  await page.getByLabel('Title').fill(title);
  // Not a picture: refused in the browser, the rest kept.
  await page
    .getByLabel('Picture', { exact: true })
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(main(page)).toContainText('notes.png');
  await expect(page.getByLabel('Picture', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(320, 180) });
  await page.getByRole('button', { name: 'Create event' }).click();
  await page.waitForURL(/\/events\/\d+$/);
  const url = page.url();
  const picture = main(page).locator('img[src*="/files/"]').first();
  await expect(picture).toBeVisible();
  // Shown, and then loaded (a picture is visible as a box before its bytes arrive).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete event' }).click();
  await page.waitForURL(/\/events\/my/);
  const res = await page.goto(url);
  expect(res?.status()).toBe(404);
});
