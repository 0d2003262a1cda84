import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { axe, serious } from './axe.ts';
import { png } from '../lib/testing/pictures.ts';
import { createMember } from './bff-harness.ts';
import { API_URL, WEB_ORIGIN } from './servers.ts';
import { signIn } from './sign-in.ts';

// Link cards: a web address pasted into the compose box shows the page's card (from the API's
// GET /core/link_preview, which the e2e API may fetch on loopback: LINK_PREVIEW_ALLOW_PRIVATE),
// the card can be removed and comes back when pasted again, and the post carries it into the
// feed. The page's picture reaches the browser through the BFF's image route, never from the
// other site. A member of its own, so that no other spec sees these posts.

const TITLE = 'A quiet lake at dawn';
const DESCRIPTION = 'Mist over still water, and the first light on the hills.';

let site: http.Server;
let origin: string;
/** Requests the other site received for its picture, with the headers they came with. */
const pictureRequests: http.IncomingHttpHeaders[] = [];

test.beforeAll(async () => {
  const picture = png(160, 90);
  site = http.createServer((req, res) => {
    if (req.url === '/lake') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Lake</title>
<meta property="og:title" content="${TITLE}">
<meta property="og:description" content="${DESCRIPTION}">
<meta property="og:image" content="/lake.png"></head><body><p>The lake.</p></body></html>`);
      return;
    }
    if (req.url === '/lake.png') {
      pictureRequests.push(req.headers);
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(picture);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });
const postBox = (page: Page) => composer(page).getByLabel(/What’s on your mind/);
const card = (page: Page) => composer(page).getByRole('group', { name: `Link preview: ${TITLE}` });

/** Pastes text into the compose box as a person does (the clipboard and Ctrl+V). */
async function paste(page: Page, text: string) {
  await postBox(page).focus();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The picture has loaded, from this site's image route. */
async function expectPictureThroughImageRoute(img: ReturnType<Page['locator']>) {
  await expect(img).toHaveAttribute('src', /^\/api\/image\?/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(160);
}

test('a pasted link shows its card, which can be removed, pasted again and posted into the feed', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB_ORIGIN });
  const member = createMember('links');
  await signIn(page, member);
  const url = `${origin}/lake`;

  await postBox(page).fill('Look at this: ');
  await paste(page, url);
  await expect(card(page)).toBeVisible();
  await expect(card(page)).toContainText(DESCRIPTION);
  await expect(card(page)).toContainText(new URL(origin).host);
  await expectPictureThroughImageRoute(card(page).locator('img'));
  expect(serious((await axe(page).include('form').analyze()).violations, 'the compose form')).toEqual([]);

  // Removed: the card goes, the text stays.
  await card(page)
    .getByRole('button', { name: /Remove link preview/ })
    .click();
  await expect(card(page)).toBeHidden();
  await expect(postBox(page)).toHaveValue(`Look at this: ${url}`);

  // Pasted again (the same address): the card is back.
  await postBox(page).fill('Look at this: ');
  await paste(page, url);
  await expect(card(page)).toBeVisible();

  await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(card(page)).toBeHidden();
  const article = page.getByRole('feed').getByRole('article').first();
  const link = article.getByRole('link', { name: new RegExp(TITLE) });
  await expect(link).toHaveAttribute('href', url);
  await expect(link).toContainText(DESCRIPTION);
  await expectPictureThroughImageRoute(link.locator('img'));

  // After a reload the post still carries the card the API stored (attachment uri, title, description, thumb).
  await page.reload();
  const again = page
    .getByRole('feed')
    .getByRole('article')
    .first()
    .getByRole('link', { name: new RegExp(TITLE) });
  await expect(again).toHaveAttribute('href', url);
  await expectPictureThroughImageRoute(again.locator('img'));

  // The other site saw the BFF, never the reader: no cookie, no referrer.
  expect(pictureRequests.length).toBeGreaterThan(0);
  for (const headers of pictureRequests) {
    expect(headers.cookie).toBeUndefined();
    expect(headers.referer).toBeUndefined();
    expect(headers['user-agent']).toContain('SocialImageProxy');
  }
});

test('the image route refuses addresses it did not sign, and pages allow pictures only from this site and the API', async ({ request }) => {
  const forged = await request.get(`/api/image?${new URLSearchParams({ url: `${origin}/lake.png`, sig: 'x'.repeat(32) })}`);
  expect(forged.status()).toBe(404);
  const res = await request.get('/');
  const imgSrc = (res.headers()['content-security-policy'] ?? '').split('; ').find((d) => d.startsWith('img-src '));
  expect(imgSrc?.split(' ').slice(1)).toEqual(["'self'", 'blob:', API_URL]);
});

test('a typed address gets its card after a pause and keeps it in the draft over a reload; a page without a preview says so and posts as text', async ({
  page,
}) => {
  const member = createMember('links');
  await signIn(page, member);
  const url = `${origin}/lake`;

  await postBox(page).pressSequentially(`Typed ${url}`);
  await expect(card(page)).toBeVisible();
  await page.reload();
  await expect(card(page)).toBeVisible();
  await expect(postBox(page)).toHaveValue(`Typed ${url}`);
  await card(page)
    .getByRole('button', { name: /Remove link preview/ })
    .click();
  await expect(card(page)).toBeHidden();

  const missing = `${origin}/no-such-page`;
  await postBox(page).fill('');
  await postBox(page).pressSequentially(`Nothing at ${missing}`);
  await expect(composer(page).getByRole('status').filter({ hasText: 'No preview is available for this link.' })).toBeVisible();
  await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
  const article = page.getByRole('feed').getByRole('article').first();
  await expect(article).toContainText(`Nothing at ${missing}`);
  await expect(article.locator('a.attachment')).toHaveCount(0);
});
