import { z } from 'zod';

// The building blocks every resource module parses the API's answers with, tolerantly:
// numbers and flags that some servers send as strings ("12", "1") are accepted, a missing
// optional field gets its default, and one odd entry of a list does not cost the whole list.

/** A number, also when sent as a numeric string; 0 when unreadable. */
export const num = z.coerce.number().catch(0);
/** An identity number: required, an integer. */
export const id = z.coerce.number().int();
/** A string; '' for null, absent or unreadable, a number as its digits. */
export const str = z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string()).catch('');
/** A can_* / is_* flag: true, 1 and "1" are true; anything else (absent too) is false. */
export const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

/**
 * Keeps the entries that parse; one odd entry does not cost the reader the whole list. Each
 * entry is parsed once (a filter before z.array would parse every entry, and every nested list
 * in it, twice).
 */
export function lenientArray<T extends z.ZodType>(item: T) {
  type Item = z.output<T>;
  const parseEach = (v: unknown): Item[] => {
    if (!Array.isArray(v)) return [];
    const out: Item[] = [];
    for (const x of v) {
      const r = item.safeParse(x);
      if (r.success) out.push(r.data);
    }
    return out;
  };
  // preprocess (not transform) so that an absent list is [] too; the entries are parsed already.
  return z.preprocess(parseEach, z.custom<Item[]>(() => true));
}

/** The spec's Option (privacy options, search types, report types): `{id, title}` with string id. */
export const optionSchema = z.looseObject({ id: str, title: str });
export type ApiOption = z.infer<typeof optionSchema>;

/** The spec's Category: `{id, title}` with a number id. */
export const categorySchema = z.looseObject({ id, title: str });
export type ApiCategory = z.infer<typeof categorySchema>;
