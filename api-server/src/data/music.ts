import { sql, type Selectable, type SqlBool } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { containsText } from '../db/text.ts';
import type { MusicPlaylistsTable, Privacy } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { listedFor, visibleTo } from '../domain/visibility.ts';
import { deleteSongs, moveSongsToPlaylist } from './songs.ts';

// Music playlists (table `music_playlists`, migration 020) as the music routes read and write
// them; their songs are in data/songs.ts. Privacy and the traces an item leaves stay in domain/.

export type PlaylistRow = Selectable<MusicPlaylistsTable> & {
  /** The plays of its converted songs, together. */
  play_count: number;
  /** Its converted songs. */
  song_count: number;
};

function playlists(db: DB) {
  return db
    .selectFrom('music_playlists as p')
    .selectAll('p')
    .select([
      sql<number>`(select coalesce(sum(s.play_count), 0) from songs s where s.playlist_id = p.id and s.status = 'processed')`.as(
        'play_count',
      ),
      sql<number>`(select count(*) from songs s where s.playlist_id = p.id and s.status = 'processed')`.as('song_count'),
    ]);
}

const numbers = (r: PlaylistRow): PlaylistRow => ({ ...r, play_count: Number(r.play_count), song_count: Number(r.song_count) });

export async function getPlaylist(db: DB, id: number): Promise<PlaylistRow | undefined> {
  const row = await playlists(db).where('p.id', '=', id).executeTakeFirst();
  return row && numbers(row);
}

export interface PlaylistFilter {
  /** The reader (null: a client-credentials token). */
  me: number | null;
  /** The reader's own playlists, rather than what others' lists show them. */
  mine: boolean;
  userId?: number;
  keywords?: string;
  /** recent: newest first; popular: most played first. */
  sort?: 'recent' | 'popular';
  limit: number;
  offset: number;
}

/** A page of playlists, newest (or most played) first. */
export async function listPlaylists(db: DB, { me, mine, userId, keywords, sort, limit, offset }: PlaylistFilter): Promise<PlaylistRow[]> {
  let query = playlists(db);
  if (mine) query = query.where('p.owner_id', '=', me!);
  else query = query.where(sql<SqlBool>`(${visibleTo('p', me)} and ${listedFor('p', me)})`);
  if (userId !== undefined) query = query.where('p.owner_id', '=', userId);
  if (keywords) query = query.where(sql<SqlBool>`(${containsText('p.title', keywords)} or ${containsText('p.description', keywords)})`);
  if (sort === 'popular') query = query.orderBy(sql`play_count`, 'desc').orderBy('p.view_count', 'desc');
  const rows = await query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map(numbers);
}

export interface PlaylistValues {
  title: string;
  description: string;
  allow_search: number;
  auth_view: Privacy;
  auth_comment: Privacy;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
}

/** The values of a playlist everyone sees and may comment on, without a picture (the wall's, the seeds'). */
export function openPlaylistValues(title: string, description = ''): PlaylistValues {
  return {
    title,
    description,
    allow_search: 1,
    auth_view: 'everyone',
    auth_comment: 'everyone',
    image_key: null,
    image_width: null,
    image_height: null,
  };
}

/** Stores a new playlist of `ownerId` with the songs `songIds` (in that order). Its id. */
export function insertPlaylist(
  db: DB,
  {
    ownerId,
    values,
    songIds,
    special = null,
  }: { ownerId: number; values: PlaylistValues; songIds: readonly number[]; special?: 'wall' | null },
): Promise<number> {
  return transact(db, async (trx) => {
    const t = now();
    const row = await trx
      .insertInto('music_playlists')
      .values({ owner_id: ownerId, ...values, special, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    await moveSongsToPlaylist(trx, row.id, songIds);
    return row.id;
  });
}

/** Changes a playlist's values and adds the songs `songIds` at its end. */
export async function updatePlaylist(
  db: DB,
  { id, values, songIds }: { id: number; values: Partial<PlaylistValues>; songIds: readonly number[] },
): Promise<void> {
  await transact(db, async (trx) => {
    await trx
      .updateTable('music_playlists')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
    await moveSongsToPlaylist(trx, id, songIds);
  });
}

/** Deletes a playlist with its songs and what both left (likes, comments, posts); its picture and its songs' ids, whose files go next. */
export function deletePlaylist(
  db: DB,
  id: number,
): Promise<{ imageKey: string | null; songs: Array<{ id: number; in_media: number; file_key: string }> }> {
  return transact(db, async (trx) => {
    const row = await trx.selectFrom('music_playlists').select('image_key').where('id', '=', id).executeTakeFirst();
    const songs = await trx.selectFrom('songs').select(['id', 'in_media', 'file_key']).where('playlist_id', '=', id).execute();
    await deleteSongs(
      trx,
      songs.map((s) => s.id),
    );
    await deleteItemTraces(trx, 'music_playlist', [id]);
    await trx.deleteFrom('music_playlists').where('id', '=', id).execute();
    return { imageKey: row?.image_key ?? null, songs };
  });
}

/** The member's playlist of songs posted from the composer (the origin's special playlist `wall`), made when first needed. */
export async function getWallPlaylist(db: DB, ownerId: number): Promise<PlaylistRow> {
  const find = async () => {
    const row = await playlists(db).where('p.owner_id', '=', ownerId).where('p.special', '=', 'wall').orderBy('p.id').executeTakeFirst();
    return row && numbers(row);
  };
  const found = await find();
  if (found) return found;
  try {
    await insertPlaylist(db, { ownerId, special: 'wall', songIds: [], values: openPlaylistValues('Wall Songs') });
  } catch (err) {
    // Another request made it meanwhile (migration 028's unique index refused this one): it is the one.
    const made = await find();
    if (made) return made;
    throw err;
  }
  return (await find())!;
}
