import type { Metadata } from 'next';
import { SEARCH_PAGE_SIZE, SearchResultsPage } from '@/components/search/search-results';
import { loadPublicPage } from '@/lib/auth/page-session';
import { parseSearchQuery } from '@/lib/search/query';
import type { SearchParams } from '@/lib/list-query';
import { isApiError } from '@/lib/social-api/errors';
import { searchSite } from '@/lib/social-api/search';
import { readerClock } from '@/lib/time/reader-clock';

type SearchRouteProps = { searchParams: Promise<SearchParams> };

export async function generateMetadata({ searchParams }: SearchRouteProps): Promise<Metadata> {
  const { q } = parseSearchQuery(await searchParams);
  return { title: q ? `“${q}” — Search` : 'Search', robots: { index: false } };
}

/**
 * Site search (/search?q=…&type=…&sort=newest&page=2), for members and visitors alike: one API
 * call, with the reader's token or, for a visitor, the site's own (what everyone may see).
 */
export default async function SearchPage({ searchParams }: SearchRouteProps) {
  const [query, clock] = await Promise.all([searchParams.then(parseSearchQuery), readerClock()]);
  const results = query.q
    ? await loadPublicPage(async (reader) => {
        try {
          const page = { keywords: query.q!, type: query.type, sort: query.sort, page: query.page, limit: SEARCH_PAGE_SIZE };
          return (await searchSite(reader.token, page)) ?? null;
        } catch (e) {
          // Words the API would not search for are said on the page, beside the field that holds them.
          if (isApiError(e, 400)) return { refused: e.message };
          throw e;
        }
      })
    : undefined;
  return <SearchResultsPage query={query} results={results} clock={clock} />;
}
