import { expect, type Browser, type Page, test } from '@playwright/test';
import { seriousViolationsAsShown } from './axe.ts';
import { ALICE, signIn } from './sign-in.ts';
import { serverActionAnswered } from './server-action.ts';
import { hydrated } from './hydrated.ts';
import { unique } from './unique.ts';

// The shell and the social layer: the primary navigation with the keyboard, one activity on
// its own page with likes, comments, sharing and reports, reports in the feed, and the
// notification list. Other specs share the servers: every test uses words nobody else writes.

const feed = (page: Page) => page.getByRole('feed', { name: 'Your feed' });

/** Posts from the home page's compose box; answers the new activity's id. */
async function postFromFeed(page: Page, text: string): Promise<number> {
  await page.goto('/');
  await page
    .getByRole('form', { name: 'Create a post' })
    .getByLabel(/What’s on your mind/)
    .fill(text);
  await page.getByRole('form', { name: 'Create a post' }).getByRole('button', { name: 'Post', exact: true }).click();
  const article = feed(page).getByRole('article').first();
  await expect(article).toContainText(text);
  return Number(await article.getAttribute('data-activity-id'));
}

/** A second person, in a browser context of their own. */
async function asAlice(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ALICE);
  return { page, close: () => context.close() };
}

test.describe('the primary navigation', () => {
  test('is reached and used with the keyboard, and marks the current page', async ({ page }) => {
    // It opens every page of the navigation in turn: ~15 s alone, more beside another worker.
    test.setTimeout(60_000);
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await expect(nav.getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');

    // From the top of the page, Tab reaches the navigation's links in order.
    await page.keyboard.press('Tab');
    let guard = 0;
    while (!(await nav.getByRole('link', { name: 'Feed' }).evaluate((el) => el === document.activeElement)) && guard++ < 20) {
      await page.keyboard.press('Tab');
    }
    await expect(nav.getByRole('link', { name: 'Feed' })).toBeFocused();
    // Tab goes on through the navigation's entries in order (the module pages, then Notifications).
    const entries = nav.getByRole('link');
    const names = await entries.allInnerTexts();
    for (const name of names.slice(1, names.indexOf('Notifications') + 1)) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
    }
    await expect(nav.getByRole('link', { name: 'Notifications' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Your wall' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Demo User' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Your wall' })).toHaveAttribute('aria-current', 'page');

    // Every link of the navigation and the header leads to a page (none answers 404).
    const hrefs = await page
      .locator('nav[aria-label="Primary"] a, header a')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
    for (const href of new Set(hrefs)) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
    }
    expect(await seriousViolationsAsShown(page, 'wall with navigation')).toEqual([]);

    // No link of the feed leads to a page that does not exist (posts, members, shared items, photos).
    await page.goto('/');
    const links = await page
      .locator('main a[href^="/"]')
      .evaluateAll((as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!))]);
    expect(links.length).toBeGreaterThan(10);
    for (const href of links) {
      const res = await page.request.get(href);
      expect(res.status(), href).toBe(200);
    }
  });
});

