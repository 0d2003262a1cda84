import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Music playlists in site search (GET /core/search, type `music_playlist`): the search index of
 * migration 010 holds a playlist's title and description, and the titles of its converted songs as
 * its `extra` (a song is found through its playlist, whose privacy it takes), at rowid
 * −(id × 8 + 2): the types indexed after the positive codes were taken count down from zero
 * (videos −1, migration 021; db/search/codes.ts reads `rowid % 8` as the code and `abs(rowid) / 8`
 * as the id). Kept by triggers on the playlists and on their songs, as the other types are;
 * frozen here as migrations 010 and 021 keep their own.
 */
const PLAYLIST_CODE = -2;
const SPAN = 8;
export { PLAYLIST_CODE as M027_PLAYLIST_CODE };

const ROWID = (id: string) => `-(${id} * ${SPAN} + ${-PLAYLIST_CODE})`;

async function indexPlaylists(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const songs = `coalesce((select string_agg(s.title, ' ' order by s.position, s.id) from songs s
      where s.playlist_id = x.id and s.status = 'processed'), '')`;
    const row = (where: string) => `insert into search_index (rowid, title, body, extra, doc, title_doc)
      select r.rowid, r.title, r.body, r.extra,
        search_doc(r.title) || search_doc(r.body) || search_doc(r.extra), search_doc(r.title)
      from (select ${ROWID('x.id')} as rowid, x.title, x.description as body, ${songs} as extra
        from music_playlists x where ${where}) r
      on conflict (rowid) do update set title = excluded.title, body = excluded.body, extra = excluded.extra,
        doc = excluded.doc, title_doc = excluded.title_doc`;
    const statements = [
      `create function search_playlist_index() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then delete from search_index where rowid = ${ROWID('old.id')}; else ${row('x.id = new.id')}; end if;
         return null;
       end $$`,
      `create trigger search_playlist after insert or delete or update of title, description on music_playlists
       for each row execute function search_playlist_index()`,
      // A song added, taken out, moved, renamed or converted: its playlists' songs are read again.
      `create function search_playlist_songs_index() returns trigger language plpgsql as $$
       begin
         if tg_op <> 'INSERT' and old.playlist_id is not null then ${row('x.id = old.playlist_id')}; end if;
         if tg_op <> 'DELETE' and new.playlist_id is not null then ${row('x.id = new.playlist_id')}; end if;
         return null;
       end $$`,
      `create trigger search_playlist_songs after insert or delete or update of title, playlist_id, status on songs
       for each row execute function search_playlist_songs_index()`,
      row('true'),
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    return;
  }
  const songs = `coalesce((select group_concat(title, ' ') from (select s.title from songs s
    where s.playlist_id = x.id and s.status = 'processed' order by s.position, s.id)), '')`;
  const index = (where: string) => `insert into search_index (rowid, title, body, extra)
    select ${ROWID('x.id')}, x.title, x.description, ${songs} from music_playlists x where ${where};`;
  const unindex = (id: string) => `delete from search_index where rowid = ${ROWID(id)};`;
  const again = (id: string) => `${unindex(id)} ${index(`x.id = ${id}`)}`;
  const statements = [
    `create trigger search_playlist_insert after insert on music_playlists begin ${index('x.id = new.id')} end`,
    `create trigger search_playlist_update after update of title, description on music_playlists begin ${again('new.id')} end`,
    `create trigger search_playlist_delete after delete on music_playlists begin ${unindex('old.id')} end`,
    `create trigger search_playlist_song_insert after insert on songs when new.playlist_id is not null begin ${again('new.playlist_id')} end`,
    `create trigger search_playlist_song_delete after delete on songs when old.playlist_id is not null begin ${again('old.playlist_id')} end`,
    `create trigger search_playlist_song_update after update of title, playlist_id, status on songs begin
      ${again('old.playlist_id')} ${again('new.playlist_id')} end`,
    index('1 = 1'),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// Music in site search (issue 49): playlists found by their title, description and songs.
export const m027: Migration = {
  async up(db: Kysely<unknown>) {
    await indexPlaylists(db);
  },
};
