import type { Page } from '@playwright/test';

/**
 * The next server action's answer on `page`: what an optimistic change (a like shows at once)
 * waits for before a reload checks that the site kept it — a reload while the action is on its
 * way may cancel it. Call it before the click that sends the action.
 */
export function serverActionAnswered(page: Page) {
  return page.waitForResponse((r) => r.request().method() === 'POST' && r.request().headers()['next-action'] !== undefined);
}
