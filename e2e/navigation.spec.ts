import { expect, test } from '@playwright/test';
import { NAVIGATION } from './sections.ts';
import { signIn } from './sign-in.ts';

// The site's sections in the navigation's order, the four a server may not have among them where
// the demo API has them all (e2e/sections.ts); the current one marked.
test('the navigation lists every section of the site in order, the current one marked', async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Primary' });
  await expect(nav.getByRole('link')).toHaveText([...NAVIGATION]);
  await expect(nav.getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/groups');
  await expect(nav.getByRole('link', { name: 'Groups' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
});

// The navigation's links prefetch their page when a person points at one (components/ui/link.tsx),
// not all of them as soon as a page has loaded.
test('a page of the navigation is prefetched when a person points at its link, and opens on a click', async ({ page }) => {
  const prefetched = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.headers()['next-router-prefetch']) prefetched.add(url.pathname);
  });
  await signIn(page);
  await expect(page.getByRole('feed')).toBeVisible();
  // Everything the loaded page asks for by itself (its scripts, its first poll) has been asked for.
  await page.waitForLoadState('networkidle');
  expect([...prefetched]).toEqual([]);

  const events = page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Events' });
  await events.hover();
  await expect.poll(() => [...prefetched]).toEqual(['/events']);
  // Focus (the keyboard's way of pointing) does the same.
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Blogs' }).focus();
  await expect.poll(() => [...prefetched].sort()).toEqual(['/blogs', '/events']);

  await events.click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});
