import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rules whose findings depend on colours (axe-core 4: contrast, and links told from text by colour alone). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

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
    // Every rule in the light theme. The dark theme changes colours and nothing else (its Tailwind
    // `dark:` variants are colours only: no element is shown, hidden or moved by it), so its pass
    // runs the rules that read colours, which is where the two can differ: half the suite's axe
    // time, the same findings.
    const axe = new AxeBuilder({ page });
    const { violations } = await (colorScheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
    out.push(
      ...violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${where} (${colorScheme}): ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}
