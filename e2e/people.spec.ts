import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiToken } from './api-token.ts';
import { seriousViolations } from './axe.ts';
import { API_URL, DEMO_USER } from './servers.ts';
import { lockPair } from './pair-lock.ts';
import { ALICE, signIn, type Account } from './sign-in.ts';
import { unique } from './unique.ts';

// Members and friends (issue 21): a profile's header, tabs and friendship action, /friends,
// writing on a friend's wall. Alice and Grace are not friends in the demo data; this spec is the
// only one that makes them friends, and it ends their friendship again.

const GRACE: Account = { email: 'grace@example.com', password: 'demo-password', name: 'Grace Kim' };

const main = (page: Page) => page.getByRole('main');

async function idOf(request: APIRequestContext, account: Account): Promise<number> {
  const res = await request.get(`${API_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${await apiToken(request, account)}` } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function as(browser: Browser, account: Account, from: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, from);
  return { page, close: () => context.close() };
}

test('Alice befriends Grace from her profile; Grace accepts on /friends; friends-only things, a wall post and unfriending follow', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // messages.spec has Alice block Grace: never in the middle of this (e2e/pair-lock.ts).
  const release = await lockPair('alice-grace');
  try {
    await befriendAndUnfriend(browser, request);
  } finally {
    release();
  }
});

