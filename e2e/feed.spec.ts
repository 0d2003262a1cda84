import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolationsAsShown } from './axe.ts';
import { png } from '../lib/testing/pictures.ts';
import { layoutShift, watchLayoutShift } from './layout-shift.ts';
import { DEMO_USER, WEB_ORIGIN } from './servers.ts';
import { ALICE, signIn } from './sign-in.ts';
import { serverActionAnswered } from './server-action.ts';
import { hydrated } from './hydrated.ts';
import { unique } from './unique.ts';

// The activity feed, signed in as the demo user: reading it, posting (text, photo), liking,
// commenting, sharing, deleting, scrolling back in time, and new posts from someone else.
// Other specs use the same servers at the same time: every test finds its own posts by
// words nobody else writes, and never counts on being alone.

const feed = (page: Page) => page.getByRole('feed', { name: 'Your feed' });
const articles = (page: Page) => feed(page).getByRole('article');
const composer = (page: Page) => page.getByRole('form', { name: 'Create a post' });
const postBox = (page: Page) => composer(page).getByLabel(/What’s on your mind/);

/**
 * Opens the feed with its scripts held back: the compose box is in the HTML and usable, React is
 * not listening yet. Answers the function that lets the scripts through.
 */
async function openWithScriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  return release;
}

/** Waits for the page's next rendering step (none comes while a render-blocking stylesheet loads). */
async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
}

/** Posts text from the compose box and answers the new article (at the top of the feed). */
async function post(page: Page, text: string): Promise<Locator> {
  await postBox(page).fill(text);
  await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
  const article = articles(page).first();
  await expect(article).toContainText(text);
  return article;
}

