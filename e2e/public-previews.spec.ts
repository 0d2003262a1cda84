import { DatabaseSync } from 'node:sqlite';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolationsAsShown } from './axe.ts';
import { apiDatabaseFile } from './bff-harness.ts';
import { DEMO_USER, WEB_ORIGIN } from './servers.ts';
import { authorizeOnApi } from './sign-in.ts';

// Public previews: an item page opened by someone who is not signed in (every test here starts
// in a fresh browser context, without cookies) shows the item as everyone may see it, with an
// invitation to sign in; its HTML's <head> carries the Open Graph and Twitter tags a crawler
// reads without running scripts; the og:image is a 1200×630 PNG; an item everyone may not see
// is a 404 that says nothing of it. The items are the seed's, picked by their privacy straight
// from the API's database (read only).

type Row = Record<string, string | number | null>;

function query<T extends Row>(sql: string): T[] {
  const db = new DatabaseSync(apiDatabaseFile(), { readOnly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}
const one = <T extends Row>(sql: string): T => {
  const row = query<T>(sql)[0];
  if (!row) throw new Error(`The seed has no row for: ${sql}`);
  return row;
};
const userName = (id: number | string | null) =>
  one<{ full_name: string }>(`SELECT full_name FROM users WHERE id = ${Number(id)}`).full_name;

// Oldest first: the seed's own items, not the demo user's (which the other specs change).
const NOT_DEMO = "owner_id <> (SELECT id FROM users WHERE email = 'demo@example.com')";
const publicBlog = () =>
  one<{ id: number; title: string; owner_id: number }>(
    `SELECT id, title, owner_id FROM blogs WHERE auth_view = 'everyone' AND is_draft = 0 AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );
const friendsBlog = () =>
  one<{ id: number; title: string; body: string; owner_id: number }>(
    `SELECT id, title, body, owner_id FROM blogs WHERE auth_view = 'owner_member' AND is_draft = 0 AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );
const publicAlbum = () =>
  one<{ id: number; title: string; owner_id: number }>(
    `SELECT a.id, a.title, a.owner_id FROM albums a WHERE a.auth_view = 'everyone' AND a.kind = 'normal' AND a.${NOT_DEMO} AND EXISTS (SELECT 1 FROM photos p WHERE p.album_id = a.id) ORDER BY a.id LIMIT 1`,
  );
const photoOf = (albumId: number) =>
  one<{ id: number; title: string }>(`SELECT id, title FROM photos WHERE album_id = ${albumId} ORDER BY position, id LIMIT 1`);
const publicActivity = () =>
  one<{ id: number; content: string; owner_id: number }>(
    `SELECT id, content, owner_id FROM activities WHERE auth_view = 'everyone' AND attachment_type IS NULL AND length(content) > 20 AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );
const friendsActivity = () =>
  one<{ id: number; content: string; owner_id: number }>(
    `SELECT id, content, owner_id FROM activities WHERE auth_view = 'owner_member' AND attachment_type IS NULL AND length(content) > 20 AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );
/** A photo posted with a friends-only post (the compose box's upload, in its owner's Wall Photos) and with no other post. */
const friendsPostPhoto = () =>
  one<{ id: number; title: string; image_key: string; owner_id: number }>(
    `SELECT p.id, p.title, p.image_key, p.owner_id FROM photos p JOIN albums al ON al.id = p.album_id AND al.kind = 'wall'
     WHERE p.${NOT_DEMO}
       AND EXISTS (SELECT 1 FROM activities a WHERE a.attachment_type = 'photo' AND a.attachment_id = p.id AND a.is_share = 0 AND a.auth_view = 'owner_member')
       AND NOT EXISTS (SELECT 1 FROM activities a WHERE a.attachment_type = 'photo' AND a.attachment_id = p.id AND a.is_share = 0 AND a.auth_view <> 'owner_member')
     ORDER BY p.id LIMIT 1`,
  );

const publicListing = () =>
  one<{ id: number; title: string; owner_id: number; location: string }>(
    `SELECT id, title, owner_id, location FROM classifieds WHERE auth_view = 'everyone' AND main_photo_id IS NOT NULL AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );
const friendsListing = () =>
  one<{ id: number; title: string; body: string; owner_id: number }>(
    `SELECT id, title, body, owner_id FROM classifieds WHERE auth_view = 'owner_member' AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );

const publicEvent = () =>
  one<{ id: number; title: string; owner_id: number; location: string }>(
    `SELECT id, title, owner_id, location FROM events WHERE auth_view = 'everyone' AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );
const friendsEvent = () =>
  one<{ id: number; title: string; description: string; owner_id: number }>(
    `SELECT id, title, description, owner_id FROM events WHERE auth_view = 'owner_member' AND ${NOT_DEMO} ORDER BY id LIMIT 1`,
  );

/** The words of a text long enough to be telling (no "the", no "and"). */
const tellingWords = (text: string) => [...new Set(text.replace(/<[^>]+>/g, ' ').match(/[\p{L}]{6,}/gu) ?? [])].slice(0, 12);

const invitation = (page: Page) => page.getByRole('complementary', { name: 'Sign in to Social' });

/** The HTML of a page as a crawler gets it: one GET, no cookies, no scripts. */
async function crawl(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { cookie: '' }, maxRedirects: 0 });
  return { status: res.status(), html: await res.text() };
}

function meta(html: string, key: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  for (const tag of head.match(/<meta\b[^>]*>/g) ?? []) {
    const name = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    if (name === key)
      return /\bcontent="([^"]*)"/
        .exec(tag)?.[1]
        ?.replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'");
  }
  return undefined;
}

/** Width and height read from a PNG's IHDR chunk, after its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString()).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('public previews for visitors who are not signed in', () => {
  test('a public blog post, photo, album and post open with the item and an invitation to sign in', async ({ page }) => {
    const blog = publicBlog();
    const album = publicAlbum();
    const photo = photoOf(album.id);
    const activity = publicActivity();

    const blogRes = await page.goto(`/blogs/${blog.id}`);
    expect(blogRes?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(userName(blog.owner_id));
    await expect(invitation(page)).toContainText('Sign in to like it, comment');
    await expect(invitation(page).getByRole('button', { name: 'Sign in to join in' })).toBeVisible();
    // What needs a member is not offered; the link can still be passed on.
    await expect(page.getByRole('button', { name: /^Like/ })).toHaveCount(0);
    await expect(page.getByLabel('Write a comment')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share to your feed' })).toHaveCount(0);

    expect((await page.goto(`/photos/${photo.id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(photo.title || 'Photo');
    await expect(page.getByRole('main')).toContainText(album.title);
    await expect(invitation(page)).toBeVisible();

    expect((await page.goto(`/albums/${album.id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: album.title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(userName(album.owner_id));
    await expect(invitation(page)).toBeVisible();

    expect((await page.goto(`/activities/${activity.id}`))?.status()).toBe(200);
    await expect(page.getByRole('article').first()).toContainText(tellingWords(activity.content)[0]!);
    await expect(page.getByRole('main')).toContainText(userName(activity.owner_id));
    await expect(invitation(page)).toBeVisible();

    const listing = publicListing();
    expect((await page.goto(`/listings/${listing.id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(listing.location);
    await expect(page.getByRole('main')).toContainText(userName(listing.owner_id));
    await expect(invitation(page)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Like/ })).toHaveCount(0);

    const event = publicEvent();
    expect((await page.goto(`/events/${event.id}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(event.location);
    await expect(invitation(page)).toBeVisible();
    // "Add to calendar" works for a visitor too: what everyone may see.
    const ics = await page.request.get(`/events/${event.id}/ics`, { headers: { cookie: '' } });
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    expect(await ics.text()).toContain('BEGIN:VEVENT');
  });

  test('the HTML’s head carries Open Graph and Twitter tags with absolute URLs, and og:image is a cacheable 1200×630 PNG', async ({
    request,
  }) => {
    const blog = publicBlog();
    const album = publicAlbum();
    const photo = photoOf(album.id);
    const activity = publicActivity();
    for (const path of [
      `/blogs/${blog.id}`,
      `/photos/${photo.id}`,
      `/albums/${album.id}`,
      `/activities/${activity.id}`,
      `/listings/${publicListing().id}`,
      `/events/${publicEvent().id}`,
    ]) {
      const { status, html } = await crawl(request, path);
      expect(status, path).toBe(200);
      const url = `${WEB_ORIGIN}${path}`;
      expect(meta(html, 'og:url'), path).toBe(url);
      expect(html, path).toContain(`<link rel="canonical" href="${url}"`);
      expect(meta(html, 'og:type'), path).toBe('article');
      expect(meta(html, 'og:site_name'), path).toBe('Social');
      expect(meta(html, 'og:title'), path).toMatch(/\S/);
      expect(meta(html, 'og:description'), path).toMatch(/\S/);
      expect(meta(html, 'description'), path).toBe(meta(html, 'og:description'));
      expect(meta(html, 'og:image:width'), path).toBe('1200');
      expect(meta(html, 'og:image:height'), path).toBe('630');
      expect(meta(html, 'og:image:alt'), path).toMatch(/\S/);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
      const image = meta(html, 'og:image')!;
      expect(image, path).toMatch(new RegExp(`^${WEB_ORIGIN}/og/[a-z]+/\\d+/[A-Za-z0-9_-]+\\.png$`));
      expect(meta(html, 'twitter:image'), path).toBe(image);

      const res = await request.get(image);
      expect(res.status(), image).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });

      // Another version of the image (an older one) is sent on to the current one.
      const stale = await request.get(image.replace(/[^/]+\.png$/, 'older.png'), { maxRedirects: 0 });
      expect(stale.status()).toBe(307);
      expect(new URL(stale.headers().location!, WEB_ORIGIN).href).toBe(image);
    }
    // The blog post's metadata says what it is.
    const { html } = await crawl(request, `/blogs/${blog.id}`);
    expect(meta(html, 'og:title')).toBe(blog.title);
    expect(html).toMatch(/<title>[^<]+ · Social<\/title>/);
  });

  test('a link’s unfurl counts one view: the page counts it, its preview image none', async ({ request }) => {
    // The newest public items of the seed that are not the demo member's: the other specs open the
    // oldest, and open what they make as they run (a listing another spec had just made and was
    // opening was counted twice here); the seed dates its blogs and listings a day back at least.
    const seeded = (table: string) => (table === 'albums' ? '' : ` AND created_at < ${Math.floor(Date.now() / 1000) - 86_400}`);
    const views = (table: string, id: number) => one<{ n: number }>(`SELECT view_count AS n FROM ${table} WHERE id = ${id}`).n;
    for (const [table, path, kind] of [
      ['blogs', '/blogs', 'blog'],
      ['classifieds', '/listings', 'classified'],
      ['albums', '/albums', 'album'],
    ] as const) {
      const { id } = one<{ id: number }>(
        `SELECT id FROM ${table} WHERE auth_view = 'everyone' AND ${NOT_DEMO}${table === 'blogs' ? ' AND is_draft = 0' : ''}${seeded(table)} ORDER BY id DESC LIMIT 1`,
      );
      const before = views(table, id);
      const { status, html } = await crawl(request, `${path}/${id}`);
      expect(status, path).toBe(200);
      expect(views(table, id), `${path}/${id}`).toBe(before + 1);
      const image = meta(html, 'og:image')!;
      expect(image, path).toContain(`/og/${kind}/${id}/`);
      for (let i = 0; i < 2; i += 1) expect((await request.get(image)).status(), image).toBe(200);
      expect(views(table, id), image).toBe(before + 1);
    }
  });

  test('an item everyone may not see is a 404 with none of its words, and no image', async ({ request, page }) => {
    // Words the 404 page says of itself ("visible", "deleted"…) tell nothing of the item.
    const missing = await crawl(request, '/blogs/987654321');
    expect(missing.status).toBe(404);
    for (const [path, item, text] of [
      [`/blogs/${friendsBlog().id}`, friendsBlog(), `${friendsBlog().title} ${friendsBlog().body}`],
      [`/activities/${friendsActivity().id}`, friendsActivity(), friendsActivity().content],
      [`/listings/${friendsListing().id}`, friendsListing(), `${friendsListing().title} ${friendsListing().body}`],
      [`/events/${friendsEvent().id}`, friendsEvent(), `${friendsEvent().title} ${friendsEvent().description}`],
    ] as const) {
      const { status, html } = await crawl(request, path);
      expect(status, path).toBe(404);
      const words = tellingWords(text).filter((w) => !missing.html.includes(w));
      expect(words.length, path).toBeGreaterThan(2);
      for (const word of words) expect(html, `${path}: ${word}`).not.toContain(word);
      expect(html).not.toContain(userName(item.owner_id));
      expect(meta(html, 'og:image')).toBeUndefined();
      expect(meta(html, 'og:url')).toBeUndefined();
      const [type, id] = path.split('/').slice(1);
      const kind = type === 'blogs' ? 'blog' : type === 'listings' ? 'classified' : type === 'events' ? 'event' : 'activity';
      expect((await request.get(`/og/${kind}/${id}/any.png`, { maxRedirects: 0 })).status()).toBe(404);

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('not here');
    }
    // A photo posted with a friends-only post is the post's: not there for a visitor either.
    const photo = friendsPostPhoto();
    const { status, html } = await crawl(request, `/photos/${photo.id}`);
    expect(status).toBe(404);
    for (const trace of [photo.title, photo.image_key.split('.')[0]!, userName(photo.owner_id)]) expect(html).not.toContain(trace);
    expect(meta(html, 'og:image')).toBeUndefined();
    expect((await request.get(`/og/photo/${photo.id}/any.png`, { maxRedirects: 0 })).status()).toBe(404);
    await page.goto(`/photos/${photo.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('not here');
  });

  test('signing in from a public page comes back to it, and the same URL is then the full page', async ({ page }) => {
    const blog = publicBlog();
    await page.goto(`/blogs/${blog.id}`);
    await invitation(page).getByRole('button', { name: 'Sign in to join in' }).click();
    await authorizeOnApi(page);
    await expect(page).toHaveURL(`${WEB_ORIGIN}/blogs/${blog.id}`);
    await expect(page.getByRole('banner')).toContainText(DEMO_USER.name);
    await expect(page.getByRole('heading', { level: 1, name: blog.title })).toBeVisible();
    await expect(invitation(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Like/ }).first()).toBeVisible();
    await expect(page.getByLabel('Write a comment')).toBeVisible();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('button', { name: 'Share to your feed' })).toBeVisible();
  });

  test('"Copy link" puts the item’s address on the clipboard and says "Copied"', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB_ORIGIN });
    const album = publicAlbum();
    await page.goto(`/albums/${album.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'The link is copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${WEB_ORIGIN}/albums/${album.id}`);
    // Escape closes the list and gives the focus back to "Share".
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Share' })).toBeFocused();
  });

  // seriousViolations judges each page in the light and the dark theme.
  test('the public pages have no serious axe violations, light or dark', async ({ page }) => {
    // Six pages, each scanned twice (a scan takes seconds on a busy machine).
    test.setTimeout(90_000);
    const album = publicAlbum();
    const paths = [
      `/blogs/${publicBlog().id}`,
      `/photos/${photoOf(album.id).id}`,
      `/albums/${album.id}`,
      `/activities/${publicActivity().id}`,
      `/listings/${publicListing().id}`,
      `/events/${publicEvent().id}`,
    ];
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(invitation(page)).toBeVisible();
      found.push(...(await seriousViolationsAsShown(page, path)));
      await page.getByRole('button', { name: 'Share' }).click();
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
      found.push(...(await seriousViolationsAsShown(page, `${path} (share open)`)));
    }
    expect(found).toEqual([]);
  });
});
