import type { Page } from '@playwright/test';

/**
 * Records every text the page's live regions (`role="status"`) come to hold from now on, and gives
 * a function that reads them: an action's result announced and then replaced by another (the
 * header's unread count, polled) was still said to a screen reader, so a test asks whether it was
 * said rather than whether it is still there. Lasts until the document is replaced.
 */
export async function recordAnnouncements(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __said?: string[] };
    w.__said = [];
    const note = () =>
      document.querySelectorAll('[role="status"]').forEach((n) => {
        const text = n.textContent?.trim();
        if (text && !w.__said!.includes(text)) w.__said!.push(text);
      });
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __said?: string[] }).__said ?? []);
}
