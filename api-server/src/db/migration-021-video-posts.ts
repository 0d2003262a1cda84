import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Videos in site search (GET /core/search): the search index of migration 010 holds a video's
 * title, description and tags at rowid −(id × 8 + 1). Every code of the positive rowids is taken
 * (migration 010's seven and migration 017's groups), so the types that come later count down
 * from zero: the index forms read the code as `rowid % 8` (−1 here) and the id as `abs(rowid) / 8`
 * (db/search/codes.ts reads them so; api-server/test/db/migration-010.test.ts holds the two
 * equal). Kept by triggers as the other types are; frozen here as migration 010 keeps its own.
 */
const VIDEO_CODE = -1;
const SPAN = 8;
export { VIDEO_CODE as M021_VIDEO_CODE };

const ROWID = (id: string) => `-(${id} * ${SPAN} + ${-VIDEO_CODE})`;

async function indexVideos(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const tags = `coalesce((select string_agg(t.title, ' ') from item_tags it join tags t on t.id = it.tag_id
      where it.item_type = 'video' and it.item_id = x.id), '')`;
    const row = (where: string) => `insert into search_index (rowid, title, body, extra, doc, title_doc)
      select r.rowid, r.title, r.body, r.extra,
        search_doc(r.title) || search_doc(r.body) || search_doc(r.extra), search_doc(r.title)
      from (select ${ROWID('x.id')} as rowid, x.title, x.description as body, ${tags} as extra from videos x where ${where}) r
      on conflict (rowid) do update set title = excluded.title, body = excluded.body, extra = excluded.extra,
        doc = excluded.doc, title_doc = excluded.title_doc`;
    const statements = [
      `create function search_video_index() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then delete from search_index where rowid = ${ROWID('old.id')}; else ${row('x.id = new.id')}; end if;
         return null;
       end $$`,
      `create trigger search_video after insert or delete or update of title, description on videos
       for each row execute function search_video_index()`,
      `create function search_video_tags_index() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then ${row('x.id = old.item_id')}; else ${row('x.id = new.item_id')}; end if;
         return null;
       end $$`,
      `create trigger search_video_tags_insert after insert on item_tags for each row
       when (new.item_type = 'video') execute function search_video_tags_index()`,
      `create trigger search_video_tags_delete after delete on item_tags for each row
       when (old.item_type = 'video') execute function search_video_tags_index()`,
      row('true'),
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    return;
  }
  const tags = `coalesce((select group_concat(t.title, ' ') from item_tags it join tags t on t.id = it.tag_id
    where it.item_type = 'video' and it.item_id = x.id), '')`;
  const index = (where: string) => `insert into search_index (rowid, title, body, extra)
    select ${ROWID('x.id')}, x.title, x.description, ${tags} from videos x where ${where};`;
  const unindex = (id: string) => `delete from search_index where rowid = ${ROWID(id)};`;
  const statements = [
    `create trigger search_video_insert after insert on videos begin ${index('x.id = new.id')} end`,
    `create trigger search_video_update after update of title, description on videos begin
      ${unindex('old.id')} ${index('x.id = new.id')} end`,
    `create trigger search_video_delete after delete on videos begin ${unindex('old.id')} end`,
    `create trigger search_video_tags_insert after insert on item_tags when new.item_type = 'video' begin
      ${unindex('new.item_id')} ${index('x.id = new.item_id')} end`,
    `create trigger search_video_tags_delete after delete on item_tags when old.item_type = 'video' begin
      ${unindex('old.item_id')} ${index('x.id = old.item_id')} end`,
    index('1 = 1'),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// Videos in posts and messages, and in search (issue 49): a video uploaded for a post
// (POST /videos/compose_upload) is kept out of every list and search until a post carries it, and
// one uploaded for a message for ever (it is seen through its conversation); `unlisted` says so.
export const m021: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('videos')
      .addColumn('unlisted', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await indexVideos(db);
  },
};
