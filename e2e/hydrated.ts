import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has hydrated the element (it carries its fiber): from then on a click runs the
 * element's handler. Before, a progressively enhanced control does what it does without script
 * (the bell, a link to /notifications, opens the list instead of its panel).
 */
export async function hydrated(element: Locator, timeout = 30_000): Promise<void> {
  await expect.poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))), { timeout }).toBe(true);
}
