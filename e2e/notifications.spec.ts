import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './api-token.ts';
import { seriousViolations } from './axe.ts';
import { API_URL, DEMO_USER } from './servers.ts';
import { ALICE, signIn, type Account } from './sign-in.ts';
import { hydrated } from './hydrated.ts';
import { unique } from './unique.ts';

// The notification list grouped, by day, filtered, answering in place; the bell current in every
// tab while one polls, and its panel by keyboard (issue 22). The others act through the API, as
// other members would; every test uses titles nobody else writes.

const BOB: Account = { email: 'bob@example.com', password: 'demo-password', name: 'Bob Chen' };
const CAROL: Account = { email: 'carol@example.com', password: 'demo-password', name: 'Carol Díaz' };

const main = (page: Page) => page.getByRole('main');

async function apiPost(request: APIRequestContext, token: string, path: string, form: Record<string, string | number> = {}) {
  const res = await request.post(`${API_URL}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` }, form });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: { id?: number } }).data;
}

async function likeAs(request: APIRequestContext, account: Account, itemType: string, itemId: number) {
  await apiPost(request, await apiToken(request, account, ['basic']), '/core/likes', { item_type: itemType, item_id: itemId });
}

test('three people like a listing: one row names them, with everyone under “See all”; the filters keep it in the URL', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const title = unique('Grouped road bike');
  const demo = await apiToken(request, DEMO_USER, ['classifieds']);
  const res = await request.post(`${API_URL}/api/v1/classifieds`, {
    headers: { Authorization: `Bearer ${demo}` },
    multipart: { title, body: 'Light and fast.', 'fields[price]': '250', 'fields[location]': 'Lyon' },
  });
  expect(res.status()).toBe(200);
  const listing = ((await res.json()) as { data: { id: number } }).data.id;
  for (const who of [ALICE, BOB, CAROL]) await likeAs(request, who, 'classified', listing);

  await signIn(page, DEMO_USER, '/notifications');
  const rows = main(page).getByTestId('notification').filter({ hasText: title });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(`Carol Díaz, Bob Chen and Alice Martin liked your listing “${title}”`);
  await expect(row.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', `/listings/${listing}`);
  await row.getByText('See all 3').click();
  for (const who of [ALICE, BOB, CAROL]) await expect(row.getByRole('link', { name: who.name, exact: true })).toBeVisible();
  // Today's section holds it.
  await expect(main(page).getByRole('region', { name: 'Today' }).getByTestId('notification').filter({ hasText: title })).toHaveCount(1);

  // Likes and shares keep it; Events does not.
  const tabs = main(page).getByRole('navigation', { name: 'Kinds of notifications' });
  await tabs.getByRole('link', { name: 'Likes and shares' }).click();
  await expect(page).toHaveURL(/\/notifications\?kind=likes$/);
  await expect(main(page).getByTestId('notification').filter({ hasText: title })).toHaveCount(1);
  await tabs.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/notifications\?kind=events$/);
  await expect(tabs.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
  await expect(main(page).getByTestId('notification').filter({ hasText: title })).toHaveCount(0);
  // In both themes (seriousViolations checks each).
  expect(await seriousViolations(page, '/notifications')).toEqual([]);
});

