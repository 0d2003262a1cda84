import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Music (issue 49 §2; docs/api.md, "Music"): playlists (the origin's music_playlist: title,
// description, picture, privacy, songs in an order), and the songs table of the legacy API grown
// into the origin's playlist songs: each song in at most one playlist (its privacy is the
// playlist's), a position there, its duration, and the conversion state of an upload (converted by
// the media worker, kind song_convert in media_jobs). Songs stored before this migration keep their
// public file under /files/ (in_media 0) and stay visible to everyone, as the legacy API lists them.
export const m020: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('music_playlists')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // The picture (the origin's `art`: storage/images.ts key) and its size; null without one.
      .addColumn('image_key', 'text')
      .addColumn('image_width', 'integer')
      .addColumn('image_height', 'integer')
      // null for a playlist made by its owner; 'wall' for the one songs posted from the composer go to.
      .addColumn('special', 'text')
      .addColumn('allow_search', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('auth_view', 'text', (c) => c.notNull())
      .addColumn('auth_comment', 'text', (c) => c.notNull())
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('music_playlists_created').on('music_playlists').column('created_at').execute();
    await db.schema.createIndex('music_playlists_owner').on('music_playlists').columns(['owner_id', 'created_at']).execute();

    // Songs: the playlist a song is in (null: none yet, or a legacy song) and its place there.
    await db.schema
      .alterTable('songs')
      .addColumn('playlist_id', 'integer', (c) => c.references('music_playlists.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('songs')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Seconds; null while not known (a legacy song's, or an upload not yet converted).
    await db.schema.alterTable('songs').addColumn('duration', 'integer').execute();
    // to_be_processed | being_processed | processed | conversion_failed, and why it failed.
    await db.schema
      .alterTable('songs')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('processed'))
      .execute();
    await db.schema.alterTable('songs').addColumn('status_reason', 'text').execute();
    // 1: file_key names a file of the private media store (served after privacy is checked);
    // 0: a public file under /files/ (the songs stored before this migration).
    await db.schema
      .alterTable('songs')
      .addColumn('in_media', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('songs_playlist').on('songs').columns(['playlist_id', 'position']).execute();
    await db.schema.createIndex('songs_owner').on('songs').columns(['owner_id', 'id']).execute();
  },
};
