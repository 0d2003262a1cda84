import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { createMember } from './bff-harness.ts';
import { dragNews, pickUp } from './drag.ts';
import { makeTone } from './media-files.ts';
import { withoutModule } from './second-web.ts';
import { signIn } from './sign-in.ts';

// Music (issue 49): a playlist made with two songs uploaded through the BFF and converted by the
// API's ffmpeg, reordered with the keyboard, played in the site's player, which keeps playing while
// the person browses three other pages; every new page without serious or critical axe findings,
// light and dark; and a server without music. The member is this spec's own (createMember).

async function noSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
}

/** The site player's audio element: where it is in its song, and whether it plays. */
const audioState = (audio: Locator) =>
  audio.evaluate((a: HTMLAudioElement & { keptAcross?: string }) => ({ time: a.currentTime, paused: a.paused, kept: a.keptAcross ?? '' }));

test('two songs uploaded to a new playlist, reordered by keyboard, keep playing while the person browses three other pages', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const member = createMember('music');
  const low = makeTone('Low tone.wav', 220, 40);
  const high = makeTone('High tone.wav', 880, 40);
  const title = `Tones ${Date.now().toString(36)}`;

  await signIn(page, member, '/music');
  const nav = page.getByRole('navigation', { name: 'Primary' });
  await expect(nav.getByRole('link', { name: 'Music' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Music' })).toBeVisible();
  await noSeriousViolations(page, '/music');

  // A new playlist with its two songs: they wait for it to be created, then upload into it.
  await page.getByRole('link', { name: 'New playlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New playlist' })).toBeVisible();
  await page.getByLabel('Songs to upload').setInputFiles([low, high]);
  const uploads = page.getByRole('list', { name: 'Songs being added' });
  await expect(uploads.getByRole('listitem')).toHaveCount(2);
  await expect(uploads).toContainText('Uploads once the playlist is created');
  await noSeriousViolations(page, '/music/new');
  // Nothing chosen is lost on a refusal: the title is asked for, the songs stay.
  await page.getByRole('button', { name: 'Create and upload' }).click();
  await expect(page.getByText('Give your playlist a title.')).toBeVisible();
  await expect(uploads.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Two tones, low and high.');
  await page.getByRole('button', { name: 'Create and upload' }).click();

  // Every song up, the playlist's page: the songs convert, and become playable without a reload.
  await page.waitForURL(/\/music\/\d+$/, { timeout: 60_000 });
  const playlistPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const songs = page.getByRole('list', { name: `Songs of “${title}”` });
  await expect(songs.getByRole('listitem')).toHaveCount(2);
  await expect(songs.getByRole('button', { name: 'Play “Low tone”' })).toBeVisible({ timeout: 90_000 });
  await expect(songs.getByRole('button', { name: 'Play “High tone”' })).toBeVisible({ timeout: 90_000 });
  await expect(songs.getByRole('listitem').first()).toContainText('Low tone');
  await expect(songs.getByRole('listitem').first()).toContainText('0:40');
  await noSeriousViolations(page, '/music/{id}');

  // Reordered with the keyboard alone: the handle picked up, moved down, dropped; then saved.
  await page.getByRole('button', { name: 'Reorder songs' }).click();
  const order = page.getByRole('list', { name: 'Songs of the playlist, in order' });
  await pickUp(page, order.getByRole('button', { name: 'Move Low tone (position 1 of 2)' }), 'Picked up Low tone, at position 1 of 2.');
  await page.keyboard.press('ArrowDown');
  await expect(dragNews(page, 'Low tone moved to position 2 of 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(order.getByRole('button', { name: 'Move Low tone (position 2 of 2)' })).toBeFocused();
  await noSeriousViolations(page, '/music/{id} (reordering)');
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByRole('region', { name: 'Reorder songs' })).toHaveCount(0);
  await expect(songs.getByRole('listitem').first()).toContainText('High tone');
  await expect(songs.getByRole('listitem').nth(1)).toContainText('Low tone');
  // The order is the playlist's own: a reload shows it.
  await page.reload();
  await expect(songs.getByRole('listitem').first()).toContainText('High tone');

  // Played in the site's player, its song's title announced.
  const playerLoads: string[] = [];
  page.on('response', (res) => {
    if (/\/api\/music\/songs\/\d+\/file$/.test(res.url())) playerLoads.push(String(res.status()));
  });
  await page.getByRole('button', { name: `Play all of “${title}”` }).click();
  const player = page.getByRole('region', { name: 'Music player' });
  await expect(player).toBeVisible();
  await expect(player.locator('[aria-live="polite"]')).toContainText('Now playing: High tone');
  const audio = player.locator('audio');
  await expect.poll(async () => (await audioState(audio)).time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect((await audioState(audio)).paused).toBe(false);
  expect(playerLoads.some((s) => s === '200' || s === '206')).toBe(true);
  await noSeriousViolations(page, '/music/{id} (playing)');
  await audio.evaluate((a: HTMLAudioElement & { keptAcross?: string }) => (a.keptAcross = 'the same element'));

  // Three other pages, by the site's own links: the same audio element plays on, further along.
  for (const [link, heading] of [
    ['Albums', 'Albums'],
    ['Blogs', 'Blogs'],
    ['Events', 'Events'],
  ] as const) {
    const before = (await audioState(audio)).time;
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(player).toContainText('High tone');
    await expect.poll(async () => (await audioState(audio)).time, { timeout: 10_000 }).toBeGreaterThan(before + 0.3);
    expect(await audioState(audio)).toMatchObject({ paused: false, kept: 'the same element' });
  }

  // The player's own controls, by keyboard: pause, then on to the next song.
  await player.getByRole('button', { name: 'Pause' }).press('Enter');
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true);
  await player.getByRole('button', { name: 'Next song' }).press('Enter');
  await expect(player.locator('[aria-live="polite"]')).toContainText('Now playing: Low tone');
  await expect.poll(async () => (await audioState(audio)).paused, { timeout: 10_000 }).toBe(false);
  await player.getByLabel('Volume').fill('40');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.4, 2);

  // A post with a song from the compose box of the member's wall: uploaded at once, converted
  // while the person writes, then its card has the song's title and duration, and its button
  // plays it in the same player.
  const hum = makeTone('Evening hum.wav', 330, 30);
  await nav.getByRole('link', { name: 'Your wall' }).click();
  const composer = page.getByRole('form', { name: 'Create a post' });
  await composer.getByLabel('Add a song').setInputFiles(hum);
  const songPanel = composer.getByRole('group', { name: 'Song' });
  await expect(songPanel).toContainText('Evening hum');
  await expect(songPanel.getByRole('status')).toHaveText('Ready to play', { timeout: 30_000 });
  await noSeriousViolations(page, 'the compose box with a song');
  await composer.getByLabel(/What’s on your mind/).fill('An evening hum');
  await composer.getByRole('button', { name: 'Post' }).click();
  const card = page.locator('[data-song-card]').filter({ hasText: 'Evening hum' });
  await expect(card).toContainText('0:30');
  await expect(songPanel).toHaveCount(0);
  await noSeriousViolations(page, 'a wall with a song card');
  await card.getByRole('button', { name: 'Play “Evening hum”' }).click();
  await expect(player.locator('[aria-live="polite"]')).toContainText('Now playing: Evening hum');
  await expect.poll(async () => (await audioState(audio)).paused, { timeout: 10_000 }).toBe(false);
  expect((await audioState(audio)).kept).toBe('the same element');
  // The member's own list, and the owner's edit page.
  await page.goto('/music/my');
  await expect(page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Playlists' })).toContainText('2 songs');
  // The posted song lives in the member's Wall Songs.
  await expect(page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: 'Wall Songs' })).toBeVisible();
  await noSeriousViolations(page, '/music/my');
  await page.goto(`${playlistPath}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit playlist' })).toBeVisible();
  await noSeriousViolations(page, '/music/{id}/edit');
  await page.getByLabel('Title').fill(`${title}, renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${title}, renamed` })).toBeVisible();
  // A song deleted by its owner, after a confirmation that names it.
  const renamed = page.getByRole('list', { name: `Songs of “${title}, renamed”` });
  await renamed.getByRole('button', { name: 'Delete “Low tone”' }).click();
  await page.getByRole('dialog', { name: 'Delete “Low tone”?' }).getByRole('button', { name: 'Delete song' }).click();
  await expect(renamed.getByRole('listitem')).toHaveCount(1);
  await expect(renamed).not.toContainText('Low tone');

  // The list's filters live in the URL.
  await page.goto(`/music?q=${encodeURIComponent(title)}&sort=popular`);
  await expect(page.getByRole('search', { name: 'Filter playlists' }).getByLabel('Sort by')).toHaveValue('popular');
  await expect(page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: `${title}, renamed` })).toBeVisible();
});

test.describe('a server without music', () => {
  const web = withoutModule('/music');

  test('shows no way to music, and its pages answer 200 and say why there is none', async ({ page }) => {
    await signIn(page, createMember('nomusic'));
    for (const path of ['/music', '/music/my', '/music/new']) {
      const res = await page.goto(`${web()}${path}`);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('main')).toContainText('This site does not have music.');
    }
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Albums' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Music' })).toHaveCount(0);
  });
});
