import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiError, startRelay, type Relay } from '../lib/testing/relay.ts';
import { png } from '../lib/testing/pictures.ts';
import { apiToken } from './api-token.ts';
import { seriousViolations } from './axe.ts';
import { makeClip } from './media-files.ts';
import { lockPair } from './pair-lock.ts';
import { startSecondWeb, type SecondWeb } from './second-web.ts';
import { API_PORT, API_URL } from './servers.ts';
import { ALICE, signIn, type Account } from './sign-in.ts';
import { unique } from './unique.ts';

// Private messages (issue 47, section 3): Grace contacts Alice about a listing and the two talk
// live in two browsers (the envelope, the conversation's poll), Alice blocks Grace; the inbox and
// a conversation in two panes and on their own page, without script too; "Message" on a profile,
// "Message organiser" on an event, a new message to a friend; a limit's refusal; who may write to
// me; the keyboard alone; axe on every page in both themes; a server without messages. The others
// act in browsers of their own or through the API; every text written here is one nobody else writes.

const GRACE: Account = { email: 'grace@example.com', password: 'demo-password', name: 'Grace Kim' };
const HENRY: Account = { email: 'henry@example.com', password: 'demo-password', name: 'Henry Ito' };
const IVY: Account = { email: 'ivy@example.com', password: 'demo-password', name: 'Ivy Novak' };
const BOB: Account = { email: 'bob@example.com', password: 'demo-password', name: 'Bob Chen' };

