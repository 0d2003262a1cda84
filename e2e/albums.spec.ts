import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolationsAsShown } from './axe.ts';
import { png } from '../lib/testing/pictures.ts';
import { API_URL } from './servers.ts';
import { apiToken } from './api-token.ts';
import { serverActionAnswered } from './server-action.ts';
import { ALICE, signIn } from './sign-in.ts';
import { dragNews, pickUp } from './drag.ts';
import { unique } from './unique.ts';

// Albums and photos as a reader and as an owner: browsing and filtering by URL, an album's
// page with its photos a page at a time, a photo's own page with its neighbours, and managing.
// Signed in as the demo user, whose seeded albums are "Lisbon weekend" (5 photos) and "Sunday
// dinners"; Alice owns "Alps 2025". Other specs share the servers: albums made here have
// titles nobody else uses.

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

const FRANK = { ...ALICE, email: 'frank@example.com', name: 'Frank Müller' };

/** A picture sent in a message by `account`, uploaded straight to the API by a messaging app. */
async function messagePhoto(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<{ photoId: number; albumId: number }> {
  const accessToken = await apiToken(request, account, ['albums']);
  const res = await request.post(`${API_URL}/api/v1/albums/compose_upload`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    multipart: { type: 'message', Filedata: { name: 'sent.png', mimeType: 'image/png', buffer: png(50, 40) } },
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { photo_id: number; album_id: number } };
  return { photoId: data.photo_id, albumId: data.album_id };
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
    expect(await seriousViolationsAsShown(page, '/albums')).toEqual([]);

    const filters = page.getByRole('search', { name: 'Filter albums' });
    await filters.getByLabel('Keywords').fill('hiking');
    await filters.getByLabel('Category').selectOption({ label: 'Nature' });
    await filters.getByLabel('Sort by').selectOption({ label: 'Most viewed' });
    await filters.getByRole('button', { name: 'Search' }).click();
    // The words every list uses (q, category, sort), in their order, without the empty ones.
    await expect(page).toHaveURL(/\/albums\?q=hiking&category=\d+&sort=views$/);
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
    await page.goto(`/albums?q=${encodeURIComponent(none)}`);
    await expect(page.getByText('No albums match these filters.')).toBeVisible();
  });

  test('"My albums" lists one’s own; a member’s profile links to that member’s albums', async ({ page }) => {
    await signIn(page);
    await page.goto('/albums');
    await page.getByRole('navigation', { name: 'Albums' }).getByRole('link', { name: 'My albums' }).click();
    await expect(page).toHaveURL(/\/albums\/my$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My albums' })).toBeVisible();
    await expect(card(page, 'Lisbon weekend')).toBeVisible();
    await expect(card(page, 'Sunday dinners')).toBeVisible();
    await expect(card(page, 'Alps 2025')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New album' })).toHaveAttribute('href', '/albums/upload');
    expect(await seriousViolationsAsShown(page, '/albums/my')).toEqual([]);

    // Alice's profile → her albums (its Albums tab).
    await page.goto('/albums');
    await card(page, 'Alps 2025').getByRole('link', { name: 'Alice Martin' }).click();
    await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Albums', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/\d+\/albums$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alice Martin' })).toBeVisible();
    const hers = page.getByRole('region', { name: 'Alice Martin’s albums' }).getByRole('listitem');
    await expect(hers.filter({ hasText: 'Alps 2025' })).toBeVisible();
    for (const text of await hers.allTextContents()) expect(text).toContain('Alice Martin');

    expect((await page.goto('/albums?user=999999'))?.status()).toBe(404);
  });
});

