import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startRelay, type Relay } from '../lib/testing/relay.ts';
import { seriousViolations } from './axe.ts';
import { startSecondWeb, type SecondWeb } from './second-web.ts';
import { API_PORT, DEMO_USER } from './servers.ts';
import { signIn } from './sign-in.ts';

// Every list page is built from one kit (components/ui/list/, lib/list-query.ts, lib/list-page.ts):
// the same URL words, a GET filter form that works without JavaScript, removable chips, the
// count line, the pager, the old words redirected, and one API call per render.

const main = (page: Page) => page.getByRole('main');

/** Each list page, the noun its empty state says, and whether it has a category filter. */
const LISTS = [
  { path: '/albums', noun: 'albums', category: true },
  { path: '/albums/my', noun: 'albums', category: true },
  { path: '/blogs', noun: 'posts', category: true },
  { path: '/blogs/my', noun: 'posts', category: true },
  { path: '/listings', noun: 'listings', category: true },
  { path: '/events', noun: 'events', category: true },
  { path: '/events/my', noun: 'events', category: false },
  { path: '/dashboard/listings', noun: 'listings', category: false },
] as const;

/** A context without JavaScript, signed in as the demo user (its "Sign in" is a button: the cookies come from a context that has signed in). */
async function withoutScripts(browser: Browser): Promise<BrowserContext> {
  const signedIn = await browser.newContext();
  await signIn(await signedIn.newPage(), DEMO_USER);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await signedIn.cookies());
  await signedIn.close();
  return context;
}

test.describe('without JavaScript', () => {
  test('every list page’s filter form is a GET form in the same words, and a chip takes its filter away', async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await withoutScripts(browser);
    const page = await context.newPage();
    const nothing = `nothing is called ${Date.now().toString(36)}`;
    for (const list of LISTS) {
      await page.goto(list.path);
      const form = main(page).getByRole('search');
      await form.getByLabel('Keywords').fill(nothing);
      let category: string | undefined;
      if (list.category) {
        category = (await form.getByLabel('Category').locator('option').nth(1).getAttribute('value')) ?? undefined;
        await form.getByLabel('Category').selectOption(category!);
      }
      await form.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL((url) => url.pathname === list.path && url.searchParams.get('q') === nothing);
      const url = new URL(page.url());
      expect(url.searchParams.get('category') ?? undefined, list.path).toBe(category);
      await expect(
        main(page)
          .getByRole('status')
          .filter({ hasText: `No ${list.noun} match these filters.` }),
        list.path,
      ).toBeVisible();
      await expect(form.getByLabel('Keywords'), list.path).toHaveValue(nothing);

      // The chip of the keywords is a link to the same list without them.
      await main(page)
        .getByRole('link', { name: `Remove filter: “${nothing}”` })
        .click();
      await page.waitForURL((u) => u.pathname === list.path && !u.searchParams.has('q'));
      expect(new URL(page.url()).searchParams.get('category') ?? undefined, list.path).toBe(category);
      await expect(form.getByLabel('Keywords'), list.path).toHaveValue('');
    }
    await context.close();
  });
});

test.describe('the kit’s controls', () => {
  test('the count line says which of them a page shows, and the pager pages through them', async ({ page }) => {
    // Pages through a list, then axe on each of the eight list pages in both themes (sixteen runs of
    // axe): on two cores beside another worker it ran past 120 s (2026-12-02, twice, every step passing).
    test.setTimeout(180_000);
    await signIn(page, DEMO_USER, '/listings?status=all');
    await expect(
      main(page)
        .getByRole('status')
        .filter({ hasText: /^Listings 1–12$/ }),
    ).toBeVisible();
    const pager = main(page).getByRole('navigation', { name: 'Pages of listings' });
    await expect(pager).toContainText('Page 1');
    await pager.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/listings\?status=all&page=2$/);
    await expect(
      main(page)
        .getByRole('status')
        .filter({ hasText: /^Listings 13–\d+$/ }),
    ).toBeVisible();
    await expect(pager).toContainText('Page 2');
    await pager.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/listings\?status=all$/);
    // The same controls on every list, in both themes.
    for (const list of LISTS) {
      await page.goto(`${list.path}?q=a`);
      await expect(main(page).getByRole('search')).toBeVisible();
      expect(await seriousViolations(page, list.path)).toEqual([]);
    }
  });
});

