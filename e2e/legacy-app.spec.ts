import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Browser, type BrowserContext, type Frame, type Page, type Response } from '@playwright/test';
import { seriousViolationsAsShown } from './axe.ts';
import { unsealData } from 'iron-session';
import { parseEnv } from '../lib/env.ts';
import { legacyCookieName, legacySessionPassword } from '../lib/legacy/cookie.ts';
import { png } from '../lib/testing/pictures.ts';
import { apiDatabaseFile, createMember } from './bff-harness.ts';
import { API_URL, WEB_ORIGIN } from './servers.ts';
import { signIn } from './sign-in.ts';

// The legacy app inside the site's frame: the API's /apps/1 page (signed in at the site)
// frames WEB_ORIGIN/apps/legacy?key=…; the app exchanges the key on the server and keeps the
// token in its sealed cookie (over plain HTTP here: the SameSite=Lax development form, sent in
// a frame of the same site). A member of its own with twelve friends (more than a page), a song
// and unread mail: made in the API's database, which has no way to make friends through it.

interface Member {
  email: string;
  password: string;
  name: string;
}

function memberWithFriends(): Member {
  const member = createMember('legacy');
  const friends = Array.from({ length: 12 }, () => createMember('legacyfriend'));
  const db = new DatabaseSync(apiDatabaseFile());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const idOf = (email: string) => (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number }).id;
    const me = idOf(member.email);
    const t = Math.floor(Date.now() / 1000);
    const befriend = db.prepare('INSERT INTO friendships (user_id, friend_id, created_at) VALUES (?, ?, ?)');
    for (const f of friends) {
      const id = idOf(f.email);
      befriend.run(me, id, t);
      befriend.run(id, me, t);
    }
    db.prepare('INSERT INTO songs (owner_id, title, file_key, play_count, created_at) VALUES (?, ?, ?, ?, ?)').run(
      me,
      'Morning',
      'songs/demo-1.wav',
      7,
      t,
    );
    // Mail is the messages module's: a conversation of one message each, unread by its recipient (migration 016).
    const conversation = db.prepare('INSERT INTO conversations (title, creator_id, created_at, updated_at) VALUES (?, ?, ?, ?)');
    const message = db.prepare('INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES (?, ?, ?, ?)');
    const lastMessage = db.prepare('UPDATE conversations SET last_message_id = ? WHERE id = ?');
    const inFolders = db.prepare(
      `INSERT INTO conversation_members (conversation_id, user_id, inbox_message_id, inbox_updated, inbox_read, outbox_message_id, outbox_updated)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const mail = (from: number, subject: string, body: string) => {
      const c = Number(conversation.run(subject, from, t, t).lastInsertRowid);
      const m = Number(message.run(c, from, body, t).lastInsertRowid);
      lastMessage.run(m, c);
      inFolders.run(c, from, null, 0, 1, m, t);
      inFolders.run(c, me, m, t, 0, null, 0);
    };
    mail(idOf(friends[0]!.email), 'Hello', 'Hi there');
    mail(idOf(friends[1]!.email), 'Lunch?', 'Tomorrow?');
  } finally {
    db.close();
  }
  return member;
}

/** Signs in on the site's own /apps/1 sign-in form and answers the app's frame. */
async function openAppFromSite(page: Page, member: Member): Promise<Frame> {
  await page.goto(`${API_URL}/apps/1`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${API_URL}/apps/1`);
  return appFrame(page);
}

async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe').elementHandle();
  const frame = await handle!.contentFrame();
  return frame!;
}

/** A page served on another site than the app's (127.0.0.1, where the app is on localhost). */
async function anotherSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Another site</title>${html}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token sealed in this browser's app cookie (the test knows the development secret), if any. */
async function sealedToken(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies(WEB_ORIGIN)).find((c) => c.name === legacyCookieName(false));
  if (!cookie?.value) return undefined;
  return (await unsealData<{ token?: string }>(cookie.value, { password: legacySessionPassword(parseEnv(process.env)) })).token;
}

/** Whom a legacy token acts for at the API, or its error id. */
async function tokenOwner(page: Page, token: string): Promise<string | number> {
  const res = await page.request.get(`${API_URL}/api.php?method=user.getUser&token=${encodeURIComponent(token)}`);
  const { output } = (await res.json()) as { output: { full_name?: string; error_id?: number } };
  return output.full_name ?? output.error_id!;
}

