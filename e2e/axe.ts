import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe's serious and critical violations of the page as it stands, in the light and the dark theme, each named with `where`. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const out: string[] = [];
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
