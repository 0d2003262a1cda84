import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listFriends } from '../../src/data/friends.ts';
import type { Database } from '../../src/db/types.ts';
import { makeFriends } from '../../src/domain/friendships.ts';
import { setupMigration } from '../fixture.ts';
import { createUser } from '../helpers.ts';

// Migration 032: each friendship holds its friend's name, the friends list's order. A database
// made before it has the names filled; a friendship made after takes its friend's name, and a
// member's new name reaches every friendship pointing to them — on both databases.

let db: Kysely<Database>;
const id: Record<string, number> = {};

const names = async (of: number) => (await listFriends(db, { of, limit: 10, offset: 0 })).map((f) => f.full_name);
const stored = async () =>
  (
    await db.selectFrom('friendships').select(['user_id', 'friend_id', 'friend_name']).orderBy('user_id').orderBy('friend_id').execute()
  ).map((r) => `${r.user_id}>${r.friend_id}:${r.friend_name}`);

setupMigration('031_listing_places', async (bare) => {
  db = bare;
  for (const name of ['Zoe', 'Ann', 'Maya', 'Bob']) id[name] = (await createUser(db, { full_name: name })).id;
  await db
    .insertInto('friendships')
    .values([
      { user_id: id.Zoe!, friend_id: id.Ann!, created_at: 1 },
      { user_id: id.Ann!, friend_id: id.Zoe!, created_at: 1 },
      { user_id: id.Zoe!, friend_id: id.Maya!, created_at: 2 },
      { user_id: id.Maya!, friend_id: id.Zoe!, created_at: 2 },
    ])
    .execute();
});

describe("friendships keep their friend's name", () => {
  it('are filled from the members a database already holds, and list by name', async () => {
    expect(await names(id.Zoe!)).toEqual(['Ann', 'Maya']);
    expect(await stored()).toEqual([
      `${id.Zoe}>${id.Ann}:Ann`,
      `${id.Zoe}>${id.Maya}:Maya`,
      `${id.Ann}>${id.Zoe}:Zoe`,
      `${id.Maya}>${id.Zoe}:Zoe`,
    ]);
  });

  it('take the name when a friendship is made', async () => {
    await makeFriends(db, id.Zoe!, id.Bob!, 3);
    expect(await names(id.Zoe!)).toEqual(['Ann', 'Bob', 'Maya']);
    expect(await names(id.Bob!)).toEqual(['Zoe']);
  });

  it("follow a member's new name, in every friend's list", async () => {
    await db.updateTable('users').set({ full_name: 'Aaron' }).where('id', '=', id.Maya!).execute();
    await db.updateTable('users').set({ full_name: 'Zed' }).where('id', '=', id.Ann!).execute();
    expect(await names(id.Zoe!)).toEqual(['Aaron', 'Bob', 'Zed']);
    expect(await listFriends(db, { of: id.Zoe!, keywords: 'aar', limit: 10, offset: 0 })).toEqual([
      { id: id.Maya, full_name: 'Aaron', avatar_key: null },
    ]);
    // Their own rows keep their friends' names.
    expect(await names(id.Maya!)).toEqual(['Zoe']);
  });
});
