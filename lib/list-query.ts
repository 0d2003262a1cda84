// The words of a list page's URL, one vocabulary for every module: what a list page reads from
// its search parameters, what its links and its filter form write, and the old words that
// redirect to them. A module declares its list once (lib/<feature>/list-query.ts:
// `listQuery({ q: keywords, category: id, sort: oneOf('views'), page })`) and gets the parser,
// the serializer and the redirects from it.
//
// The words every list shares, each with one meaning:
//   q         keywords                      category  a category's id
//   sort      another order than the list's  user      one member's things (their id)
//   show      friends: my friends' things    status    open | closed | all
//   when      past: what has ended           page      the page past the first
// A module adds its own (listings' min, max, where, photos; events' view, month, lead).
//
// The URL is anyone's to type, so reading is lenient: what is not understood is left out rather
// than refused (a link to /blogs?sort=oldest shows the newest first). No zod here: a module's
// query is read on every render, and a lenient reading needs none.

export type SearchParams = Record<string, string | string[] | undefined>;

/** Longest keywords (or other free text) kept from a URL. */
export const URL_TEXT_MAX = 100;
/** Highest page number a list goes to. */
const URL_PAGE_MAX = 1000;

/** One word of a list's URL: its value read from the URL (undefined: not understood, or the default) and written back. */
export interface Word<T> {
  read(raw: string): T | undefined;
  /** Undefined: the default, left out of the URL. */
  write(value: T): string | undefined;
}

/** Free text, trimmed and cut to URL_TEXT_MAX. */
export const text: Word<string> = {
  read: (raw) => raw.trim().slice(0, URL_TEXT_MAX) || undefined,
  write: (v) => v || undefined,
};

/** A positive id (a category, a member). */
export const id: Word<number> = {
  read: (raw) => {
    const n = Number(raw);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  },
  write: (v) => (v > 0 ? String(v) : undefined),
};

/** A page past the first (the first is the default). */
export const page: Word<number> = {
  read: (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n > 1 && n <= URL_PAGE_MAX ? n : undefined;
  },
  write: (v) => (v > 1 ? String(v) : undefined),
};

/** On when `1` (a checkbox's value). */
export const flag: Word<true> = {
  read: (raw) => (raw === '1' ? true : undefined),
  write: () => '1',
};

/** One of these values; anything else is the list's default (which is none of them). */
export function oneOf<const V extends string>(...values: V[]): Word<V> {
  return {
    read: (raw) => ((values as string[]).includes(raw) ? (raw as V) : undefined),
    write: (v) => v,
  };
}

/** Text of a fixed shape (events' month, YYYY-MM). */
export function shaped(pattern: RegExp): Word<string> {
  return { read: (raw) => (pattern.test(raw) ? raw : undefined), write: (v) => v };
}

type Words = Record<string, Word<unknown>>;
type ValueOf<W> = W extends Word<infer T> ? T : never;

type Values<W extends Words> = { [K in keyof W]?: ValueOf<W[K]> };

/** A list's query as its URL says it (each word it understood, none of the defaults): `QueryOf<typeof blogList>`. */
export type QueryOf<L> = L extends ListQuery<infer W> ? Values<W> : never;

/** The old words of a list's URL: renamed words, and values renamed within a (new) word ('' for the default, left out). */
export interface OldWords {
  renamed?: Record<string, string>;
  values?: Record<string, Record<string, string>>;
}

export interface ListQuery<W extends Words> {
  /** The words, in the order the URL writes them. */
  readonly words: ReadonlyArray<keyof W & string>;
  /** The query of a page's search parameters (the first value of a repeated word). */
  parse(params: SearchParams): Values<W>;
  /** `?q=…&page=2` in the words' order, the defaults left out; '' for none. */
  search(query?: Values<W>): string;
  /**
   * The search string (`?…`, or '' for none) with the old words in the new ones, every other
   * parameter kept in its place; undefined when it has no old words. A new word given beside
   * its old one wins.
   */
  renewed(search: URLSearchParams): string | undefined;
}

export function listQuery<W extends Words>(words: W, old: OldWords = {}): ListQuery<W> {
  const names = Object.keys(words) as Array<keyof W & string>;
  const renamed = old.renamed ?? {};
  const values = old.values ?? {};
  return {
    words: names,
    parse(params) {
      const out: Record<string, unknown> = {};
      for (const name of names) {
        const v = params[name];
        const raw = typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
        const value = raw === undefined ? undefined : (words[name] as Word<unknown>).read(raw);
        if (value !== undefined) out[name] = value;
      }
      return out as Values<W>;
    },
    search(query = {}) {
      const params = new URLSearchParams();
      for (const name of names) {
        const value = query[name];
        const raw = value === undefined ? undefined : (words[name] as Word<unknown>).write(value);
        if (raw) params.set(name, raw);
      }
      const s = params.toString();
      return s ? `?${s}` : '';
    },
    renewed(search) {
      let changed = false;
      const out = new URLSearchParams();
      for (const [key, value] of search) {
        const name = renamed[key] ?? key;
        const renewedValue = values[name]?.[value] ?? value;
        if (name !== key || renewedValue !== value) {
          changed = true;
          if (name !== key && search.has(name)) continue;
        }
        // An old value that is now the default ('' here) is left out.
        if (renewedValue || !value) out.append(name, renewedValue);
      }
      if (!changed) return undefined;
      const s = out.toString();
      return s ? `?${s}` : '';
    },
  };
}

/** An active filter: what it is, in words, and the address of the same list without it. */
export interface Chip {
  key: string;
  label: string;
  href: string;
}

/**
 * The active filters of a list as chips: the keywords and the category (named from
 * `categories`) first, then the list's own, in the order given — each its label (nothing when
 * that filter is not set) and the words removing it takes out (page too, always).
 */
export function chipsOf<Q extends { q?: string; category?: number; page?: number }>(
  query: Q,
  hrefOf: (query: Q) => string,
  entries: Array<[label: string | false | 0 | undefined, ...words: Array<keyof Q & string>]>,
  categories: Array<{ id: number; title: string }> = [],
): Chip[] {
  const category = query.category && (categories.find((c) => c.id === query.category)?.title ?? 'This category');
  const all: typeof entries = [[query.q && `“${query.q}”`, 'q'], [category, 'category'], ...entries];
  const out: Chip[] = [];
  for (const [label, ...remove] of all) {
    if (!label) continue;
    const without = { ...query, page: undefined };
    for (const word of remove) delete without[word];
    out.push({ key: remove.join('+'), label, href: hrefOf(without) });
  }
  return out;
}
