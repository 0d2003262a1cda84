import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { apiToken } from './api-token.ts';
import { seriousViolations } from './axe.ts';
import { API_URL, DEMO_USER } from './servers.ts';
import { signIn, type Account } from './sign-in.ts';
import { unique } from './unique.ts';

// The profile picture (issue 21, section 4). Dave is the member whose picture changes: no other
// spec looks at his picture (the demo member's and Alice's stay as they are for theirs).

const DAVE: Account = { email: 'dave@example.com', password: 'demo-password', name: 'Dave Okafor' };

const main = (page: Page) => page.getByRole('main');
const news = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function api<T>(request: APIRequestContext, token: string, path: string, params: Record<string, string | number> = {}) {
  const res = await request.get(`${API_URL}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` }, params });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

type Imgs = { icon: string; normal: string; profile: string };
const pictureOf = async (request: APIRequestContext, token: string) =>
  (await api<{ id: number; imgs: Imgs }>(request, token, '/users/me')).imgs;

test('Dave makes one of his photos his picture with the keyboard alone; it shows at once in the header, on his posts and his profile', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, DAVE, ['basic', 'albums', 'activities']);
  const daveId = (await api<{ id: number }>(request, token, '/users/me')).id;
  const albums = await api<Array<{ id: number; title: string }>>(request, token, '/albums', { user_id: daveId, fields: 'id,title' });
  const album = albums.find((a) => a.title !== 'Profile Pictures')!;
  const [photo] = (
    await api<{ photos: Array<{ id: number }> }>(request, token, `/albums/${album.id}`, { photo_fields: 'id', photo_limit: 1 })
  ).photos;
  // A post of his, to see his picture beside.
  const words = unique('Morning run by the river');
  const posted = await request.post(`${API_URL}/api/v1/activities`, {
    headers: { Authorization: `Bearer ${token}` },
    form: { body: words },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const before = await pictureOf(request, token);

  // Another member's photo offers nothing of the kind.
  const demoToken = await apiToken(request, DEMO_USER, ['basic', 'albums']);
  const demoId = (await api<{ id: number }>(request, demoToken, '/users/me')).id;
  const [demoAlbum] = await api<Array<{ id: number }>>(request, demoToken, '/albums', { user_id: demoId, fields: 'id', limit: 1 });
  const [demoPhoto] = (await api<{ photos: Array<{ id: number }> }>(request, demoToken, `/albums/${demoAlbum!.id}`, { photo_limit: 1 }))
    .photos;
  await signIn(page, DAVE, `/photos/${demoPhoto!.id}`);
  await expect(main(page).locator('img').first()).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Make profile photo' })).toHaveCount(0);

  await page.goto(`/photos/${photo!.id}`);
  await main(page).getByRole('button', { name: 'Make profile photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop your profile picture' });
  const frame = dialog.getByRole('application', { name: 'Crop frame' });
  await expect(frame).toBeVisible();
  await expect(dialog).toContainText("Frame 100% of the picture's shorter side");
  for (const size of ['Icon (50 px)', 'Normal (120 px)', 'Profile (240 px)']) await expect(dialog.getByText(size)).toBeVisible();
  expect(await seriousViolations(page, '/photos/{id} crop dialog')).toEqual([]);

  // Smaller by three presses of "-", then right and down: each change is read out.
  await frame.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('-');
  await expect(news(page, 'Resized.')).toBeVisible();
  await expect(dialog).not.toContainText("Frame 100% of the picture's shorter side");
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(news(page, 'Moved.')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await dialog.getByLabel('Describe the picture (read to those who cannot see it)').fill('Dave by the river');
  await dialog.getByRole('button', { name: 'Save profile picture' }).click();
  await expect(dialog).toBeHidden();
  await expect(news(page, 'Your profile picture was changed.')).toBeAttached();

  const after = await pictureOf(request, token);
  expect(after.icon).not.toBe(before.icon);
  // The header, at once and without signing out.
  await expect(page.getByRole('banner').locator('img.avatar')).toHaveAttribute('src', after.icon);

  // His posts and his profile.
  await page.goto(`/users/${daveId}`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Dave Okafor' })).toBeVisible();
  await expect(main(page).getByRole('img', { name: 'Dave Okafor', exact: true })).toHaveAttribute('src', after.profile);
  const post = main(page).getByRole('article').filter({ hasText: words });
  await expect(post.locator('img.avatar')).toHaveAttribute('src', after.icon);
  await expect(page.getByRole('banner').locator('img.avatar')).toHaveAttribute('src', after.icon);
});

test('"Edit profile picture" on one’s own profile: a new photo uploaded with progress, then cropped and saved', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, DAVE, ['basic']);
  const daveId = (await api<{ id: number }>(request, token, '/users/me')).id;
  const before = await pictureOf(request, token);
  await signIn(page, DAVE, `/users/${daveId}`);
  await main(page).getByRole('button', { name: 'Edit profile picture' }).click();
  const source = page.getByRole('dialog', { name: 'Edit profile picture' });
  await expect(source.getByRole('link', { name: 'Choose one of your photos' })).toHaveAttribute('href', '/albums/my');
  // Checked like every upload: not a photo is refused before it is sent.
  await source
    .getByLabel('Upload a new photo')
    .setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(source.getByRole('alert')).toContainText('is not a photo this site takes');
  await source.getByLabel('Upload a new photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(320, 240) });
  const crop = page.getByRole('dialog', { name: 'Crop your profile picture' });
  await expect(crop.getByRole('application', { name: 'Crop frame' })).toBeVisible();
  await crop.getByRole('button', { name: 'Save profile picture' }).click();
  await expect(crop).toBeHidden();
  const after = await pictureOf(request, token);
  expect(after.icon).not.toBe(before.icon);
  await expect(main(page).getByRole('img', { name: 'Dave Okafor', exact: true })).toHaveAttribute('src', after.profile);
  await expect(page.getByRole('banner').locator('img.avatar')).toHaveAttribute('src', after.icon);
});

test('in the photo viewer, Escape closes the crop dialog alone; the next Escape closes the viewer', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request, DAVE, ['basic', 'albums']);
  const daveId = (await api<{ id: number }>(request, token, '/users/me')).id;
  const albums = await api<Array<{ id: number; title: string }>>(request, token, '/albums', { user_id: daveId, fields: 'id,title' });
  const album = albums.find((a) => a.title !== 'Profile Pictures')!;
  await signIn(page, DAVE, `/albums/${album.id}`);
  // A photo of the album's grid opens the viewer over the album.
  await main(page).locator('a[data-photo-id]').first().click();
  const viewer = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /^Close/ }) });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Make profile photo' }).click();
  const crop = page.getByRole('dialog', { name: 'Crop your profile picture' });
  await expect(crop.getByRole('application', { name: 'Crop frame' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(crop).toBeHidden();
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(/\/photos\/\d+$/);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/albums/${album.id}$`));
});
