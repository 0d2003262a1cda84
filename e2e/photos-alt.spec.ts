import { expect, test, type Page, type Route } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { seriousViolations } from './axe.ts';
import { layoutShift, watchLayoutShift } from './layout-shift.ts';
import { signIn } from './sign-in.ts';
import { unique } from './unique.ts';

// Photos everyone can see (issue 23, "Photos"): a description written beside a photo being
// posted is its alt text in the feed and the viewer and readable by everyone from its "ALT"; a
// gentle reminder, which a person can turn off, when there is none; and pages whose pictures
// arrive late do not move. Signed in as the demo user; other specs post to the same feed at the
// same time, so every post here is found by words nobody else writes.

const feed = (page: Page) => page.getByRole('feed', { name: 'Your feed' });
const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });

async function addPhoto(page: Page, text: string, width = 320, height = 200): Promise<void> {
  await composer(page)
    .getByLabel('Add a photo')
    .setInputFiles({ name: `${width}.png`, mimeType: 'image/png', buffer: png(width, height) });
  await expect(composer(page).getByRole('img', { name: `Photo to post: ${width}.png` })).toBeVisible();
  await composer(page)
    .getByLabel(/What’s on your mind/)
    .fill(text);
}

const post = (page: Page) => composer(page).getByRole('button', { name: 'Post', exact: true }).click();
const article = (page: Page, text: string) => feed(page).getByRole('article').filter({ hasText: text });

test('a description written beside a photo in the compose box is its alt in the feed and in the viewer, and everyone can read it from its ALT', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const text = unique('Lighthouse');
  const description = unique('A white lighthouse on black rocks under a grey sky');
  await addPhoto(page, text);
  await composer(page)
    .getByLabel(/Description/)
    .fill(description);
  expect(await seriousViolations(page, 'compose box with a photo and its description')).toEqual([]);
  await post(page);
  await expect(article(page, text)).toHaveCount(1);
  const img = article(page, text).getByRole('img', { name: description });
  await expect(img).toBeVisible();
  // The box was reserved from the photo's size: its ratio is the picture's (320 × 200).
  expect(await img.getAttribute('width')).toBe('320');
  expect(await img.getAttribute('height')).toBe('200');

  // The ALT badge, by keyboard: it shows the description, and hides it again.
  const alt = article(page, text).getByRole('button', { name: /photo’s description/ });
  await alt.focus();
  await page.keyboard.press('Enter');
  await expect(alt).toHaveAttribute('aria-expanded', 'true');
  await expect(article(page, text).getByText(description, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(alt).toHaveAttribute('aria-expanded', 'false');
  expect(await seriousViolations(page, 'feed with a described photo')).toEqual([]);

  // The viewer over the feed, and the photo's own page.
  await article(page, text).getByRole('link', { name: description }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: description })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByRole('img', { name: description })).toBeVisible();
});

test('posting a photo without a description reminds gently; "Post anyway" posts, and turned off it does not come again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  const first = unique('Undescribed');
  await addPhoto(page, first);
  await post(page);
  const reminder = page.getByRole('group', { name: /Add a description so everyone can see your photo/ });
  await expect(reminder).toBeVisible();
  await expect(reminder).toBeFocused();
  expect(await seriousViolations(page, 'compose box reminding')).toEqual([]);
  // "Add description" goes back to its field; nothing is posted.
  await reminder.getByRole('button', { name: 'Add description' }).click();
  await expect(reminder).toHaveCount(0);
  await expect(composer(page).getByLabel(/Description/)).toBeFocused();
  await expect(article(page, first)).toHaveCount(0);
  // Pressing Post again reminds again; "Post anyway" posts, with the photo's title as its alt.
  await post(page);
  await reminder.getByRole('button', { name: 'Post anyway' }).click();
  await expect(article(page, first)).toHaveCount(1);
  await expect(article(page, first).getByRole('button', { name: /photo’s description/ })).toHaveCount(0);

  const second = unique('Undescribed again');
  await addPhoto(page, second);
  await post(page);
  await reminder.getByRole('button', { name: /don’t remind me again/ }).click();
  await expect(article(page, second)).toHaveCount(1);

  // Off for good in this browser: the next one posts at once, after a reload too.
  await page.reload();
  const third = unique('Undescribed, no reminder');
  await addPhoto(page, third);
  await post(page);
  await expect(article(page, third)).toHaveCount(1);
  await expect(reminder).toHaveCount(0);
});

