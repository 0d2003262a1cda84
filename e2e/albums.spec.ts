import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { ALICE, signIn } from './sign-in.ts';

// Albums and photos as a reader and as an owner: browsing and filtering by URL, an album's
// page with its photos a page at a time, a photo's own page with its neighbours, and managing.
// Signed in as the demo user, whose seeded albums are "Lisbon weekend" (5 photos) and "Sunday
// dinners"; Alice owns "Alps 2025". Other specs share the servers: albums made here have
// titles nobody else uses.

function unique(words: string) {
  return `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function seriousViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id}: ${v.help}`);
}

const albumGrid = (page: Page) => page.getByRole('list', { name: 'Albums' });
const card = (page: Page, title: string) => albumGrid(page).getByRole('listitem').filter({ hasText: title });
const photoGrid = (page: Page) => page.getByRole('list', { name: /^Photos of / });

/** Makes an album of `count` photos through "Add photos"; answers its page's path. */
async function makeAlbum(page: Page, title: string, count: number): Promise<string> {
  await page.goto('/albums/upload');
  const files = Array.from({ length: count }, (_, i) => ({ name: `p${i + 1}.png`, mimeType: 'image/png', buffer: png(40 + i, 30) }));
  await page.getByLabel(/^Choose (more )?photos$/).setInputFiles(files);
  const list = page.getByRole('list', { name: 'Photos to add, in order' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Uploaded' })).toHaveCount(count, { timeout: 60_000 });
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create album' }).click();
  await page.waitForURL(/\/albums\/\d+$/);
  return new URL(page.url()).pathname;
}

/** Opens the demo user's "Lisbon weekend" from My albums. */
async function openLisbon(page: Page) {
  await page.goto('/albums/my');
  await card(page, 'Lisbon weekend').getByRole('link', { name: 'Lisbon weekend' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon weekend' })).toBeVisible();
}

test.describe('browsing albums', () => {
  test('the navigation leads to albums; filters live in the URL, reload the same, and Back undoes them', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Albums' }).click();
    await expect(page).toHaveURL(/\/albums$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Albums' })).toBeVisible();
    await expect(card(page, 'Alps 2025')).toContainText('Alice Martin');
    await expect(card(page, 'Alps 2025')).toContainText(/\d+ photos/);
    await expect(card(page, 'Lisbon weekend')).toBeVisible();
    expect(await seriousViolations(page, '/albums')).toEqual([]);

    const filters = page.getByRole('search', { name: 'Filter albums' });
    await filters.getByLabel('Keywords').fill('hiking');
    await filters.getByLabel('Category').selectOption({ label: 'Nature' });
    await filters.getByLabel('Sort').selectOption({ label: 'Most popular' });
    await filters.getByRole('button', { name: 'Show albums' }).click();
    await expect(page).toHaveURL(/keywords=hiking/);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('popular');
    expect(new URL(page.url()).searchParams.get('category_id')).toMatch(/^\d+$/);
    await expect(albumGrid(page).getByRole('listitem')).toHaveCount(1);
    await expect(card(page, 'Alps 2025')).toBeVisible();

    // The filtered view is a link: a reload shows the same, with the form filled in.
    await page.reload();
    await expect(albumGrid(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('search', { name: 'Filter albums' }).getByLabel('Keywords')).toHaveValue('hiking');
    await expect(page.getByRole('search', { name: 'Filter albums' }).getByLabel('Category')).toHaveValue(/^\d+$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/albums$/);
    await expect(card(page, 'Lisbon weekend')).toBeVisible();

    const none = unique('no album is called');
    await page.goto(`/albums?keywords=${encodeURIComponent(none)}`);
    await expect(page.getByText('No album matches these filters.')).toBeVisible();
  });

  test('"My albums" lists one’s own; a member’s wall links to that member’s albums', async ({ page }) => {
    await signIn(page);
    await page.goto('/albums');
    await page.getByRole('navigation', { name: 'Albums' }).getByRole('link', { name: 'My albums' }).click();
    await expect(page).toHaveURL(/\/albums\/my$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My albums' })).toBeVisible();
    await expect(card(page, 'Lisbon weekend')).toBeVisible();
    await expect(card(page, 'Sunday dinners')).toBeVisible();
    await expect(card(page, 'Alps 2025')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New album' })).toHaveAttribute('href', '/albums/upload');
    expect(await seriousViolations(page, '/albums/my')).toEqual([]);

    // Alice's wall → her albums.
    await page.goto('/albums');
    await card(page, 'Alps 2025').getByRole('link', { name: 'Alice Martin' }).click();
    await page.getByRole('main').getByRole('link', { name: 'Albums', exact: true }).click();
    await expect(page).toHaveURL(/\/albums\?user_id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alice Martin’s albums' })).toBeVisible();
    await expect(card(page, 'Alps 2025')).toBeVisible();
    for (const text of await albumGrid(page).getByRole('listitem').allTextContents()) expect(text).toContain('Alice Martin');

    expect((await page.goto('/albums?user_id=999999'))?.status()).toBe(404);
  });
});

test.describe('an album', () => {
  test('shows its details, its photos lazily with their space reserved, the social layer, and "Add photos" to its owner only', async ({ page }) => {
    await signIn(page);
    await openLisbon(page);
    const albumPath = new URL(page.url()).pathname;
    await expect(page.getByRole('main')).toContainText('Trams, tiles and far too many pastéis de nata.');
    await expect(page.getByRole('main')).toContainText('5 photos');
    const thumbs = photoGrid(page).getByRole('img');
    await expect(thumbs).toHaveCount(5);
    for (const img of await thumbs.all()) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', '240');
      await expect(img).toHaveAttribute('height', '240');
    }
    const id = albumPath.split('/').pop();
    await expect(page.getByRole('link', { name: 'Add photos' })).toHaveAttribute('href', `/albums/upload?album=${id}`);
    // The social layer: a like counts at once and stays after a reload.
    const like = page.getByRole('button', { name: /^Like \d+$/ });
    const before = Number((await like.textContent())!.replace(/\D/g, ''));
    const wasOn = (await like.getAttribute('aria-pressed')) === 'true';
    await like.click();
    await expect(like).toHaveText(`Like ${before + (wasOn ? -1 : 1)}`);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Like \d+$/ })).toHaveText(`Like ${before + (wasOn ? -1 : 1)}`);
    expect(await seriousViolations(page, albumPath)).toEqual([]);

    await page.goto('/albums');
    await card(page, 'Alps 2025').getByRole('link', { name: 'Alps 2025' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alps 2025' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add photos' })).toHaveCount(0);

    for (const path of ['/albums/0', '/albums/abc', '/albums/999999']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
  });

  test('pages its photos with photo_page: no gap and no photo twice', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const path = await makeAlbum(page, unique('Twenty-six'), 26);
    await expect(page.getByRole('main')).toContainText('26 photos');
    const hrefs = async () => photoGrid(page).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const first = await hrefs();
    expect(first).toHaveLength(24);
    await page.getByRole('navigation', { name: 'Pages of photos' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`${path}?photo_page=2`);
    await expect(photoGrid(page).getByRole('link')).toHaveCount(2);
    const second = await hrefs();
    expect(new Set([...first, ...second]).size).toBe(26);
    await expect(page.getByRole('navigation', { name: 'Pages of photos' }).getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Pages of photos' }).getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(path);
    expect(await hrefs()).toEqual(first);
  });
});

test.describe('a photo', () => {
  test('has a page of its own: large, its album, "2 of 5", previous and next by link and arrow keys, the original, the social layer', async ({ page }) => {
    await signIn(page);
    await openLisbon(page);
    const links = await photoGrid(page).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    await page.goto(links[1]!);
    const main = page.getByRole('main');
    await expect(main).toContainText('2 of 5');
    await expect(main.getByRole('link', { name: 'Lisbon weekend' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Download original' })).toHaveAttribute('href', /\/original\./);
    await expect(main.getByRole('button', { name: /^Like \d+$/ })).toBeVisible();
    expect(await seriousViolations(page, links[1]!)).toEqual([]);

    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(links[2]!);
    await expect(main).toContainText('3 of 5');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(links[1]!);
    await expect(main).toContainText('2 of 5');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(links[0]!);
    await expect(main).toContainText('1 of 5');
    await expect(main.getByRole('link', { name: /Previous/ })).toHaveCount(0);
    await main.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(links[1]!);
    // Typing a comment moves no photo.
    await main.getByRole('textbox').first().fill('x');
    await main.getByRole('textbox').first().press('ArrowLeft');
    await expect(page).toHaveURL(links[1]!);

    for (const path of ['/photos/0', '/photos/x1', '/photos/999999']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
  });

  test('a friends-only photo is 404 for someone who may not see it', async ({ page, browser }) => {
    await signIn(page);
    await page.goto('/albums/my');
    await card(page, 'Sunday dinners').getByRole('link', { name: 'Sunday dinners' }).click();
    const photoPath = await photoGrid(page).getByRole('link').first().getAttribute('href');
    const albumPath = new URL(page.url()).pathname;
    // Frank is not the demo user's friend.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, { ...ALICE, email: 'frank@example.com', name: 'Frank Müller' });
    for (const path of [photoPath!, albumPath]) expect((await other.goto(path))?.status(), path).toBe(404);
    await context.close();
  });
});