const main = (page: Page) => page.getByRole('main');
const conversation = (page: Page) => main(page).getByTestId('conversation');
const bubbles = (page: Page) => conversation(page).getByTestId('message');
const envelope = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Messages/ });
/** The envelope's unread count, from its accessible name ("Messages, 3 unread"; "Messages": none). */
const unreadOf = async (page: Page) => Number(/(\d+) unread/.exec((await envelope(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

async function apiPost(request: APIRequestContext, token: string, path: string, form: Record<string, string | number> = {}) {
  const res = await request.post(`${API_URL}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` }, form });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { data: { id?: number; message?: string } }).data;
}

async function userId(request: APIRequestContext, account: Account): Promise<number> {
  const res = await request.get(`${API_URL}/api/v1/users/me`, { headers: { Authorization: `Bearer ${await apiToken(request, account)}` } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function signedIn(browser: Browser, account: Account, from = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, from);
  return { page, context };
}

/** A new open listing of `account`'s, with a photo; answers its id. */
async function listingOf(request: APIRequestContext, account: Account, title: string): Promise<number> {
  const res = await request.post(`${API_URL}/api/v1/classifieds`, {
    headers: { Authorization: `Bearer ${await apiToken(request, account, ['classifieds'])}` },
    multipart: {
      title,
      body: 'Barely used.',
      'fields[price]': '120',
      'fields[location]': 'Lyon',
      photo: { name: 'main.png', mimeType: 'image/png', buffer: png(64, 48) },
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

test.describe('two people, live', () => {
  test('Grace contacts Alice about her listing; Alice’s envelope rises, she answers; Grace sees it within 5 s; Alice blocks Grace', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    // people.spec befriends and unfriends the two: never in the middle of this block (e2e/pair-lock.ts).
    const release = await lockPair('alice-grace');
    try {
      const title = unique('Folding kayak');
      const listing = await listingOf(request, ALICE, title);
      const alice = await signedIn(browser, ALICE, '/blogs');
      const before = await unreadOf(alice.page);

      // Grace: the listing's page, "Contact seller", a message.
      const grace = await signedIn(browser, GRACE, `/listings/${listing}`);
      // The seller beside the gallery, above the fold: who, since when, and the way to reach them.
      await expect(main(grace.page).getByRole('region', { name: 'Seller' })).toHaveText(
        /^Sold by\s*Alice Martin\s*Member since [A-Z][a-z]+ \d{4}$/,
      );
      await expect(main(grace.page).getByRole('link', { name: 'Contact seller' })).toBeInViewport();
      await main(grace.page).getByRole('link', { name: 'Contact seller' }).click();
      await expect(grace.page).toHaveURL(new RegExp(`/messages/new\\?item_type=classified&item_id=${listing}$`));
      await expect(main(grace.page).getByRole('complementary', { name: 'The listing' })).toContainText('$120.00');
      expect(await seriousViolations(grace.page, '/messages/new (a listing)')).toEqual([]);
      const question = unique('Hello! Is the kayak still for sale?');
      await main(grace.page).getByLabel('Your message to Alice Martin').fill(question);
      await main(grace.page).getByRole('button', { name: 'Send' }).click();
      await expect(grace.page).toHaveURL(/\/messages\/\d+$/);
      const id = Number(/\/messages\/(\d+)$/.exec(grace.page.url())![1]);
      await expect(bubbles(grace.page).last()).toContainText(question);
      await expect(conversation(grace.page).getByRole('complementary', { name: 'The listing' })).toContainText(title);

      // Alice: the envelope rises without a reload (the bell's poll: 20 s), and leads to the conversation.
      await expect(envelope(alice.page)).toHaveAccessibleName(`Messages, ${before + 1} unread`, { timeout: 30_000 });
      await envelope(alice.page).click();
      await expect(alice.page).toHaveURL(/\/messages$/);
      await main(alice.page).getByTestId('conversation-row').filter({ hasText: question }).getByRole('link').click();
      await expect(bubbles(alice.page).last()).toContainText(question);
      // Read: the envelope drops at once.
      await expect(envelope(alice.page)).toHaveAccessibleName(before ? `Messages, ${before} unread` : 'Messages');

      const answer = unique('Yes it is, come and see it');
      const composer = conversation(alice.page).getByRole('textbox', { name: 'Write to Grace Kim' });
      await composer.fill(answer);
      await composer.press('Enter');
      await expect(bubbles(alice.page).last()).toContainText(answer);
      // Grace's open conversation shows it within 5 s, once.
      await expect(bubbles(grace.page).last()).toContainText(answer, { timeout: 5_000 });
      await expect(bubbles(grace.page).filter({ hasText: answer })).toHaveCount(1);
      await expect(bubbles(grace.page)).toHaveCount(2);

      // Grace answers with a photo (the composer's "Attach a photo") and its description; Alice sees the photo, its description its alt.
      const chooser = grace.page.waitForEvent('filechooser');
      await conversation(grace.page).getByRole('button', { name: 'Attach a photo' }).click();
      await (await chooser).setFiles({ name: 'kayak.png', mimeType: 'image/png', buffer: png(64, 48) });
      await expect(conversation(grace.page).getByRole('img', { name: 'Photo to send: kayak.png' })).toBeVisible();
      await conversation(grace.page).getByRole('textbox', { name: 'Description (alt text)' }).fill('A green kayak folded in its bag');
      const withPhoto = unique('Here it is folded');
      const photoComposer = conversation(grace.page).getByRole('textbox', { name: 'Write to Alice Martin' });
      await photoComposer.fill(withPhoto);
      await photoComposer.press('Enter');
      await expect(bubbles(grace.page).last()).toContainText(withPhoto);
      await expect(conversation(grace.page).getByRole('img', { name: 'Photo to send: kayak.png' })).toHaveCount(0);
      await expect(bubbles(alice.page).last()).toContainText(withPhoto, { timeout: 5_000 });
      await expect(bubbles(alice.page).last().getByRole('img', { name: 'A green kayak folded in its bag' })).toBeVisible();

      // Alice blocks Grace; Grace's next reply is refused, with the reason, and her text stays.
      await conversation(alice.page).getByRole('button', { name: 'Block Grace Kim' }).click();
      await alice.page.getByRole('dialog', { name: 'Block Grace Kim?' }).getByRole('button', { name: 'Block' }).click();
      await expect(conversation(alice.page).getByRole('status')).toHaveText(
        'You have blocked Grace Kim: unblock them to write to them again.',
      );
      const refused = unique('Can I come on Thursday?');
      const graceComposer = conversation(grace.page).getByRole('textbox', { name: 'Write to Alice Martin' });
      await graceComposer.fill(refused);
      await graceComposer.press('Enter');
      await expect(conversation(grace.page).getByRole('alert')).toHaveText('You cannot message Alice Martin: they have blocked you.');
      await expect(graceComposer).toHaveValue(refused);
      await expect(bubbles(grace.page).filter({ hasText: refused })).toHaveCount(0);
      // Her page says so from then on.
      await grace.page.reload();
      await expect(conversation(grace.page).getByRole('status')).toContainText('they have blocked you');

      // Alice lifts the block from her settings.
      await alice.page.goto('/settings/privacy');
      expect(await seriousViolations(alice.page, '/settings/privacy')).toEqual([]);
      await main(alice.page).getByRole('button', { name: 'Unblock Grace Kim' }).click();
      await alice.page.getByRole('dialog', { name: 'Unblock Grace Kim?' }).getByRole('button', { name: 'Unblock' }).click();
      await expect(main(alice.page)).toContainText('You have blocked nobody.');
      expect(id).toBeGreaterThan(0);
      await alice.context.close();
      await grace.context.close();
    } finally {
      release();
    }
  });
});

test.describe('the inbox and a conversation', () => {
  test('open beside the list, carry their people, take a reply; its own page too; axe in both themes', async ({ browser, request }) => {
    // Three pages judged by axe in both themes, a reload and a report: longer than the others beside another worker.
    test.setTimeout(150_000);
    const grace = await apiToken(request, GRACE, ['messages']);
    const henryId = await userId(request, HENRY);
    const opening = unique('Are we still on for Sunday?');
    const { id } = await apiPost(request, grace, '/messages', { to: String(henryId), title: 'Sunday', body: opening });

    const { page, context } = await signedIn(browser, HENRY, '/messages');
    const row = main(page).getByTestId('conversation-row').filter({ hasText: opening });
    await expect(row).toContainText('Grace Kim');
    await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
    expect(await seriousViolations(page, '/messages')).toEqual([]);
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?open=${id}$`));
    await expect(conversation(page).getByRole('heading', { name: 'Sunday' })).toBeVisible();
    await expect(conversation(page)).toContainText('With Grace Kim');
    await expect(bubbles(page).last()).toContainText(opening);
    expect(await seriousViolations(page, '/messages?open={id}')).toEqual([]);

    // Shift+Enter is a new line; Enter sends; the text is kept per conversation until sent.
    const composer = conversation(page).getByRole('textbox', { name: 'Write to Grace Kim' });
    await composer.fill('Yes,');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('see you at ten');
    await expect(composer).toHaveValue('Yes,\nsee you at ten');
    await page.reload();
    await expect(composer).toHaveValue('Yes,\nsee you at ten');
    await composer.press('Enter');
    await expect(bubbles(page).last()).toContainText('see you at ten');
    await expect(bubbles(page).last()).toHaveClass(/mine/);
    await expect(composer).toHaveValue('');

    // The search finds it and opens its conversation.
    await main(page).getByRole('searchbox', { name: 'Search your messages' }).fill(opening);
    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect(main(page).getByRole('list', { name: 'Messages found' }).getByRole('link')).toHaveCount(1);

    await page.goto(`/messages/${id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Sunday' })).toBeVisible();
    await expect(bubbles(page)).toHaveCount(2);
    expect(await seriousViolations(page, '/messages/{id}')).toEqual([]);

    // Reporting a message of the other person's.
    await bubbles(page)
      .first()
      .getByRole('button', { name: /^Report/ })
      .click();
    const report = page.getByRole('dialog', { name: 'Report this message' });
    await report.getByRole('radio').first().check();
    await report.getByLabel('Description').fill('Testing the report of a message.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report).toHaveCount(0);
    await context.close();
  });

  test('a video: uploaded as it is chosen, sent while it converts, then played through the conversation by both', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const grace = await apiToken(request, GRACE, ['messages']);
    const henryId = await userId(request, HENRY);
    const { id } = await apiPost(request, grace, '/messages', { to: String(henryId), title: 'The ride', body: unique('Show me the ride') });

    const henry = await signedIn(browser, HENRY, `/messages/${id}`);
    const chooser = henry.page.waitForEvent('filechooser');
    await conversation(henry.page).getByRole('button', { name: 'Attach a video' }).click();
    await (await chooser).setFiles(makeClip('ride.mp4', '320x240', 1));
    await expect(conversation(henry.page).getByRole('status').filter({ hasText: 'ride' })).toContainText(/uploaded|ready to play/);
    await conversation(henry.page)
      .getByRole('textbox', { name: 'Description (text alternative)' })
      .fill('Colour bars with a counter, and a tone');
    const text = unique('Here it is');
    const composer = conversation(henry.page).getByRole('textbox', { name: 'Write to Grace Kim' });
    await composer.fill(text);
    await composer.press('Enter');
    const sent = bubbles(henry.page).filter({ hasText: text });
    await expect(sent).toHaveCount(1);
    await expect(conversation(henry.page).getByRole('button', { name: 'Attach a video' })).toBeVisible();
    // Converted meanwhile, its card becomes the player with no reload: the file through the conversation; no page of its own to link to.
    const player = sent.locator('video');
    await expect(player).toHaveAttribute('src', new RegExp(`^/api/videos/\\d+/file\\?conversation=${id}$`), { timeout: 60_000 });
    await expect(sent.getByRole('figure')).toContainText('ride');
    await expect(sent.getByRole('figure').getByRole('link')).toHaveCount(0);

    // Grace plays it through the conversation.
    const other = await signedIn(browser, GRACE, `/messages/${id}`);
    const hers = bubbles(other.page).filter({ hasText: text }).locator('video');
    await expect(hers).toHaveAttribute('poster', /\/files\/img\//);
    await hers.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => hers.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
    expect(await seriousViolations(other.page, '/messages/{id} (a video)')).toEqual([]);
    await henry.context.close();
    await other.context.close();
  });

  test('without JavaScript: the list, a conversation, "Load older" and a reply are links and forms', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const grace = await apiToken(request, GRACE, ['messages']);
    const henry = await apiToken(request, HENRY, ['messages']);
    const henryId = await userId(request, HENRY);
    const opening = unique('Plain HTML works too');
    const { id } = await apiPost(request, grace, '/messages', { to: String(henryId), body: opening });
    for (let n = 1; n <= 20; n += 1) await apiPost(request, n % 2 ? henry : grace, `/messages/${id}/reply`, { body: `Line ${n}` });

    const { context: signed } = await signedIn(browser, HENRY);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await signed.storageState() });
    await signed.close();
    const page = await context.newPage();
    await page.goto('/messages');
    await main(page).getByTestId('conversation-row').filter({ hasText: 'Line 20' }).getByRole('link').click();
    await expect(bubbles(page)).toHaveCount(20);
    await expect(bubbles(page).last()).toContainText('Line 20');
    await expect(bubbles(page).last()).toBeVisible();

    // A browser may paint a page before it has parsed all of it (a slow device). The conversation is
    // laid out from its end, so its first messages would show at the foot of its box and move up as
    // the rest came: it is not shown until its last element is parsed. Here the page ends before it.
    const own = `/messages/${id}`;
    const inbox = page.url();
    await page.route(`**${own}`, async (route) => {
      const html = await (await route.fetch()).text();
      await route.fulfill({
        contentType: 'text/html',
        body: html.slice(0, html.lastIndexOf('<', html.indexOf('parsed-end', html.indexOf('data-testid="conversation"')))),
      });
    });
    await page.goto(own);
    await expect(bubbles(page)).toHaveCount(20);
    await expect(bubbles(page).last()).toBeHidden();
    await expect(conversation(page).getByRole('textbox', { name: 'Write to Grace Kim' })).toBeHidden();
    await page.unrouteAll();
    await page.goto(own);
    await expect(bubbles(page).last()).toBeVisible();
    await page.goto(inbox);

    await conversation(page).getByRole('link', { name: 'Load older messages' }).click();
    await expect(bubbles(page).first()).toContainText(opening);
    await conversation(page).getByRole('link', { name: 'Newer messages' }).click();
    await expect(bubbles(page).last()).toContainText('Line 20');

    const answer = unique('Answered without script');
    await conversation(page).getByRole('textbox', { name: 'Write to Grace Kim' }).fill(answer);
    await conversation(page).getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?open=${id}$`));
    await expect(bubbles(page).last()).toContainText(answer);

    // A blank message comes back refused, in words.
    await conversation(page).getByRole('button', { name: 'Send' }).click();
    await expect(conversation(page).getByRole('alert')).toHaveText('Write a message first.');

    // Block and Delete ask first without script too: each opens its question under its button, over
    // the page (the title and the actions stay where they were), one at a time, and only the
    // question's own button acts.
    const title = conversation(page).getByRole('heading').first();
    const deleteButton = conversation(page).locator('summary', { hasText: /^Delete$/ });
    const before = await title.boundingBox();
    const deleteAt = await deleteButton.boundingBox();
    await conversation(page).locator('summary', { hasText: 'Block Grace Kim' }).click();
    await expect(conversation(page).getByText('Block Grace Kim?')).toBeVisible();
    await expect(conversation(page).getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    expect(await title.boundingBox()).toEqual(before);
    expect(await deleteButton.boundingBox()).toEqual(deleteAt);
    await deleteButton.click();
    await expect(conversation(page).getByText('Delete this conversation?')).toBeVisible();
    await expect(conversation(page).getByText('Block Grace Kim?')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/messages\\?open=${id}$`));
    await conversation(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(main(page).getByTestId('conversation-row').filter({ hasText: answer })).toHaveCount(0);
    await context.close();
  });

  test('the keyboard alone: through the inbox to a conversation, and the composer sends', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const ivy = await apiToken(request, IVY, ['messages']);
    const henryId = await userId(request, HENRY);
    const opening = unique('Keyboard check');
    await apiPost(request, ivy, '/messages', { to: String(henryId), body: opening });

    const { page, context } = await signedIn(browser, HENRY, '/messages');
    // The first row is the newest conversation: Tab reaches it after the folders and the search.
    const first = main(page).getByTestId('conversation-row').first().getByRole('link');
    await expect(first).toContainText(opening);
    await main(page).getByRole('searchbox', { name: 'Search your messages' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(bubbles(page).last()).toContainText(opening);
    // "c" takes the focus to the composer (the site's shortcut for writing), once the shortcuts,
    // which load after the page, listen.
    await expect(page.locator('html')).toHaveAttribute('data-shortcuts', 'on');
    await page.keyboard.press('c');
    const composer = conversation(page).getByRole('textbox', { name: 'Write to Ivy Novak' });
    await expect(composer).toBeFocused();
    const answer = unique('Typed and sent with keys');
    await page.keyboard.type(answer);
    await page.keyboard.press('Enter');
    await expect(bubbles(page).last()).toContainText(answer);
    await expect(composer).toBeFocused();
    await context.close();
  });
});

test.describe('ways in', () => {
  test('"Message" on a friend’s profile, the reason on a stranger’s; "Message organiser"; a new message to a chosen friend', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const graceId = await userId(request, GRACE);
    const bobId = await userId(request, BOB);
    const { page, context } = await signedIn(browser, HENRY, `/users/${bobId}`);
    await expect(main(page)).toContainText('Bob Chen only receives messages from friends.');
    await expect(main(page).getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);

    await page.goto(`/users/${graceId}`);
    await main(page).getByRole('link', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/new\\?to=${graceId}$`));
    await expect(main(page).getByRole('list', { name: 'Recipients' })).toContainText('Grace Kim');
    expect(await seriousViolations(page, '/messages/new?to=')).toEqual([]);
    const hello = unique('Hi Grace, from your profile');
    await main(page).getByLabel('Subject').fill('From your profile');
    await main(page).getByLabel('Your message to Grace Kim').fill(hello);
    await main(page).getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(bubbles(page).last()).toContainText(hello);

    // An event of Alice's: "Message organiser".
    const alice = await apiToken(request, ALICE, ['events']);
    const party = unique('Rooftop party');
    const { id: eventId } = await apiPost(request, alice, '/events', { title: party, start_time: '2031-07-05 19:00:00', timezone: 'UTC' });
    await page.goto(`/events/${eventId}`);
    await main(page).getByRole('link', { name: 'Message organiser' }).click();
    await expect(main(page).getByRole('complementary', { name: 'The event' })).toContainText(party);
    const question = unique('Can I bring a friend?');
    await main(page).getByLabel('Your message to Alice Martin').fill(question);
    await main(page).getByRole('button', { name: 'Send' }).click();
    await expect(bubbles(page).last()).toContainText(question);

    // A new message to a friend chosen by name.
    await page.goto('/messages/new');
    await main(page).getByRole('searchbox', { name: 'Find a friend' }).fill('Ivy');
    await main(page).getByRole('button', { name: 'Find' }).click();
    await main(page).getByRole('link', { name: 'Choose Ivy Novak' }).click();
    await expect(main(page).getByRole('list', { name: 'Recipients' })).toContainText('Ivy Novak');
    expect(await seriousViolations(page, '/messages/new (the friend picker)')).toEqual([]);
    await context.close();
  });

  test('a visitor is asked to sign in to contact the seller; the seller sees no button on their own listing', async ({
    browser,
    request,
  }) => {
    const listing = await listingOf(request, ALICE, unique('Camping chair'));
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`/listings/${listing}`);
    await expect(main(page).getByRole('button', { name: 'Sign in to contact the seller' })).toBeVisible();
    await visitor.close();
    const alice = await signedIn(browser, ALICE, `/listings/${listing}`);
    await expect(main(alice.page).getByRole('link', { name: 'Contact seller' })).toHaveCount(0);
    await alice.context.close();
  });
});

test.describe('limits and who may write to me', () => {
  test('over the limit of messages a minute, the refusal says when she may write again and keeps her text', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const ivy = await apiToken(request, IVY, ['messages']);
    const henryId = await userId(request, HENRY);
    const { id } = await apiPost(request, ivy, '/messages', { to: String(henryId), body: unique('Counting') });
    // Up to the limit of 20 a minute: Ivy's messages of the tests before (within the minute) count too, so the API says when it is reached.
    for (let n = 2; n <= 20; n += 1) {
      const res = await request.post(`${API_URL}/api/v1/messages/${id}/reply`, {
        headers: { Authorization: `Bearer ${ivy}` },
        form: { body: `Count ${n}` },
      });
      if (res.status() === 429) break;
      expect(res.status(), await res.text()).toBe(200);
    }
    const { page, context } = await signedIn(browser, IVY, `/messages/${id}`);
    const composer = conversation(page).getByRole('textbox', { name: 'Write to Henry Ito' });
    const over = unique('One too many');
    await composer.fill(over);
    await composer.press('Enter');
    await expect(conversation(page).getByRole('alert')).toContainText(
      /Try again in \d+ seconds?\. Nothing was sent: your message is kept here\./,
    );
    await expect(composer).toHaveValue(over);
    await context.close();
  });

  test('“Friends only” and “Nobody” are saved and told to the people who would write', async ({ browser, request }) => {
    const bobId = await userId(request, BOB);
    const { page, context } = await signedIn(browser, BOB, '/settings/privacy');
    await main(page).getByRole('radio', { name: 'Nobody' }).check();
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Your privacy settings were saved.');
    const demo = await signedIn(browser, { email: 'demo@example.com', password: 'demo-password', name: 'Demo User' }, `/users/${bobId}`);
    await expect(main(demo.page)).toContainText('Bob Chen does not receive messages.');
    await page.reload();
    await expect(main(page).getByRole('radio', { name: 'Nobody' })).toBeChecked();
    await main(page).getByRole('radio', { name: 'Friends only' }).check();
    await main(page).getByRole('button', { name: 'Save' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Your privacy settings were saved.');
    await demo.context.close();
    await context.close();
  });
});

test.describe('a server without messages', () => {
  let relay: Relay | undefined;
  let web: SecondWeb | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    relay = await startRelay(`http://127.0.0.1:${API_PORT}/api/v1`, (_, method, path) => {
      if (path.startsWith('/messages') || path === '/users/block' || path === '/users/settings_privacy') {
        return apiError(404, 'not_found', 'No such endpoint.');
      }
      // Its updates count notifications only.
      if (method === 'GET' && path === '/activities/updates')
        return { status: 200, body: { success: true, data: { notification_count: 0 } } };
      return undefined;
    });
    web = await startSecondWeb(relay.baseUrl);
  });
  test.afterAll(async () => {
    web?.stop();
    await relay?.close();
  });

  test('shows no way in, and /messages answers 200 and says so calmly', async ({ page, request }) => {
    const listing = await listingOf(request, ALICE, unique('Garden bench'));
    await signIn(page, GRACE);
    const res = await page.goto(`${web!.url}/messages`);
    expect(res?.status()).toBe(200);
    await expect(main(page)).toContainText('This site does not have private messages.');
    await expect(envelope(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Messages' })).toHaveCount(0);
    await page.goto(`${web!.url}/listings/${listing}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Contact seller' })).toHaveCount(0);
  });
});
