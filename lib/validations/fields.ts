// zod/mini: these run in the browser too (react-hook-form's resolver).
import * as z from 'zod/mini';

// The fields several modules' forms share, written once: who can see or comment (a privacy
// option), a rich-text body, keyword tags, a price as typed. Each form gives its own words.

/** An item's title: some text (`empty` says what to do when there is none), at most `max` characters. */
export function titleSchema(max: number, empty: string) {
  return z.string().check(z.trim(), z.minLength(1, empty), z.maxLength(max, `Keep the title under ${max} characters.`));
}

/** A privacy option's id, as the option endpoints give them (albums, blogs, listings, events). */
export const privacyOptionSchema = z.string().check(z.trim(), z.minLength(1, 'Choose who this applies to.'), z.maxLength(64));

/** Whether some HTML has any text a reader would see (markup and spaces alone are not a text). */
export function htmlHasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;|\s/gi, '').length > 0;
}

/** HTML from the rich-text editor: some visible text, at most `max` characters of markup. */
export function richTextSchema(max: number, messages: { empty: string; tooLong: string }) {
  return z.string().check(z.refine(htmlHasText, messages.empty), z.maxLength(max, messages.tooLong));
}

/** Keyword tags: at most `count`, each a word of at most `max` characters with no comma (tags travel comma-separated). */
export function tagsSchema(max: number, count: number, noun: string) {
  const tag = z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'A tag needs a word.'),
      z.maxLength(max, `Keep each tag under ${max} characters.`),
      z.regex(/^[^,]*$/, 'A tag cannot hold a comma.'),
    );
  return z.array(tag).check(z.maxLength(count, `${noun} takes at most ${count} tags.`));
}

/** The API's price limit: below 10^9 dollars, at most two decimals (api-server/src/routes/classifieds/write.ts). */
const PRICE_MAX = 999_999_999.99;

/**
 * A price as typed: empty for none, else a number of at least 0 with at most two decimals
 * ("1250", "12.5", "1,250.00" — the thousands commas a person types are fine), at most PRICE_MAX.
 */
export const priceInputSchema = z.string().check(
  z.trim(),
  z.maxLength(20, 'That price is too long.'),
  z.regex(/^$|^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/, 'Write the price as a number, like 450 or 12.50.'),
  z.refine((s) => s === '' || Number(s.replace(/,/g, '')) <= PRICE_MAX, 'That price is too high.'),
);

/** The typed price as the API takes it: null for none, else the number. */
export const priceValue = (s: string): number | null => (s === '' ? null : Number(s.replace(/,/g, '')));