async function befriendAndUnfriend(browser: Browser, request: APIRequestContext) {
  const graceId = await idOf(request, GRACE);
  const graceToken = await apiToken(request, GRACE, ['blogs']);
  const secret = unique('Friends-only garden notes');
  const headers = { Authorization: `Bearer ${graceToken}` };
  const categories = (await (await request.get(`${API_URL}/api/v1/blogs/categories`, { headers })).json()) as {
    data: Array<{ id: number }>;
  };
  const made = await request.post(`${API_URL}/api/v1/blogs`, {
    headers,
    form: { title: secret, body: '<p>Only for my friends.</p>', category_id: String(categories.data[0]!.id), auth_view: 'owner_member' },
  });
  expect(made.status(), await made.text()).toBe(200);

  // Alice, not yet Grace's friend, does not see the post; she sends a request.
  const alice = await as(browser, ALICE, `/users/${graceId}/blogs`);
  await expect(main(alice.page).getByRole('heading', { level: 1, name: 'Grace Kim' })).toBeVisible();
  await expect(main(alice.page).getByText(secret)).toHaveCount(0);
  const friendship = main(alice.page).getByRole('group', { name: 'Friendship with Grace Kim' });
  await friendship.getByRole('button', { name: 'Add friend' }).click();
  await expect(friendship).toContainText('Request sent');
  await expect(friendship.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  expect(await seriousViolations(alice.page, '/users/{id}/blogs')).toEqual([]);

  // Grace is told, and accepts on /friends.
  const grace = await as(browser, GRACE, '/notifications?kind=friends');
  await expect(
    main(grace.page).getByTestId('notification').filter({ hasText: 'Alice Martin sent you a friend request' }).first(),
  ).toBeVisible();
  await grace.page.goto('/friends');
  const incoming = main(grace.page).getByRole('group', { name: 'Friend request from Alice Martin' });
  expect(await seriousViolations(grace.page, '/friends')).toEqual([]);
  await incoming.getByRole('button', { name: 'Accept' }).click();
  // The answer stays in the row while the page refreshes under it, and Alice joins the list below.
  await expect(main(grace.page).getByText('Accepted: you are now friends.')).toBeVisible();
  await expect(main(grace.page).getByRole('region', { name: 'Your friends' }).getByRole('link', { name: 'Alice Martin' })).toBeVisible();
  await expect(main(grace.page).getByText('Accepted: you are now friends.')).toBeVisible();
  await grace.page.goto('/friends?q=alice');
  await expect(main(grace.page).getByRole('link', { name: 'Alice Martin' })).toBeVisible();

  // Now friends: Alice sees the friends-only post on Grace's Blogs tab, and writes on her wall.
  await alice.page.goto(`/users/${graceId}/blogs`);
  await expect(main(alice.page).getByText(secret)).toBeVisible();
  await expect(main(alice.page).getByRole('group', { name: 'Friendship with Grace Kim' })).toContainText('Friends');
  await alice.page.goto(`/users/${graceId}`);
  const words = unique('Happy to be friends');
  await main(alice.page).getByLabel('Write something to Grace…').fill(words);
  await main(alice.page).getByRole('button', { name: 'Post' }).click();
  const post = main(alice.page).getByRole('article').filter({ hasText: words });
  await expect(post).toBeVisible();
  await expect(post.getByRole('link', { name: 'Grace Kim' })).toHaveAttribute('href', `/users/${graceId}`);
  // "Alice Martin → Grace Kim" to the eye; "on the wall of" for a screen reader.
  await expect(post.locator('header')).toContainText(/Alice Martin\s*→\s*on the wall of\s*Grace Kim/);

  // Grace is told of the post on her wall.
  await grace.page.goto('/notifications?kind=mentions');
  await expect(main(grace.page).getByTestId('notification').filter({ hasText: 'Alice Martin wrote on your wall' }).first()).toBeVisible();

  // Alice unfriends Grace (with a confirmation): the friends-only post is gone for her.
  await alice.page.goto(`/users/${graceId}/blogs`);
  await main(alice.page).getByRole('group', { name: 'Friendship with Grace Kim' }).getByRole('button', { name: 'Unfriend' }).click();
  const confirm = alice.page.getByRole('dialog', { name: 'Unfriend Grace Kim?' });
  await confirm.getByRole('button', { name: 'Unfriend' }).click();
  await expect(
    main(alice.page).getByRole('group', { name: 'Friendship with Grace Kim' }).getByRole('button', { name: 'Add friend' }),
  ).toBeVisible();
  await expect(main(alice.page).getByText(secret)).toHaveCount(0);
  await alice.close();
  await grace.close();
}

test('every tab of a profile shows the member’s things as the API lists them, with an empty state that says whose', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const demoId = await idOf(request, DEMO_USER);
  const aliceId = await idOf(request, ALICE);
  const token = await apiToken(request, ALICE, ['basic', 'albums', 'blogs', 'classifieds', 'events', 'friends']);
  const titles = async (path: string, field = 'title') => {
    const res = await request.get(`${API_URL}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: Array<Record<string, unknown>> }).data.map((x) => String(x[field]));
  };
  await signIn(page, ALICE, `/users/${demoId}`);
  const tabs = main(page).getByRole('navigation', { name: 'Profile' });
  for (const [tab, path] of [
    ['Albums', `/albums?user_id=${demoId}&limit=12`],
    ['Blogs', `/blogs?user_id=${demoId}&limit=12`],
    ['Listings', `/classifieds?user_id=${demoId}&status=all&limit=12`],
    ['Events', `/events?user_id=${demoId}&limit=12`],
    ['Friends', `/friends?user_id=${demoId}&limit=12`],
  ] as const) {
    await tabs.getByRole('link', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`/users/${demoId}/${tab.toLowerCase()}$`));
    await expect(tabs.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    const expected = await titles(path);
    expect(expected.length, `${tab}: the demo member shares some`).toBeGreaterThan(0);
    for (const title of expected) await expect(main(page).getByText(title, { exact: false }).first(), `${tab}: ${title}`).toBeVisible();
  }
  // Friends in common are marked: Bob and Carol are friends of both Alice and the demo member.
  await expect(main(page).getByRole('listitem').filter({ hasText: 'Bob Chen' })).toContainText('Your friend too');
  await expect(main(page).getByRole('listitem').filter({ hasText: 'Alice Martin' })).toContainText('You');
  expect(await seriousViolations(page, '/users/{id}/friends')).toEqual([]);

  // An empty tab says whose it is (Grace's, as Alice sees them); on one's own profile, the way to start.
  const graceId = await idOf(request, GRACE);
  let empties = 0;
  for (const [tab, path, says] of [
    ['listings', `/classifieds?user_id=${graceId}&status=all`, 'Grace has not listed anything yet.'],
    ['events', `/events?user_id=${graceId}`, 'Grace has not organised an event yet.'],
    ['blogs', `/blogs?user_id=${graceId}`, 'Grace has not written a blog post yet.'],
    ['albums', `/albums?user_id=${graceId}`, 'Grace has not shared an album yet.'],
  ] as const) {
    if ((await titles(path)).length) continue;
    empties++;
    await page.goto(`/users/${graceId}/${tab}`);
    await expect(main(page).getByRole('status')).toContainText(says);
  }
  expect(empties, 'Grace shares nothing in at least one module of the demo data').toBeGreaterThan(0);
  await page.goto(`/users/${aliceId}/events`);
  if ((await titles(`/events?user_id=${aliceId}`)).length === 0) {
    await expect(main(page).getByRole('status')).toContainText('You have not organised an event yet.');
    await expect(main(page).getByRole('link', { name: 'Create an event' })).toBeVisible();
  }
});

test('a profile’s header counts what the member shares that the reader may see, each count a link to its tab', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const demoId = await idOf(request, DEMO_USER);
  const token = await apiToken(request, ALICE, ['basic', 'albums', 'blogs', 'classifieds', 'events', 'friends']);
  const count = async (path: string) => {
    const res = await request.get(`${API_URL}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: unknown[] }).data.length;
  };
  await signIn(page, ALICE, `/users/${demoId}`);
  const counts = main(page).getByRole('list', { name: /shares$/ });
  const tabs = [
    ['albums', `/albums?user_id=${demoId}&limit=100`, 'album', 'albums'],
    ['blogs', `/blogs?user_id=${demoId}&limit=100`, 'blog post', 'blog posts'],
    ['listings', `/classifieds?user_id=${demoId}&status=all&limit=100`, 'listing', 'listings'],
    ['events', `/events?user_id=${demoId}&limit=100`, 'upcoming event', 'upcoming events'],
    ['friends', `/friends?user_id=${demoId}&limit=100`, 'friend', 'friends'],
  ] as const;
  // Tests running beside this one add to the demo member's things (a post with a photo makes
  // their special album): the API's counts are read, then the page loaded, and both again if
  // something was added in between.
  await expect(async () => {
    const ns = await Promise.all(tabs.map(([, path]) => count(path)));
    await page.reload();
    for (const [i, [tab, , one, many]] of tabs.entries()) {
      const n = ns[i]!;
      await expect(counts.getByRole('link', { name: `${n} ${n === 1 ? one : many}`, exact: true })).toHaveAttribute(
        'href',
        `/users/${demoId}/${tab}`,
        { timeout: 5000 },
      );
    }
  }).toPass({ timeout: 45_000 });
});