/**
 * The layout shifts of a page while its pictures arrive 1.5 s late (a slow connection): every
 * picture of the API's and of the image route is held back, and a PerformanceObserver in the
 * page sums the shifts not caused by input, until every picture has come.
 */
async function shiftWhilePicturesLoadLate(page: Page, path: string): Promise<number> {
  await watchLayoutShift(page);
  const held = new Set<string>();
  await page.route(/\/files\/img\/|\/api\/image\?/, async (route) => {
    held.add(route.request().url());
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue().catch(() => undefined);
  });
  await page.goto(path);
  // Every picture in view has arrived (lazy ones below the fold are not asked for).
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((i) => i.getBoundingClientRect().top < innerHeight && i.getBoundingClientRect().bottom > 0)
          .every((i) => i.complete),
      ),
    )
    .toBe(true);
  expect(held.size).toBeGreaterThan(0);
  await page.unroute(/\/files\/img\/|\/api\/image\?/);
  return layoutShift(page);
}

/** The first link of `list` to an item page (`/kind/{id}`) whose card shows a picture. */
async function itemWithPicture(page: Page, list: string, kind: string): Promise<string> {
  await page.goto(list);
  const href = await page.evaluate((k) => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>(`main a[href^="/${k}/"]`)];
    const withPicture = links.find(
      (a) => /^\/[a-z]+\/\d+$/.test(a.getAttribute('href')!) && a.closest('li, article')?.querySelector('img'),
    );
    return withPicture?.getAttribute('href') ?? null;
  }, kind);
  expect(href, `an item with a picture on ${list}`).toBeTruthy();
  return href!;
}

test('no page moves while its pictures arrive late: the feed, a wall, an album, a listing, an event', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  // A described photo at the top of the feed, so that the feed's first screen holds a photo.
  const text = unique('Pier at low tide');
  await addPhoto(page, text, 900);
  await composer(page)
    .getByLabel(/Description/)
    .fill('Wooden posts in wet sand');
  await post(page);
  await expect(article(page, text)).toHaveCount(1);
  const wall = (await page.getByRole('link', { name: 'Your wall' }).first().getAttribute('href'))!;
  expect(wall).toMatch(/^\/users\/\d+$/);
  const album = await itemWithPicture(page, '/albums/my', 'albums');
  const listing = await itemWithPicture(page, '/listings', 'listings');
  const event = await itemWithPicture(page, '/events', 'events');
  const pages = ['/', wall, album, listing, event];
  for (const path of pages) {
    expect(await shiftWhilePicturesLoadLate(page, path), `layout shift of ${path}`).toBeLessThanOrEqual(0.01);
  }
});

test('"Add photos": each photo has its description beside it, saved with it and its alt in the viewer', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/albums/upload');
  const names = ['dune.png', 'gull.png', 'kite.png'];
  await page
    .getByLabel(/^Choose (more )?photos$/)
    .setInputFiles(names.map((name, i) => ({ name, mimeType: 'image/png', buffer: png(300 + i * 10, 240) })));
  const list = page.getByRole('list', { name: 'Photos to add, in order' });
  const descriptions = names.map((n) => unique(`A photo of a ${n.replace('.png', '')}`));
  for (const [i, name] of names.entries()) {
    await list
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByLabel(/Description/)
      .fill(descriptions[i]!);
  }
  for (const name of names) await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText('Uploaded');
  expect(await seriousViolations(page, '"Add photos" with descriptions')).toEqual([]);
  await page.getByLabel('Title').fill(unique('Beach day'));
  await page.getByRole('button', { name: 'Create album' }).click();
  await page.waitForURL(/\/albums\/\d+$/);
  // The album's grid names each thumbnail by its description, in order.
  const grid = page.getByRole('list', { name: /^Photos of / });
  for (const [i, description] of descriptions.entries())
    await expect(grid.getByRole('listitem').nth(i).getByRole('link', { name: description, exact: true })).toBeVisible();
  // Each photo's own page: its description is its alt.
  const links = page.getByRole('main').locator('a[href^="/photos/"]');
  await expect(links).toHaveCount(3);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const [i, href] of hrefs.entries()) {
    await page.goto(href);
    await expect(page.getByRole('main').getByRole('img', { name: descriptions[i] })).toBeVisible();
  }
});