test.describe('the activity feed', () => {
  test('is a WAI-ARIA feed of named articles, rendered on the server, with no serious accessibility violation', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await signIn(page);

    // Rendered on the server: the HTML holds the first screen's posts (five), the page's data the
    // rest of the first page, which the script renders at once (the next test).
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('role="feed"');
    expect((html.match(/<article\b/g) ?? []).length).toBe(5);

    await expect(feed(page)).toBeVisible();
    await expect(articles(page)).toHaveCount(15);
    const first = articles(page).first();
    await expect(first).toHaveAttribute('aria-posinset', '1');
    await expect(first).toHaveAttribute('aria-setsize', '-1');
    // Named by its owner and its time: "Alice Martin 2 hours ago".
    await expect(first).toHaveAccessibleName(/^\S.* (just now|\d+ (minutes?|hours?|days?) ago|yesterday|[A-Z][a-z]{2} \d+(, \d{4})?)$/);
    const time = first.locator('time').first();
    await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(time).toHaveAttribute('title', /\d{4}/);
    // Owner's picture and a link to their wall.
    const ownerLink = first.getByRole('link').filter({ hasText: /\S/ }).first();
    await expect(ownerLink).toHaveAttribute('href', /^\/users\/\d+$/);

    // Page Down moves to the next article (the feed pattern's keys).
    await first.focus();
    await page.keyboard.press('PageDown');
    await expect(articles(page).nth(1)).toBeFocused();

    expect(await seriousViolationsAsShown(page, 'the feed')).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the first page’s other posts take the place kept for them when the script runs, and nothing on screen moves', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    // A tall window, where the five posts in the HTML may not fill the first screen.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await watchLayoutShift(page);
    const release = await openWithScriptsHeld(page);
    await expect(articles(page)).toHaveCount(5);
    // Measured as the reader first sees the page: in its first frame, which waits for the
    // stylesheet (parsed articles can come before it, laid out without it).
    await nextFrame(page);
    // Before the script: what follows the feed ("Load older posts", the footer) is below the
    // place kept, past the bottom of the window.
    const kept = page.locator('.feed-later');
    const box = (await kept.boundingBox())!;
    expect(box.height).toBeGreaterThan(0);
    expect(box.y + box.height).toBeGreaterThan(1600);
    release();
    await expect(articles(page)).toHaveCount(15);
    await expect(kept).toHaveCount(0);
    await expect(articles(page).nth(14)).toHaveAttribute('aria-posinset', '15');
    // Let the posts that came into view be laid out and painted.
    await nextFrame(page);
    await nextFrame(page);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);

    // Without JavaScript: the five posts, and no empty place under them.
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.goto('/');
    await expect(articles(plain)).toHaveCount(5);
    await expect(plain.locator('.feed-later')).toBeAttached();
    expect(await plain.locator('.feed-later').boundingBox()).toBeNull();
    // The first paint waits until the parser has passed the first post (docs/performance.md, "The
    // feed's first paint waits for its first post"): the head's render-blocking link names the
    // second article, so a renamed target (which would hold the paint until the whole page is
    // parsed) fails here.
    const target = await plain.locator('head link[rel="expect"][blocking="render"]').getAttribute('href');
    expect(target).toMatch(/^#./);
    await expect(articles(plain).nth(1)).toHaveAttribute('id', target!.slice(1));
    await expect(plain.locator(target!)).toHaveCount(1);
    await noScript.close();
  });

  test('the first frame shows the posts before the page asks for a script; its load event waits for the scripts to run', async ({
    page,
  }) => {
    await signIn(page);
    type Seen = { firstFrame: { at: number; posts: number }; atLoad: { react: boolean; waiting: number } };
    // The first frame (the first rendering step, which the stylesheet and the render-blocking
    // link hold until the posts are parsed): what it shows, and when. At `load` (what a visitor's
    // script or a test waits for): whether React has started (it marks the document it hydrates)
    // and how many chunks still wait.
    await page.addInitScript(() => {
      const w = window as unknown as Partial<Seen>;
      requestAnimationFrame(() => {
        w.firstFrame = { at: performance.now(), posts: document.querySelectorAll('[role="feed"] article').length };
      });
      addEventListener('load', () => {
        w.atLoad = {
          react: Object.keys(document).some((k) => k.startsWith('__reactContainer')),
          waiting: document.querySelectorAll('script[type="after-paint"]').length,
        };
      });
    });
    await page.goto('/');
    const like = articles(page).first().locator('[data-kb-like]');
    await hydrated(like);
    const { firstFrame, atLoad, scripts } = await page.evaluate(() => ({
      ...(window as unknown as Seen),
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(new URL(e.name).pathname))
        .map((e) => e.startTime),
    }));
    expect(firstFrame.posts).toBeGreaterThanOrEqual(2);
    expect(scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(firstFrame.at);
    expect(atLoad).toEqual({ react: true, waiting: 0 });
  });

  test('a post appears at the top at once; the text is kept as a draft until it is posted', async ({ page }) => {
    await signIn(page);
    const text = unique('Draft that survives a reload');
    await postBox(page).fill(text);
    await page.reload();
    await expect(postBox(page)).toHaveValue(text);

    const article = await post(page, text);
    await expect(article).toHaveAccessibleName(new RegExp(`^${DEMO_USER.name} just now$`));
    await expect(postBox(page)).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: 'Your post was published.' })).toBeAttached();

    // On the server too, and the draft is gone.
    // (Found by its text: other tests post as the same member at the same time.)
    await page.reload();
    await expect(articles(page).filter({ hasText: text })).toHaveCount(1);
    await expect(postBox(page)).toHaveValue('');
  });

  test('Post pressed twice while the form’s check is still loading posts once', async ({ page }) => {
    // The form's schema loads after the page (the scripts that carry zod): held back until both presses are in.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('ZodMiniType')) await held;
      await route.fulfill({ response });
    });
    await signIn(page);
    const text = unique('Pressed twice, posted once');
    await postBox(page).fill(text);
    await hydrated(postBox(page));
    const postButton = composer(page).getByRole('button', { name: 'Post', exact: true });
    await postButton.click();
    await postButton.click();
    release();
    await expect(articles(page).first()).toContainText(text);
    await expect(postBox(page)).toHaveValue('');
    // The hold has done its work: the reload's scripts pass untouched. A handler still reading a
    // script when the test ends fails it ("Response has been disposed", CI 2026-12-04).
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await expect(articles(page).filter({ hasText: text })).toHaveCount(1);
  });

  test('when the compose box cannot load its check (the connection dropped), it says so, keeps the text, and posts once it can', async ({
    page,
  }) => {
    // The form's schema loads after the page: the scripts that carry zod fail, the page's own do not.
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('ZodMiniType')) await route.abort('internetdisconnected');
      else await route.fulfill({ response });
    });
    await signIn(page);
    const text = unique('Checked once the connection is back');
    await postBox(page).fill(text);
    await hydrated(postBox(page));
    const postButton = composer(page).getByRole('button', { name: 'Post', exact: true });
    await postButton.click();
    await expect(composer(page)).toContainText('This could not be checked: check your connection and try again.');
    await expect(postBox(page)).toHaveValue(text);

    await page.unrouteAll({ behavior: 'wait' });
    await postButton.click();
    await expect(articles(page).first()).toContainText(text);
    await expect(postBox(page)).toHaveValue('');
  });

  test('a post with a link shows the link card; a bad address is explained beside the field and nothing typed is lost', async ({
    page,
  }) => {
    await signIn(page);
    const text = unique('Reading this');
    await postBox(page).fill(text);
    await composer(page).getByRole('button', { name: 'Add a link' }).click();
    const address = composer(page).getByLabel('Link address');
    await expect(address).toBeFocused();
    await address.fill('not a web address');
    await composer(page).getByLabel('Link title (optional)').fill('A good article');
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(/http:\/\/ or https:\/\//);
    await expect(postBox(page)).toHaveValue(text);

    await address.fill('https://example.org/article');
    await composer(page).getByLabel('Link description (optional)').fill('Worth the time');
    const article = await post(page, text);
    const card = article.getByRole('link', { name: /A good article/ });
    await expect(card).toHaveAttribute('href', 'https://example.org/article');
    await expect(card).toHaveAttribute('rel', /noopener/);
    await expect(card).toContainText('Worth the time');
  });

  test('a photo is checked before upload, uploads with a progress bar, retries without choosing it again, and shows in the post', async ({
    page,
    context,
  }) => {
    await signIn(page);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/upload/compose')) uploads.push(r.method());
    });
    const fileInput = composer(page).getByLabel('Add a photo');

    // Checked in the browser: nothing is sent.
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(composer(page).getByRole('alert')).toContainText('“notes.txt” is not a photo');
    // 10 MiB from a file on disk, which the browser reads itself: as bytes through the driver it
    // took over 10 s once on two loaded cores.
    const huge = test.info().outputPath('huge.jpg');
    fs.writeFileSync(huge, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    await fileInput.setInputFiles(huge);
    await expect(composer(page).getByRole('alert')).toContainText('“huge.jpg” is 10,485,761 bytes; photos can be at most 10,485,760 bytes');
    expect(uploads).toEqual([]);

    // The first attempt fails on the way; "Retry" sends the same file again.
    await page.route(
      '**/api/upload/compose',
      (route) => route.fulfill({ status: 502, json: { message: 'The site cannot be reached right now.' } }),
      { times: 1 },
    );
    // A slow connection, so that the progress can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const picture = png(700, 700);
    await fileInput.setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: picture });
    await expect(composer(page).getByRole('alert')).toContainText('The site cannot be reached right now.');
    await composer(page).getByRole('button', { name: 'Retry' }).click();
    const progress = composer(page).getByRole('progressbar', { name: /Uploading lake.png/ });
    await expect(progress).toBeVisible();
    // Real progress events: somewhere between nothing and everything.
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(composer(page).getByRole('img', { name: 'Photo to post: lake.png' })).toBeVisible({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(uploads).toEqual(['POST', 'POST']);

    const text = unique('Lake at dawn');
    // With its description, posted without a reminder: the description is the picture's alt.
    await composer(page)
      .getByLabel(/^Description/)
      .fill('Mist over a still lake');
    const article = await post(page, text);
    const image = article.getByRole('img', { name: 'Mist over a still lake' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Rendered on the server: the first screen's photos (the first two posts) are not lazy, and the
    // first of them, the likely largest paint, is asked for first; further down they are lazy.
    await page.reload();
    const photos = await page
      .getByRole('feed')
      .locator(':scope > article')
      .evaluateAll((articles) =>
        articles.map((a) =>
          [...a.querySelectorAll('img.attachment-photo')].map((img) => ({
            alt: img.getAttribute('alt'),
            loading: img.getAttribute('loading') ?? 'eager',
            priority: img.getAttribute('fetchpriority') ?? 'auto',
          })),
        ),
      );
    const firstScreen = photos.slice(0, 2).flat();
    // Just posted, so it is at the top unless another journey posted since.
    expect(firstScreen.map((p) => p.alt)).toContain('Mist over a still lake');
    expect(firstScreen.map((p) => `${p.loading} ${p.priority}`)).toEqual(
      firstScreen.map((_, i) => (i === 0 ? 'eager high' : 'eager auto')),
    );
    for (const p of photos.slice(2).flat()) expect(`${p.loading} ${p.priority}`).toBe('lazy auto');
  });

  test('the upload route refuses other sites, the signed out, and files over the cap before sending anything on', async ({
    page,
    playwright,
  }) => {
    await signIn(page);
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    const multipart = { type: 'wall', Filedata: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: big } };

    const tooLarge = await page.request.post('/api/upload/compose', { headers: { origin: WEB_ORIGIN }, multipart });
    expect(tooLarge.status()).toBe(413);
    expect((await tooLarge.json()).message).toMatch(/at most 10 MB/);

    const small = { type: 'wall', Filedata: { name: 'p.png', mimeType: 'image/png', buffer: png(8, 8) } };
    const crossSite = await page.request.post('/api/upload/compose', { headers: { origin: 'https://evil.example' }, multipart: small });
    expect(crossSite.status()).toBe(403);

    const anonymous = await playwright.request.newContext({ baseURL: WEB_ORIGIN });
    const signedOut = await anonymous.post('/api/upload/compose', { headers: { origin: WEB_ORIGIN }, multipart: small });
    expect(signedOut.status()).toBe(401);
    await anonymous.dispose();

    const ok = await page.request.post('/api/upload/compose', { headers: { origin: WEB_ORIGIN }, multipart: small });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toEqual({ photo_id: expect.any(Number), src: expect.stringMatching(/^http/) });
  });

  test('like and unlike change the count at once; a like the site refuses goes back with a message', async ({ page, context }) => {
    await signIn(page);
    const text = unique('Like this one');
    const article = await post(page, text);
    const like = article.getByRole('button', { name: /^Like/ }).first();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toContainText('0');

    const saved = serverActionAnswered(page);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText('1');
    await expect(article).toContainText('Liked by you');

    // Kept by the site.
    await saved;
    await page.reload();
    const again = articles(page).filter({ hasText: text }).getByRole('button', { name: /^Like/ }).first();
    await expect(again).toHaveAttribute('aria-pressed', 'true');
    const unliked = serverActionAnswered(page);
    await again.click();
    await expect(again).toHaveAttribute('aria-pressed', 'false');
    await expect(again).toContainText('0');
    await unliked;

    // Liked meanwhile in another tab: this tab's like is refused by the site and rolls back.
    const other = await context.newPage();
    await other.goto('/');
    const otherSaved = serverActionAnswered(other);
    await articles(other).filter({ hasText: text }).getByRole('button', { name: /^Like/ }).first().click();
    await expect(articles(other).filter({ hasText: text }).getByRole('button', { name: /^Like/ }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await otherSaved;
    await other.reload();
    await expect(articles(other).filter({ hasText: text }).getByRole('button', { name: /^Like/ }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await again.click();
    const alert = articles(page).filter({ hasText: text }).getByRole('alert');
    await expect(alert).toContainText('Your like was not saved: You already like this.');
    await expect(again).toHaveAttribute('aria-pressed', 'false');
    await expect(again).toContainText('0');
  });

  test('comments: the latest inline, older ones on request, add one, like it and delete it', async ({ page }) => {
    await signIn(page);
    const text = unique('Comment on me');
    let article = await post(page, text);
    const comments = [1, 2, 3, 4, 5].map((n) => unique(`Comment ${n}`));
    // In the feed the box appears when "Comment" is pressed, and takes the focus.
    await expect(article.getByLabel('Write a comment')).toHaveCount(0);
    await article.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(article.getByLabel('Write a comment')).toBeFocused();
    for (const comment of comments) {
      await article.getByLabel('Write a comment').fill(comment);
      await article.getByRole('button', { name: 'Post comment' }).click();
      await expect(article.getByRole('listitem').filter({ hasText: comment })).toContainText(DEMO_USER.name);
      await expect(article.getByLabel('Write a comment')).toHaveValue('');
    }

    // After a reload: the three latest inline, oldest first, and the two before on request.
    await page.reload();
    article = articles(page).filter({ hasText: text });
    const items = article.getByRole('region', { name: /^Comments on / }).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText(comments[2]!);
    await article.getByRole('button', { name: 'View more comments (2)' }).click();
    await expect(items).toHaveCount(5);
    await expect(items.first()).toContainText(comments[0]!);
    await expect(article.getByRole('button', { name: /View more comments/ })).toHaveCount(0);

    const item = items.filter({ hasText: comments[4]! });
    const likeComment = item.getByRole('button', { name: /^Like/ });
    await likeComment.click();
    await expect(likeComment).toHaveAttribute('aria-pressed', 'true');
    await expect(item.getByText('1 like', { exact: true })).toBeVisible();

    await item.getByRole('button', { name: `Delete comment by ${DEMO_USER.name}` }).click();
    await expect(items.filter({ hasText: comments[4]! })).toHaveCount(0);
    await expect(items).toHaveCount(4);
    await page.reload();
    await expect(articles(page).filter({ hasText: text })).not.toContainText(comments[4]!);
  });

  test('sharing a post with a message puts the new activity at the top', async ({ page }) => {
    await signIn(page);
    // Every post has "Share" (its link can always be copied); the second one that may go on
    // one's feed says "Share to your feed" in it.
    let original = articles(page).first();
    for (let i = 0, found = 0; found < 2; i += 1) {
      original = articles(page).nth(i);
      await original.getByRole('button', { name: 'Share', exact: true }).click();
      const toFeed = original.getByRole('button', { name: 'Share to your feed' });
      await expect(original.getByRole('button', { name: 'Copy link' })).toBeVisible();
      if (await toFeed.isVisible()) found += 1;
      if (found < 2) await original.getByRole('button', { name: 'Share', exact: true }).click();
    }
    const owner = (await original.getByRole('link').filter({ hasText: /\S/ }).first().textContent())!.trim();
    await original.getByRole('button', { name: 'Share to your feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this post' });
    await expect(dialog).toBeVisible();
    const message = unique('Worth a look');
    await dialog.getByLabel('Add a message (optional)').fill(message);
    await dialog.getByRole('button', { name: 'Share' }).click();
    await expect(dialog).toBeHidden();
    const top = articles(page).first();
    await expect(top).toContainText(message);
    await expect(top).toHaveAccessibleName(new RegExp(`^${DEMO_USER.name} just now$`));
    // A card of the shared post, linking to its page (the other such link is the post's own time).
    const card = top.locator('a[href^="/activities/"]').filter({ hasText: 'Post' });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(owner);
  });

  test('deleting your own post asks first, in a dialog', async ({ page }) => {
    await signIn(page);
    const text = unique('Delete me');
    const article = await post(page, text);
    await article.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(articles(page).filter({ hasText: text })).toHaveCount(1);

    await article.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(articles(page).filter({ hasText: text })).toHaveCount(0);
    await page.reload();
    await expect(articles(page).filter({ hasText: text })).toHaveCount(0);
  });

  test('scrolling to the end loads older posts until the feed says it is all caught up', async ({ page }) => {
    await signIn(page);
    await expect(articles(page)).toHaveCount(15);
    // The keyboard way: the button at the end. The first try fails on the way (a gateway
    // answers 503 to the page's server action request): the feed says so and offers to try
    // again. (An aborted request would not do: Next replays an action once the network is back.)
    let failed = false;
    await page.route(
      (url) => url.pathname === '/',
      (route) => {
        if (!failed && route.request().method() === 'POST' && route.request().headers()['next-action']) {
          failed = true;
          return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
        }
        return route.fallback();
      },
    );
    const loadOlder = page.getByRole('button', { name: 'Load older posts' });
    await loadOlder.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'The connection to the site was lost' })).toBeVisible();
    await expect(articles(page)).toHaveCount(15);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => articles(page).count()).toBeGreaterThanOrEqual(30);
    const ids = await articles(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-activity-id'))));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    // The scrolling way, to the end.
    const done = page.getByText('You’re all caught up.');
    for (let i = 0; i < 20 && !(await done.isVisible()); i += 1) {
      const before = await articles(page).count();
      await articles(page).last().scrollIntoViewIfNeeded();
      // Keep scrolling, as a reader does: pictures that load late can push the end of the feed
      // back below the screen after one turn of the wheel.
      await expect
        .poll(async () => {
          if ((await done.isVisible()) || (await articles(page).count()) > before) return true;
          await page.mouse.wheel(0, 4000);
          return false;
        })
        .toBe(true);
    }
    await expect(done).toBeVisible();
    const total = await articles(page).count();
    await expect(articles(page).last()).toHaveAttribute('aria-setsize', String(total));
    await expect(articles(page).last()).toHaveAttribute('aria-posinset', String(total));
    await expect(feed(page)).toHaveAttribute('aria-busy', 'false');
  });

  test('a post by someone else shows up as "new posts" after the next poll, and only goes in when asked', async ({ page, browser }) => {
    await page.clock.install();
    await signIn(page);
    const firstBefore = await articles(page).first().getAttribute('data-activity-id');

    // Alice posts, in her own browser.
    const aliceContext = await browser.newContext();
    const alice = await aliceContext.newPage();
    await signIn(alice, ALICE);
    const text = unique('Hello from Alice');
    await post(alice, text);
    await aliceContext.close();

    // Nothing moves until the poll, and the poll only offers them.
    await page.clock.fastForward('00:46');
    const banner = page.getByRole('button', { name: /^\d+\+? new posts?$/ });
    await expect(banner).toBeVisible();
    await expect(articles(page).first()).toHaveAttribute('data-activity-id', firstBefore!);
    await banner.click();
    const top = articles(page).filter({ hasText: text });
    await expect(top).toHaveCount(1);
    await expect(top).toHaveAccessibleName(/^Alice Martin /);
    await expect(banner).toBeHidden();
    // Focus goes to the first new post.
    await expect(articles(page).first()).toBeFocused();
  });

  test('a member’s wall shows their header and their activities; an unknown member is a 404', async ({ page }) => {
    await signIn(page);
    // From a name in the feed to that member's wall.
    const first = articles(page).first();
    const owner = first.getByRole('link').filter({ hasText: /\S/ }).first();
    const name = (await owner.textContent())!.trim();
    await owner.click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Alice's wall (the second demo member, a friend): her header, her posts, a box to write to her.
    await page.goto('/users/2');
    await expect(page.getByRole('heading', { level: 1, name: ALICE.name })).toBeVisible();
    const wall = page.getByRole('feed', { name: `${ALICE.name}’s wall` });
    await expect(wall.getByRole('article').first()).toBeVisible();
    await expect(
      wall
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: ALICE.name, exact: true }) })
        .first(),
    ).toBeVisible();
    await expect(page.getByLabel('Write something to Alice…')).toBeVisible();

    // What is written there shows as "Demo User → Alice Martin" on one line, its time under it.
    const note = unique('See you in Lyon');
    await composer(page).getByLabel('Write something to Alice…').fill(note);
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    const header = wall.getByRole('article').filter({ hasText: note }).locator('header');
    await expect(header).toBeVisible();
    const box = async (part: Locator) => (await part.boundingBox())!;
    const from = await box(header.getByRole('link', { name: DEMO_USER.name, exact: true }));
    const arrow = await box(header.getByText('→', { exact: true }));
    const to = await box(header.getByRole('link', { name: ALICE.name, exact: true }));
    const time = await box(header.locator('time'));
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(arrow) - middle(from))).toBeLessThan(3);
    expect(Math.abs(middle(to) - middle(from))).toBeLessThan(3);
    expect(arrow.x).toBeGreaterThanOrEqual(from.x + from.width);
    expect(to.x).toBeGreaterThanOrEqual(arrow.x + arrow.width);
    expect(time.y).toBeGreaterThanOrEqual(from.y + from.height - 1);

    // Grace's (not a friend of the demo member's): no box to write in.
    await page.goto('/users/8');
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Kim' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Create a post' })).toHaveCount(0);

    const res = await page.goto('/users/999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This member is not here' })).toBeVisible();
    expect((await page.goto('/users/abc'))?.status()).toBe(404);
  });

  test("a photo chosen in the compose box before the page's script has run is taken once it runs, not lost", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page);
    const release = await openWithScriptsHeld(page);
    await composer(page)
      .getByLabel('Add a photo')
      .setInputFiles({ name: 'early.png', mimeType: 'image/png', buffer: png(320, 240) });
    release();
    await expect(composer(page).getByRole('img', { name: 'Photo to post: early.png' })).toBeVisible({ timeout: 30_000 });
  });

  test("text typed in the compose box before the page's script has run is kept and posted", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page);
    const release = await openWithScriptsHeld(page);
    const text = unique('Typed while the page was loading');
    await postBox(page).fill(text);
    release();
    // React is listening once the field carries its fiber; a click before its effects ran would hydrate them first.
    await hydrated(postBox(page));
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    await expect(articles(page).first()).toContainText(text);
    await expect(postBox(page)).toHaveValue('');
  });
});
