import { dateTimeFormat } from '#shared/time/kept.ts';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { ListTabs } from '@/components/ui/list/list-header';
import { Pager } from '@/components/ui/list/pager';
import { highlight } from '@/lib/search/highlight';
import type { SearchPageQuery } from '@/lib/search/query';
import { routes, searchTarget } from '@/lib/routes';
import { parseApiDate } from '@/lib/social-api/core';
import type { SearchHit, SearchResults } from '@/lib/social-api/search';
import { SEARCH_TYPES, type SearchType } from '@/lib/social-api/search-types';
import type { ReaderClock } from '@/lib/time/zones';

// /search: tabs for every type with its count, a page of results with the matched words marked,
// and a way on to each module's own list with the same words. Server components: plain links.

export const SEARCH_PAGE_SIZE = 20;

/** Each search type's tab, in the plural. */
const TYPE_LABELS: Record<SearchType, string> = {
  user: 'Members',
  activity: 'Posts',
  album: 'Albums',
  photo: 'Photos',
  video: 'Videos',
  music_playlist: 'Music',
  blog: 'Blog posts',
  classified: 'Listings',
  event: 'Events',
  group: 'Groups',
};

/** The module's own list with the words carried over, where it has one that filters by words. */
function moduleList(type: SearchType, q: string): { href: string; label: string } | undefined {
  switch (type) {
    case 'album':
      return { href: routes.albums({ q }), label: 'Albums' };
    case 'blog':
      return { href: routes.blogs({ q }), label: 'Blogs' };
    case 'classified':
      return { href: routes.listings({ q }), label: 'Listings' };
    case 'event':
      return { href: routes.events({ q }), label: 'Events' };
    case 'group':
      return { href: routes.groups({ q }), label: 'Groups' };
    case 'video':
      return { href: routes.videos({ q }), label: 'Videos' };
    case 'music_playlist':
      return { href: routes.music({ q }), label: 'Music' };
    default:
      return undefined;
  }
}

