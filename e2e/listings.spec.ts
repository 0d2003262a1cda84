import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { png } from '../lib/testing/pictures.ts';
import { API_URL, DEMO_USER } from './servers.ts';
import { apiToken } from './api-token.ts';
import { ALICE, signIn } from './sign-in.ts';
import { unique } from './unique.ts';

// Listings: the filters of /listings through the form and in the URL (reload, chips, Back),
// a listing's page and its gallery with the keyboard, the seller closing, reopening and
// deleting their listing, and what another member may not do. Other specs share the servers:
// every listing made here has a title nobody else writes.

const main = (page: Page) => page.getByRole('main');
const cards = (page: Page) => main(page).getByRole('article');
const titles = async (page: Page) => (await cards(page).getByRole('heading').allInnerTexts()).sort();

/** A new listing of the token's owner, with a main photo and `more` other photos with captions; answers its id. */
export async function makeListing(
  request: APIRequestContext,
  token: string,
  title: string,
  opts: { price?: string; location?: string; more?: number } = {},
): Promise<number> {
  const res = await request.post(`${API_URL}/api/v1/classifieds`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title,
      body: 'Good as new.',
      'fields[price]': opts.price ?? '75',
      'fields[location]': opts.location ?? 'Testburg',
      photo: { name: 'main.png', mimeType: 'image/png', buffer: png(64, 48) },
    },
  });
  expect(res.status()).toBe(200);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  for (let i = 1; i <= (opts.more ?? 0); i += 1) {
    const up = await request.post(`${API_URL}/api/v1/classifieds/photos`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { classified_id: String(id), Filedata: { name: `p${i}.png`, mimeType: 'image/png', buffer: png(64 + i, 48) } },
    });
    expect(up.status()).toBe(200);
    const photoId = ((await up.json()) as { data: { id: number } }).data.id;
    await request.post(`${API_URL}/api/v1/classifieds/photos/${photoId}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { description: `Side view ${i}` },
    });
  }
  return id;
}

async function asAlice(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ALICE);
  return { page, close: () => context.close() };
}

test.describe('browsing listings', () => {
  test('filters by price range, location, status and photos through the form; the URL holds them, a reload shows the same, a chip removes one', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, DEMO_USER, '/listings');
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Listings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible();
    // Open listings by default: the closed oak table is not among them.
    await expect(cards(page).first()).toBeVisible();
    expect(await titles(page)).not.toContain('Oak dining table');

    const form = page.getByRole('search', { name: 'Filter listings' });
    await form.getByLabel('Price from').fill('100');
    await form.getByLabel('Price to').fill('2000');
    await form.getByLabel('Location').fill('portland');
    await form.getByLabel('Status').selectOption({ label: 'All' });
    await form.getByLabel('With photos only').check();
    // The page changes without a full load: a marker set on the window survives.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/listings\?status=all&min=100&max=2000&where=portland&photos=1$/);
    await expect(main(page).getByRole('list', { name: 'Active filters' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect.poll(() => titles(page)).toEqual(['Oak dining table', 'Road bike, 54 cm frame']);
    await expect(cards(page).filter({ hasText: 'Oak dining table' })).toContainText('Closed');
    await expect(cards(page).filter({ hasText: 'Road bike' })).toContainText('$450.00');
    await expect(main(page)).toContainText('2 listings');

    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Oak dining table', 'Road bike, 54 cm frame']);
    await expect(form.getByLabel('Price from')).toHaveValue('100');
    await expect(form.getByLabel('With photos only')).toBeChecked();

    // Removing the status chip goes back to open listings only.
    await main(page).getByRole('link', { name: 'Remove filter: Open and closed' }).click();
    await expect(page).toHaveURL(/\/listings\?min=100&max=2000&where=portland&photos=1$/);
    await expect.poll(() => titles(page)).toEqual(['Road bike, 54 cm frame']);
    await page.goBack();
    await expect.poll(() => titles(page)).toEqual(['Oak dining table', 'Road bike, 54 cm frame']);

    // Only closed ones, and nothing matching: said so, with the way back.
    await page.goto('/listings?status=closed&where=portland');
    await expect.poll(() => titles(page)).toEqual(['Oak dining table']);
    await page.goto('/listings?where=nowhere-at-all');
    await expect(main(page)).toContainText('No listings match these filters.');
    await main(page).getByRole('link', { name: 'Clear the filters' }).click();
    await expect(page).toHaveURL(/\/listings$/);
    await expect(cards(page).first()).toBeVisible();
    expect(await seriousViolations(page, '/listings')).toEqual([]);
  });

  test('works without JavaScript: the form is a GET form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Signing in needs no script of ours either (plain links and forms on the API's pages) — but
    // the web's "Sign in" is a button: reuse a signed-in session's cookies instead.
    const signedIn = await browser.newContext();
    const p2 = await signedIn.newPage();
    await signIn(p2, DEMO_USER, '/listings');
    await context.addCookies(await signedIn.cookies());
    await page.goto('/listings');
    await page.getByLabel('Location').fill('Lyon');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/listings\?q=&category=&where=Lyon/);
    await expect.poll(() => titles(page)).toEqual(expect.arrayContaining(['Vintage armchair', 'Room in a shared flat']));
    expect(await titles(page)).not.toContain('Road bike, 54 cm frame');
    await context.close();
    await signedIn.close();
  });
});

test.describe('a listing’s page', () => {
  test('the gallery: main photo first, captions, the arrow keys, the larger view; the seller’s links', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USER, ['classifieds']);
    const title = unique('Gallery lamp');
    const id = await makeListing(request, token, title, { more: 2 });
    await signIn(page, DEMO_USER, `/listings/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main(page)).toContainText('$75.00');
    const gallery = main(page).getByRole('region', { name: 'Photos' });
    await expect(gallery).toContainText('Photo 1 of 3');
    await gallery.getByRole('button', { name: /^Show photo 1/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery).toContainText('Photo 2 of 3');
    await expect(gallery).toContainText('Side view 1');
    await page.keyboard.press('ArrowRight');
    await expect(gallery).toContainText('Side view 2');
    await page.keyboard.press('ArrowRight');
    await expect(gallery).toContainText('Photo 1 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(gallery).toContainText('Photo 3 of 3');

    await gallery.getByRole('button', { name: /^View larger/ }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toContainText('Photo 3 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(viewer).toContainText('Side view 1');
    expect(await seriousViolations(page, 'larger view')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(gallery).toContainText('Photo 2 of 3');

    await expect(main(page).getByRole('link', { name: 'Demo User' })).toHaveAttribute('href', /\/users\/\d+$/);
    await main(page).getByRole('link', { name: 'Your other listings' }).click();
    await expect(page).toHaveURL(/\/listings\?user=\d+$/);
    await expect.poll(() => titles(page)).toContain(title);
    expect(await titles(page)).not.toContain('Vintage armchair');
  });

  test('the seller closes it (it shows under closed, not open), reopens it and deletes it; another member sees none of that', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(60_000);
    const token = await apiToken(request, DEMO_USER, ['classifieds']);
    const title = unique('Sold chair');
    const id = await makeListing(request, token, title, { location: 'Closetown' });
    await signIn(page, DEMO_USER, `/listings/${id}`);
    await page.getByRole('button', { name: 'Mark as sold (close)' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'This listing is closed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
    expect(await seriousViolations(page, 'closed listing')).toEqual([]);

    await page.goto('/listings?status=closed&where=closetown');
    await expect.poll(() => titles(page)).toEqual([title]);
    await page.goto('/listings?where=closetown');
    await expect(main(page)).toContainText('No listings match these filters.');

    const alice = await asAlice(browser);
    await alice.page.goto(`/listings/${id}`);
    await expect(alice.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(alice.page.getByRole('main')).toContainText('the item is sold or no longer offered');
    for (const name of ['Reopen', 'Mark as sold (close)', 'Delete', 'Edit'])
      await expect(alice.page.getByRole('main').getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(alice.page.getByRole('main').getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(alice.page.getByRole('main').getByRole('link', { name: 'Other listings by Demo User' })).toBeVisible();

    await page.goto(`/listings/${id}`);
    await page.getByRole('button', { name: 'Reopen' }).click();
    await expect(page.getByRole('button', { name: 'Mark as sold (close)' })).toBeVisible();
    await expect(main(page).getByRole('status').filter({ hasText: 'This listing is closed' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${title}”?` });
    await confirm.getByRole('button', { name: 'Delete listing' }).click();
    await expect(page).toHaveURL(/\/listings$/);
    const gone = await page.goto(`/listings/${id}`);
    expect(gone?.status()).toBe(404);
    await alice.close();
  });

  test('what a reader may not see is 404, as is an address that is not an id', async ({ page, request }) => {
    const token = await apiToken(request, DEMO_USER, ['classifieds']);
    const res = await request.post(`${API_URL}/api/v1/classifieds`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { title: unique('Private'), body: 'Mine alone.', auth_view: 'owner' },
    });
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    await signIn(page, ALICE, '/listings');
    expect((await page.goto(`/listings/${id}`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This listing is not here' })).toBeVisible();
    expect((await page.goto('/listings/01'))?.status()).toBe(404);
  });
});