test.describe('an activity on its own page', () => {
  test('likes, comments, likes and deletes a comment, shares and reports, each shown at once', async ({ page, browser }) => {
    // Two sign-ins, seven actions and axe: 60 s, as the other long journeys.
    test.setTimeout(60_000);
    const alice = await asAlice(browser);
    const text = unique('Alice on her own page');
    const id = await postFromFeed(alice.page, text);
    await alice.close();

    await signIn(page, undefined, `/activities/${id}`);
    await expect(page).toHaveURL(new RegExp(`/activities/${id}$`));
    const article = page.getByRole('article');
    await expect(article).toContainText(text);
    await expect(page).toHaveTitle(/Alice Martin’s post/);

    // Like and unlike.
    const like = article.getByRole('button', { name: /^Like \d/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(article).toContainText('Liked by you');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');

    // Comment, like the comment, delete it.
    const words = unique('A comment from Demo');
    // On the post's own page the box is there at once; "Comment" takes the focus to it.
    await expect(article.getByLabel('Write a comment')).toBeVisible();
    await article.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(article.getByLabel('Write a comment')).toBeFocused();
    await page.keyboard.type(words);
    await page.keyboard.press('Enter');
    const comment = article.getByRole('listitem').filter({ hasText: words });
    await expect(comment).toBeVisible();
    const likeComment = comment.getByRole('button', { name: 'Like comment by Demo User' });
    const saved = serverActionAnswered(page);
    await likeComment.click();
    await expect(likeComment).toHaveAttribute('aria-pressed', 'true');
    await saved;
    await page.reload();
    await expect(
      page.getByRole('article').getByRole('listitem').filter({ hasText: words }).getByRole('button', { name: 'Like comment by Demo User' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByRole('article')
      .getByRole('listitem')
      .filter({ hasText: words })
      .getByRole('button', { name: 'Delete comment by Demo User' })
      .click();
    await expect(page.getByRole('article').getByRole('listitem').filter({ hasText: words })).toHaveCount(0);

    // Share with a message: it appears in the sharer's feed, holding the shared post (other
    // specs post as the same member meanwhile, so it need not be the very first).
    const message = unique('Worth reading');
    await page.getByRole('article').getByRole('button', { name: 'Share' }).click();
    await page.getByRole('article').getByRole('button', { name: 'Share to your feed' }).click();
    const share = page.getByRole('dialog', { name: 'Share this post' });
    await share.getByLabel('Add a message (optional)').fill(message);
    await share.getByRole('button', { name: 'Share on my wall' }).click();
    await expect(share).toBeHidden();
    await page.goto('/');
    const shared = feed(page).getByRole('article').filter({ hasText: message });
    await expect(shared).toHaveCount(1);
    await expect(shared).toContainText(text);

    // Report: the reasons come from the site; a second report of the same post is refused clearly.
    await page.goto(`/activities/${id}`);
    expect(await seriousViolationsAsShown(page, `/activities/${id}`)).toEqual([]);
    await page.getByRole('article').getByRole('button', { name: 'Report' }).click();
    let dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose what is wrong.')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Description').fill('Advertising in every post');
    expect(await seriousViolationsAsShown(page, 'report dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article').getByRole('status')).toContainText('Thank you');
    await expect(page.getByRole('article').getByRole('button', { name: 'Reported' })).toBeDisabled();

    await page.reload();
    await page.getByRole('article').getByRole('button', { name: 'Report' }).click();
    dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: 'Abuse or harassment' }).check();
    await dialog.getByLabel('Description').fill('Once more');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toContainText('You have already reported this');
    // Nothing typed is lost.
    await expect(dialog.getByLabel('Description')).toHaveValue('Once more');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an unknown, malformed or hidden activity is a 404 page inside the site', async ({ page }) => {
    await signIn(page);
    for (const path of ['/activities/999999999', '/activities/0', '/activities/abc', '/activities/1e3', '/activities/-4']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/not here|not found/i);
      await expect(page.getByRole('navigation', { name: 'Primary' })).toBeVisible();
    }
  });
});

test.describe('reports in the feed', () => {
  test('a post in the feed can be reported; its own author is not offered the button', async ({ page, browser }) => {
    // Two sign-ins and a dialog: 60 s, as the other long journeys.
    test.setTimeout(60_000);
    const alice = await asAlice(browser);
    const text = unique('Alice posts for the feed');
    await postFromFeed(alice.page, text);
    await alice.close();

    await signIn(page);
    const article = feed(page).getByRole('article').filter({ hasText: text });
    await article.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: 'Inappropriate content' }).check();
    await dialog.getByLabel('Description').fill('Not for this site');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(article.getByRole('button', { name: 'Reported' })).toBeDisabled();

    const own = unique('Demo’s own post');
    await postFromFeed(page, own);
    await expect(feed(page).getByRole('article').filter({ hasText: own }).getByRole('button', { name: 'Report' })).toHaveCount(0);
  });
});

test.describe('notifications', () => {
  test('a like by another member shows in the list; opening it drops the count', async ({ page, browser }) => {
    // Two members sign in, and the bell's count is cached for up to 20 s per person.
    test.setTimeout(75_000);
    await signIn(page);
    // Read what is there first, so that the count is about this test's like.
    await page.goto('/notifications');
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    const text = unique('Like me, Alice');
    const id = await postFromFeed(page, text);

    const alice = await asAlice(browser);
    await alice.page.goto(`/activities/${id}`);
    // Closing her page while the like is on its way could cancel it: wait for the site's answer.
    const liked = serverActionAnswered(alice.page);
    await alice.page
      .getByRole('article')
      .getByRole('button', { name: /^Like \d/ })
      .click();
    await expect(alice.page.getByRole('article').getByRole('button', { name: /^Like \d/ })).toHaveAttribute('aria-pressed', 'true');
    await liked;
    await alice.close();

    // The count is kept briefly per person on the server: a new page shows it within seconds.
    await expect(async () => {
      await page.goto('/');
      await expect(bell).toHaveAccessibleName(/Notifications, [1-9]\d* unread/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // The bell opens the latest few (once the page has hydrated: before, it is the link to the list); "See all" opens the list.
    await hydrated(bell);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Latest notifications' });
    await expect(panel.getByRole('link').filter({ hasText: 'Alice Martin liked your post' }).first()).toBeVisible();
    await panel.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const entry = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: 'Alice Martin liked your post' })
      .filter({ hasText: text });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('New');
    await expect(entry.getByRole('link')).toHaveAttribute('href', `/activities/${id}`);
    // Opened: the count drops, and stays down on the next page.
    await expect(bell).toHaveAccessibleName('Notifications');
    expect(await seriousViolationsAsShown(page, '/notifications')).toEqual([]);
    await page.goto('/');
    await expect(bell).toHaveAccessibleName('Notifications');
    await page.goto('/notifications');
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: text })).not.toContainText('New');
  });
});
