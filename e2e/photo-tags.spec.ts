import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolationsAsShown } from './axe.ts';
import { png } from '../lib/testing/pictures.ts';
import { API_URL, WEB_CLIENT } from './servers.ts';
import { ALICE, signIn } from './sign-in.ts';

// Tagging people on photos, as the demo user on a photo of their own (an 800 × 600 picture
// shown smaller): drawing a box and picking a friend, doing it all with the keyboard with a
// typed name, the boxes shown on focus, removing a tag. What was saved is read back through
// the API, in the original picture's pixels.

const WIDTH = 800;
const HEIGHT = 600;

/**
 * A new album of two photos through "Add photos" (an 800 × 600 one first, so that it has a next
 * photo the arrow keys could move to); opens that first photo's own page.
 */
async function openNewPhoto(page: Page): Promise<number> {
  await page.goto('/albums/upload');
  await page.getByLabel(/^Choose (more )?photos$/).setInputFiles([
    { name: 'lake.png', mimeType: 'image/png', buffer: png(WIDTH, HEIGHT) },
    { name: 'hills.png', mimeType: 'image/png', buffer: png(400, 300) },
  ]);
  await expect(
    page.getByRole('list', { name: 'Photos to add, in order' }).getByRole('listitem').filter({ hasText: 'Uploaded' }),
  ).toHaveCount(2, { timeout: 60_000 });
  await page.getByLabel('Title').fill(`Tagging ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  await page.getByRole('button', { name: 'Create album' }).click();
  await page.waitForURL(/\/albums\/\d+$/);
  const href = await page
    .getByRole('list', { name: /^Photos of / })
    .getByRole('link')
    .first()
    .getAttribute('href');
  await page.goto(href!);
  await expect(page.getByRole('heading', { level: 2, name: 'In this photo:' })).toBeVisible();
  return Number(/\/photos\/(\d+)/.exec(href!)![1]);
}

type ApiTag = { id: number; user?: { id: number; title: string }; label?: string; extra: { x: number; y: number; w: number; h: number } };

/** The photo's tags as any client of the site reads them (GET /core/tags). */
async function apiTags(request: APIRequestContext, photoId: number): Promise<ApiTag[]> {
  const token = await request.post(`${API_URL}/api/v1/oauth/token`, {
    headers: { Authorization: `Basic ${Buffer.from(`${WEB_CLIENT.id}:${WEB_CLIENT.secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials', scope: 'basic' },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await request.get(`${API_URL}/api/v1/core/tags`, {
    headers: { Authorization: `Bearer ${access_token}` },
    params: { subject_type: 'photo', subject_id: photoId },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ApiTag[] }).data;
}

const inThisPhoto = (page: Page) => page.getByRole('list', { name: 'In this photo:' });
const boxes = (page: Page) => page.getByTestId('tag-box');
const who = (page: Page) => page.getByRole('combobox', { name: 'Who is this?' });

test('tag a friend by drawing a box over the photo; the box is kept in the picture’s own pixels, and the friend is told', async ({
  page,
  request,
  browser,
}) => {
  // Two people sign in and the photo is uploaded and tagged: ~20 s alone, more beside another worker.
  test.setTimeout(60_000);
  await signIn(page);
  const photoId = await openNewPhoto(page);
  await expect(page.getByText('no one is tagged yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Tag someone' }).click();
  await expect(page.getByRole('button', { name: 'Place a box' })).toBeFocused();
  const picture = page.getByRole('img', { name: /Photo 1 of/ });
  await picture.scrollIntoViewIfNeeded();
  const r = (await picture.boundingBox())!;
  expect(r.width).toBeLessThan(WIDTH); // shown smaller than it is
  await page.mouse.move(r.x + r.width * 0.25, r.y + r.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(r.x + r.width * 0.4, r.y + r.height * 0.4, { steps: 4 });
  await page.mouse.move(r.x + r.width * 0.5, r.y + r.height * 0.5, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('draft-box')).toBeVisible();

  // Drawing moves on to who it is: a friend found by part of their name.
  await expect(who(page)).toBeFocused();
  await page.keyboard.type('ali');
  const option = page.getByRole('listbox', { name: 'Friends' }).getByRole('option', { name: 'Alice Martin' });
  await expect(option).toBeVisible();
  expect(await seriousViolationsAsShown(page, 'tag form')).toEqual([]);
  await option.click();
  await expect(who(page)).toHaveValue('Alice Martin');
  await expect(page.getByText('Tagging Alice Martin, your friend.')).toBeVisible();
  await page.getByRole('button', { name: 'Save tag' }).click();

  const alice = inThisPhoto(page).getByRole('link', { name: 'Alice Martin' });
  await expect(alice).toBeVisible();
  await expect(alice).toHaveAttribute('href', /^\/users\/\d+$/);
  await expect(page.getByRole('button', { name: 'Tag someone' })).toBeFocused();

  const [tag] = await apiTags(request, photoId);
  expect(tag!.user?.title).toBe('Alice Martin');
  const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(4);
  near(tag!.extra.x, WIDTH * 0.25);
  near(tag!.extra.y, HEIGHT * 0.25);
  near(tag!.extra.w, WIDTH * 0.25);
  near(tag!.extra.h, HEIGHT * 0.25);

  // After a reload, hovering the name highlights its box, where it was drawn.
  await page.reload();
  await page.mouse.move(0, 0);
  await expect(boxes(page)).toBeHidden();
  await inThisPhoto(page).getByRole('link', { name: 'Alice Martin' }).hover();
  const box = page.locator('[data-testid="tag-box"][data-highlighted]');
  await expect(box).toBeVisible();
  const b = (await box.boundingBox())!;
  const p = (await picture.boundingBox())!;
  near(((b.x - p.x) / p.width) * WIDTH, WIDTH * 0.25);
  near((b.width / p.width) * WIDTH, WIDTH * 0.25);
  expect(await seriousViolationsAsShown(page, '/photos/{id} with a tag')).toEqual([]);

  // Alice finds it among her notifications, linking to the photo.
  const aliceContext = await browser.newContext();
  const alicePage = await aliceContext.newPage();
  await signIn(alicePage, ALICE, '/notifications');
  const notice = alicePage.getByRole('link').filter({ hasText: 'Demo User tagged you in a photo' });
  await expect(notice.first()).toHaveAttribute('href', `/photos/${photoId}`);
  await aliceContext.close();
});

test('with the keyboard only: place, move and size a box, tag a name, see the boxes on focus, remove the tag', async ({
  page,
  request,
}) => {
  await signIn(page);
  const photoId = await openNewPhoto(page);

  await page.getByRole('button', { name: 'Tag someone' }).focus();
  await page.keyboard.press('Enter');
  const place = page.getByRole('button', { name: 'Place a box' });
  await expect(place).toBeFocused();
  await page.keyboard.press('Enter');
  const draft = page.getByTestId('draft-box');
  await expect(draft).toBeFocused();
  // A square of a quarter of the shorter side, in the middle; a step is a fiftieth of it.
  await expect(page.getByText('Box: 150 × 150 pixels, 325 from the left and 225 from the top.')).toBeVisible();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Box: 150 × 174 pixels, 361 from the left and 213 from the top.')).toBeVisible();
  // The arrow keys moved the box, not to the next photo (there is one: see the link).
  await expect(page.getByRole('link', { name: 'Next →' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/photos/${photoId}`);

  await page.keyboard.press('Enter');
  await expect(who(page)).toBeFocused();
  await page.keyboard.type('the lake');
  await expect(page.getByText(/“the lake” is not a friend picked from the list/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(inThisPhoto(page).getByRole('button', { name: 'the lake', exact: true })).toBeVisible();

  const tags = await apiTags(request, photoId);
  expect(tags).toEqual([expect.objectContaining({ label: 'the lake', extra: { x: 361, y: 213, w: 150, h: 174 } })]);

  // The boxes are drawn while the photo has the keyboard focus.
  await page.reload();
  await page.mouse.move(0, 0);
  await expect(boxes(page)).toBeHidden();
  const area = page.getByRole('group', { name: 'Tags on the photo: the lake' });
  for (let i = 0; i < 40 && !(await area.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(area).toBeFocused();
  await expect(boxes(page)).toBeVisible();
  await expect(boxes(page)).toContainText('the lake');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolationsAsShown(page, '/photos/{id} dark, boxes shown')).toEqual([]);

  // Removing it (by keyboard) leaves no tag, here and in the API.
  await page.getByRole('button', { name: 'Remove the tag of the lake' }).focus();
  await page.keyboard.press('Enter');
  await expect(inThisPhoto(page)).toBeHidden();
  await expect(page.getByText('no one is tagged yet.')).toBeVisible();
  expect(await apiTags(request, photoId)).toEqual([]);
});

test('a name is needed before a tag is saved, and nothing typed is lost', async ({ page }) => {
  await signIn(page);
  await openNewPhoto(page);
  await page.getByRole('button', { name: 'Tag someone' }).click();
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(page.getByText('Draw a box around the person on the photo first, or place one with “Place a box”.')).toBeVisible();
  await page.getByRole('button', { name: 'Place a box' }).click();
  await expect(page.getByText(/^Draw a box around/)).toBeHidden();
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(page.getByText('Pick a friend from the list, or type a name to tag them by.')).toBeVisible();
  await expect(who(page)).toHaveAttribute('aria-invalid', 'true');
  await who(page).fill('x'.repeat(101));
  await expect(who(page)).toHaveValue('x'.repeat(100)); // the field holds no more than a tag may
  await who(page).fill('Grandpa Joe');
  await page.getByRole('button', { name: 'Save tag' }).click();
  await expect(inThisPhoto(page).getByRole('button', { name: 'Grandpa Joe', exact: true })).toBeVisible();
});
