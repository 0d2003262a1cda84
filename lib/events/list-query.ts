import { flag, id, listQuery, oneOf, page, shaped, text, type QueryOf } from '../list-query.ts';

/** A list of events as the URL says it (/events?q=…&category=3&show=friends&sort=members&when=past&view=calendar&month=2026-12&day=2026-12-05&page=2). */
export const eventList = listQuery({
  q: text,
  category: id,
  /** Events of my friends; everyone's without it. */
  show: oneOf('friends'),
  /** Soonest first without it. */
  sort: oneOf('created', 'members'),
  /** Upcoming without it. */
  when: oneOf('past'),
  /** The month calendar; the list without it. */
  view: oneOf('calendar'),
  /** The calendar's month, YYYY-MM (this month without it). */
  month: shaped(/^(19|20)\d\d-(0[1-9]|1[0-2])$/),
  /** One day of the calendar as a list, YYYY-MM-DD. */
  day: shaped(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/),
  /** /events/my: only the events I lead. */
  lead: flag,
  page,
});

export type EventListQuery = QueryOf<typeof eventList>;
