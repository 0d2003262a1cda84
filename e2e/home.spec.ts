import { expect, test } from '@playwright/test';

test.describe('home page, signed out', () => {
  test('says what Social is, in landmarks, without a console error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The chrome's first script starts a worker (once a tab) that loads the browser's date formats off the main
    // thread (components/shell/warm-intl.tsx); a refusal by the page's policy would be a console error.
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle('Social');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('banner')).toContainText('Social');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Everything your network shares, in one place' })).toBeVisible();
    for (const name of ['Activity feed', 'Albums and photos', 'Blogs', 'Listings', 'Events', 'Likes, comments and tags']) {
      await expect(main.getByRole('heading', { level: 3, name, exact: true })).toBeVisible();
    }
    await expect(main.getByRole('heading', { level: 3, name: 'Your listings and events' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 3, name: 'Previews worth sharing' })).toBeVisible();

    // Every link on the page leads somewhere that exists.
    for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      if (href?.startsWith('#')) {
        await expect(page.locator(href)).toHaveCount(1);
      } else {
        const res = await page.request.get(href ?? '');
        expect(res.status(), `link ${href}`).toBe(200);
      }
    }

    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    expect(workers).toEqual([expect.stringMatching(/^blob:/)]);
    // Once a tab: the tab's next document finds its process's date formats loaded and starts none.
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(workers).toHaveLength(1);
    expect(problems).toEqual([]);

    // Every script the page loaded asks Chromium to compile it while it streams in, off the main
    // thread (scripts/build-web.ts).
    const scripts = await page.locator('script[src]').evaluateAll((all) => all.map((s) => (s as HTMLScriptElement).src));
    expect(scripts.length).toBeGreaterThan(3);
    for (const src of scripts) {
      const res = await page.request.get(src);
      expect((await res.text()).startsWith('//# allFunctionsCalledOnLoad\n'), src).toBe(true);
    }
  });

  test('an unknown address answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a 404 page is written in its HTML, in the site’s chrome: it reads the same without script', async ({ browser, page }) => {
    // Next 16 answers a page's notFound() with an empty body its script fills; the production server renders
    // the address again as its not-found page (web-server/not-found-page.ts).
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/404/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    for (const [address, heading] of [
      ['/no-such-page', 'Page not found'],
      ['/blogs/99999999', 'This post is not here'],
      ['/listings/99999999', 'This listing is not here'],
    ] as const) {
      for (const p of [bare, page]) {
        const response = await p.goto(address);
        expect(response?.status(), address).toBe(404);
        await expect(p.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(p.getByRole('banner')).toContainText('Social');
        // The address asked for stays in the address bar, with script too.
        expect(new URL(p.url()).pathname).toBe(address);
      }
      expect(await (await bare.request.head(address)).status(), `HEAD ${address}`).toBe(404);
    }
    // Its way back (a visitor's: the home page) works as any link does, with script.
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    expect(problems).toEqual([]);
    // The page the server renders for it is nothing when asked for by its own address.
    const own = await bare.goto('/not-found-page/blogs/1');
    expect(own?.status()).toBe(404);
    await expect(bare.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await noScript.close();
  });
});
