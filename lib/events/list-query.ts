import { searchParamReader, type SearchParams } from '../search-params.ts';

// The filters of a list of events, in the URL: what /events and /events/my read from their
// search parameters and what lib/routes.ts writes. Lenient like lib/blog-list-query.ts: what is
// not understood is left out (a link to /events?sort=oldest shows the soonest first).

/** /events?q=…&category=3&show=friends&sort=members&when=past&view=calendar&month=2026-12&page=2 */
export interface EventListQuery {
  q?: string;
  category?: number;
  /** Events of my friends; everyone's without it. */
  show?: 'friends';
  /** Soonest first without it. */
  sort?: 'created' | 'members';
  /** Upcoming without it. */
  when?: 'past';
  /** The month calendar; the list without it. */
  view?: 'calendar';
  /** The calendar's month, YYYY-MM (this month without it). */
  month?: string;
  /** /events/my: only the events I lead. */
  lead?: true;
  page?: number;
}

export function parseEventListQuery(params: SearchParams): EventListQuery {
  const { one, text, id, page: pageOf } = searchParamReader(params);
  const q = text('q');
  const category = id('category');
  const page = pageOf();
  const sort = one('sort');
  const month = one('month');
  return {
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(one('show') === 'friends' ? { show: 'friends' as const } : {}),
    ...(sort === 'created' || sort === 'members' ? { sort } : {}),
    ...(one('when') === 'past' ? { when: 'past' as const } : {}),
    ...(one('view') === 'calendar' ? { view: 'calendar' as const } : {}),
    ...(month && /^(19|20)\d\d-(0[1-9]|1[0-2])$/.test(month) ? { month } : {}),
    ...(one('lead') === '1' ? { lead: true as const } : {}),
    ...(page ? { page } : {}),
  };
}

/** The query as URL parameters, in a fixed order, without the defaults. */
export function eventListParams(q: EventListQuery = {}): Record<string, string | number | undefined> {
  return {
    q: q.q || undefined,
    category: q.category || undefined,
    show: q.show,
    sort: q.sort,
    when: q.when,
    view: q.view,
    month: q.month,
    lead: q.lead ? 1 : undefined,
    page: q.page && q.page > 1 ? q.page : undefined,
  };
}
