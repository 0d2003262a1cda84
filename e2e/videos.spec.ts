import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { apiError, startRelay, type Relay } from '../lib/testing/relay.ts';
import { seriousViolations } from './axe.ts';
import { startSecondWeb, type SecondWeb } from './second-web.ts';
import { API_PORT } from './servers.ts';
import { signIn, type Account } from './sign-in.ts';

// Videos (issue 49): an upload converted by the API's ffmpeg, seen processing on /videos/my and
// then playable without a reload, played in the page's own <video> (its file through the BFF, with
// ranges); a YouTube link resolved by the loopback oEmbed provider (e2e/oembed-provider.ts) that
// loads nothing of YouTube until play; every new page without serious or critical axe findings,
// light and dark; and a server without videos. Other specs share the servers: Erin is nobody
// else's, and every title here is this run's own.

const ERIN: Account = { email: 'erin@example.com', password: 'demo-password', name: 'Erin Walsh' };

const unique = (words: string) => `${words} ${Date.now().toString(36)}`;

/** Pages of other sites the page asked for (none may be asked for before the person presses play). */
function thirdPartyRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (req) => {
    const host = new URL(req.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') asked.push(req.url());
  });
  return asked;
}

async function noSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
}

test('an uploaded clip is converted, shows its progress on /videos/my without a reload, and plays in the page', async ({ page }) => {
  test.setTimeout(180_000);
  // Large enough that its conversion takes the API a few seconds: the list shows it waiting first.
  const clip = test.info().outputPath('clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=1920x1080:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-shortest',
    '-y',
    clip,
  ]);
  const title = unique('Test card');

  await signIn(page, ERIN, '/videos');
  await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Videos' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Videos' })).toBeVisible();
  await noSeriousViolations(page, '/videos');

  await page.getByRole('link', { name: 'Add a video' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a video' })).toBeVisible();
  await noSeriousViolations(page, '/videos/new');
  await page.getByLabel('Upload a file').check();
  await page.getByLabel('Video file').setInputFiles(clip);
  // Nothing typed is lost on a refusal: the title is asked for, the file stays chosen.
  await page.getByRole('button', { name: 'Upload the video' }).click();
  await expect(page.getByText('Give your video a title.')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Upload the video' }).click();
  // No description: the reminder that it is the video's text alternative, never a block.
  await expect(page.getByText('Add a description so everyone can see your video', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Post anyway' }).click();

  await page.waitForURL('**/videos/my');
  const tile = page.locator('[data-video-status]').filter({ hasText: title });
  await expect(tile).toHaveAttribute('data-video-status', /^(to_be_processed|being_processed)$/);
  await expect(tile).toContainText(/Waiting to be converted|Converting…/);
  await noSeriousViolations(page, '/videos/my');
  // The page updates itself: no navigation happens while the video is converted.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await expect(tile).toHaveAttribute('data-video-status', 'processed', { timeout: 60_000 });
  await expect(tile).not.toContainText(/Waiting|Converting/);
  await expect(tile).toContainText(/00:0[12]/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  const ranges: number[] = [];
  page.on('response', (res) => {
    if (/\/api\/videos\/\d+\/file$/.test(res.url())) ranges.push(res.status());
  });
  await tile.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const video = page.locator('video');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await expect(video).toHaveAttribute('poster', /\/files\/img\//);
  await expect(video).toHaveAttribute('width', '1920');
  await expect(video).toHaveAttribute('height', '1080');
  await noSeriousViolations(page, '/videos/{id}');
  // Played, and sought: the file comes through the BFF a range at a time.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 1.5;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.seeking || v.readyState < 2)).toBe(false);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1.5, 0);
  expect(ranges).toContain(206);

  // The owner rates it once.
  await page.getByRole('button', { name: '4 out of 5' }).click();
  await expect(page.getByText('you gave it 4')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rate this video' })).toHaveCount(0);
});

test('a YouTube link loads nothing of YouTube until play, then its player without cookies; its settings are edited', async ({ page }) => {
  test.setTimeout(120_000);
  const asked = thirdPartyRequests(page);
  // The machine has no route out: YouTube's player is answered here, once the page asks for it.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>The player</p>' }),
  );

  await signIn(page, ERIN, '/videos/new');
  await page.getByLabel('Address of the video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByLabel('Description').fill('A singer in a trench coat dances by a brick wall.');
  await page.getByRole('button', { name: 'Add the video' }).click();
  await page.waitForURL(/\/videos\/\d+$/);
  const videoPath = new URL(page.url()).pathname;

  // The provider's title, its poster (stored by the API), a share card that names the player.
  await expect(page.getByRole('heading', { level: 1, name: 'Never Gonna Give You Up' })).toBeVisible();
  // The page as a crawler reads it: a video card naming the player, and the policy that frames only the two players.
  const response = await page.request.get(videoPath);
  const html = await response.text();
  expect(html).toMatch(/<meta property="og:type" content="video\.other"\s*\/?>/);
  expect(html).toMatch(/<meta property="og:video" content="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"\s*\/?>/);
  expect(response.headers()['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
  const play = page.getByRole('button', { name: /^Play “Never Gonna Give You Up”/ });
  await expect(play).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await noSeriousViolations(page, '/videos/{id} (a link)');
  expect(asked).toEqual([]);

  await play.click();
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1/);
  await expect(frame).toHaveAttribute('title', 'Never Gonna Give You Up (YouTube player)');
  await expect.poll(() => asked.filter((u) => u.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).length).toBe(1);
  expect(asked.every((u) => u.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);

  // The social layer as every item's page has it.
  const like = page.getByRole('button', { name: /^Like \d+$/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('Like 1');

  // The owner edits its settings; an empty title is refused and what was typed stays.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit video' })).toBeVisible();
  await noSeriousViolations(page, '/videos/{id}/edit');
  const renamed = unique('Rick, renamed');
  await page.getByLabel('Title').fill('');
  await page.getByLabel('Tags (separated by commas)').fill('music, eighties');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Give your video a title.')).toBeVisible();
  await expect(page.getByLabel('Tags (separated by commas)')).toHaveValue('music, eighties');
  await page.getByLabel('Title').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText('eighties');

  // The list's filters live in the URL.
  await page.goto(`/videos?q=${encodeURIComponent(renamed)}&sort=rating`);
  await expect(page.getByRole('search', { name: 'Filter videos' }).getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('link', { name: renamed })).toBeVisible();
});

test.describe('a server without videos', () => {
  let relay: Relay | undefined;
  let web: SecondWeb | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    relay = await startRelay(`http://127.0.0.1:${API_PORT}/api/v1`, (_, _method, path) =>
      path === '/videos' || path.startsWith('/videos/') ? apiError(404, 'not_found', 'No such endpoint.') : undefined,
    );
    web = await startSecondWeb(relay.baseUrl);
  });
  test.afterAll(async () => {
    web?.stop();
    await relay?.close();
  });

  test('shows no way to videos, and its video pages answer 200 and say why there are none', async ({ page }) => {
    // Signed in on the main web server: the session is valid on the second one too.
    await signIn(page, ERIN);
    for (const path of ['/videos', '/videos/my', '/videos/new']) {
      const res = await page.goto(`${web!.url}${path}`);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('main')).toContainText('This site does not have videos.');
    }
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Albums' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Videos' })).toHaveCount(0);
  });
});
