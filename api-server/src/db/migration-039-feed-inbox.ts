import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Friends from which a member's feed is kept written ahead (data/activities.ts reads it). */
export const FEED_INBOX_FRIENDS = 250;

/**
 * The feed written ahead for members with many friends (issue 50: the feed at a million rows).
 * A feed read on demand steps through the site's newest posts testing each against the reader's
 * friends: for the member with 1,000 friends among 100,000 members, about 1,500 posts for a page
 * of 15, three times the read at a thousand rows. The largest sites write a post into each
 * friend's feed as it is made instead; here, into the `feed_inbox` of each friend who has
 * FEED_INBOX_FRIENDS friends or more (`feed_readers`), so that most members, whose feeds read
 * fast from their few friends' posts, cost nothing more to post for.
 *
 * The inbox holds candidates, not verdicts: the ids of every post of the reader's friends,
 * whatever its privacy. The read tests each against the same rules as the feed read on demand
 * (still friends, not for the poster alone, a group the reader may see), so a change of privacy
 * never needs the inbox rewritten, and a row left behind shows nothing.
 *
 * Triggers keep it, whatever path writes (the routes, the legacy API, the seeds), in the writer's
 * transaction, as the search index and the counts are kept (migrations 010, 030):
 * - a post goes into the inboxes of its owner's friends who keep one; a deleted post leaves them;
 * - a new friend's posts go into the inbox of a member who keeps one; an unfriended one's leave it;
 * - a member whose friends reach FEED_INBOX_FRIENDS starts one, with all their friends' posts. A
 *   member who drops below keeps theirs (it stays right, and costs only its upkeep).
 *
 * On PostgreSQL the triggers run once a statement over its rows (transition tables: a seed's
 * batch of posts is one insert), and a post and a change of friendship never miss each other
 * under READ COMMITTED: each takes the advisory lock `feed_inbox` (a post shared, a friendship
 * alone) before it reads the other's table, so the later one reads what the earlier committed.
 * SQLite runs one writer at a time.
 */
export const m039: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const T = FEED_INBOX_FRIENDS;
    await sql`create table feed_readers (user_id integer primary key references users (id) on delete cascade)`.execute(db);
    await sql`create table feed_inbox (
      reader_id integer not null,
      activity_id integer not null,
      primary key (reader_id, activity_id)
    )${sql.raw(pg ? '' : ' without rowid')}`.execute(db);
    await sql`create index feed_inbox_activity on feed_inbox (activity_id)`.execute(db);
    // The members who keep one now, with their friends' posts.
    await sql`insert into feed_readers (user_id)
      select user_id from friendships group by user_id having count(*) >= ${sql.lit(T)}`.execute(db);
    await sql`insert into feed_inbox (reader_id, activity_id)
      select r.user_id, a.id from feed_readers r
        join friendships f on f.user_id = r.user_id
        join activities a on a.owner_id = f.friend_id`.execute(db);
    const triggers = pg ? postgresTriggers(T) : sqliteTriggers(T);
    for (const statement of triggers) await sql.raw(statement).execute(db);
  },
};

/** Whether `user` (an SQL expression) has at least T friends, counting no further. */
const hasFriends = (user: string, T: number) =>
  `(select count(*) from (select 1 from friendships c where c.user_id = ${user} limit ${T}) as counted) >= ${T}`;

function sqliteTriggers(T: number): string[] {
  return [
    `create trigger feed_inbox_post after insert on activities begin
      insert or ignore into feed_inbox (reader_id, activity_id)
        select f.friend_id, new.id from friendships f join feed_readers r on r.user_id = f.friend_id
        where f.user_id = new.owner_id;
    end`,
    `create trigger feed_inbox_unpost after delete on activities begin
      delete from feed_inbox where activity_id = old.id;
    end`,
    `create trigger feed_inbox_befriend after insert on friendships
      when exists (select 1 from feed_readers where user_id = new.user_id) begin
      insert or ignore into feed_inbox (reader_id, activity_id)
        select new.user_id, a.id from activities a where a.owner_id = new.friend_id;
    end`,
    `create trigger feed_inbox_start after insert on friendships
      when not exists (select 1 from feed_readers where user_id = new.user_id) and ${hasFriends('new.user_id', T)} begin
      insert into feed_readers (user_id) values (new.user_id);
      insert or ignore into feed_inbox (reader_id, activity_id)
        select new.user_id, a.id from friendships f join activities a on a.owner_id = f.friend_id
        where f.user_id = new.user_id;
    end`,
    `create trigger feed_inbox_unfriend after delete on friendships
      when exists (select 1 from feed_readers where user_id = old.user_id) begin
      delete from feed_inbox where reader_id = old.user_id
        and activity_id in (select id from activities where owner_id = old.friend_id);
    end`,
    `create trigger feed_inbox_stop after delete on feed_readers begin
      delete from feed_inbox where reader_id = old.user_id;
    end`,
  ];
}

function postgresTriggers(T: number): string[] {
  const lock = (mode: 'shared' | 'alone') =>
    `perform ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(hashtext('feed_inbox'));`;
  const fn = (name: string, body: string) =>
    `create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`;
  const on = (name: string, event: 'insert' | 'delete', table: string) =>
    `create trigger ${name} after ${event} on ${table} referencing ${event === 'insert' ? 'new' : 'old'} table as changed
      for each statement execute function ${name}()`;
  return [
    fn(
      'feed_inbox_post',
      `${lock('shared')}
      insert into feed_inbox (reader_id, activity_id)
        select f.friend_id, a.id from changed a join friendships f on f.user_id = a.owner_id
        join feed_readers r on r.user_id = f.friend_id
      on conflict do nothing;`,
    ),
    on('feed_inbox_post', 'insert', 'activities'),
    fn('feed_inbox_unpost', `delete from feed_inbox i using changed a where i.activity_id = a.id;`),
    on('feed_inbox_unpost', 'delete', 'activities'),
    // A new friend's posts for members who keep an inbox; and members whose friends reach T start one.
    fn(
      'feed_inbox_befriend',
      `${lock('alone')}
      with started as (
        insert into feed_readers (user_id)
          select distinct n.user_id from changed n
          where not exists (select 1 from feed_readers r where r.user_id = n.user_id) and ${hasFriends('n.user_id', T)}
        on conflict do nothing
        returning user_id
      )
      insert into feed_inbox (reader_id, activity_id)
        select s.user_id, a.id from started s join friendships f on f.user_id = s.user_id join activities a on a.owner_id = f.friend_id
        union
        select n.user_id, a.id from changed n join feed_readers r on r.user_id = n.user_id join activities a on a.owner_id = n.friend_id
      on conflict do nothing;`,
    ),
    on('feed_inbox_befriend', 'insert', 'friendships'),
    fn(
      'feed_inbox_unfriend',
      `${lock('alone')}
      delete from feed_inbox i using changed o, activities a
        where i.reader_id = o.user_id and a.owner_id = o.friend_id and i.activity_id = a.id
          and exists (select 1 from feed_readers r where r.user_id = o.user_id);`,
    ),
    on('feed_inbox_unfriend', 'delete', 'friendships'),
    fn('feed_inbox_stop', `delete from feed_inbox i using changed o where i.reader_id = o.user_id;`),
    on('feed_inbox_stop', 'delete', 'feed_readers'),
  ];
}