function Marked({ text, q }: { text: string; q: string }) {
  return highlight(text, q).map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit dark:bg-amber-500/30">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

function Hit({ hit, q, dateOf }: { hit: SearchHit; q: string; dateOf: (date: string) => string }) {
  const { href, kind } = searchTarget(hit.type, hit.id);
  const when = hit.type === 'user' ? '' : dateOf(hit.date);
  return (
    <li className="flex gap-4 py-4" data-kb-item="">
      {hit.type === 'user' ? (
        <Avatar person={{ name: hit.title, image: hit.image }} size="md" />
      ) : hit.type === 'video' ? (
        <VideoPoster image={hit.image} />
      ) : hit.image ? (
        <img src={hit.image} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-lg bg-slate-100 dark:bg-slate-800" />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {kind}
          {hit.closed ? <span className="badge ml-2 normal-case">Closed</span> : null}
        </p>
        <h2 className="mt-0.5 font-semibold">
          {href ? (
            <a href={href} className="link">
              <Marked text={hit.title} q={q} />
            </a>
          ) : (
            <Marked text={hit.title} q={q} />
          )}
        </h2>
        {hit.excerpt ? (
          <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
            <Marked text={hit.excerpt} q={q} />
          </p>
        ) : null}
        {hit.owner || when ? (
          <p className="muted mt-1 text-xs">
            {hit.owner ? <>by {hit.owner.name}</> : null}
            {hit.owner && when ? ' · ' : null}
            {when}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** A video's result: its poster in a 16:9 box under a play mark (a square would crop it). */
function VideoPoster({ image }: { image: string }) {
  return (
    <span className="relative block aspect-video w-28 shrink-0 overflow-hidden rounded-lg bg-slate-900">
      {image ? <img src={image} alt="" width={112} height={63} loading="lazy" className="size-full object-cover" /> : null}
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-8 items-center justify-center rounded-full bg-slate-950/80 text-white">
          <svg viewBox="0 0 24 24" className="ml-0.5 size-4" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
    </span>
  );
}

/** The page's heading and its own search field (it keeps the words, the tab and the order). */
function SearchForm({ query, problem }: { query: SearchPageQuery; problem?: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight">Search</h1>
      <form role="search" action={routes.search()} method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="search-q" className="text-sm font-medium">
            Search for
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={100}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'search-q-problem' : undefined}
            className="field mt-1 w-full"
          />
        </div>
        {query.type !== 'all' ? <input type="hidden" name="type" value={query.type} /> : null}
        {query.sort === 'newest' ? <input type="hidden" name="sort" value="newest" /> : null}
        <button type="submit" className={buttonStyles.primary}>
          Search
        </button>
      </form>
      {problem ? (
        <p id="search-q-problem" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </>
  );
}

export type SearchResultsPageProps = {
  query: SearchPageQuery;
  /** undefined: no words yet. null: the site has no search. `refused`: the API would not search for these words. */
  results: SearchResults | undefined | null | { refused: string };
  clock: ReaderClock;
};

export function SearchResultsPage({ query, results, clock }: SearchResultsPageProps) {
  const q = query.q ?? '';
  const dates = dateTimeFormat(clock.locale, { dateStyle: 'medium', timeZone: clock.zone });
  const dateOf = (date: string) => {
    const ms = parseApiDate(date);
    return ms ? dates.format(ms) : '';
  };
  if (results && 'refused' in results) {
    return (
      <div className="mx-auto w-full max-w-3xl">
        <SearchForm query={query} problem={results.refused} />
      </div>
    );
  }
  const countOf = (type: SearchType) => results?.types.find((t) => t.id === type)?.count ?? 0;
  // A type with more matches than the server looked at (its newest) shows its count as "100+".
  const moreOf = (type: SearchType) => results?.types.find((t) => t.id === type)?.more === true;
  const countText = (type: SearchType) => `${countOf(type)}${moreOf(type) ? '+' : ''}`;
  // Groups, videos and music are extensions: a server that lists its types gets tabs for those alone.
  const listed = results?.types ?? [];
  const types: readonly SearchType[] = listed.length ? SEARCH_TYPES.filter((t) => listed.some((x) => x.id === t)) : SEARCH_TYPES;
  const total = types.reduce((n, t) => n + countOf(t), 0);
  const totalText = `${total}${types.some(moreOf) ? '+' : ''}`;
  const label = query.type === 'all' ? 'results' : TYPE_LABELS[query.type].toLowerCase();
  const list = query.type !== 'all' && q ? moduleList(query.type, q) : undefined;
  const elsewhere = types.filter((t) => t !== query.type && countOf(t) > 0);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <SearchForm query={query} />

      {!q ? (
        <p className="muted mt-6">
          Find members, posts, albums, photos, videos, music, blog posts, listings, events and groups: type a few words.
        </p>
      ) : results === null ? (
        <p className="mt-6 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-800">
          This site does not offer search. Each section&apos;s own filters still find what it holds.
        </p>
      ) : results ? (
        <>
          <ListTabs
            label="Result types"
            tabs={[
              {
                href: routes.search({ q, sort: query.sort }),
                label: (
                  <>
                    All <span className="muted">({totalText})</span>
                  </>
                ),
                current: query.type === 'all',
              },
              ...types.map((t) => ({
                href: routes.search({ q, type: t, sort: query.sort }),
                label: (
                  <>
                    {TYPE_LABELS[t]} <span className="muted">({countText(t)})</span>
                  </>
                ),
                current: query.type === t,
              })),
            ]}
          />
          <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
            <p className="muted" role="status">
              {results.count}
              {results.more ? '+' : ''} {results.count === 1 && !results.more ? label.replace(/s$/, '') : label} for “{q}”
            </p>
            <p className="text-sm">
              <span className="muted">Order: </span>
              {query.sort === 'newest' ? (
                <a href={routes.search({ q, type: query.type })} className="link">
                  Best match
                </a>
              ) : (
                <span aria-current="true">Best match</span>
              )}
              {' · '}
              {query.sort === 'newest' ? (
                <span aria-current="true">Newest</span>
              ) : (
                <a href={routes.search({ q, type: query.type, sort: 'newest' })} className="link">
                  Newest
                </a>
              )}
            </p>
          </div>
          {list ? (
            <p className="mt-2 text-sm">
              <a href={list.href} className="link">
                Filter these in {list.label}
              </a>
            </p>
          ) : null}
          {results.hits.length ? (
            <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
              {results.hits.map((hit) => (
                <Hit key={`${hit.type}-${hit.id}`} hit={hit} q={q} dateOf={dateOf} />
              ))}
            </ul>
          ) : (
            <div className="mt-6 rounded-lg border border-dashed border-slate-300 px-5 py-6 dark:border-slate-700">
              <p className="font-semibold">
                Nothing matches “{q}”{query.type === 'all' ? '' : ` in ${TYPE_LABELS[query.type].toLowerCase()}`}.
              </p>
              <ul className="muted mt-2 list-disc space-y-1 pl-5 text-sm">
                <li>Check the spelling, or try fewer words: every word must match.</li>
                <li>The start of a word is enough (“cycl” finds “cycling”).</li>
                {elsewhere.length ? (
                  <li>
                    Found elsewhere:{' '}
                    {elsewhere.map((t, i) => (
                      <span key={t}>
                        {i ? ', ' : ''}
                        <a href={routes.search({ q, type: t })} className="link">
                          {TYPE_LABELS[t]} ({countText(t)})
                        </a>
                      </span>
                    ))}
                  </li>
                ) : null}
              </ul>
            </div>
          )}
          <Pager
            label="Pages of results"
            page={query.page}
            more={query.page * SEARCH_PAGE_SIZE < results.count}
            hrefOf={(page) => routes.search({ ...query, page })}
          />
          {results.more && query.page * SEARCH_PAGE_SIZE >= results.count && results.hits.length ? (
            <p className="muted mt-4 text-sm">These are the newest matches; there are more. Add a word to find older ones.</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
