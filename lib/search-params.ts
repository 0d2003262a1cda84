// A page's search parameters read leniently: the URL is anyone's to type, so what is not
// understood is left out rather than refused (a link to /blogs?sort=oldest shows the newest).
// The list queries (lib/blogs/list-query.ts, lib/events/list-query.ts, lib/listings/list-query.ts)
// read theirs with it. No zod here: the filter forms in the browser use these too.

export type SearchParams = Record<string, string | string[] | undefined>;

/** Longest keywords (or other free text) kept from a URL. */
const URL_TEXT_MAX = 100;
/** Highest page number a list goes to. */
const URL_PAGE_MAX = 1000;

export function searchParamReader(params: SearchParams) {
  /** The parameter's (first) value. */
  const one = (name: string): string | undefined => {
    const v = params[name];
    return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
  };
  return {
    one,
    /** Free text, trimmed and cut to URL_TEXT_MAX; undefined when empty. */
    text: (name: string): string | undefined => one(name)?.trim().slice(0, URL_TEXT_MAX) || undefined,
    /** A positive id (a category, a seller); undefined otherwise. */
    id: (name: string): number | undefined => {
      const n = Number(one(name));
      return Number.isSafeInteger(n) && n > 0 ? n : undefined;
    },
    /** A page number past the first (the first is the default); undefined otherwise. */
    page: (name = 'page'): number | undefined => {
      const n = Number(one(name));
      return Number.isInteger(n) && n > 1 && n <= URL_PAGE_MAX ? n : undefined;
    },
  };
}
