import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isMissingExtension } from './errors.ts';
import { flag, id, lenientArray, num, str } from './primitives.ts';
import { ownerSchema } from './schemas.ts';
import { isSearchType, type SearchSort, type SearchType } from './search-types.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';

// Site search (GET /core/search: our extension, docs/api.md, "Extensions": Search): every item
// type and the members in one call, with each type's count for the same words, so that the search
// page's tabs and the header's suggestions read once.

const searchItemSchema = z.looseObject({
  id,
  type: str,
  title: str,
  description: str,
  img: str,
  owner: ownerSchema.optional(),
  date: str,
  is_closed: flag.optional(),
});

const searchAnswerSchema = z.looseObject({
  count: num,
  /** More matches than the server looked at: the count is "at least" (absent from older servers: false). */
  more: flag.optional(),
  items: lenientArray(searchItemSchema),
  types: lenientArray(z.looseObject({ id: str, title: str, count: num, more: flag.optional() })),
});

export interface SearchHit {
  id: number;
  type: SearchType;
  title: string;
  /** Plain text around the first match (the API's excerpt). */
  excerpt: string;
  /** A picture's address, '' when none. */
  image: string;
  /** Who shared it; absent for a member. */
  owner?: Who;
  /** When it was made, as the API writes it (UTC, 'YYYY-MM-DD HH:mm:ss'). */
  date: string;
  /** A listing that is sold or otherwise closed. */
  closed: boolean;
}

export interface SearchResults {
  /** Matches of the asked type in all (of those the server looked at: see `more`). */
  count: number;
  /** The server looked at the newest matches only and there were more: the count is "at least". */
  more: boolean;
  hits: SearchHit[];
  /** Every type with its count for the same words, in the API's order. */
  types: Array<{ id: SearchType; title: string; count: number; more: boolean }>;
}

export interface SearchQuery {
  keywords: string;
  type?: SearchType | 'all';
  sort?: SearchSort;
  page?: number;
  limit?: number;
}

/** One page of results; undefined from a server that has no site search (isMissingExtension). */
export async function searchSite(token: string, q: SearchQuery): Promise<SearchResults | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/core/search', {
      token,
      query: {
        keywords: q.keywords.trim(),
        type: q.type && q.type !== 'all' ? q.type : undefined,
        sort: q.sort === 'newest' ? 'newest' : undefined,
        page: q.page && q.page > 1 ? q.page : undefined,
        limit: q.limit,
      },
    });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  const answer = searchAnswerSchema.parse(data);
  const types = answer.types.flatMap((t) =>
    isSearchType(t.id) ? [{ id: t.id, title: t.title, count: t.count, more: t.more === true }] : [],
  );
  // Over every type, the count is of the types this client shows (a server's own additions are
  // left out of the results below, so they are out of the count too), when the server tells them.
  const all = !q.type || q.type === 'all';
  return {
    count: all && answer.types.length ? types.reduce((n, t) => n + t.count, 0) : answer.count,
    more: all && answer.types.length ? types.some((t) => t.more) : answer.more === true,
    // A type this client does not know (a server's own addition) is left out rather than linked nowhere.
    hits: answer.items.flatMap((i) =>
      isSearchType(i.type)
        ? [
            {
              id: i.id,
              type: i.type,
              title: i.title.trim() || 'Untitled',
              excerpt: i.description,
              image: safeImageUrl(i.img),
              owner: i.owner ? who(reshapePerson(i.owner)) : undefined,
              date: i.date,
              closed: i.is_closed === true,
            },
          ]
        : [],
    ),
    types,
  };
}