/**
 * A fresh key of `member`'s, taken from the site's /apps/1 page in a browser of their own whose
 * frame is kept from using it: what someone hands a victim as a link to their own account.
 */
async function keyOf(browser: Browser, member: Member): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(
      (url) => url.origin === WEB_ORIGIN && url.pathname === '/apps/legacy',
      (route) => route.abort(),
    );
    await page.goto(`${API_URL}/apps/1`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${API_URL}/apps/1`);
    return new URL((await page.locator('iframe').getAttribute('src'))!).searchParams.get('key')!;
  } finally {
    await context.close();
  }
}

/** The status of the app's "Add a photo" (its upload route), sent from this browser as the app does. */
async function uploadStatus(page: Page): Promise<number> {
  const res = await page.request.post(`${WEB_ORIGIN}/api/upload/legacy-photo`, {
    headers: { origin: WEB_ORIGIN, 'sec-fetch-site': 'same-origin' },
    multipart: { photo_name: 'p.png', photo: { name: 'p.png', mimeType: 'image/png', buffer: png(320, 200) } },
    failOnStatusCode: false,
  });
  return res.status();
}

/** Every response the browser receives in this context, kept to search afterwards. */
function recordResponses(context: BrowserContext) {
  const seen: Array<{ url: string; headers: string; body: Promise<string> }> = [];
  const keep = (res: Response) => {
    seen.push({
      url: res.url(),
      headers: JSON.stringify(res.headers()),
      body: res.body().then(
        (b) => b.toString('latin1'),
        () => '',
      ),
    });
  };
  context.on('response', keep);
  return seen;
}

test('the app opens in the site’s frame, shows the member, pages friends by ten, lists photos and takes a new one; the token never reaches the browser; a used key fails clearly', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const member = memberWithFriends();
  const responses = recordResponses(context);
  const keys: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === WEB_ORIGIN && url.pathname === '/apps/legacy' && url.searchParams.has('key')) keys.push(url.href);
  });

  let frame = await openAppFromSite(page, member);
  await expect(frame.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  // The key is gone from the app's address; the unread counts of the legacy API are shown.
  expect(new URL(frame.url()).pathname).toBe('/apps/legacy/user');
  expect(frame.url()).not.toContain('key=');
  expect(keys).toHaveLength(1);
  await expect(frame.getByRole('list', { name: 'Unread' })).toContainText('Mail: 2 unread');

  // Friends: ten a page with the API's total, each card checked with friend.isFriend.
  await frame.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Friends' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible();
  const friendList = frame.getByRole('list', { name: 'Friends' });
  await expect(friendList.getByRole('listitem')).toHaveCount(10);
  await expect(frame.getByText('12 friends')).toBeVisible();
  await expect(friendList.getByText('Friends', { exact: true })).toHaveCount(10);
  await frame.getByRole('link', { name: 'Next page' }).click();
  await expect(frame.getByText('Page 2 of 2')).toBeVisible();
  await expect(friendList.getByRole('listitem')).toHaveCount(2);

  // Songs: a player and its play count.
  await frame.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Songs' }).click();
  await expect(frame.getByText('Played 7 times')).toBeVisible();
  await expect(frame.locator('audio')).toHaveAttribute('src', new RegExp(`^${API_URL}/files/`));

  // Photos: none yet; one added through the BFF, with its progress, then listed.
  await frame.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Photos' }).click();
  await expect(frame.getByText('No photos yet.')).toBeVisible();
  await frame.getByLabel('Add a photo').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: png(320, 200) });
  await expect(frame.getByRole('status').filter({ hasText: '“harbour.png” was added to your photos.' })).toBeVisible();
  const photos = frame.getByRole('list', { name: 'Photos' });
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  await expect(photos.getByRole('img')).toHaveAttribute('src', new RegExp(`^${API_URL}/files/`));
  await expect(frame.getByText('1 photo', { exact: true })).toBeVisible();

  // Not a photo: refused with a reason, nothing sent on.
  await frame
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(frame.getByRole('alert').filter({ hasText: /notes\.png/ })).toBeVisible();

  // Notifications: the page of the legacy API's notification.get.
  await frame.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  // The token: sealed in the app's cookie (the test knows the development secret), a real one,
  // and in no response the browser received, headers or bodies.
  const cookie = (await context.cookies(WEB_ORIGIN)).find((c) => c.name === legacyCookieName(false));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  const { token } = await unsealData<{ token?: string }>(cookie!.value, { password: legacySessionPassword(parseEnv(process.env)) });
  expect(token).toBeTruthy();
  const me = (await (await page.request.get(`${API_URL}/api.php?method=user.getUser&token=${encodeURIComponent(token!)}`)).json()) as {
    output: { full_name: string };
  };
  expect(me.output.full_name).toBe(member.name);
  expect(responses.length).toBeGreaterThan(10);
  for (const r of responses) {
    expect(r.headers, r.url).not.toContain(token!);
    expect(await r.body, r.url).not.toContain(token!);
  }

  // The same key again, as a copied link opened in a tab of its own (not the site's frame): refused, and said so.
  await page.goto(keys[0]!);
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Open the app again from the site/ })).toHaveAttribute('href', `${API_URL}/apps/1`);
  expect(new URL(page.url()).searchParams.has('key')).toBe(false);

  // Opened again from the site: a fresh key, a working app.
  await page.goto(`${API_URL}/apps/1`);
  frame = await appFrame(page);
  await expect(frame.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
});

test('the app’s pages have no serious accessibility violation', async ({ page }) => {
  const member = memberWithFriends();
  await openAppFromSite(page, member);
  for (const path of [
    '/apps/legacy/user',
    '/apps/legacy/friends',
    '/apps/legacy/photos',
    '/apps/legacy/songs',
    '/apps/legacy/notifications',
  ]) {
    await page.goto(`${WEB_ORIGIN}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolationsAsShown(page, path)).toEqual([]);
  }
  // Without a session: the way back to the site.
  await page.context().clearCookies();
  await page.goto(`${WEB_ORIGIN}/apps/legacy/friends`);
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  expect(await seriousViolationsAsShown(page, 'the way back to the site')).toEqual([]);
});