test('an invitation answered from the list is “Going” on the event’s page; a join request accepted there leaves the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const alice = await apiToken(request, ALICE, ['events']);
  const demoId = await (async () => {
    const me = await request.get(`${API_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${await apiToken(request)}` } });
    return ((await me.json()) as { data: { id: number } }).data.id;
  })();
  const party = unique('Invited picnic');
  const partyId = (await apiPost(request, alice, '/events', { title: party, start_time: '2031-07-05 19:00:00', timezone: 'UTC' })).id!;
  await apiPost(request, alice, `/events/${partyId}/invite`, { user_ids: String(demoId) });

  const demo = await apiToken(request, DEMO_USER, ['events']);
  const gathering = unique('Approval gathering');
  const gatheringId = (
    await apiPost(request, demo, '/events', { title: gathering, start_time: '2031-08-01 18:00:00', timezone: 'UTC', approval: 1 })
  ).id!;
  await apiPost(request, alice, `/events/${gatheringId}/request`);

  await signIn(page, DEMO_USER, '/notifications?kind=events');
  const invite = main(page)
    .getByTestId('notification')
    .filter({ hasText: `Alice Martin invited you to the event “${party}”` });
  await invite.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(invite.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const request_ = main(page)
    .getByTestId('notification')
    .filter({ hasText: `Alice Martin asked to join your event “${gathering}”` });
  await request_.getByRole('button', { name: 'Accept' }).click();
  await expect(request_).toContainText('Accepted');

  await page.goto(`/events/${partyId}`);
  await expect(main(page).getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/dashboard/events');
  await expect(
    main(page)
      .getByRole('region', { name: /Requests to join/ })
      .getByText(gathering),
  ).toHaveCount(0);
  // The list after a reload says the request was answered, and keeps the invitation's answer.
  await page.goto('/notifications?kind=events');
  await expect(main(page).getByTestId('notification').filter({ hasText: gathering })).toContainText('Answered');
  await expect(
    main(page).getByTestId('notification').filter({ hasText: party }).getByRole('button', { name: 'Going', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('two tabs: a like raises the bell (and the title) in both within one poll, while only one of them polls', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, DEMO_USER, '/notifications');
  const second = await context.newPage();
  await second.goto('/blogs');
  const polls = new Map<Page, number>([
    [first, 0],
    [second, 0],
  ]);
  for (const p of [first, second]) {
    p.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/notifications/count') polls.set(p, polls.get(p)! + 1);
    });
  }
  const bell = (p: Page) => p.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  for (const p of [first, second]) await expect(bell(p)).toHaveAccessibleName('Notifications');

  const demo = await apiToken(request, DEMO_USER, ['activities']);
  const post = await apiPost(request, demo, '/activities', { body: unique('Bell rises') });
  await likeAs(request, BOB, 'activity', post.id!);
  // One poll interval (20 s) and a little.
  for (const p of [first, second]) {
    await expect(bell(p)).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/, { timeout: 30_000 });
    await expect(p).toHaveTitle(/^\([1-9]\d*\) /);
  }
  const counts = [...polls.values()];
  expect(
    counts.filter((n) => n > 0),
    JSON.stringify(counts),
  ).toHaveLength(1);
  await context.close();
});

