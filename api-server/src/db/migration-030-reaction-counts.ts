import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Each liked or commented thing's counts, kept by the database (issue 50: the post the whole
 * site liked). Counting a thing's likes on every read walked all of them: 100,000 index entries
 * for the most liked post, 62 ms a read at a million rows against 2.6 ms at a thousand. Large
 * sites keep such counts beside the item and change them with each like; here one row a thing,
 * `reaction_counts` (target_type, target_id): its `likes` (target_type/id of `likes`) and its
 * `comments` (item_type/id of `comments`).
 *
 * Triggers keep them, as the search index is kept (migration 010): every insert and delete of a
 * like or a comment, by any path (the routes, the seeds, an item's deletion with its traces),
 * moves its thing's count in the same statement. On PostgreSQL they run once a statement over
 * its rows (transition tables), so a seed's batch of a thousand likes is one upsert, not a
 * thousand; in the order of the keys, so two statements never wait on each other in a circle.
 * SQLite runs them once a row. A count that reaches zero stays as a zero row: the next like
 * needs it anyway, and an item's deletion leaves zeros (its likes and comments go before it).
 *
 * Read by domain/likes.ts getLikeStats and domain/comments.ts getCommentStats; the newest likers
 * are read by `likes_recent` (target_type, target_id, id) as the newest comments by
 * `comments_item`.
 */
export const m030: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`create table reaction_counts (
      target_type text not null,
      target_id integer not null,
      likes integer not null default 0,
      comments integer not null default 0,
      primary key (target_type, target_id)
    )${sql.raw(pg ? '' : ' without rowid')}`.execute(db);
    await sql`insert into reaction_counts (target_type, target_id, likes, comments)
      select t, i, sum(l), sum(c) from (
        select target_type as t, target_id as i, 1 as l, 0 as c from likes
        union all select item_type, item_id, 0, 1 from comments
      ) as x group by t, i`.execute(db);
    await sql`create index likes_recent on likes (target_type, target_id, id)`.execute(db);
    const counted = [
      { table: 'likes', column: 'likes', type: 'target_type', id: 'target_id' },
      { table: 'comments', column: 'comments', type: 'item_type', id: 'item_id' },
    ];
    for (const c of counted) {
      if (pg) {
        // One function a change: the rows a statement added (+1 each) or took (-1 each), summed by thing.
        for (const [event, rows, sign] of [
          ['insert', 'added', '+'],
          ['delete', 'taken', '-'],
        ] as const) {
          const name = `reaction_counts_${c.table}_${event}`;
          await sql
            .raw(
              `create function ${name}() returns trigger language plpgsql as $$
              begin
                insert into reaction_counts as rc (target_type, target_id, ${c.column})
                  select ${c.type}, ${c.id}, ${sign}count(*) from ${rows} group by ${c.type}, ${c.id} order by ${c.type}, ${c.id}
                on conflict (target_type, target_id) do update set ${c.column} = rc.${c.column} + excluded.${c.column};
                return null;
              end $$`,
            )
            .execute(db);
          await sql
            .raw(
              `create trigger ${name} after ${event} on ${c.table}
              referencing ${event === 'insert' ? 'new' : 'old'} table as ${rows}
              for each statement execute function ${name}()`,
            )
            .execute(db);
        }
      } else {
        await sql
          .raw(
            `create trigger reaction_counts_${c.table}_insert after insert on ${c.table} begin
              insert into reaction_counts (target_type, target_id, ${c.column}) values (new.${c.type}, new.${c.id}, 1)
              on conflict (target_type, target_id) do update set ${c.column} = ${c.column} + 1;
            end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger reaction_counts_${c.table}_delete after delete on ${c.table} begin
              update reaction_counts set ${c.column} = ${c.column} - 1 where target_type = old.${c.type} and target_id = old.${c.id};
            end`,
          )
          .execute(db);
      }
    }
  },
};
