import { withAppToken } from '../auth/page-session.ts';
import { getSession } from '../auth/session.ts';
import { searchTarget } from '../routes.ts';
import { isApiError } from '../social-api/errors.ts';
import { searchSite, type SearchHit } from '../social-api/search.ts';
import { SEARCH_MAX_LENGTH } from '../social-api/search-types.ts';

// What the header's search field suggests while a person types (GET /api/search/suggest?q=):
// a few members and the best items, each with the page it opens. Two reads in parallel — the
// members, and the items of every other type by relevance — so that members are never crowded
// out by items, nor the other way round. A visitor searches what everyone may see.

export interface Suggestion {
  key: string;
  href: string;
  title: string;
  /** "Member", "Listing", "Blog post" … */
  kind: string;
  image: string;
  /** Who shared it, for an item. */
  by?: string;
}

const SUGGESTED_MEMBERS = 3;
const SUGGESTED_ITEMS = 6;

function toSuggestion(hit: SearchHit): Suggestion | undefined {
  const { href, kind } = searchTarget(hit.type, hit.id);
  if (!href) return undefined;
  return {
    key: `${hit.type}-${hit.id}`,
    href,
    title: hit.title,
    kind,
    image: hit.image,
    by: hit.owner?.name,
  };
}

/** The answer of the suggestions route: 200 with `{suggestions}`, or the API's status with a message. */
export async function suggest(words: string): Promise<Response> {
  const keywords = words.trim();
  if (!keywords) return Response.json({ suggestions: [] });
  if (keywords.length > SEARCH_MAX_LENGTH) {
    return Response.json({ message: `Search for at most ${SEARCH_MAX_LENGTH} characters.` }, { status: 400 });
  }
  const read = (token: string) =>
    Promise.all([
      searchSite(token, { keywords, type: 'user', limit: SUGGESTED_MEMBERS }),
      searchSite(token, { keywords, limit: SUGGESTED_ITEMS + SUGGESTED_MEMBERS }),
    ]);
  try {
    const session = await getSession();
    const [members, all] = session ? await read(session.accessToken) : await withAppToken(read);
    if (!members || !all) return Response.json({ suggestions: [] });
    const items = all.hits.filter((h) => h.type !== 'user').slice(0, SUGGESTED_ITEMS);
    const suggestions = [...members.hits, ...items].flatMap((h) => toSuggestion(h) ?? []);
    return Response.json({ suggestions });
  } catch (e) {
    if (isApiError(e) && e.status < 500) return Response.json({ message: e.message }, { status: e.status === 401 ? 401 : 400 });
    if (isApiError(e)) return Response.json({ message: e.message }, { status: e.status });
    throw e;
  }
}
