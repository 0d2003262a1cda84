import { sql, type Insertable, type RawBuilder, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { containsText } from '../db/text.ts';
import type { EventsTable } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { eventVisibleTo, listedFor, ownedByFriendOf } from '../domain/visibility.ts';

// Events as the events routes read and write them (tables `events`, `event_members`: who
// attends, is invited or asks to join, and `event_feeds`: calendar feeds). The rules of
// membership stay in routes/events/rules.ts, privacy and the traces an item leaves in domain/.

export type EventRow = Selectable<EventsTable>;

/** Which events a list covers by time (extension): ended means end_time has passed. */
export const WHEN = ['upcoming', 'past', 'all'] as const;
export type When = (typeof WHEN)[number];

/** Which events a list covers by time, at `t` (alias `e`). */
function byTime(when: When, t: number): RawBuilder<SqlBool> {
  if (when === 'upcoming') return sql<SqlBool>`e.end_time >= ${t}`;
  if (when === 'past') return sql<SqlBool>`e.end_time < ${t}`;
  return sql<SqlBool>`1 = 1`;
}

/**
 * The events other people's lists show the reader (alias `e`) for a time (`upcoming` by
 * default): what they may see and what allow_search lets them list. The list and a member's
 * counts (GET /users/{id}) share it.
 */
export function eventsListedTo(readerId: number | null, when: When, t: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${eventVisibleTo('e', readerId)} and ${listedFor('e', readerId)} and ${byTime(when, t)})`;
}

export function getEvent(db: DB, id: number): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface EventFilter {
  /** The reader (null: not signed in). */
  me: number | null;
  when: When;
  /** Now, for `when`. */
  t: number;
  keywords?: string;
  categoryId?: number;
  userId?: number;
  /** Only the events made in this group (GET /groups/events). */
  groupId?: number;
  onlyFriends: boolean;
}

export interface EventListFilter extends EventFilter {
  sort?: 'starttime' | 'creation_date' | 'member_count';
  limit: number;
  offset: number;
}

/** When an event begins and ends, in its zone: what places it on a calendar's day. */
export type EventTimes = Pick<EventRow, 'id' | 'start_time' | 'end_time' | 'timezone'>;

/**
 * An event every signed-in reader may list alike (alias `e`): open to members, listed, in no
 * group. Most events are; their part of a calendar is kept for every reader (routes/events/
 * calendar.ts), and the rest, whose privacy asks who reads, are read on the partial index
 * events_uncommon_start (migration 037), whose predicate UNCOMMON_EVENT names as written there,
 * literally, for the planner to use it.
 */
const COMMON_EVENT = sql<SqlBool>`(e.auth_view in ('everyone', 'registered') and e.allow_search = 1 and e.group_id is null)`;
const UNCOMMON_EVENT = sql<SqlBool>`not (e.auth_view in ('everyone', 'registered') and e.allow_search = 1 and e.group_id is null)`;
/** COMMON_EVENT of a row read. */
const isCommon = (e: Pick<EventRow, 'auth_view' | 'allow_search' | 'group_id'>) =>
  (e.auth_view === 'everyone' || e.auth_view === 'registered') && e.allow_search === 1 && e.group_id === null;

/** Events in the order a calendar gives them: by start, then id. */
export const byStart = (a: EventTimes, b: EventTimes) => a.start_time - b.start_time || a.id - b.id;

/** Which of a filter's events a calendar reads: all, the common ones or the rest (COMMON_EVENT). */
export type CalendarPart = 'all' | 'common' | 'uncommon';

/** The version of the events that places them on a calendar and says who lists them (migration 037). */
export async function eventsVersion(db: DB): Promise<number> {
  const row = await db.selectFrom('data_versions').select('version').where('name', '=', 'events').executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * The times of the events a list's filter lets through that a calendar's span [from, to) (unix
 * seconds) may show: those running at `from` (a long one begun before the span is on its first
 * days), then those that begin in it by start, at most `limit` in all (GET /events/calendar).
 * Read on events_start and events_long, a narrow row each, so that a month of a busy site
 * (hundreds) costs little. `part` narrows them to the common events or the rest (COMMON_EVENT).
 */
export async function listEventTimesBetween(
  db: DB,
  filter: EventFilter,
  from: number,
  to: number,
  limit: number,
  part: CalendarPart = 'all',
): Promise<EventTimes[]> {
  const times = () => filteredEvents(db, filter).select(['e.id', 'e.start_time', 'e.end_time', 'e.timezone']);
  // The running ones are parted after reading. The uncommon ones begun within a day before `from`
  // are read on events_uncommon_start (UNCOMMON_EVENT in that branch alone: a busy site begins a
  // score of events a day, a few of them uncommon); the part's predicate over both branches would
  // offer the planner that partial index over every uncommon event begun before `from`, years of
  // them, which PostgreSQL took.
  const runningOnes = () =>
    times()
      .select(['e.auth_view', 'e.allow_search', 'e.group_id'])
      .where(runningAt(from, part === 'uncommon' ? UNCOMMON_EVENT : undefined))
      .limit(limit);
  // Sorted here (a few rows, no index order to keep): SQLite orders them in a temporary b-tree made
  // for each run, whose pages, new to the process each time, cost the API server ~0.2 ms of page
  // faults in four calendar reads of ten at a million rows (the read itself is 0.01 ms). Only a
  // span with more than `limit` running, where which come first matters, is ordered by SQLite.
  let runningRows = await runningOnes().execute();
  if (runningRows.length === limit)
    runningRows = await runningOnes()
      .orderBy(sql`e.start_time + 0`)
      .orderBy('e.id')
      .execute();
  const running = runningRows
    .sort(byStart)
    .filter((e) => part === 'all' || isCommon(e) === (part === 'common'))
    .map(({ id, start_time, end_time, timezone }) => ({ id, start_time, end_time, timezone }));
  const beginning = await (part === 'all' ? times() : times().where(part === 'common' ? COMMON_EVENT : UNCOMMON_EVENT))
    .where('e.start_time', '>=', from)
    .where('e.start_time', '<', to)
    .orderBy('e.start_time')
    .orderBy('e.id')
    .limit(limit - running.length)
    .execute();
  return [...running, ...beginning];
}

/** Every column of an event but its description. */
const BRIEF_COLUMNS = Object.keys({
  id: true,
  owner_id: true,
  title: true,
  category_id: true,
  start_time: true,
  end_time: true,
  timezone: true,
  host: true,
  location: true,
  allow_search: true,
  auth_invite: true,
  approval: true,
  auth_view: true,
  auth_comment: true,
  auth_photo: true,
  image_key: true,
  image_width: true,
  image_height: true,
  image_description: true,
  group_id: true,
  created_at: true,
  updated_at: true,
} satisfies Record<Exclude<keyof EventsTable, 'description'>, true>) as Array<Exclude<keyof EventsTable, 'description'>>;

/**
 * The events `ids`, in that order (those gone meanwhile left out). Without `withDescription`, each
 * description is left unread (empty): a month's calendar reads a hundred events for their titles
 * and times, and their descriptions were half the read.
 */
export async function getEventsInOrder(db: DB, ids: readonly number[], withDescription = true): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const events = db.selectFrom('events');
  const rows = await (withDescription ? events.selectAll() : events.select(BRIEF_COLUMNS).select(sql<string>`''`.as('description')))
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * An event lasting longer than this is a long one (index events_long, migration 026). Those still
 * running at t are found among the ones that began within this span before t (index events_start)
 * and the long ones (events_long), not among every event that has not ended (events_end).
 */
const LONG_EVENT = 86_400;

/**
 * Events begun before t and not ended at t. Each branch of the OR is one index's range, events_start
 * and the partial events_long (whose condition the second names as its migration wrote it, for
 * the planner to use it), so that SQLite reads both indexes: a condition on start_time outside
 * them would be read as the range of every past event. `shortOnes` narrows the first branch (a
 * partial index's predicate, for that index to serve it).
 */
function runningAt(t: number, shortOnes?: RawBuilder<SqlBool>) {
  const span = sql.lit(LONG_EVENT);
  const short = shortOnes ? sql`${shortOnes} and ` : sql``;
  return sql<SqlBool>`((${short}e.start_time >= ${t - LONG_EVENT} and e.start_time < ${t} and e.end_time >= ${t})
    or (e.end_time - e.start_time > ${span} and e.end_time >= ${t} and e.start_time < ${t}))`;
}

/** A page of the events other people's lists show the reader. */
export async function listEvents(db: DB, filter: EventListFilter): Promise<EventRow[]> {
  const { when, t, sort, limit, offset } = filter;
  if (when !== 'upcoming' || (sort !== undefined && sort !== 'starttime'))
    return eventListQuery(db, filter).limit(limit).offset(offset).execute();
  // Soonest first: those still running (begun before t: few) come before every one to come, which
  // events_start gives in order from t. Reading every event not ended yet and sorting them would
  // read a year of events for a page.
  const running = await eventListQuery(db, { ...filter, when: 'all' })
    .where(runningAt(t))
    // Sorted after reading (a few rows): ordered by start_time itself, SQLite would read events_start
    // over every past event for the order's sake.
    .clearOrderBy()
    .orderBy(sql`e.start_time + 0`)
    .orderBy('e.id')
    .limit(offset + limit)
    .execute();
  if (running.length === offset + limit) return running.slice(offset);
  // An event to come has not ended (the routes refuse an end before the start): its start alone is
  // the range, so that the planner reads events_start in order rather than events_end.
  const coming = await eventListQuery(db, { ...filter, when: 'all' })
    .where('e.start_time', '>=', t)
    .limit(limit - running.slice(offset).length)
    .offset(Math.max(0, offset - running.length))
    .execute();
  return [...running.slice(offset), ...coming];
}

/** The events a list's filter lets through (alias `e`), nothing selected yet. */
function filteredEvents(db: DB, { me, when, t, keywords, categoryId, userId, groupId, onlyFriends }: EventFilter) {
  let query = db.selectFrom('events as e').where(eventsListedTo(me, when, t));
  if (keywords) query = query.where((eb) => eb.or([containsText('e.title', keywords), containsText('e.description', keywords)]));
  if (categoryId !== undefined) query = query.where('e.category_id', '=', categoryId);
  if (userId !== undefined) query = query.where('e.owner_id', '=', userId);
  if (groupId !== undefined) query = query.where('e.group_id', '=', groupId);
  if (onlyFriends) query = query.where(ownedByFriendOf('e', me!));
  return query;
}

function eventListQuery(db: DB, filter: EventListFilter) {
  const { when, sort } = filter;
  const attending = sql<number>`(select count(*) from event_members am where am.event_id = e.id and am.rsvp = 'attending')`;
  let query = filteredEvents(db, filter).selectAll('e');
  if (sort === 'creation_date') query = query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc');
  else if (sort === 'member_count') query = query.orderBy(attending, 'desc').orderBy('e.start_time').orderBy('e.id');
  // Soonest first; looking back, the most recent first.
  else if (when === 'past') query = query.orderBy('e.start_time', 'desc').orderBy('e.id', 'desc');
  else query = query.orderBy('e.start_time').orderBy('e.id');
  return query;
}

export interface MyEventListFilter {
  me: number;
  when: When;
  /** Now, for `when` and the order. */
  t: number;
  /** Only the events the reader owns, rather than those they have a row in too. */
  onlyLed: boolean;
  keywords?: string;
  limit: number;
  offset: number;
}

/** A page of the reader's events: what is still to come first, then what has ended. */
export function listMyEvents(db: DB, { me, when, t, onlyLed, keywords, limit, offset }: MyEventListFilter): Promise<EventRow[]> {
  let query = db.selectFrom('events as e').selectAll('e').where(byTime(when, t));
  if (onlyLed) {
    query = query.where('e.owner_id', '=', me);
  } else {
    // Mine, or one I have a row in: member in any answer, invited, or asking to join.
    query = query
      .where((eb) =>
        eb.or([
          eb('e.owner_id', '=', me),
          eb.exists(
            eb.selectFrom('event_members as mm').select('mm.user_id').whereRef('mm.event_id', '=', 'e.id').where('mm.user_id', '=', me),
          ),
        ]),
      )
      // The owner may since have narrowed who sees it.
      .where(eventVisibleTo('e', me));
  }
  if (keywords) {
    query = query
      .where((eb) => eb.or([containsText('e.title', keywords), containsText('e.description', keywords)]))
      .where(listedFor('e', me));
  }
  // What is still to come first, soonest first; then what has ended, most recent first.
  const ended = sql<number>`case when e.end_time >= ${t} then 0 else 1 end`;
  const order = sql<number>`case when e.end_time >= ${t} then e.start_time else -e.start_time end`;
  return query.orderBy(ended).orderBy(order).orderBy('e.id').limit(limit).offset(offset).execute();
}

/** How many people are in each rsvp state of the events `eventIds` (not empty), one row per state found. */
export function countMembersByRsvp(db: DB, eventIds: readonly number[]): Promise<Array<{ event_id: number; rsvp: string; n: number }>> {
  return db
    .selectFrom('event_members')
    .select(['event_id', 'rsvp', (eb) => eb.fn.countAll<number>().as('n')])
    .where('event_id', 'in', eventIds)
    .groupBy(['event_id', 'rsvp'])
    .execute();
}

/** The rows of `userId` in the events `eventIds` (not empty). */
export function listRsvpsOf(db: DB, userId: number, eventIds: readonly number[]): Promise<Array<{ event_id: number; rsvp: string }>> {
  return db
    .selectFrom('event_members')
    .select(['event_id', 'rsvp'])
    .where('user_id', '=', userId)
    .where('event_id', 'in', eventIds)
    .execute();
}

/** The row of `userId` in an event: their answer, invitation or request; undefined when none. */
export function getEventRsvp(db: DB, eventId: number, userId: number): Promise<{ rsvp: string } | undefined> {
  return db.selectFrom('event_members').select('rsvp').where('event_id', '=', eventId).where('user_id', '=', userId).executeTakeFirst();
}

/** Gives `userId` the row `rsvp` in an event, made when they had none (invited by `invitedBy`). */
export async function setEventRsvp(
  db: DB,
  { eventId, userId, rsvp, invitedBy = null }: { eventId: number; userId: number; rsvp: string; invitedBy?: number | null },
): Promise<void> {
  await db
    .insertInto('event_members')
    .values({ event_id: eventId, user_id: userId, rsvp, invited_by: invitedBy, created_at: now() })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ rsvp }))
    .execute();
}

export async function deleteEventMember(db: DB, eventId: number, userId: number): Promise<void> {
  await db.deleteFrom('event_members').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
}

/** Which of `ids` have a row in the event (any answer, invited, or asking to join). */
export async function eventMemberIdsAmong(db: DB, eventId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('event_members').select('user_id').where('event_id', '=', eventId).where('user_id', 'in', ids).execute();
  return new Set(rows.map((m) => m.user_id));
}

/** Invites `userIds` (not empty, none in the event yet) to it: they await their reply. */
export async function insertInvitations(
  db: DB,
  { eventId, userIds, invitedBy, at }: { eventId: number; userIds: number[]; invitedBy: number; at: number },
): Promise<void> {
  await db
    .insertInto('event_members')
    .values(userIds.map((id) => ({ event_id: eventId, user_id: id, rsvp: 'awaiting_reply', invited_by: invitedBy, created_at: at })))
    .execute();
}

/** A page of the people with `rsvp` in an event: its owner first, then in the order people arrived. */
export function listEventMembers(
  db: DB,
  { eventId, ownerId, rsvp, limit, offset }: { eventId: number; ownerId: number; rsvp: string; limit: number; offset: number },
): Promise<Array<{ user_id: number; rsvp: string }>> {
  return (
    db
      .selectFrom('event_members')
      .select(['user_id', 'rsvp'])
      .where('event_id', '=', eventId)
      .where('rsvp', '=', rsvp)
      // The owner first, then in the order people arrived.
      .orderBy((eb) => eb.case().when('user_id', '=', ownerId).then(0).else(1).end())
      .orderBy('created_at')
      .orderBy('user_id')
      .limit(limit)
      .offset(offset)
      .execute()
  );
}

export type NewEvent = Omit<Insertable<EventsTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at'>;

/**
 * Stores a new event of `ownerId`, who is attending from the start; its id. `check` runs first in
 * the same transaction (the group an event is made in still lets its owner add it).
 */
export function insertEvent(
  db: DB,
  { ownerId, values, check }: { ownerId: number; values: NewEvent; check?: (trx: DB) => Promise<void> },
): Promise<number> {
  return transact(db, async (trx) => {
    await check?.(trx);
    const t = now();
    const row = await trx
      .insertInto('events')
      .values({ owner_id: ownerId, ...values, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The creator is attending from the start.
    await trx
      .insertInto('event_members')
      .values({ event_id: row.id, user_id: ownerId, rsvp: 'attending', invited_by: null, created_at: t })
      .execute();
    return row.id;
  });
}

export async function updateEvent(db: DB, id: number, changes: Omit<Updateable<EventsTable>, 'id' | 'updated_at'>): Promise<void> {
  await db
    .updateTable('events')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/** Deletes an event, its members and what it left elsewhere (comments, likes, activities...). */
export async function deleteEvent(db: DB, id: number): Promise<void> {
  await transact(db, async (trx) => {
    await deleteItemTraces(trx, 'event', [id]);
    await trx.deleteFrom('event_members').where('event_id', '=', id).execute();
    await trx.deleteFrom('events').where('id', '=', id).execute();
  });
}

/** A new calendar feed of `userId`, revoking the one they had; its id. */
export function createEventFeed(
  db: DB,
  { userId, secretHash, at }: { userId: number; secretHash: string; at: number },
): Promise<{ id: number }> {
  return transact(db, async (trx) => {
    await trx.updateTable('event_feeds').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    return trx
      .insertInto('event_feeds')
      .values({ user_id: userId, secret_hash: secretHash, created_at: at, revoked_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

/** The calendar feeds of `userId` in force. */
export function listEventFeeds(db: DB, userId: number): Promise<Array<{ id: number; created_at: number }>> {
  return db
    .selectFrom('event_feeds')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** Revokes a feed of `userId`; false when they have no such feed in force. */
export async function revokeEventFeed(db: DB, { id, userId }: { id: number; userId: number }): Promise<boolean> {
  const res = await db
    .updateTable('event_feeds')
    .set({ revoked_at: now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Boolean(res.numUpdatedRows);
}

/** The owner of the feed in force with this secret hash; undefined when there is none. */
export function getEventFeedOwner(db: DB, secretHash: string): Promise<{ user_id: number } | undefined> {
  return db
    .selectFrom('event_feeds')
    .select(['user_id'])
    .where('secret_hash', '=', secretHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The events of `userId`'s calendar feed: what they lead, attend, may attend or are invited to,
 * still visible to them, ending at `since` or later; soonest first, at most `limit`.
 */
export function listFeedEvents(db: DB, { userId, since, limit }: { userId: number; since: number; limit: number }) {
  return db
    .selectFrom('events as e')
    .leftJoin('event_members as m', (j) => j.onRef('m.event_id', '=', 'e.id').on('m.user_id', '=', userId))
    .select([
      'e.id',
      'e.title',
      'e.description',
      'e.location',
      'e.timezone',
      'e.start_time',
      'e.end_time',
      'e.updated_at',
      'e.owner_id',
      'm.rsvp',
    ])
    .where((eb) => eb.or([eb('e.owner_id', '=', userId), eb('m.rsvp', 'in', ['attending', 'maybe_attending', 'awaiting_reply'])]))
    .where(eventVisibleTo('e', userId))
    .where('e.end_time', '>=', since)
    .orderBy('e.start_time')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** When each of the events `ids` starts and ends, and its zone (a message's card about it). */
export function listEventTimes(db: DB, ids: number[]): Promise<EventTimes[]> {
  return db.selectFrom('events').select(['id', 'start_time', 'end_time', 'timezone']).where('id', 'in', ids).execute();
}

/** The people with one of `rsvps` in an event, but `exceptUserId`. */
export function listEventMemberIdsWith(
  db: DB,
  { eventId, rsvps, exceptUserId }: { eventId: number; rsvps: readonly string[]; exceptUserId: number },
): Promise<Array<{ user_id: number }>> {
  return db
    .selectFrom('event_members')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('rsvp', 'in', rsvps)
    .where('user_id', '!=', exceptUserId)
    .execute();
}
