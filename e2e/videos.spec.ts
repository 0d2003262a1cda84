import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { layoutShift, watchLayoutShift } from './layout-shift.ts';
import { makeClip } from './media-files.ts';
import { withoutModule } from './second-web.ts';
import { signIn, type Account } from './sign-in.ts';
import { unique } from './unique.ts';

// Videos (issue 49): an upload converted by the API's ffmpeg, seen processing on /videos/my and
// then playable without a reload, played in the page's own <video> (its file through the BFF, with
// ranges); a small clip posted from the compose box, converting then ready, played in the feed; a
// YouTube link resolved by the loopback oEmbed provider (e2e/oembed-provider.ts) that loads nothing
// of YouTube until play, on its page and in a post; search and the profile's Videos tab finding
// it; the embed code playing an upload on another site until its owner narrows who sees it;
// every new page without serious or critical axe findings, light and dark; and a server
// without videos. Other specs share the servers: Erin is nobody else's, and every title here is
// this run's own.

const ERIN: Account = { email: 'erin@example.com', password: 'demo-password', name: 'Erin Walsh' };

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

const composerOf = (page: Page) => page.getByRole('form', { name: 'Create a post' });

test('an uploaded clip is converted, shows its progress on /videos/my without a reload, and plays in the page', async ({ page }) => {
  test.setTimeout(240_000);
  // Large enough that its conversion takes the API a few seconds: /videos/my shows it waiting
  // first (a small one may be converted before the page is there).
  const clip = makeClip('clip.mp4', '1920x1080', 2);
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
  // Its duration lies on the poster's corner, off the title below it.
  const poster = (await tile.locator('img').boundingBox())!;
  const duration = (await tile.getByText(/00:0[12]/).boundingBox())!;
  expect(duration.y + duration.height).toBeLessThanOrEqual(poster.y + poster.height);
  expect(duration.x + duration.width).toBeLessThanOrEqual(poster.x + poster.width);

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
  // The browser's own controls; and without script, the page's HTML copy of the player is the one shown.
  await expect(video).toHaveAttribute('controls', '');
  const noScript = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto(page.url());
  await expect(plain.locator('video')).toBeVisible();
  await expect(plain.locator('video')).toHaveAttribute('controls', '');
  await expect(plain.locator('video')).toHaveAttribute('src', /^\/api\/videos\/\d+\/file$/);
  await expect(plain.locator('video')).toHaveCount(1);
  await expect(plain.getByRole('main').locator('img[src*="/files/img/"][aria-hidden]')).toBeHidden();
  await noScript.close();

  // The owner rates it once.
  await page.getByRole('button', { name: '4 out of 5' }).click();
  await expect(page.getByText('you gave it 4')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rate this video' })).toHaveCount(0);

  // The owner makes a later moment its poster, from the video's edit page.
  const firstPoster = await video.getAttribute('poster');
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const posterPart = page.getByRole('region', { name: 'Poster' });
  await expect(posterPart.getByRole('img', { name: /The poster of .* now/ })).toHaveAttribute('src', firstPoster!);
  const picker = posterPart.locator('video');
  await expect.poll(() => picker.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await picker.evaluate((v: HTMLVideoElement) => (v.currentTime = 1.2));
  await posterPart.getByRole('button', { name: 'Use the frame at 0:01.2' }).click();
  const said = page.getByRole('status').filter({ hasText: 'The poster is now this frame. (0:01.2)' });
  await expect(said).toBeAttached();
  const framePoster = await posterPart.getByRole('img', { name: /The poster of .* now/ }).getAttribute('src');
  expect(framePoster).toMatch(/\/files\/img\//);
  expect(framePoster).not.toBe(firstPoster);
  // Another frame at once: its message follows the first in the live region, which keeps both
  // (a screen reader reads each as it is added; the header's polled count does not erase either).
  await picker.evaluate((v: HTMLVideoElement) => (v.currentTime = 0.5));
  await posterPart.getByRole('button', { name: 'Use the frame at 0:00.5' }).click();
  await expect(said).toContainText('The poster is now this frame. (0:00.5)');
  await expect(said).toContainText('The poster is now this frame. (0:01.2)');
  await expect(posterPart.getByRole('img', { name: /The poster of .* now/ })).not.toHaveAttribute('src', framePoster!);
  const newPoster = await posterPart.getByRole('img', { name: /The poster of .* now/ }).getAttribute('src');
  await noSeriousViolations(page, '/videos/{id}/edit');
  await page.goBack();
  await page.reload();
  await expect(page.locator('video')).toHaveAttribute('poster', newPoster!);

  // Played on another site: the page offers an <iframe> of this site's own player, which a page
  // elsewhere frames and plays for a stranger; once the owner narrows who sees it, it stops.
  await page.locator('summary', { hasText: 'Embed' }).click();
  const code = await page.getByLabel('Code to play this video on another site').inputValue();
  expect(code).toMatch(/^<iframe src="http:\/\/[^"]+\/embed\/videos\/\d+" width="640" height="360" title="[^"]+"/);
  await noSeriousViolations(page, '/videos/{id} (its embed code open)');
  const stranger = await page.context().browser()!.newContext();
  const elsewhere = await stranger.newPage();
  // Another site (127.0.0.1 is not localhost's site), served on the loopback as this one is:
  // Chromium keeps pages it cannot place on the loopback from framing loopback ones.
  const blogServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>A blog</title><h1>A blog</h1>${code}`);
  });
  await new Promise<void>((done) => blogServer.listen(0, '127.0.0.1', done));
  await elsewhere.goto(`http://127.0.0.1:${(blogServer.address() as AddressInfo).port}/`);
  const framed = elsewhere.frameLocator('iframe');
  await expect(framed.locator('video')).toHaveAttribute('src', /^\/embed\/videos\/\d+\/file$/);
  await expect(framed.locator('video')).toHaveAttribute('poster', /\/files\/img\//);
  await expect(framed.getByRole('link', { name: title })).toHaveAttribute('href', /\/videos\/\d+$/);
  await framed.locator('video').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => framed.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.3);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Who can see it').selectOption({ label: 'Friends only' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/videos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('summary', { hasText: 'Embed' })).toHaveCount(0);
  await elsewhere.reload();
  await expect(framed.getByText('This video is not available.')).toBeVisible();
  await expect(framed.locator('video')).toHaveCount(0);
  expect((await elsewhere.request.get(code.match(/src="([^"]+)"/)![1]! + '/file')).status()).toBe(404);
  await stranger.close();
  blogServer.close();

  // A small clip posted from the compose box: the upload's answer says it waits (shown until the
  // first poll, seconds later), then it is ready; nothing typed is lost meanwhile.
  const small = makeClip('small.mp4', '640x360', 2);
  const smallTitle = unique('Small bars');
  await watchLayoutShift(page);
  await page.goto('/');
  const composer = composerOf(page);
  await composer.getByRole('button', { name: 'Add a video' }).click();
  await composer.getByLabel('Choose a video file').setInputFiles(small);
  const state = composer.getByRole('group', { name: 'Video' }).getByRole('status');
  await expect(state).toContainText(/Waiting to be converted|Converting…/);
  await expect(composer.getByLabel('Video title')).toHaveValue('small');
  await composer.getByLabel(/What’s on your mind/).fill('Colour bars, small enough for the feed');
  await composer.getByLabel('Video title').fill(smallTitle);
  await composer.getByLabel('Video description').fill('Colour bars with a counter, and a tone.');
  await expect(state).toContainText('Ready to play', { timeout: 60_000 });
  await expect(composer.getByRole('group', { name: 'Video' }).locator('img')).toHaveAttribute('src', /\/files\/img\//);
  await composer.getByRole('button', { name: 'Post' }).click();

  // In the feed: the native player in a box of the video's shape, its title and duration; it plays.
  const post = page.getByRole('article').filter({ hasText: smallTitle });
  const inFeed = post.locator('video');
  await expect(inFeed).toHaveAttribute('preload', 'metadata');
  await expect(inFeed).toHaveAttribute('poster', /\/files\/img\//);
  await expect(inFeed).toHaveAttribute('src', /^\/api\/videos\/\d+\/file$/);
  await expect(inFeed).toHaveAttribute('width', '640');
  await expect(inFeed).toHaveAttribute('height', '360');
  await expect(post.getByRole('link', { name: smallTitle })).toHaveAttribute('href', /^\/videos\/\d+$/);
  await expect(post.getByRole('figure')).toContainText(/Duration\s*00:0[12]/);
  await expect(composer.getByRole('button', { name: 'Add a video' })).toBeVisible();

  // Read again from the server: the box was there before anything of the video came.
  await page.reload();
  const served = page.getByRole('article').filter({ hasText: smallTitle }).locator('video');
  await expect(served).toHaveAttribute('poster', /\/files\/img\//);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
  await noSeriousViolations(page, '/ (a video in the feed)');
  await served.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => served.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);

  // Posted at once, while it is still being converted: the post says so, then becomes its player in
  // place, with no reload (the page's own navigations are counted).
  let loads = 0;
  page.on('load', () => (loads += 1));
  const early = unique('Early bars');
  await composer.getByRole('button', { name: 'Add a video' }).click();
  await composer.getByLabel('Choose a video file').setInputFiles(makeClip('early.mp4', '640x360', 2));
  await expect(state).toContainText(/Waiting to be converted|Converting…|Ready to play/);
  await expect(composer.getByLabel('Video title')).toHaveValue('early');
  await composer.getByLabel('Video title').fill(early);
  await composer.getByLabel('Video description').fill('Colour bars posted before they were ready.');
  await composer.getByRole('button', { name: 'Post' }).click();
  const posted = page.getByRole('article').filter({ hasText: early });
  await expect(posted.getByRole('link', { name: early })).toBeVisible();
  await expect(posted.locator('video')).toHaveAttribute('src', /^\/api\/videos\/\d+\/file$/, { timeout: 60_000 });
  await expect(posted.locator('video')).toHaveAttribute('poster', /\/files\/img\//);
  expect(loads).toBe(0);
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

  // A link's poster may be one of one's photos instead of the provider's (its frames are YouTube's).
  const posterPart = page.getByRole('region', { name: 'Poster' });
  const posterNow = posterPart.getByRole('img', { name: /The poster of .* now/ });
  const providerPoster = await posterNow.getAttribute('src');
  await expect(posterPart.getByRole('button', { name: /Use the frame/ })).toHaveCount(0);
  await posterPart.getByRole('button', { name: 'Use one of your photos…' }).click();
  const photoDialog = page.getByRole('dialog', { name: 'Use one of your photos' });
  const photos = photoDialog.getByRole('list', { name: 'Your photos' }).getByRole('button');
  await expect(photos.first()).toBeVisible();
  await expect(photoDialog.getByLabel('Album')).toBeVisible();
  await noSeriousViolations(page, "/videos/{id}/edit (the poster's photos)");
  await photos.first().click();
  await expect(photoDialog).toBeHidden();
  await expect(posterNow).not.toHaveAttribute('src', providerPoster!);
  const photoPoster = await posterNow.getAttribute('src');
  expect(photoPoster).toMatch(/\/files\/img\//);
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
  // The video's page shows the photo as its poster.
  await expect(page.getByRole('button', { name: /^Play “/ }).locator('img')).toHaveAttribute('src', photoPoster!);

  // The list's filters live in the URL.
  await page.goto(`/videos?q=${encodeURIComponent(renamed)}&sort=rating`);
  await expect(page.getByRole('search', { name: 'Filter videos' }).getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('link', { name: renamed })).toBeVisible();

  // The same address posted from the compose box: an address that is no video's is refused on the
  // panel and stays to be fixed; then the provider's video, ready at once.
  await page.goto('/');
  const composer = composerOf(page);
  await composer.getByRole('button', { name: 'Add a video' }).click();
  const address = composer.getByLabel('Or a YouTube or Vimeo address');
  await address.fill('youtube.com/watch?v=dQw4w9WgXcQ');
  await composer.getByRole('button', { name: 'Add the video' }).click();
  await expect(composer.getByRole('alert')).toContainText('Paste the whole address, starting with https://.');
  await address.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await address.press('Enter');
  await expect(composer.getByRole('group', { name: 'Video' }).getByRole('status')).toContainText('Ready to play');
  await expect(composer.getByLabel('Video title')).toHaveValue('Never Gonna Give You Up');
  const posted = unique('Rick in the feed');
  await composer.getByLabel('Video title').fill(posted);
  await composer.getByRole('button', { name: 'Post' }).click();

  // In the feed: the poster under a play button, and no frame until it is pressed.
  const post = page.getByRole('article').filter({ hasText: posted });
  const playInFeed = post.getByRole('button', { name: `Play “${posted}”: Plays on YouTube when you press play` });
  await expect(playInFeed).toBeVisible();
  await expect(post.locator('iframe')).toHaveCount(0);
  const embeds = () => asked.filter((u) => u.startsWith('https://www.youtube-nocookie.com/embed/')).length;
  expect(embeds()).toBe(1);
  await playInFeed.click();
  await expect(post.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1/);
  await expect.poll(embeds).toBe(2);
  const profile = await post.getByRole('link', { name: ERIN.name }).first().getAttribute('href');

  // Search finds it, with a video's card, under a Videos tab.
  await page.goto(`/search?q=${encodeURIComponent(posted)}`);
  await page.getByRole('navigation', { name: 'Result types' }).getByRole('link', { name: 'Videos (1)' }).click();
  await expect(page).toHaveURL(/type=video/);
  const hit = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Video' });
  await expect(hit.getByRole('link', { name: posted })).toHaveAttribute('href', /^\/videos\/\d+$/);
  await expect(page.getByRole('link', { name: 'Filter these in Videos' })).toBeVisible();
  await noSeriousViolations(page, '/search?type=video');

  // The profile's Videos tab lists it (and the video added on /videos/new).
  await page.goto(profile!);
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Videos' }).click();
  await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Videos' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const tab = page.getByRole('region', { name: 'Your videos' });
  await expect(tab.getByRole('link', { name: posted })).toBeVisible();
  await expect(tab.getByRole('link', { name: renamed })).toBeVisible();
  await noSeriousViolations(page, '/users/{id}/videos');
});

test.describe('a server without videos', () => {
  const web = withoutModule('/videos');

  test('shows no way to videos, and its video pages answer 200 and say why there are none', async ({ page }) => {
    // Signed in on the main web server: the session is valid on the second one too.
    await signIn(page, ERIN);
    for (const path of ['/videos', '/videos/my', '/videos/new']) {
      const res = await page.goto(`${web()}${path}`);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('main')).toContainText('This site does not have videos.');
    }
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Albums' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Videos' })).toHaveCount(0);
    // Neither the compose box nor a profile offers videos.
    await page.goto(`${web()}/`);
    await expect(composerOf(page).getByRole('button', { name: 'Add a link' })).toBeVisible();
    await expect(composerOf(page).getByRole('button', { name: 'Add a video' })).toHaveCount(0);
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Albums' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Videos' })).toHaveCount(0);
  });
});