test.describe('old addresses', () => {
  test('the albums’ old words redirect (308) to the words every list uses, other parameters kept', async ({ request, page }) => {
    const cases: Array<[string, string]> = [
      [
        '/albums?keywords=lake&sort=popular&category_id=3&user_id=7&utm_source=mail',
        '/albums?q=lake&sort=views&category=3&user=7&utm_source=mail',
      ],
      ['/albums/my?keywords=lake&sort=recent&page=2', '/albums/my?q=lake&page=2'],
      ['/listings?seller=4&where=lyon', '/listings?user=4&where=lyon'],
    ];
    for (const [old, renewed] of cases) {
      const res = await request.get(old, { maxRedirects: 0 });
      expect(res.status(), old).toBe(308);
      // Next writes the Location of a same-site redirect relative or absolute, depending on the request: either reads so.
      const to = new URL(res.headers().location!, 'http://site.invalid');
      expect(to.pathname + to.search, old).toBe(renewed);
    }
    // An address in the new words is served as it is.
    expect((await request.get('/albums?q=lake&sort=views', { maxRedirects: 0 })).status()).not.toBe(308);

    // A bookmark of the old kind lands on the same list, its filters in the form and the chips.
    await signIn(page, DEMO_USER, '/albums?keywords=alps&sort=popular');
    await expect(page).toHaveURL(/\/albums\?q=alps&sort=views$/);
    const form = main(page).getByRole('search', { name: 'Filter albums' });
    await expect(form.getByLabel('Keywords')).toHaveValue('alps');
    await expect(form.getByLabel('Sort by')).toHaveValue('views');
    await expect(main(page).getByRole('link', { name: 'Remove filter: Most viewed first' })).toBeVisible();
  });
});

test.describe('one API call per render', () => {
  let relay: Relay | undefined;
  let web: SecondWeb | undefined;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    relay = await startRelay(`http://127.0.0.1:${API_PORT}/api/v1`);
    web = await startSecondWeb(relay.baseUrl);
  });

  test.afterAll(async () => {
    web?.stop();
    await relay?.close();
  });

  test('every list page, filtered or not, reads its page with one API request', async ({ page }) => {
    test.setTimeout(60_000);
    // Signed in on the main web server: the session is valid on the second one too.
    await signIn(page, DEMO_USER);
    const paths = [
      ...LISTS.map((l) => l.path),
      '/albums?q=a&sort=views&page=2',
      '/blogs?q=the&sort=views&show=friends',
      '/listings?status=all&photos=1&min=1&sort=views',
      '/events?when=past&sort=members',
      // The month calendar, each day's count and first events, and one of its days (GET /events/calendar).
      '/events?view=calendar&q=a',
      '/events?view=calendar&day=2030-01-15',
      '/events/my?lead=1',
      '/dashboard/listings?status=open',
      '/notifications',
      '/groups',
      '/groups?q=a&sort=members&show=friends',
      '/groups/my?lead=1',
      // A group's tabs: its header's group and the tab's list in one read (the seed's first group, Demo's).
      '/groups/1',
      '/groups/1/wall',
      '/groups/1/members',
      '/groups/1/photos',
      '/groups/1/events',
      '/videos?q=a&sort=rating',
      '/videos/my',
      '/music?q=a&sort=popular',
      '/music/my',
    ];
    const perRender: Record<string, string[]> = {};
    for (const path of paths) {
      // The first render fills what a page keeps beside its content (the module's choices, a
      // few minutes per person); the second is what every later render costs.
      expect((await page.request.get(`${web!.url}${path}`)).status(), path).toBe(200);
      relay!.requests.length = 0;
      expect((await page.request.get(`${web!.url}${path}`)).status(), path).toBe(200);
      // The header's unread count is the chrome's, kept 20 seconds per person (docs/web/pages.md,
      // "One read, before anything streams").
      perRender[path] = relay!.requests.filter((r) => !r.startsWith('GET /api/v1/activities/updates'));
    }
    // The listings dashboard's Messages column: one count of each listing's conversations, read
    // beside the page's own, not after it (GET /messages/items; lib/messages/item-counts.ts).
    const beside = (path: string) =>
      path.startsWith('/dashboard/listings') ? /^GET \/api\/v1\/messages\/items\?item_type=classified$/ : undefined;
    for (const path of paths) {
      const extra = beside(path);
      expect(
        perRender[path]!.filter((r) => !extra?.test(r)),
        path,
      ).toHaveLength(1);
      if (extra)
        expect(
          perRender[path]!.filter((r) => extra.test(r)),
          path,
        ).toHaveLength(1);
    }
  });
});