test('only the site may frame the app; the rest of the product may be framed by no one', async ({ page, request }) => {
  const frameAncestors = (csp: string | undefined) => (csp ?? '').split('; ').find((d) => d.startsWith('frame-ancestors '));
  for (const path of ['/apps/legacy', '/apps/legacy/user', '/apps/legacy/photos']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(frameAncestors(res.headers()['content-security-policy']), path).toBe(`frame-ancestors ${API_URL}`);
    expect(res.headers()['x-frame-options'], path).toBeUndefined();
  }
  const home = await request.get('/');
  expect(frameAncestors(home.headers()['content-security-policy'])).toBe("frame-ancestors 'none'");
  expect(home.headers()['x-frame-options']).toBe('DENY');

  // Another origin framing the app: Chromium refuses to show it.
  const other = await anotherSite(`<iframe src="${WEB_ORIGIN}/apps/legacy/user" title="app"></iframe>`);
  try {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(other.url);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    const child = page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(async () => child?.url()).not.toBe(`${WEB_ORIGIN}/apps/legacy/user`);
  } finally {
    await other.close();
  }
});

// The app's session is the site's: a key of anyone but the person in this browser is no way in
// (login CSRF: the attacker's app session in place of the victim's, the victim's uploads theirs),
// and signing out, here or at the site, ends it.

