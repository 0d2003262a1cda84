import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { seedEvents } from '../../src/seed/events.ts';
import { rng } from '../../src/seed/random.ts';
import { befriend, createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

const t = setupApi();
let users: number[];
let t0: number;

beforeAll(async () => {
  users = [];
  for (let i = 0; i < 10; i++) users.push((await createUser(t.db)).id);
  // Carol (3) is friends with Demo User (0), not with Frank (6).
  await befriend(t.db, users[0]!, users[3]!);
  t0 = now();
  await seedEvents({ db: t.db, config: t.config, r: rng(1), t0, users, friendsOf: () => [], log: () => {} });
}, 60_000);

describe('demo events', () => {
  it('are past, ongoing and upcoming, by several users, with categories, hosts, locations and pictures', async () => {
    const events = await t.db.selectFrom('events').selectAll().execute();
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect(events.some((e) => e.end_time < t0)).toBe(true);
    expect(events.some((e) => e.start_time <= t0 && e.end_time >= t0)).toBe(true);
    expect(events.filter((e) => e.start_time > t0).length).toBeGreaterThanOrEqual(5);
    expect(new Set(events.map((e) => e.owner_id)).size).toBeGreaterThanOrEqual(8);
    expect(events.every((e) => e.category_id !== null && e.host && e.location)).toBe(true);
    expect(events.filter((e) => e.image_key).length).toBeGreaterThanOrEqual(8);
    expect(new Set(events.map((e) => e.timezone)).size).toBeGreaterThan(3);
  });

  it('have members in every rsvp state, the owner attending each', async () => {
    const rows = await t.db.selectFrom('event_members').select(['rsvp', 'event_id', 'user_id']).execute();
    expect(new Set(rows.map((r) => r.rsvp))).toEqual(
      new Set(['attending', 'maybe_attending', 'not_attending', 'awaiting_reply', 'requested']),
    );
    const events = await t.db.selectFrom('events').select(['id', 'owner_id', 'approval']).execute();
    for (const e of events) expect(rows.some((r) => r.event_id === e.id && r.user_id === e.owner_id && r.rsvp === 'attending')).toBe(true);
    // Requests only where approval is needed.
    const needApproval = new Set(events.filter((e) => e.approval === 1).map((e) => e.id));
    expect(rows.filter((r) => r.rsvp === 'requested').every((r) => needApproval.has(r.event_id))).toBe(true);
  });

  it('include a friends-only event that Demo User sees and a stranger does not, and likes and comments', async () => {
    const friendsOnly = await t.db.selectFrom('events').select('id').where('auth_view', '=', 'owner_member').executeTakeFirstOrThrow();
    expect((await get(t, await tokenFor(t.db, users[0]!), `/api/v1/events/${friendsOnly.id}`)).status).toBe(200);
    expect((await get(t, await tokenFor(t.db, users[6]!), `/api/v1/events/${friendsOnly.id}`)).status).toBe(404);
    const likes = await t.db.selectFrom('likes').select('id').where('target_type', '=', 'event').execute();
    const comments = await t.db.selectFrom('comments').select('id').where('item_type', '=', 'event').execute();
    expect(likes.length).toBeGreaterThan(0);
    expect(comments.length).toBeGreaterThan(0);
  });

  it('give Demo User a pending request to cancel, requests to accept, and upcoming events in the list', async () => {
    const token = await tokenFor(t.db, users[0]!);
    const mine = (await get(t, token, '/api/v1/events/my', { limit: 50, fields: 'id,can_cancel,can_accept,can_leave' })).body.data;
    expect(mine.some((e: { can_cancel: boolean }) => e.can_cancel)).toBe(true);
    expect(mine.some((e: { can_accept: boolean }) => e.can_accept)).toBe(true);
    expect(mine.some((e: { can_leave: boolean }) => e.can_leave)).toBe(true);
    const upcoming = (await get(t, token, '/api/v1/events', { limit: 50 })).body.data;
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
  });
});
