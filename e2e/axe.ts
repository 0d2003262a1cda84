import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's serious and critical violations of the page as it stands, in the light and the dark theme, each named with `where`. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
  // Next streams a page's metadata, and a page refreshed by a server action was once judged
  // with no <title> at all (CI: a listing just closed; the same page loaded has its title), the
  // kind of gap of vercel/next.js#83016. The page is judged once it has a title; a page that
  // never gets one still fails here.
  await expect(page, `${where}: the page has a title`).toHaveTitle(/\S/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours that ease into the other theme (transition-colors) are read once they are there.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    const { violations } = await new AxeBuilder({ page }).analyze();
    out.push(
      ...violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${where} (${colorScheme}): ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}