test('the bell’s panel by keyboard: it opens with the latest, focus moves in, Escape closes it and returns to the bell', async ({
  page,
}) => {
  // A sign-in and axe in both themes: longer than the default 30 s beside other work.
  test.setTimeout(60_000);
  await signIn(page, DEMO_USER, '/blogs');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Latest notifications' });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('link', { name: 'See all notifications' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  expect(await seriousViolations(page, 'the bell’s panel')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute('aria-expanded', 'false');
  // Space opens it too, and "See all" leads to the list.
  await page.keyboard.press(' ');
  await panel.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test('a comment’s row leads to the comment itself on its item’s page', async ({ page, request }) => {
  const demo = await apiToken(request, DEMO_USER, ['activities']);
  const text = unique('Comment on me');
  const post = await apiPost(request, demo, '/activities', { body: text });
  const bob = await apiToken(request, BOB, ['basic']);
  const comment = await apiPost(request, bob, '/core/comments', { item_type: 'activity', item_id: post.id!, body: unique('Nice one') });
  await signIn(page, DEMO_USER, '/notifications?kind=mentions');
  const row = main(page).getByTestId('notification').filter({ hasText: text });
  await expect(row).toContainText('Bob Chen commented on your post');
  const link = row.getByRole('link', { name: /Bob Chen commented/ });
  await expect(link).toHaveAttribute('href', `/activities/${post.id}#comment-${comment.id}`);
  await link.click();
  await expect(page.locator(`#comment-${comment.id}`)).toBeInViewport();
});

test('a day of more than 200 likes pages into whole groups: each post once, naming all three people, across the pages', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const carol = await apiToken(request, CAROL, ['activities']);
  const likers = await Promise.all([ALICE, BOB, DEMO_USER].map((who) => apiToken(request, who, ['basic'])));
  const prefix = unique('Busy day');
  const posts: number[] = [];
  for (let i = 0; i < 70; i++) posts.push((await apiPost(request, carol, '/activities', { body: `${prefix} #${i}` })).id!);
  // Each person goes through every post in turn: read 50 at a time, a day of 210 was split.
  for (const token of likers) for (const id of posts) await apiPost(request, token, '/core/likes', { item_type: 'activity', item_id: id });

  await signIn(page, CAROL, '/notifications?kind=likes');
  const shown = new Map<string, number>();
  for (let pageNo = 1; ; pageNo++) {
    const rows = main(page).getByTestId('notification').filter({ hasText: prefix });
    for (const text of await rows.allTextContents()) {
      const post = /#(\d+)/.exec(text)![1]!;
      expect(text).toContain('Demo User, Bob Chen and Alice Martin liked your post');
      expect(shown.has(post), `post ${post} on pages ${shown.get(post)} and ${pageNo}`).toBe(false);
      shown.set(post, pageNo);
    }
    const older = main(page).getByRole('link', { name: 'Older' });
    if (shown.size === posts.length || (await older.count()) === 0) break;
    // Wait for this page's own address: from the third page on, the last one's also matched before=.
    const next = (await older.getAttribute('href'))!;
    await older.click();
    await expect(page).toHaveURL(next);
  }
  expect(shown.size).toBe(70);
  expect(new Set(shown.values()).size).toBeGreaterThan(1);
});

test('opening the bell’s panel takes what it showed out of the count; a row stays new until it is opened, or the list is', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const carol = await apiToken(request, CAROL, ['activities']);
  const opened = unique('Opened from the panel');
  const waiting = unique('Read in the list');
  const posts: Record<string, number> = {};
  for (const text of [opened, waiting]) {
    posts[text] = (await apiPost(request, carol, '/activities', { body: text })).id!;
    for (const who of [ALICE, BOB]) await likeAs(request, who, 'activity', posts[text]);
  }

  await signIn(page, CAROL, '/blogs');
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  // The count is kept 20 s per person (the list above read Carol's): the poll brings the new one.
  await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/, { timeout: 30_000 });
  const panel = page.getByRole('dialog', { name: 'Latest notifications' });
  const panelRow = (text: string) => panel.getByRole('listitem').filter({ hasText: `Bob Chen and Alice Martin liked your post “${text}”` });
  // Each time after a page load: clicked before the page hydrates, the bell is the link to the list it is without script.
  const openPanel = async () => {
    await hydrated(bell);
    await bell.click();
  };
  await openPanel();
  for (const text of [opened, waiting]) await expect(panelRow(text)).toContainText('(new)');
  // The count drops as soon as the panel has shown them, in the title too, and stays down.
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\+?\) /);
  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications');

  // Opening a row reads that one; the other stays new.
  await openPanel();
  for (const text of [opened, waiting]) await expect(panelRow(text)).toContainText('(new)');
  await panelRow(opened).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/activities/${posts[opened]}$`));
  await openPanel();
  await expect(panelRow(opened)).toBeVisible();
  await expect(panelRow(opened)).not.toContainText('(new)');
  await expect(panelRow(waiting)).toContainText('(new)');

  // The list shows the other one new, and opening the list reads it.
  const marked = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/notifications');
  await page.goto('/notifications');
  const row = (text: string) => main(page).getByTestId('notification').filter({ hasText: text });
  await expect(row(waiting)).toContainText('New');
  await expect(row(opened)).not.toContainText('New');
  await marked;
  await page.reload();
  await expect(row(waiting)).toHaveCount(1);
  await expect(row(waiting)).not.toContainText('New');
});
