import type { DB } from '../db/index.ts';

// Songs (table `songs`): what an activity attaches as music and the legacy musicsharing methods list.

export async function songExists(db: DB, id: number): Promise<boolean> {
  const song = await db.selectFrom('songs').select('id').where('id', '=', id).executeTakeFirst();
  return song !== undefined;
}

/** The songs among `ids` (each once), for their cards. */
export function listSongsByIds(db: DB, ids: number[]): Promise<{ id: number; title: string; file_key: string }[]> {
  return db
    .selectFrom('songs')
    .select(['id', 'title', 'file_key'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** A page of a member's songs, newest first, with how many they have in all. */
export async function listSongsOf(
  db: DB,
  { ownerId, limit, offset }: { ownerId: number; limit: number; offset: number },
): Promise<{ total: number; rows: { file_key: string; play_count: number }[] }> {
  const base = db.selectFrom('songs').where('owner_id', '=', ownerId);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['file_key', 'play_count']).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  return { total: Number(count.n), rows };
}
