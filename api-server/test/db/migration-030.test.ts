import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import { deleteItemTraces } from '../../src/domain/item-traces.ts';
import { addLike, getLikeStats, removeLike } from '../../src/domain/likes.ts';
import { getCommentStats } from '../../src/domain/comments.ts';
import { setupMigration } from '../fixture.ts';
import { createUser } from '../helpers.ts';

// Migration 030: each liked or commented thing's counts, kept by the database. A database made
// before it has its counts filled; from then on every insert and delete of a like or a comment —
// one at a time, many in one statement, or by an item's deletion — moves them, on both databases.

let db: Kysely<Database>;
let users: number[];

/** What counting the rows says, thing by thing, beside what the kept counts say. */
async function countsBothWays() {
  const likes = await db
    .selectFrom('likes')
    .select(['target_type', 'target_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['target_type', 'target_id'])
    .execute();
  const comments = await db
    .selectFrom('comments')
    .select(['item_type', 'item_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['item_type', 'item_id'])
    .execute();
  const counted = new Map<string, { likes: number; comments: number }>();
  const at = (key: string) => counted.get(key) ?? counted.set(key, { likes: 0, comments: 0 }).get(key)!;
  for (const l of likes) at(`${l.target_type}:${l.target_id}`).likes = Number(l.n);
  for (const c of comments) at(`${c.item_type}:${c.item_id}`).comments = Number(c.n);
  const kept = new Map(
    (await db.selectFrom('reaction_counts').selectAll().execute())
      .filter((r) => r.likes !== 0 || r.comments !== 0)
      .map((r) => [`${r.target_type}:${r.target_id}`, { likes: Number(r.likes), comments: Number(r.comments) }]),
  );
  return { counted: Object.fromEntries([...counted].sort()), kept: Object.fromEntries([...kept].sort()) };
}

const comment = (item_type: string, item_id: number, owner_id: number) => ({ item_type, item_id, owner_id, body: 'hi', created_at: 1 });

setupMigration('029_search_by_type', async (bare) => {
  db = bare;
  users = await Promise.all([1, 2, 3, 4].map(async () => (await createUser(db)).id));
  await db
    .insertInto('likes')
    .values(users.map((u, i) => ({ target_type: 'activity', target_id: 7, user_id: u, created_at: i })))
    .execute();
  await db.insertInto('likes').values({ target_type: 'photo', target_id: 7, user_id: users[0]!, created_at: 9 }).execute();
  await db
    .insertInto('comments')
    .values([comment('activity', 7, users[1]!), comment('blog', 3, users[2]!)])
    .execute();
});

describe('the kept like and comment counts', () => {
  it('are filled from the rows a database already holds', async () => {
    const { counted, kept } = await countsBothWays();
    expect(kept).toEqual({
      'activity:7': { likes: 4, comments: 1 },
      'blog:3': { likes: 0, comments: 1 },
      'photo:7': { likes: 1, comments: 0 },
    });
    expect(kept).toEqual(counted);
  });

  it('move with each like and unlike, and the stats read them with the newest likers first', async () => {
    expect(await addLike(db, 'blog', 3, users[3]!)).toBe(true);
    expect(await addLike(db, 'blog', 3, users[3]!)).toBe(false);
    expect(await removeLike(db, 'activity', 7, users[0]!)).toBe(true);
    expect(await removeLike(db, 'activity', 7, users[0]!)).toBe(false);
    const stats = await getLikeStats(db, 'activity', [7, 8], users[1]!, 2);
    expect(stats.get(7)).toEqual({ total: 3, isLiked: true, recent: [users[3], users[2]] });
    expect(stats.get(8)).toEqual({ total: 0, isLiked: false, recent: [] });
    expect((await getLikeStats(db, 'blog', [3], null)).get(3)).toEqual({ total: 1, isLiked: false, recent: [] });
    const { counted, kept } = await countsBothWays();
    expect(kept).toEqual(counted);
  });

  it('move by many rows at once, and the comment stats read the latest of each item in order', async () => {
    await db
      .insertInto('comments')
      .values([
        comment('activity', 7, users[0]!),
        comment('activity', 7, users[2]!),
        comment('blog', 3, users[0]!),
        comment('photo', 7, users[3]!),
      ])
      .execute();
    const stats = await getCommentStats(db, 'activity', [7, 9], 2);
    expect(stats.get(7)!.total).toBe(3);
    expect(stats.get(7)!.latest.map((c) => c.owner_id)).toEqual([users[0], users[2]]);
    expect(stats.get(9)).toEqual({ total: 0, latest: [] });
    await db.deleteFrom('likes').where('target_type', '=', 'activity').execute();
    const { counted, kept } = await countsBothWays();
    expect(kept).toEqual(counted);
    expect(kept['activity:7']).toEqual({ likes: 0, comments: 3 });
  });

  it('go to zero with an item deleted with its traces, its comments’ likes included', async () => {
    const [first] = await db.selectFrom('comments').select('id').where('item_type', '=', 'photo').execute();
    await addLike(db, 'comment', first!.id, users[1]!);
    expect((await countsBothWays()).kept[`comment:${first!.id}`]).toEqual({ likes: 1, comments: 0 });
    await deleteItemTraces(db, 'photo', [7]);
    const { counted, kept } = await countsBothWays();
    expect(kept).toEqual(counted);
    expect(kept['photo:7']).toBeUndefined();
    expect(kept[`comment:${first!.id}`]).toBeUndefined();
  });
});