test('"Add photos": a description being typed as the list becomes sortable keeps its focus and every key', async ({ page }) => {
  await signIn(page);
  await page.goto('/albums/upload');
  // The sortable list's script is held back until the description is being typed, as on a slow connection.
  const held: Route[] = [];
  let hold = true;
  await page.route('**/_next/static/chunks/**', (route) => (hold ? void held.push(route) : route.continue()));
  await page.getByLabel(/^Choose (more )?photos$/).setInputFiles({ name: 'gull.png', mimeType: 'image/png', buffer: png(300, 240) });
  const row = page.getByRole('list', { name: 'Photos to add, in order' }).getByRole('listitem').filter({ hasText: 'gull.png' });
  const handle = page.getByRole('button', { name: /^Move gull\.png/ });
  const field = row.getByLabel(/Description/);
  await field.click();
  await page.keyboard.type('A gull');
  await expect(handle).toHaveCount(0);
  expect(held.length, 'the sortable list’s script was asked for and held').toBeGreaterThan(0);
  hold = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(handle).toBeVisible();
  await expect(field).toBeFocused();
  await page.keyboard.type(' on a post');
  await expect(field).toHaveValue('A gull on a post');
});

test('the viewer zooms to the real pixels by keyboard and pans with the arrows, and "Download original" gives the original file', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signIn(page);
  // A photo larger than the viewer's box (1600 × 1200 in a box about 500 px high): at its real pixels it overhangs, and pans.
  const text = unique('Harbour wall, large');
  await addPhoto(page, text, 1600, 1200);
  await composer(page)
    .getByLabel(/Description/)
    .fill('Stones of a harbour wall');
  await post(page);
  const href = (await article(page, text).getByRole('link', { name: 'Stones of a harbour wall' }).getAttribute('href'))!;
  await page.goto(href);
  const at = page.url();
  const zoomBox = page.locator('[data-zoom]');
  const picture = zoomBox.locator('img[src*="/original."]');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  const transform = () => zoomBox.locator('> div').evaluate((d: HTMLElement) => d.style.transform);

  await page.keyboard.press('+');
  await expect(zoomBox).not.toHaveAttribute('data-zoom', '1');
  await expect(page.getByRole('button', { name: 'Fit to screen' })).toHaveAttribute('aria-pressed', 'true');
  const zoomedAt = await transform();
  // Zoomed, the arrows move the picture, not to another photo.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(transform).not.toBe(zoomedAt);
  expect(page.url()).toBe(at);
  expect(await seriousViolations(page, 'photo zoomed')).toEqual([]);
  await page.keyboard.press('-');
  await expect(zoomBox).toHaveAttribute('data-zoom', '1');
  await expect(page.getByRole('button', { name: 'Real size' })).toHaveAttribute('aria-pressed', 'false');

  // "Download original": the file the API keeps, byte for byte, as an attachment.
  const src = (await picture.getAttribute('src'))!;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download original' }).click()]);
  const fs = await import('node:fs/promises');
  const got = await fs.readFile((await download.path())!);
  const original = await (await request.get(src)).body();
  expect(got.equals(original)).toBe(true);
  expect(download.suggestedFilename()).toMatch(/\.(jpg|png|gif|webp)$/);
});
