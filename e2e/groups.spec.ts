import { expect, type Browser, type Locator, type Page, test } from '@playwright/test';
import { png } from '../lib/testing/pictures.ts';
import { seriousViolations } from './axe.ts';
import { lockPair } from './pair-lock.ts';
import { ALICE, signIn, type Account } from './sign-in.ts';
import { unique } from './unique.ts';

// Groups (issue 48), two people in two browsers: Alice creates a group whose officers approve its
// members (a form refused on its field keeps what was typed); Grace finds it in /groups and in
// search and asks to join; Alice approves her from the Members tab and makes her an officer,
// writes to the members at once and finds the group on Grace's profile; Grace, an officer now,
// leaves, asks again and is declined with a message she reads in her notifications. The
// membership actions are used with the keyboard alone, and every new page passes axe in the light
// and the dark theme.

const GRACE: Account = { email: 'grace@example.com', password: 'demo-password', name: 'Grace Kim' };

const main = (page: Page) => page.getByRole('main');

/** Moves to a tab of the group's page with the keyboard, and waits for its page. */
async function openTab(page: Page, name: string, path: RegExp) {
  const tab = () => main(page).getByRole('navigation', { name: 'Group sections' }).getByRole('link', { name, exact: true });
  await pressWithKeyboard(page, tab());
  await page.waitForURL(path);
  await expect(tab()).toHaveAttribute('aria-current', 'page');
}

async function as(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { page, close: () => context.close() };
}

/** Moves the focus with Tab alone until `target` has it, then presses Enter on it. */
async function pressWithKeyboard(page: Page, target: Locator) {
  // From the top of the page: nothing focused.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error('The control was never reached with Tab.');
}

