import type { Page } from '@playwright/test';

// The page's cumulative layout shift as the Web Vitals count it: every shift not caused by input,
// summed, from a PerformanceObserver the page starts before its own scripts.

type ShiftWindow = { __layoutShift: number };

/** From the next document `page` opens on: sums its layout shifts not caused by input. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as ShiftWindow;
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) w.__layoutShift += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift of the page's document so far (watchLayoutShift before it opened). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as ShiftWindow).__layoutShift);
}
