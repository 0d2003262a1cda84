import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rules whose findings depend on colours (axe-core 4: contrast, and links told from text by colour alone). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe for a page as the suite runs it: every rule (narrow it with `withRules` or `include`), the
 * violations in full.
 *
 * - `setLegacyMode()`: axe.run in the page itself. Otherwise each analysis opened a blank page
 *   beside the page under test, loaded axe a second time there and merged the frames' results in it:
 *   ~0.5 s of every analysis whatever its rules (2026-12-05: the floor of a one-rule run 0.8–1.1 s,
 *   0.42–0.47 s without the blank page). The one thing it gives up is cross-origin frames, which
 *   only ever hold a video provider's player here, not the site's own markup.
 * - `resultTypes: ['violations']`: the nodes that pass each rule are not listed (axe builds a
 *   selector for every one); the feed's every-rule run 1.3–1.6 s → 0.56 s. Every violation is still
 *   reported with all its nodes.
 */
export function axe(page: Page): AxeBuilder {
  // options() replaces the options object: it goes first, before withRules() adds to it.
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The serious and critical ones among `violations`, one line each, named with `where`. */
export function serious(violations: Violation[], where: string): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe's serious and critical violations of the page as it stands, in the theme it is shown in. */
export async function seriousViolationsAsShown(page: Page, where: string): Promise<string[]> {
  return serious((await axe(page).analyze()).violations, where);
}

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
    const { violations } = await (colorScheme === 'dark' ? axe(page).withRules(COLOUR_RULES) : axe(page)).analyze();
    out.push(...serious(violations, `${where} (${colorScheme})`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return out;
}
