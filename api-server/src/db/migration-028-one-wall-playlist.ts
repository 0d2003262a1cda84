import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// One "Wall Songs" playlist a member (the origin's special playlist `wall`, made when first
// needed: data/music.ts getWallPlaylist). Two first songs posted at the same moment could each
// make one; a unique index now refuses the second, and the one that lost reads the winner's. A
// database that has two already keeps its oldest as the wall's; the others become ordinary
// playlists of the same name, their songs, likes and comments kept.
export const m028: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update music_playlists set special = null
      where special = 'wall' and id not in (select min(id) from music_playlists where special = 'wall' group by owner_id)`.execute(db);
    await sql`create unique index music_playlists_one_wall on music_playlists (owner_id) where special = 'wall'`.execute(db);
  },
};