test('an approval group: created, found, asked to join, approved, an officer made, left — by keyboard, axe on every page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const violations: string[] = [];
  const alice = await as(browser, ALICE);
  const grace = await as(browser, GRACE);
  const title = unique('Allotment growers');

  // Alice creates it; a name left empty is refused on its field, the description kept.
  await alice.page.goto('/groups/new');
  violations.push(...(await seriousViolations(alice.page, '/groups/new')));
  await alice.page.getByLabel('Description').fill('Seeds, tools and a shed to share.');
  await alice.page.getByLabel('People must ask to join, and an officer approves them').check();
  await alice.page.getByRole('button', { name: 'Create group' }).click();
  await expect(alice.page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(main(alice.page)).toContainText('Give your group a name.');
  await expect(alice.page.getByLabel('Description')).toHaveValue('Seeds, tools and a shed to share.');
  await alice.page.getByLabel('Name').fill(title);
  await alice.page.getByRole('button', { name: 'Create group' }).click();
  await alice.page.waitForURL(/\/groups\/\d+$/);
  const id = Number(new URL(alice.page.url()).pathname.split('/').pop());
  await expect(alice.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main(alice.page)).toContainText('1 member · Officers approve new members');
  // The owner, in the header and among the staff.
  await expect(main(alice.page).getByRole('link', { name: ALICE.name })).toHaveCount(2);
  violations.push(...(await seriousViolations(alice.page, '/groups/{id} (owner)')));
  await alice.page.goto(`/groups/${id}/edit`);
  await expect(alice.page.getByLabel('Name')).toHaveValue(title);
  violations.push(...(await seriousViolations(alice.page, '/groups/{id}/edit')));

  // Grace finds it in the list and in search, and asks to join with the keyboard.
  const navigation = grace.page.getByRole('navigation', { name: 'Primary' });
  await grace.page.goto(`/groups?q=${encodeURIComponent(title)}`);
  await expect(navigation.getByRole('link', { name: 'Groups' })).toHaveAttribute('aria-current', 'page');
  await expect(main(grace.page).getByRole('link', { name: title, exact: true })).toBeVisible();
  violations.push(...(await seriousViolations(grace.page, '/groups')));
  await grace.page.goto(`/search?q=${encodeURIComponent(title)}`);
  await expect(main(grace.page).getByRole('navigation', { name: 'Result types' }).getByRole('link', { name: 'Groups (1)' })).toBeVisible();
  await main(grace.page).getByRole('link', { name: title, exact: true }).click();
  await grace.page.waitForURL(`**/groups/${id}`);
  violations.push(...(await seriousViolations(grace.page, '/groups/{id} (visitor)')));
  await pressWithKeyboard(grace.page, main(grace.page).getByRole('button', { name: 'Request to join' }));
  await expect(main(grace.page)).toContainText('Your request to join was sent.');
  await expect(main(grace.page).getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await expect(main(grace.page)).toContainText('Your request to join is waiting for the group’s officers.');

  // Alice approves her from the Members tab, then makes her an officer, by keyboard.
  await alice.page.goto(`/groups/${id}/members`);
  const waiting = main(alice.page).getByRole('list', { name: 'Requests and invitations' });
  await expect(waiting.getByRole('listitem').filter({ hasText: GRACE.name })).toContainText('Asks to join');
  violations.push(...(await seriousViolations(alice.page, '/groups/{id}/members (owner, a request waiting)')));
  await pressWithKeyboard(alice.page, main(alice.page).getByRole('button', { name: `Approve ${GRACE.name}` }));
  const members = main(alice.page).getByRole('list', { name: 'Members' });
  await expect(members.getByRole('link', { name: GRACE.name })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(main(alice.page).getByRole('link', { name: 'Members (2)' })).toHaveAttribute('aria-current', 'page');
  await pressWithKeyboard(alice.page, main(alice.page).getByRole('button', { name: `Make ${GRACE.name} an officer` }));
  await expect(members.getByRole('listitem').filter({ hasText: GRACE.name })).toContainText('Officer');
  await expect(main(alice.page).getByRole('button', { name: `Make ${GRACE.name} a member again` })).toBeVisible();

  // Alice writes to the members at once: a conversation nobody answers.
  await alice.page.goto(`/groups/${id}`);
  await main(alice.page).getByRole('link', { name: 'Message members' }).click();
  await alice.page.waitForURL(`**/messages/new?members_of=${id}`);
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Message the members' })).toBeVisible();
  violations.push(...(await seriousViolations(alice.page, '/messages/new?members_of=')));
  const news = unique('The shed key is under the pot');
  await main(alice.page).getByLabel('Your message to the members').fill(news);
  // Grace is the only member to write to, and messages.spec has Alice block her for a while:
  // never in the middle of that (e2e/pair-lock.ts; a run where the two met answered "no members").
  const release = await lockPair('alice-grace');
  try {
    await main(alice.page).getByRole('button', { name: 'Send to the members' }).click();
    await alice.page.waitForURL(/\/messages\/\d+$/);
  } finally {
    release();
  }
  await expect(main(alice.page)).toContainText(news);
  await expect(main(alice.page)).toContainText("Replies are off: this message went to a group's members at once.");

  // The group on Grace's profile, in its Groups tab.
  await alice.page.goto(`/groups/${id}/members`);
  await members.getByRole('link', { name: GRACE.name }).click();
  await alice.page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Groups' }).click();
  await alice.page.waitForURL(/\/users\/\d+\/groups$/);
  await expect(main(alice.page).getByRole('article').filter({ hasText: title })).toContainText('2 members');
  violations.push(...(await seriousViolations(alice.page, '/users/{id}/groups')));

  // Grace, an officer now, sees it on the group and in the groups she leads; then she leaves.
  await grace.page.goto('/groups/my?lead=1');
  await expect(main(grace.page).getByRole('article').filter({ hasText: title })).toContainText('Officer');
  violations.push(...(await seriousViolations(grace.page, '/groups/my?lead=1')));
  await grace.page.goto(`/groups/${id}`);
  await expect(main(grace.page).getByRole('button', { name: 'Request to join' })).toHaveCount(0);
  await pressWithKeyboard(grace.page, main(grace.page).getByRole('button', { name: 'Leave group' }));
  await expect(main(grace.page)).toContainText('You left the group.');
  await expect(main(grace.page).getByRole('button', { name: 'Request to join' })).toBeVisible();
  await expect(main(grace.page)).toContainText('1 member');

  await alice.page.goto(`/groups/${id}/members`);
  await expect(main(alice.page).getByRole('list', { name: 'Members' }).getByRole('link', { name: GRACE.name })).toHaveCount(0);

  // Grace asks again; Alice declines, saying why; Grace reads it with the notification.
  await grace.page.goto(`/groups/${id}`);
  await main(grace.page).getByRole('button', { name: 'Request to join' }).click();
  await expect(main(grace.page).getByRole('button', { name: 'Cancel request' })).toBeVisible();
  await alice.page.goto(`/groups/${id}/members`);
  await main(alice.page)
    .getByRole('button', { name: `Decline ${GRACE.name}` })
    .click();
  const decline = alice.page.getByRole('dialog', { name: `Decline ${GRACE.name}’s request?` });
  const why = 'We are full until the spring: ask again then!';
  await decline.getByLabel(`Message to ${GRACE.name} (optional)`).fill(why);
  violations.push(...(await seriousViolations(alice.page, '/groups/{id}/members (declining with a message)')));
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await expect(decline).toHaveCount(0);
  // The request leaves the waiting list; the page's live region says what was done (kept when the
  // header's polled unread count is announced after it: CI 2026-12-04).
  await expect(waiting).toHaveCount(0);
  await expect(alice.page.getByRole('status').filter({ hasText: 'Request declined. They were sent your message.' })).toBeAttached();
  await grace.page.goto('/notifications');
  const told = main(grace.page)
    .getByTestId('notification')
    .filter({ hasText: `declined your request to join the group “${title}”` });
  await expect(told).toContainText(why);

  await alice.close();
  await grace.close();
  expect(violations).toEqual([]);
});

test("a group's wall, photos and events: posts by its owner and a member let in, a photo added, an event made — in the owner's feed, by keyboard, axe on every tab", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const violations: string[] = [];
  const alice = await as(browser, ALICE);
  const grace = await as(browser, GRACE);
  const title = unique('Seed savers');
  const composer = (page: Page) => main(page).getByRole('form', { name: 'Create a post' });
  const wall = (page: Page) => main(page).getByRole('feed', { name: `${title}’s wall` });

  // Alice makes an approval-only group and posts on its wall, reaching the tab with the keyboard.
  await alice.page.goto('/groups/new');
  await alice.page.getByLabel('Name').fill(title);
  await alice.page.getByLabel('People must ask to join, and an officer approves them').check();
  await alice.page.getByRole('button', { name: 'Create group' }).click();
  await alice.page.waitForURL(/\/groups\/\d+$/);
  const id = Number(new URL(alice.page.url()).pathname.split('/').pop());
  await openTab(alice.page, 'Wall', new RegExp(`/groups/${id}/wall$`));
  await expect(main(alice.page)).toContainText('Nobody has posted on this group’s wall yet.');
  const welcome = unique('Welcome, savers');
  await composer(alice.page).getByLabel(`Write something to ${title}…`).fill(welcome);
  await composer(alice.page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(wall(alice.page).getByRole('article').filter({ hasText: welcome })).toBeVisible();
  violations.push(...(await seriousViolations(alice.page, '/groups/{id}/wall (owner)')));

  // Its Events tab leads to the event form in the group; the event made there is listed.
  await openTab(alice.page, 'Events', new RegExp(`/groups/${id}/events$`));
  await expect(main(alice.page)).toContainText('No upcoming events in this group.');
  violations.push(...(await seriousViolations(alice.page, '/groups/{id}/events (owner)')));
  await main(alice.page).getByRole('link', { name: 'Create event' }).click();
  await alice.page.waitForURL(new RegExp(`/events/new\\?parent_type=group&parent_id=${id}$`));
  await expect(main(alice.page)).toContainText(`In the group ${title}.`);
  await expect(alice.page.getByLabel('Who can see it').getByRole('option', { name: 'Group members' })).toBeAttached();
  violations.push(...(await seriousViolations(alice.page, '/events/new?parent_type=group')));
  const swap = unique('Spring seed swap');
  await alice.page.getByLabel('Title').fill(swap);
  await alice.page.getByLabel('Who can see it').selectOption({ label: 'Group members' });
  await alice.page.getByRole('button', { name: 'Create event' }).click();
  await alice.page.waitForURL(/\/events\/\d+$/);
  await alice.page.goto(`/groups/${id}/events`);
  await expect(main(alice.page).getByRole('link', { name: swap })).toBeVisible();
  // The events that have ended are a view of their own: none yet.
  await main(alice.page).getByRole('group', { name: 'Which events' }).getByRole('link', { name: 'Past' }).click();
  await alice.page.waitForURL(new RegExp(`/groups/${id}/events\\?when=past$`));
  await expect(main(alice.page).getByRole('heading', { name: 'Past events' })).toBeVisible();
  await expect(main(alice.page)).toContainText('No past events in this group.');
  await expect(main(alice.page).getByRole('link', { name: swap })).toHaveCount(0);

  // Grace, no member yet, reads the wall and is told why she cannot post, sees no event, and asks to join.
  await grace.page.goto(`/groups/${id}/wall`);
  await expect(wall(grace.page).getByRole('article').filter({ hasText: welcome })).toBeVisible();
  await expect(composer(grace.page)).toHaveCount(0);
  await expect(main(grace.page)).toContainText('Only its members post on this group’s wall. Ask to join, and an officer will let you in.');
  violations.push(...(await seriousViolations(grace.page, '/groups/{id}/wall (not a member)')));
  await openTab(grace.page, 'Events', new RegExp(`/groups/${id}/events$`));
  await expect(main(grace.page).getByRole('link', { name: swap })).toHaveCount(0);
  await pressWithKeyboard(grace.page, main(grace.page).getByRole('button', { name: 'Request to join' }));
  await expect(main(grace.page)).toContainText('Your request to join was sent.');

  // Alice lets her in from the Members tab.
  await alice.page.goto(`/groups/${id}/members`);
  await main(alice.page)
    .getByRole('button', { name: `Approve ${GRACE.name}` })
    .click();
  await expect(main(alice.page).getByRole('list', { name: 'Members' }).getByRole('link', { name: GRACE.name })).toBeVisible();

  // Grace, a member now, posts on the wall, then adds a photo from the Photos tab.
  await grace.page.goto(`/groups/${id}/wall`);
  const hello = unique('Tomatoes to share');
  await composer(grace.page).getByLabel(`Write something to ${title}…`).fill(hello);
  await composer(grace.page).getByRole('button', { name: 'Post', exact: true }).click();
  await expect(wall(grace.page).getByRole('article').filter({ hasText: hello })).toBeVisible();
  await openTab(grace.page, 'Photos', new RegExp(`/groups/${id}/photos$`));
  await expect(main(grace.page)).toContainText('No photos in this group yet.');
  violations.push(...(await seriousViolations(grace.page, '/groups/{id}/photos (member, empty)')));
  await main(grace.page).getByRole('link', { name: 'Add photos' }).click();
  await grace.page.waitForURL(`**/groups/${id}/photos/add`);
  await grace.page.getByLabel(/^Choose (more )?photos$/).setInputFiles({ name: 'seeds.png', mimeType: 'image/png', buffer: png(320, 240) });
  const row = grace.page.getByRole('list', { name: 'Photos to add, in order' }).getByRole('listitem').filter({ hasText: 'seeds.png' });
  await expect(row).toContainText('Uploaded', { timeout: 20_000 });
  await row.getByRole('textbox').fill('Tomato seeds drying on a paper towel');
  violations.push(...(await seriousViolations(grace.page, '/groups/{id}/photos/add')));
  await main(grace.page).getByRole('button', { name: 'Add photos' }).click();
  await grace.page.waitForURL(new RegExp(`/groups/${id}/photos$`));
  const thumb = main(grace.page).getByRole('link', { name: 'Tomato seeds drying on a paper towel' });
  await expect(thumb).toBeVisible();
  violations.push(...(await seriousViolations(grace.page, '/groups/{id}/photos (member)')));
  await thumb.click();
  await grace.page.waitForURL(/\/photos\/\d+$/);

  // Alice finds both in her feed, each naming the group.
  await alice.page.goto('/');
  const feed = main(alice.page).getByRole('feed');
  for (const text of [hello, 'Added a photo.']) {
    const article = feed.getByRole('article').filter({ hasText: text }).filter({ hasText: title });
    await expect(article).toBeVisible();
    await expect(article.getByRole('link', { name: title })).toHaveAttribute('href', `/groups/${id}`);
  }

  await alice.close();
  await grace.close();
  expect(violations).toEqual([]);
});
