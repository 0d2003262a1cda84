import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { getWallPlaylist, insertPlaylist, openPlaylistValues } from '../../src/data/music.ts';
import type { Database } from '../../src/db/types.ts';
import { setupMigration } from '../fixture.ts';
import { createUser } from '../helpers.ts';

// Migration 028: one "Wall Songs" playlist a member. A database made before it that has two keeps
// the oldest as the wall's and the other as an ordinary playlist with its songs; from then on a
// second is refused, and first songs posted at the same moment share one.

let db: Kysely<Database>;
let owner: number, first: number, second: number, song: number;

const wall = (ownerId: number) => insertPlaylist(db, { ownerId, special: 'wall', songIds: [], values: openPlaylistValues('Wall Songs') });

setupMigration('027_music_search', async (bare) => {
  db = bare;
  owner = (await createUser(db)).id;
  first = await wall(owner);
  second = await wall(owner);
  song = (
    await db
      .insertInto('songs')
      .values({
        owner_id: owner,
        title: 'Hum',
        file_key: '',
        play_count: 0,
        created_at: 1,
        playlist_id: second,
        position: 0,
        status: 'processed',
        in_media: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

describe('one wall playlist a member', () => {
  it('keeps the oldest of two as the wall’s, and the other as a playlist of the same name with its songs', async () => {
    const rows = await db
      .selectFrom('music_playlists')
      .select(['id', 'title', 'special'])
      .where('owner_id', '=', owner)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first, title: 'Wall Songs', special: 'wall' },
      { id: second, title: 'Wall Songs', special: null },
    ]);
    expect((await db.selectFrom('songs').select('playlist_id').where('id', '=', song).executeTakeFirstOrThrow()).playlist_id).toBe(second);
    expect((await getWallPlaylist(db, owner)).id).toBe(first);
  });

  it('refuses a second one, and first songs posted at the same moment share one', async () => {
    await expect(wall(owner)).rejects.toThrow();
    const other = (await createUser(db)).id;
    const made = await Promise.all([getWallPlaylist(db, other), getWallPlaylist(db, other), getWallPlaylist(db, other)]);
    expect(new Set(made.map((p) => p.id)).size).toBe(1);
    const walls = await db.selectFrom('music_playlists').select('id').where('owner_id', '=', other).where('special', '=', 'wall').execute();
    expect(walls).toHaveLength(1);
  });
});