test('another member’s key, opened from a link or a frame on another site, does not sign a signed-in member in to the app as them', async ({
  page,
  context,
  browser,
}) => {
  const victim = createMember('legacyvictim');
  const attacker = createMember('legacyattacker');
  // The victim is signed in to the web client and uses the app from the site's page.
  await signIn(page, victim);
  await page.goto(`${API_URL}/apps/1`);
  await expect((await appFrame(page)).getByRole('heading', { level: 1, name: victim.name })).toBeVisible();

  const byLink = await keyOf(browser, attacker);
  const byFrame = await keyOf(browser, attacker);
  const evil = await anotherSite(
    `<a href="${WEB_ORIGIN}/apps/legacy?key=${byLink}">See the photos</a><iframe src="${WEB_ORIGIN}/apps/legacy?key=${byFrame}" title="app"></iframe>`,
  );
  try {
    await page.goto(evil.url);
    await page.getByRole('link', { name: 'See the photos' }).click();
    await page.waitForURL((url) => url.origin === WEB_ORIGIN);
    await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
    await expect(page.getByText(attacker.name)).toHaveCount(0);
  } finally {
    await evil.close();
  }
  // The app is still the victim's: its page, its cookie's token, and where an upload goes.
  await page.goto('/apps/legacy/user');
  await expect(page.getByRole('heading', { level: 1, name: victim.name })).toBeVisible();
  expect(await tokenOwner(page, (await sealedToken(context))!)).toBe(victim.name);
  expect(await uploadStatus(page)).toBe(200);
});

test('another member’s key opened by a link from another site does not sign in a browser that is signed in nowhere', async ({
  page,
  context,
  browser,
}) => {
  const attacker = createMember('legacyattacker');
  const key = await keyOf(browser, attacker);
  const evil = await anotherSite(`<a href="${WEB_ORIGIN}/apps/legacy?key=${key}">See the photos</a>`);
  try {
    await page.goto(evil.url);
    await page.getByRole('link', { name: 'See the photos' }).click();
    await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  } finally {
    await evil.close();
  }
  await page.goto('/apps/legacy/user');
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  await expect(page.getByText(attacker.name)).toHaveCount(0);
  expect(await sealedToken(context)).toBeUndefined();
  expect(await uploadStatus(page)).toBe(401);
});

test('the site’s page opening the app for another member than the one signed in to the web client is refused', async ({
  page,
  context,
}) => {
  const member = createMember('legacyweb');
  const other = createMember('legacysite');
  await signIn(page, member);
  // At the site (the API's pages), this browser signs out and in again as someone else.
  await page.goto(`${API_URL}/apps/1`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  const frame = await openAppFromSite(page, other);
  await expect(frame.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  await expect(frame.getByText('The site opened the app for another member than the one signed in here.')).toBeVisible();
  await expect(frame.getByText(other.name)).toHaveCount(0);
  expect(await sealedToken(context)).toBeUndefined();
});

test('signing out of the web client ends the app’s session: its pages, its upload and its token', async ({ page, context }) => {
  const member = createMember('legacysignout');
  await signIn(page, member);
  await page.goto(`${API_URL}/apps/1`);
  await expect((await appFrame(page)).getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  const token = (await sealedToken(context))!;
  expect(await uploadStatus(page)).toBe(200);

  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(member.name) })
    .click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto('/apps/legacy/user');
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  await expect(page.getByText(member.name)).toHaveCount(0);
  expect(await uploadStatus(page)).toBe(401);
  expect(await sealedToken(context)).toBeUndefined();
  // The token the cookie held no longer works anywhere (error 3: invalid or expired).
  expect(await tokenOwner(page, token)).toBe(3);
});

test('signing out of the site (its /apps page) ends the app’s token', async ({ page, context }) => {
  const member = createMember('legacysitesignout');
  const frame = await openAppFromSite(page, member);
  await expect(frame.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  const token = (await sealedToken(context))!;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${API_URL}/apps/1/sign-in`);
  expect(await tokenOwner(page, token)).toBe(3);
  await page.goto('/apps/legacy/user');
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  // The cookie is the app's, which the site cannot clear: its token is refused (403, the session has ended).
  expect(await uploadStatus(page)).toBe(403);
});

test('signing in to the web client as another member ends the app session of the one before', async ({ page, context }) => {
  const first = createMember('legacyfirst');
  const second = createMember('legacysecond');
  const frame = await openAppFromSite(page, first);
  await expect(frame.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  // The site's own sign-in is forgotten by this browser (its token still works at the API), and
  // the web client is signed in to as the second member.
  await context.clearCookies({ name: 'site_session' });
  await signIn(page, second);
  expect(await tokenOwner(page, (await sealedToken(context))!)).toBe(first.name);

  await page.goto('/apps/legacy/user');
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  await expect(page.getByText(first.name)).toHaveCount(0);
  expect(await uploadStatus(page)).toBe(401);
});
