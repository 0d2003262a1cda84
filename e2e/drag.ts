import { expect, type Locator, type Page } from '@playwright/test';

/** What the drag-and-drop live region says (dnd-kit's announcements are role="status"). */
export const dragNews = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/**
 * Picks up a sortable item with the keyboard (Space on its handle) and waits until the drag has
 * taken hold. dnd-kit's KeyboardSensor starts listening for the arrow keys in a `setTimeout`
 * queued when the drag starts, so the "Picked up" announcement can be on the page before an
 * arrow key would be heard; a timer queued after that one has run once it has.
 */
export async function pickUp(page: Page, handle: Locator, news?: string) {
  await handle.focus();
  await page.keyboard.press('Space');
  if (news) await expect(dragNews(page, news)).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
