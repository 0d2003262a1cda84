import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Frame, type Page, type Response } from '@playwright/test';
import { unsealData } from 'iron-session';
import { parseEnv } from '../lib/env.ts';
import { legacyCookieName, legacySessionPassword } from '../lib/legacy/cookie.ts';
import { png } from '../lib/testing/pictures.ts';
import { apiDatabaseFile, createMember } from './bff-harness.ts';
import { API_URL, WEB_ORIGIN } from './servers.ts';

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
    const mail = db.prepare('INSERT INTO mail (sender_id, recipient_id, subject, body, is_read, created_at) VALUES (?, ?, ?, ?, 0, ?)');
    mail.run(idOf(friends[0]!.email), me, 'Hello', 'Hi there', t);
    mail.run(idOf(friends[1]!.email), me, 'Lunch?', 'Tomorrow?', t);
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

  // The same key again (a reload of the first address, a copied link): refused, and said so.
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
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      path,
    ).toEqual([]);
  }
  // Without a session: the way back to the site.
  await page.context().clearCookies();
  await page.goto(`${WEB_ORIGIN}/apps/legacy/friends`);
  await expect(page.getByRole('heading', { name: 'Open the app again from the site' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
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
  const other = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Another site</title><iframe src="${WEB_ORIGIN}/apps/legacy/user" title="app"></iframe>`);
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refused.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    const child = page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(async () => child?.url()).not.toBe(`${WEB_ORIGIN}/apps/legacy/user`);
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