test.describe('an album', () => {
  test('shows its details, its photos with their space reserved (the first row not lazy), the social layer, and "Add photos" to its owner only', async ({
    page,
  }) => {
    await signIn(page);
    await openLisbon(page);
    const albumPath = new URL(page.url()).pathname;
    await expect(page.getByRole('main')).toContainText('Trams, tiles and far too many pastéis de nata.');
    await expect(page.getByRole('main')).toContainText('5 photos');
    const thumbs = photoGrid(page).getByRole('img');
    await expect(thumbs).toHaveCount(5);
    // Five photos fit in the first row (six across): the page's largest paint, asked for at once.
    for (const img of await thumbs.all()) {
      await expect(img).not.toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', '240');
      await expect(img).toHaveAttribute('height', '240');
    }
    const id = albumPath.split('/').pop();
    await expect(page.getByRole('link', { name: 'Add photos' })).toHaveAttribute('href', `/albums/upload?album=${id}`);
    // The social layer: a like counts at once and stays after a reload.
    const like = page.getByRole('button', { name: /^Like \d+$/ });
    const before = Number((await like.textContent())!.replace(/\D/g, ''));
    const wasOn = (await like.getAttribute('aria-pressed')) === 'true';
    // The count changes at once; the reload waits for the site to have it (the server action's answer).
    const saved = serverActionAnswered(page);
    await like.click();
    await expect(like).toHaveText(`Like ${before + (wasOn ? -1 : 1)}`);
    await saved;
    await page.reload();
    await expect(page.getByRole('button', { name: /^Like \d+$/ })).toHaveText(`Like ${before + (wasOn ? -1 : 1)}`);
    expect(await seriousViolationsAsShown(page, albumPath)).toEqual([]);

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
    const hrefs = async () =>
      photoGrid(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
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
  test('has a page of its own: large, its album, "2 of 5", previous and next by link and arrow keys, the original, the social layer', async ({
    page,
  }) => {
    await signIn(page);
    await openLisbon(page);
    const links = await photoGrid(page)
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    await page.goto(links[1]!);
    const main = page.getByRole('main');
    await expect(main).toContainText('2 of 5');
    await expect(main.getByRole('link', { name: 'Lisbon weekend' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Download original' })).toHaveAttribute('href', /^\/photos\/\d+\/original$/);
    await expect(main.getByRole('button', { name: /^Like \d+$/ })).toBeVisible();
    expect(await seriousViolationsAsShown(page, links[1]!)).toEqual([]);

    // Each arrow loads the photo's page whole; its keys listen once it has loaded (the page's
    // scripts run after its first paint, and `load` waits for them: web-server/scripts-after-paint.ts).
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(links[2]!);
    await expect(main).toContainText('3 of 5');
    await page.waitForLoadState('load');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(links[1]!);
    await expect(main).toContainText('2 of 5');
    await page.waitForLoadState('load');
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
    await signIn(other, FRANK);
    for (const path of [photoPath!, albumPath]) expect((await other.goto(path))?.status(), path).toBe(404);
    await context.close();
  });

  test('a photo sent in a message is linked nowhere public and is 404 for anyone but its owner, who sees it', async ({
    page,
    browser,
    request,
  }) => {
    const { photoId, albumId } = await messagePhoto(request, FRANK);
    await signIn(page);
    for (const path of [`/photos/${photoId}`, `/albums/${albumId}`]) expect((await page.goto(path))?.status(), path).toBe(404);
    await page.goto('/albums?q=Message+Photos');
    await expect(page.getByRole('main')).toContainText('No albums match these filters.');
    await expect(albumGrid(page)).toHaveCount(0);

    // Its owner finds it among their own albums, and its page works.
    const context = await browser.newContext();
    const own = await context.newPage();
    await signIn(own, FRANK);
    await own.goto('/albums/my');
    await card(own, 'Message Photos').getByRole('link', { name: 'Message Photos' }).click();
    await photoGrid(own).getByRole('link').first().click();
    await expect(own).toHaveURL(`/photos/${photoId}`);
    await expect(own.getByRole('dialog')).toBeVisible();
    const res = await own.reload();
    expect(res?.status()).toBe(200);
    const main = own.getByRole('main');
    await expect(main.getByRole('link', { name: 'Message Photos' })).toHaveAttribute('href', `/albums/${albumId}`);
    await expect(main.getByRole('link', { name: 'Download original' })).toBeVisible();
    await context.close();
  });
});

test.describe('managing', () => {
  test('the owner edits an album (errors on the fields, nothing typed lost), sets a cover, edits, moves and deletes a photo, and deletes the album', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page);
    const other = unique('Second home');
    const otherPath = await makeAlbum(page, other, 1);
    const title = unique('Harbour walk');
    const path = await makeAlbum(page, title, 3);
    const main = page.getByRole('main');

    // Edit: an empty title is refused on its field, the description typed stays.
    await main.getByRole('button', { name: 'Edit album' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit album' });
    await edit.getByLabel('Title').fill('');
    await edit.getByLabel('Description (optional)').fill('Boats, ropes and gulls.');
    await edit.getByRole('button', { name: 'Save album' }).click();
    await expect(edit.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(edit.getByLabel('Title')).toHaveAccessibleDescription('Give the album a title.');
    await expect(edit.getByLabel('Description (optional)')).toHaveValue('Boats, ropes and gulls.');
    expect(await seriousViolationsAsShown(page, 'edit album')).toEqual([]);
    const renamed = `${title} (edited)`;
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByLabel('Category').selectOption({ label: 'Travel' });
    await edit.getByRole('button', { name: 'Save album' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(main).toContainText('Boats, ropes and gulls.');
    await expect(main.getByRole('link', { name: 'Category: Travel' })).toBeVisible();
    // Opened again, the form shows every setting as it is now (no "Keep as it is").
    await main.getByRole('button', { name: 'Edit album' }).click();
    await expect(edit.getByLabel('Category').locator('option:checked')).toHaveText('Travel');
    await expect(edit.getByLabel('Who can see it').locator('option:checked')).toHaveText('Everyone');
    await expect(edit.getByLabel('Show in searches').locator('option:checked')).toHaveText(/^Show in searches/);
    await expect(edit.getByRole('option', { name: 'Keep as it is' })).toHaveCount(0);
    await edit.getByLabel('Who can see it').selectOption({ label: 'Friends only' });
    await edit.getByRole('button', { name: 'Save album' }).click();
    await expect(edit).toBeHidden();
    await page.reload();
    await main.getByRole('button', { name: 'Edit album' }).click();
    await expect(edit.getByLabel('Who can see it').locator('option:checked')).toHaveText('Friends only');
    await expect(edit.getByLabel('Category').locator('option:checked')).toHaveText('Travel');
    await edit.getByLabel('Who can see it').selectOption({ label: 'Everyone' });
    await edit.getByRole('button', { name: 'Save album' }).click();
    await expect(edit).toBeHidden();
    // The category took: the Travel filter finds it.
    await page.goto('/albums/my');
    const travel = await page
      .getByRole('search', { name: 'Filter albums' })
      .getByLabel('Category')
      .locator('option', { hasText: 'Travel' })
      .getAttribute('value');
    await page.goto(`/albums/my?q=${encodeURIComponent(renamed)}&category=${travel}`);
    await expect(card(page, renamed)).toBeVisible();

    // The second photo becomes the cover.
    await page.goto(path);
    const thumbs = await photoGrid(page)
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    const photoLinks = await photoGrid(page)
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    await page.goto(photoLinks[1]!);
    await main.getByRole('button', { name: 'Set as album cover' }).click();
    await expect(main).toContainText('This photo is now the album’s cover.');
    await page.goto(`/albums/my?q=${encodeURIComponent(renamed)}`);
    await expect(card(page, renamed).locator('img')).toHaveAttribute('src', thumbs[1]!);

    // Title and caption.
    await page.goto(photoLinks[1]!);
    await main.getByRole('button', { name: 'Edit title and caption' }).click();
    const editPhoto = page.getByRole('dialog', { name: 'Edit photo' });
    await editPhoto.getByLabel('Title').fill('Gulls on the pier');
    await editPhoto.getByLabel('Caption').fill('Morning, low tide.');
    await editPhoto.getByRole('button', { name: 'Save photo' }).click();
    await expect(editPhoto).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Gulls on the pier' })).toBeVisible();
    await expect(main).toContainText('Morning, low tide.');

    // Move the third photo to the other album.
    await page.goto(photoLinks[2]!);
    await main.getByRole('button', { name: 'Move to another album' }).click();
    const move = page.getByRole('dialog', { name: 'Move photo' });
    await move.getByLabel('Move to').selectOption({ label: other });
    await move.getByRole('button', { name: 'Move photo' }).click();
    await expect(move).toBeHidden();
    await expect(main.getByRole('link', { name: other })).toBeVisible();
    // A moved photo goes to the end of its new album.
    await expect(main).toContainText('2 of 2');
    await page.goto(otherPath);
    await expect(main).toContainText('2 photos');
    await expect(photoGrid(page).getByRole('link', { name: /Photo \d/ })).toHaveCount(2);

    // Delete the first photo: the dialog names it.
    await page.goto(photoLinks[0]!);
    await main.getByRole('button', { name: 'Delete photo' }).click();
    const confirmPhoto = page.getByRole('dialog', { name: /^Delete “Photo 1”\?$/ });
    await expect(confirmPhoto).toContainText(`leaves “${renamed}” for good`);
    await confirmPhoto.getByRole('button', { name: 'Delete photo' }).click();
    await expect(page).toHaveURL(path);
    await expect(main).toContainText('1 photo');
    expect((await page.goto(photoLinks[0]!))?.status()).toBe(404);

    // Delete the album: the dialog says what goes with it.
    await page.goto(path);
    await main.getByRole('button', { name: 'Delete album' }).click();
    const confirmAlbum = page.getByRole('dialog', { name: `Delete the album “${renamed}”?` });
    await expect(confirmAlbum).toContainText('The album and its photo are deleted for good, with their likes, comments and tags.');
    expect(await seriousViolationsAsShown(page, 'delete album')).toEqual([]);
    await confirmAlbum.getByRole('button', { name: 'Delete album' }).click();
    await expect(page).toHaveURL(/\/albums\/my$/);
    await expect(card(page, renamed)).toHaveCount(0);
    expect((await page.goto(path))?.status()).toBe(404);
  });

  test('what the flags forbid is not offered', async ({ page }) => {
    await signIn(page);
    await page.goto('/albums');
    await card(page, 'Alps 2025').getByRole('link', { name: 'Alps 2025' }).click();
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { level: 1, name: 'Alps 2025' })).toBeVisible();
    for (const name of ['Edit album', 'Delete album', 'Add photos'])
      await expect(main.getByRole('button', { name }).or(main.getByRole('link', { name }))).toHaveCount(0);
    await photoGrid(page).getByRole('link').first().click();
    await expect(main).toContainText('1 of 5');
    for (const name of ['Set as album cover', 'Edit title and caption', 'Move to another album', 'Delete photo'])
      await expect(main.getByRole('button', { name })).toHaveCount(0);
  });
});

test.describe('the photo viewer', () => {
  test('opens over the grid; arrow keys move and the URL follows; Escape goes back to the grid at the same scroll with focus on the thumbnail; a reload is the full page', async ({
    page,
  }) => {
    await signIn(page);
    await page.setViewportSize({ width: 1000, height: 500 });
    await openLisbon(page);
    const albumUrl = page.url();
    const links = await photoGrid(page)
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    await page.evaluate(() => window.scrollTo(0, 200));
    // Where the grid is scrolled when the photo is clicked (the click brings the thumbnail into view).
    await photoGrid(page).getByRole('link').nth(1).scrollIntoViewIfNeeded();
    const scroll = await page.evaluate(() => window.scrollY);
    expect(scroll).toBeGreaterThan(0);

    // Which original pictures the browser asks for.
    const originals = new Set<string>();
    page.on('request', (req) => {
      if (/\/original\.\w+$/.test(req.url())) originals.add(req.url());
    });
    await photoGrid(page).getByRole('link').nth(1).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
    // Named by the photo's title, its heading.
    const title = await viewer.getByRole('heading', { level: 1 }).textContent();
    await expect(viewer).toHaveAccessibleName(title!);
    await expect(page).toHaveURL(links[1]!);
    await expect(viewer).toContainText('2 of 5');
    // The grid is still there beneath.
    await expect(page.getByRole('heading', { level: 1, name: 'Lisbon weekend', includeHidden: true })).toBeAttached();
    expect(await seriousViolationsAsShown(page, 'viewer')).toEqual([]);

    // The neighbours' pictures are loaded before they are shown.
    await expect.poll(() => originals.size).toBe(3);
    const preloaded = new Set(originals);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(links[2]!);
    await expect(page.getByRole('dialog')).toContainText('3 of 5');
    expect(preloaded.has((await page.getByRole('dialog').locator('img[src*="/original."]').first().getAttribute('src'))!)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(links[3]!);
    await expect(page.getByRole('dialog')).toContainText('4 of 5');

    // Focus stays inside: Tab goes round the viewer's controls.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(albumUrl);
    expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
    await expect(photoGrid(page).getByRole('link').nth(3)).toBeFocused();

    // Back closes the viewer as Escape does (moving inside it replaced the URL).
    await photoGrid(page).getByRole('link').nth(2).click();
    await expect(page.getByRole('dialog')).toContainText('3 of 5');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(links[1]!);
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(albumUrl);

    // Back to a photo in the viewer, then a reload: the full page, no dialog.
    await photoGrid(page).getByRole('link').first().click();
    await expect(page.getByRole('dialog')).toContainText('1 of 5');
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('1 of 5');
    await expect(page.getByRole('main').getByRole('link', { name: 'Lisbon weekend' })).toBeVisible();
    // On the full page the arrows move the page itself.
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(links[1]!);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('reordering', () => {
  test('the owner reorders an album with the keyboard, and the album keeps that order', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const path = await makeAlbum(page, unique('Reordered'), 3);
    const hrefs = () =>
      photoGrid(page)
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const before = await hrefs();
    expect(before).toHaveLength(3);

    await page.getByRole('button', { name: 'Reorder photos' }).click();
    const list = page.getByRole('list', { name: 'Photos of the album, in order' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await pickUp(page, list.getByRole('button', { name: 'Move Photo 3 (position 3 of 3)' }), 'Picked up Photo 3, at position 3 of 3.');
    await page.keyboard.press('ArrowLeft');
    await expect(dragNews(page, 'Photo 3 moved to position 2 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(dragNews(page, 'Photo 3 moved to position 1 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(list.getByRole('button', { name: 'Move Photo 3 (position 1 of 3)' })).toBeFocused();
    expect(await seriousViolationsAsShown(page, 'reorder')).toEqual([]);
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(list).toHaveCount(0);

    const expected = [before[2], before[0], before[1]];
    await expect.poll(hrefs).toEqual(expected);
    await page.goto(path);
    expect(await hrefs()).toEqual(expected);
    // The photo pages follow the album's order.
    await page.goto(before[2]!);
    await expect(page.getByRole('main')).toContainText('1 of 3');
  });
});

test.describe('reordering a large album', () => {
  test('an album of more photos than one page of the API holds is reordered whole', async ({ page, request }) => {
    test.setTimeout(150_000);
    // 53 photos, put into an album straight through the API (the "Add photos" page would take minutes).
    const token = await apiToken(request, ALICE, ['albums']);
    const auth = { Authorization: `Bearer ${token}` };
    const ids: number[] = [];
    for (let i = 0; i < 53; i += 1) {
      const up = await request.post(`${API_URL}/api/v1/albums/photo_upload`, {
        headers: auth,
        multipart: { Filedata: { name: `p${i}.png`, mimeType: 'image/png', buffer: png(20 + i, 12) } },
      });
      expect(up.status()).toBe(200);
      ids.push(((await up.json()) as { data: { photo_id: number } }).data.photo_id);
    }
    const made = await request.post(`${API_URL}/api/v1/albums/upload`, {
      headers: auth,
      form: { photo_ids: ids.join(','), 'album[title]': unique('Fifty-three') },
    });
    expect(made.status()).toBe(200);
    const albumId = ((await made.json()) as { data: { album_id: number } }).data.album_id;
    const order = async () => {
      const pages = await Promise.all(
        [1, 2].map((p) =>
          request.get(`${API_URL}/api/v1/albums/${albumId}`, {
            headers: auth,
            params: { fields: 'photos', photo_limit: 50, photo_page: p },
          }),
        ),
      );
      return (await Promise.all(pages.map((r) => r.json()))).flatMap((b: { data: { photos: Array<{ id: number }> } }) =>
        b.data.photos.map((x) => x.id),
      );
    };
    expect(await order()).toEqual(ids);

    await signIn(page, ALICE);
    await page.goto(`/albums/${albumId}`);
    await page.getByRole('button', { name: 'Reorder photos' }).click();
    const list = page.getByRole('list', { name: 'Photos of the album, in order' });
    await expect(list.getByRole('listitem')).toHaveCount(53);
    // The last photo (on the album's third page of the site) moves one place up.
    await pickUp(
      page,
      list.getByRole('button', { name: 'Move Photo 53 (position 53 of 53)' }),
      'Picked up Photo 53, at position 53 of 53.',
    );
    await page.keyboard.press('ArrowLeft');
    await expect(dragNews(page, 'Photo 53 moved to position 52 of 53.')).toBeAttached();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(list).toHaveCount(0);
    await expect.poll(order).toEqual([...ids.slice(0, 51), ids[52], ids[51]]);
  });
});

test.describe('moving a photo among many albums', () => {
  test('a member with more albums than one page of the API finds the oldest by typing and moves a photo into it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Henry, whom no other spec uses, gets 54 albums straight through the API: private, so
    // that nobody else's lists change. The photo is in the newest; the oldest is made first.
    const henry = { email: 'henry@example.com', password: ALICE.password, name: 'Henry Ito' };
    const auth = { Authorization: `Bearer ${await apiToken(request, henry, ['albums'])}` };
    const makeAlbumOf = async (title: string, photoIds: number[] = []) => {
      const made = await request.post(`${API_URL}/api/v1/albums/upload`, {
        headers: auth,
        form: {
          'album[title]': title,
          'album[auth_view]': 'owner',
          'album[allow_search]': 0,
          ...(photoIds.length ? { photo_ids: photoIds.join(',') } : {}),
        },
      });
      expect(made.status()).toBe(200);
      return ((await made.json()) as { data: { album_id: number } }).data.album_id;
    };
    const oldestTitle = unique('The very first album');
    const oldest = await makeAlbumOf(oldestTitle);
    for (let i = 2; i <= 53; i += 1) await makeAlbumOf(unique(`Album ${i}`));
    const up = await request.post(`${API_URL}/api/v1/albums/photo_upload`, {
      headers: auth,
      multipart: { Filedata: { name: 'move-me.png', mimeType: 'image/png', buffer: png(33, 21) } },
    });
    expect(up.status()).toBe(200);
    const photoId = ((await up.json()) as { data: { photo_id: number } }).data.photo_id;
    await makeAlbumOf(unique('The newest album'), [photoId]);

    await signIn(page, henry);
    await page.goto(`/photos/${photoId}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Move to another album' }).click();
    const move = page.getByRole('dialog', { name: 'Move photo' });
    const choice = move.getByLabel('Move to');
    // Every other album is offered (and the first choice, "Choose an album").
    await expect(choice.locator('option')).toHaveCount(54);
    expect(await seriousViolationsAsShown(page, 'move dialog')).toEqual([]);

    await move.getByLabel('Find an album').fill('very first');
    await expect(move).toContainText('1 album matches.');
    await expect(choice.locator('option')).toHaveCount(2);
    // The one album the words match is chosen; Enter moves the photo there.
    await expect(choice).toHaveValue(String(oldest));
    await move.getByLabel('Find an album').press('Enter');
    await expect(move).toBeHidden();
    await expect(main.getByRole('link', { name: oldestTitle })).toBeVisible();
    const moved = await request.get(`${API_URL}/api/v1/albums/photos/${photoId}`, { headers: auth, params: { fields: 'album' } });
    expect(((await moved.json()) as { data: { album: { id: number } } }).data.album.id).toBe(oldest);
  });
});

test.describe('accessibility', () => {
  // seriousViolations judges each page in the light and the dark theme.
  test('albums, an album, a photo and the viewer have no serious axe violations, light or dark', async ({ page }) => {
    await signIn(page);
    const problems: string[] = [];
    await page.goto('/albums');
    problems.push(...(await seriousViolationsAsShown(page, '/albums')));
    await openLisbon(page);
    // A client-side navigation: the page's title follows its content.
    await expect(page).toHaveTitle(/Lisbon weekend/);
    problems.push(...(await seriousViolationsAsShown(page, 'album')));
    await photoGrid(page).getByRole('link').first().click();
    await expect(page.getByRole('dialog')).toContainText('1 of 5');
    problems.push(...(await seriousViolationsAsShown(page, 'viewer')));
    await page.reload();
    await expect(page.getByRole('main')).toContainText('1 of 5');
    problems.push(...(await seriousViolationsAsShown(page, 'photo')));
    expect(problems).toEqual([]);
  });
});
