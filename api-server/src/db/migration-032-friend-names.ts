import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A member's friends by name, a page at a time (issue 50: the member with a thousand friends).
 * The list joined every friendship of the member to `users` and sorted them all by name for a page
 * of twenty: 19 ms for a thousand friends, and growing with them.
 *
 * Now each friendship row holds its friend's name (`friend_name`), and `friendships_by_name`
 * (user_id, friend_name, friend_id) gives a member's friends in the list's order: a page reads its
 * own rows. Triggers keep the copy, as the search index is kept (migration 010): a friendship
 * takes its friend's name when it is made, by any path, and a member's new name reaches every
 * friendship that points to them (their friends' rows: the mirror rows of their own).
 */
export const m032: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    await sql`alter table friendships add column friend_name text not null default ''`.execute(db);
    await sql`update friendships set friend_name = users.full_name from users where users.id = friendships.friend_id`.execute(db);
    await sql`create index friendships_by_name on friendships (user_id, friend_name, friend_id)`.execute(db);
    // The rows naming `who`: for each of their friends, that friend's row about them.
    const renamed = (who: string, name: string) =>
      `update friendships set friend_name = ${name}
        where user_id in (select f.friend_id from friendships f where f.user_id = ${who}) and friend_id = ${who}`;
    if (pg) {
      await sql
        .raw(
          `create function friendships_name() returns trigger language plpgsql as $$
          begin
            new.friend_name := coalesce((select full_name from users where id = new.friend_id), '');
            return new;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(`create trigger friendships_name before insert on friendships for each row execute function friendships_name()`)
        .execute(db);
      await sql
        .raw(
          `create function friendships_rename() returns trigger language plpgsql as $$
          begin
            ${renamed('new.id', 'new.full_name')};
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger friendships_rename after update of full_name on users for each row
          when (old.full_name is distinct from new.full_name) execute function friendships_rename()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger friendships_name after insert on friendships begin
            update friendships set friend_name = coalesce((select full_name from users where id = new.friend_id), '')
              where user_id = new.user_id and friend_id = new.friend_id;
          end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger friendships_rename after update of full_name on users
          when old.full_name is not new.full_name begin ${renamed('new.id', 'new.full_name')}; end`,
        )
        .execute(db);
    }
    if (pg) await sql`analyze friendships`.execute(db);
  },
};
