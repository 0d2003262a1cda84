import type { DB } from '../../../src/db/index.ts';
import { now } from '../../../src/db/index.ts';
import type { EventsTable, Privacy } from '../../../src/db/types.ts';
import type { Insertable } from 'kysely';
import type { Rsvp } from '../../../src/routes/events/rules.ts';
import { befriend, createUser, tokenFor } from '../../helpers.ts';

export const DAY = 86400;

export interface EventProps {
  title: string;
  description: string;
  category_id: number | null;
  start: number;
  end: number;
  timezone: string;
  host: string;
  location: string;
  allow_search: number;
  auth_invite: number;
  approval: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  image_key: string | null;
  created_at: number;
}

let seq = 0;

/** An event's row, by default starting in a day and lasting an hour (written as is: its owner is not made a member). */
export function eventRow(owner: number, p: Partial<EventProps> = {}): Insertable<EventsTable> {
  const t = now();
  const start = p.start ?? t + DAY + seq;
  seq += 1;
  return {
    owner_id: owner,
    title: p.title ?? `Event ${seq}`,
    description: p.description ?? 'A gathering',
    category_id: p.category_id ?? null,
    start_time: start,
    end_time: p.end ?? start + 3600,
    timezone: p.timezone ?? 'UTC',
    host: p.host ?? '',
    location: p.location ?? '',
    allow_search: p.allow_search ?? 1,
    auth_invite: p.auth_invite ?? 1,
    approval: p.approval ?? 0,
    auth_view: p.auth_view ?? 'everyone',
    auth_comment: p.auth_comment ?? 'everyone',
    auth_photo: 'everyone',
    image_key: p.image_key ?? null,
    created_at: p.created_at ?? t,
    updated_at: t,
  };
}

/** An event as POST /events makes it (the owner attending), by default starting in a day. */
export async function makeEvent(db: DB, owner: number, p: Partial<EventProps> = {}): Promise<number> {
  const row = await db.insertInto('events').values(eventRow(owner, p)).returning('id').executeTakeFirstOrThrow();
  await addMember(db, row.id, owner, 'attending');
  return row.id;
}

export async function addMember(db: DB, eventId: number, userId: number, rsvp: Rsvp, invitedBy: number | null = null): Promise<void> {
  await db
    .insertInto('event_members')
    .values({ event_id: eventId, user_id: userId, rsvp, invited_by: invitedBy, created_at: now() })
    .execute();
}

export async function rsvpOf(db: DB, eventId: number, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('event_members')
    .select('rsvp')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.rsvp;
}

export async function eventCategory(db: DB, title: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('module', '=', 'event')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const FLAG_KEYS = [
  'can_edit',
  'can_delete',
  'can_request',
  'can_join',
  'can_leave',
  'can_cancel',
  'can_accept',
  'can_reject',
  'can_invite',
  'can_compose',
];
export const LIST_KEYS = ['id', 'thumb', 'title', 'owner', 'description', 'total_member', 'start_datetime', ...FLAG_KEYS];
export const DETAIL_KEYS = [
  'id',
  'title',
  'description',
  'owner',
  'category',
  'thumb',
  'total_member',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'host',
  'location',
  'attending_count',
  'maybe_count',
  'not_attending_count',
  'awaiting_reply_count',
  ...FLAG_KEYS,
];
export const OWNER_KEYS = ['id', 'type', 'title', 'imgs'];

/** `n` users made one after the other (createUser names them from a shared counter across an await). */
export async function makeUsers(db: DB, n: number, create: (db: DB) => Promise<{ id: number }>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await create(db)).id);
  return ids;
}

/** An event's usual cast: its owner, the owner's friend and a stranger, with a token each, and a client's token (no user). */
export interface EventCast {
  owner: number;
  friend: number;
  stranger: number;
  ownerToken: string;
  friendToken: string;
  strangerToken: string;
  clientToken: string;
}

export async function makeCast(db: DB): Promise<EventCast> {
  const [owner, friend, stranger] = (await makeUsers(db, 3, createUser)) as [number, number, number];
  await befriend(db, owner, friend);
  return {
    owner,
    friend,
    stranger,
    ownerToken: await tokenFor(db, owner),
    friendToken: await tokenFor(db, friend),
    strangerToken: await tokenFor(db, stranger),
    clientToken: await tokenFor(db, null),
  };
}
