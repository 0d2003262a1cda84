import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FEED_INBOX_FRIENDS } from '../../src/db/migration-039-feed-inbox.ts';
import type { Database } from '../../src/db/types.ts';
import { setupMigration } from '../fixture.ts';

// Migration 039: on a site that has members with FEED_INBOX_FRIENDS friends or more, each of them
// gets their inbox at once, holding every post of their friends; members with fewer get none.

let db: Kysely<Database>;
let many: number, few: number;
const posts: Record<string, number[]> = { ofManysFriends: [], ofFewsFriends: [], ofStrangers: [] };

setupMigration('038_writing_photo_albums', async (bare) => {
  db = bare;
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: FEED_INBOX_FRIENDS + 4 }, (_, i) => ({
        email: `m39-${i}@example.com`,
        password_hash: 'x',
        full_name: `Member ${i}`,
        user_name: `m39_${i}`,
        gender: '',
        country_iso: 'US',
        joined: 1,
      })),
    )
    .returning('id')
    .execute();
  const ids = users.map((u) => u.id);
  many = ids[0]!;
  few = ids[1]!;
  const friendsOfMany = ids.slice(2, 2 + FEED_INBOX_FRIENDS);
  const friendsOfFew = ids.slice(2, 5);
  const stranger = ids[ids.length - 1]!;
  const pairs = (a: number, bs: number[]) =>
    bs.flatMap((b) => [
      { user_id: a, friend_id: b, created_at: 1 },
      { user_id: b, friend_id: a, created_at: 1 },
    ]);
  await db
    .insertInto('friendships')
    .values([...pairs(many, friendsOfMany), ...pairs(few, friendsOfFew)])
    .execute();
  const post = async (owner: number, auth_view: 'everyone' | 'owner') =>
    (
      await db
        .insertInto('activities')
        .values({ owner_id: owner, subject_type: 'user', subject_id: owner, content: 'hi', auth_view, is_share: 0, created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  for (const f of [friendsOfMany[10]!, friendsOfMany[200]!]) posts.ofManysFriends!.push(await post(f, 'everyone'), await post(f, 'owner'));
  posts.ofFewsFriends!.push(await post(friendsOfFew[0]!, 'everyone'));
  posts.ofStrangers!.push(await post(stranger, 'everyone'));
});

describe('the feed written ahead, on a site that has members with many friends', () => {
  it('starts the inbox of each member with that many friends, with every post of their friends', async () => {
    expect(await db.selectFrom('feed_readers').select('user_id').execute()).toEqual([{ user_id: many }]);
    const inbox = await db.selectFrom('feed_inbox').select(['reader_id', 'activity_id']).orderBy('activity_id').execute();
    // The first friend of `many` is also a friend of `few`: their post is `many`'s too.
    const expected = [...posts.ofManysFriends!, posts.ofFewsFriends![0]!].sort((a, b) => a - b);
    expect(inbox).toEqual(expected.map((id) => ({ reader_id: many, activity_id: id })));
    expect(inbox.some((r) => r.reader_id === few)).toBe(false);
  });
});
