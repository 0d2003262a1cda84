import { expect, test, type Locator, type Page } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { seriousViolations } from './axe.ts';
import { serverActionAnswered } from './server-action.ts';
import { ALICE, signIn } from './sign-in.ts';
import { unique } from './unique.ts';

// A photo in the activity feed opens the photo viewer over the feed (the same URL as the
// photo's page, app/(site)/@modal/(.)photos/[id]); a photo followed from elsewhere (a
// notification, the photo's own page) is the full page. Signed in as the demo user; other specs
// post to the same feed at the same time, so every post here is found by words nobody else writes.

const feed = (page: Page) => page.getByRole('feed', { name: 'Your feed' });
const articles = (page: Page) => feed(page).getByRole('article');
const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });

/** Posts a photo with `text` from the compose box (it goes into the poster's "Wall Photos" album, after the ones before). */
async function postPhoto(page: Page, text: string, width: number): Promise<void> {
  await composer(page)
    .getByLabel('Add a photo')
    .setInputFiles({ name: `${width}.png`, mimeType: 'image/png', buffer: png(width, 200) });
  await expect(composer(page).getByRole('img', { name: `Photo to post: ${width}.png` })).toBeVisible();
  await composer(page)
    .getByLabel(/What’s on your mind/)
    .fill(text);
  // Its description is the picture's alt, and so the name of the link around it.
  await composer(page)
    .getByLabel(/^Description/)
    .fill(`Photo of ${text}`);
  await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(articles(page).filter({ hasText: text })).toHaveCount(1);
}

/** The photo link of the post that says `text`. */
const photoLink = (page: Page, text: string): Locator =>
  articles(page)
    .filter({ hasText: text })
    .getByRole('link', { name: `Photo of ${text}`, exact: true });

const position = async (viewer: Locator) => Number((await viewer.getByText(/\d+ of \d+$/).textContent())!.match(/(\d+) of/)![1]);

test('a photo in the feed opens the viewer over the feed: arrows move through its album, Escape and Back return to the feed as it was, a reload is the full page', async ({
  page,
}) => {
  // Two posts, a second page of the feed, axe and a dozen steps through the viewer.
  test.setTimeout(90_000);
  await signIn(page);
  const older = unique('Harbour at noon');
  const newer = unique('Harbour at dusk');
  await postPhoto(page, older, 300);
  await postPhoto(page, newer, 320);

  // The feed loaded afresh, with a page of older posts loaded too (state only the client holds).
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto('/');
  // The button at the end, by keyboard: reaching it also starts the scroll's own load, which
  // replaces the button while it runs (a click would chase it down the page to the feed's end).
  await page.getByRole('button', { name: 'Load older posts' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => articles(page).count()).toBeGreaterThanOrEqual(30);
  // Counted once no load of older posts runs: the scroll's own may still be answering (the feed is busy).
  await expect(feed(page)).toHaveAttribute('aria-busy', 'false');
  const loaded = await articles(page).count();

  const link = photoLink(page, older);
  const photoHref = (await link.getAttribute('href'))!;
  expect(photoHref).toMatch(/^\/photos\/\d+$/);
  await link.scrollIntoViewIfNeeded();
  const scroll = await page.evaluate(() => window.scrollY);
  expect(scroll).toBeGreaterThan(0);

  const originals = new Set<string>();
  page.on('request', (req) => {
    if (/\/original\.\w+$/.test(req.url())) originals.add(req.url());
  });
  await link.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(photoHref);
  expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
  // The photo, its album and its place in it; the feed is still there beneath.
  await expect(viewer.getByRole('link', { name: 'Wall Photos' })).toBeVisible();
  await expect(viewer.getByText(/\d+ of \d+$/)).toBeVisible();
  const at = await position(viewer);
  await expect(feed(page)).toBeAttached();
  expect(await seriousViolations(page, 'viewer over the feed')).toEqual([]);

  // The next photo of the album (the newer post's, or one posted meanwhile): preloaded, and the arrow moves there.
  const nextHref = (await viewer.getByRole('link', { name: 'Next →' }).getAttribute('href'))!;
  await expect.poll(() => originals.size).toBeGreaterThanOrEqual(2);
  const preloaded = new Set(originals);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(nextHref);
  await expect(viewer).toContainText(`${at + 1} of `);
  expect(preloaded.has((await viewer.locator('img[src*="/original."]').first().getAttribute('src'))!)).toBe(true);

  // Focus stays inside.
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  }

  // Escape: back on the feed, where it was, with everything loaded still there, and the focus
  // on the link of the photo last shown.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => window.scrollY)).toBe(scroll);
  await expect(articles(page)).toHaveCount(loaded);
  await expect(feed(page).locator(`a[href="${nextHref}"]`).first()).toBeFocused();

  // Opened again and moved: Back closes it as Escape does (moving replaced the URL).
  await link.click();
  await expect(page.getByRole('dialog')).toContainText(`${at} of `);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(nextHref);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL('/');
  await expect(articles(page)).toHaveCount(loaded);

  // The newer post's photo, then a reload: the photo's full page, no dialog.
  await photoLink(page, newer).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Wall Photos' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/\d+ of \d+$/)).toBeVisible();
});

test('a link followed from inside the viewer leaves no viewer over the next page', async ({ page }) => {
  await signIn(page);
  const text = unique('Pier at night');
  await postPhoto(page, text, 280);
  await photoLink(page, text).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await viewer.getByRole('link', { name: 'Wall Photos' }).click();
  await expect(page).toHaveURL(/\/albums\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wall Photos' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a photo on a member’s wall opens the viewer too; one followed from a page that is no feed or album is the full page', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const text = unique('Lighthouse');
  await postPhoto(page, unique('Lighthouse at noon'), 250);
  await postPhoto(page, text, 260);
  const href = (await photoLink(page, text).getAttribute('href'))!;

  // The wall: the same cards, the same viewer.
  await articles(page).filter({ hasText: text }).getByRole('link', { name: 'Demo User' }).first().click();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  const wallLink = page
    .getByRole('feed')
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('link', { name: `Photo of ${text}`, exact: true });
  await wallLink.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(href);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(wallLink).toBeFocused();

  // Alice likes the photo, in her own browser; the notification of it leads to the full page.
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  await signIn(alice, ALICE, href);
  // The like shows at once; closing her browser while it is on its way could cancel it (a CI run
  // of f94f36b had no notification): wait for the site's answer first.
  const liked = serverActionAnswered(alice);
  await alice.getByRole('main').getByRole('button', { name: /^Like/ }).first().click();
  await expect(alice.getByRole('main').getByRole('button', { name: /^Like/, pressed: true }).first()).toBeVisible();
  await liked;
  await aliceContext.close();
  await page.goto('/notifications');
  await page.getByRole('main').locator(`a[href="${href}"]`).filter({ hasText: 'Alice Martin' }).first().click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('main').getByText(/\d+ of \d+$/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL('/notifications');

  // The photo's own page (a reload of the viewer's URL): its arrows move to the previous photo's
  // full page, not to a viewer over this one.
  await page.goto(href);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(page).not.toHaveURL(href);
  await expect(page.getByRole('main').getByRole('link', { name: 'Wall Photos' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
