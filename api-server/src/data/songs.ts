import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import type { Privacy, SongsTable } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { visibleTo } from '../domain/visibility.ts';
import { deleteMediaJobs, finishMediaJob, insertMediaJob } from './media-jobs.ts';

// Songs (table `songs`): the music module's songs (routes/music), what an activity attaches as
// music, and what the legacy musicsharing methods list. A song is in at most one playlist
// (migration 020), whose privacy it has; domain/songs.ts holds the rule.

/** A song with the privacy of the playlist it is in (null for none). */
export type SongRow = Selectable<SongsTable> & { playlist_view: Privacy | null; playlist_comment: Privacy | null };

/**
 * The SQL form of domain/songs.ts `canSeeSong` (alias `s`): its owner always; anyone else a
 * converted song, by its playlist's auth_view, or, in no playlist, a song stored before
 * migration 020 (public).
 */
function songVisibleTo(readerId: number | null): RawBuilder<SqlBool> {
  const shown = sql<SqlBool>`(s.status = 'processed' and ((s.playlist_id is null and s.in_media = 0) or exists (
    select 1 from music_playlists mp where mp.id = s.playlist_id and ${visibleTo('mp', readerId)})))`;
  return readerId === null ? shown : sql<SqlBool>`(s.owner_id = ${readerId} or ${shown})`;
}

function songsWithPlaylist(db: DB) {
  return db
    .selectFrom('songs as s')
    .leftJoin('music_playlists as mp', 'mp.id', 's.playlist_id')
    .selectAll('s')
    .select(['mp.auth_view as playlist_view', 'mp.auth_comment as playlist_comment']);
}

export function getSong(db: DB, id: number): Promise<SongRow | undefined> {
  return songsWithPlaylist(db).where('s.id', '=', id).executeTakeFirst();
}

/** The songs among `ids` (each once), with their playlists' privacy. */
export function listSongsByIds(db: DB, ids: readonly number[]): Promise<SongRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return songsWithPlaylist(db)
    .where('s.id', 'in', [...new Set(ids)])
    .execute();
}

/** The songs of playlists, in each playlist's order (position, then id); `ownerView`: the unconverted ones too. */
export function listPlaylistSongs(db: DB, playlistIds: readonly number[], ownerView: boolean): Promise<SongRow[]> {
  if (!playlistIds.length) return Promise.resolve([]);
  let query = songsWithPlaylist(db).where('s.playlist_id', 'in', [...new Set(playlistIds)]);
  if (!ownerView) query = query.where('s.status', '=', 'processed');
  return query.orderBy('s.playlist_id').orderBy('s.position').orderBy('s.id').execute();
}

/** A page of a member's songs the reader may see, newest first, with how many there are in all. */
export async function listSongsOf(
  db: DB,
  { ownerId, readerId, limit, offset }: { ownerId: number; readerId: number | null; limit: number; offset: number },
): Promise<{ total: number; rows: Array<Pick<SongRow, 'id' | 'file_key' | 'in_media' | 'play_count'>> }> {
  const base = db
    .selectFrom('songs as s')
    .where('s.owner_id', '=', ownerId)
    .where(songVisibleTo(readerId))
    .where('s.status', '=', 'processed');
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['s.id', 's.file_key', 's.in_media', 's.play_count'])
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(count.n), rows };
}

/** The position after a playlist's last song: a song added to a playlist goes at its end. */
async function endOfPlaylist(db: DB, playlistId: number): Promise<number> {
  const row = await db
    .selectFrom('songs')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('playlist_id', '=', playlistId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * Stores an uploaded song of `ownerId` (in `playlistId`, at its end, or in none) waiting for its
 * conversion, and its job, in one transaction; `place` moves the upload in before the
 * transaction ends, so that no worker claims a job whose file is not there. Its id.
 */
export function insertSong(
  db: DB,
  {
    ownerId,
    title,
    playlistId,
    place,
  }: { ownerId: number; title: string; playlistId: number | null; place: (id: number) => Promise<void> },
): Promise<number> {
  return transact(db, async (trx) => {
    const row = await trx
      .insertInto('songs')
      .values({
        owner_id: ownerId,
        title,
        file_key: '',
        play_count: 0,
        created_at: now(),
        playlist_id: playlistId,
        position: playlistId === null ? 0 : await endOfPlaylist(trx, playlistId),
        duration: null,
        status: 'to_be_processed',
        status_reason: null,
        in_media: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await place(row.id);
    await insertMediaJob(trx, 'song_convert', row.id);
    return row.id;
  });
}

export async function renameSong(db: DB, id: number, title: string): Promise<void> {
  await db.updateTable('songs').set({ title }).where('id', '=', id).execute();
}

/** Deletes songs with their jobs and what they left (posts attaching them lose the card). */
export async function deleteSongs(db: DB, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await deleteItemTraces(db, 'music', ids);
  await deleteMediaJobs(db, 'song_convert', ids);
  await db.deleteFrom('songs').where('id', 'in', ids).execute();
}

/** Puts songs into a playlist, in the order given, after the songs it already has (moving them out of any other). */
export async function moveSongsToPlaylist(db: DB, playlistId: number, songIds: readonly number[]): Promise<void> {
  let position = await endOfPlaylist(db, playlistId);
  for (const id of songIds) {
    await db.updateTable('songs').set({ playlist_id: playlistId, position: position++ }).where('id', '=', id).execute();
  }
}

/** The ids of a playlist's songs (every status). */
export async function listPlaylistSongIds(db: DB, playlistId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('songs').select('id').where('playlist_id', '=', playlistId).execute();
  return new Set(rows.map((r) => r.id));
}

/** Puts the songs `order` (all the playlist's) in that order. */
export async function setSongOrder(db: DB, order: readonly number[]): Promise<void> {
  for (const [i, id] of order.entries()) {
    await db.updateTable('songs').set({ position: i }).where('id', '=', id).execute();
  }
}

/** Counts one play of a song; its play count after it. */
export async function countSongPlay(db: DB, id: number): Promise<number> {
  const row = await db
    .updateTable('songs')
    .set({ play_count: sql`play_count + 1` })
    .where('id', '=', id)
    .returning('play_count')
    .executeTakeFirstOrThrow();
  return Number(row.play_count);
}

/** The song whose conversion a worker claimed starts being processed; its row, undefined when it is gone. */
export function startSongConversion(db: DB, id: number): Promise<{ id: number } | undefined> {
  return db
    .updateTable('songs')
    .set({ status: 'being_processed' })
    .where('id', '=', id)
    .where('in_media', '=', 1)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Ends a conversion claimed with `job.token`: the song is processed (its file and duration) or
 * failed (`reason`). False, with nothing changed, when the claim is no longer the worker's.
 */
export function finishSongConversion(
  db: DB,
  job: { id: number; token: string; songId: number },
  outcome: { result: { fileKey: string; duration: number } } | { reason: string },
): Promise<boolean> {
  return transact(db, async (trx) => {
    const ok = 'result' in outcome;
    if (!(await finishMediaJob(trx, job.id, job.token, ok ? null : outcome.reason))) return false;
    await trx
      .updateTable('songs')
      .set(
        ok
          ? { status: 'processed', status_reason: null, file_key: outcome.result.fileKey, duration: outcome.result.duration }
          : { status: 'conversion_failed', status_reason: outcome.reason, file_key: '' },
      )
      .where('id', '=', job.songId)
      .execute();
    return true;
  });
}
