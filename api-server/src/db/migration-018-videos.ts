import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Video categories every database has (the origin's: SocialEngine 4's video module). */
const VIDEO_CATEGORIES = ['Autos & Vehicles', 'Comedy', 'Education', 'Entertainment', 'Film & Animation', 'Gaming', 'Music', 'Sports'];

// Videos (issue 49; docs/api.md, "Videos"): a link to YouTube or Vimeo, or an upload that
// ffmpeg converts; one rating per member; and the media jobs every API instance claims from
// (data/media-jobs.ts: a job is claimed by one worker at a time, and taken again when the
// worker that claimed it stopped beating).
export const m018: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('videos')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // youtube | vimeo | upload
      .addColumn('type', 'text', (c) => c.notNull())
      // The provider's id of a link video (the embed address is made of it); null for an upload.
      .addColumn('code', 'text')
      // The address a link video was added from; null for an upload.
      .addColumn('url', 'text')
      // Seconds; null while not known.
      .addColumn('duration', 'integer')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      // The poster picture (storage/images.ts key), the converted file (storage/videos.ts name).
      .addColumn('poster_key', 'text')
      .addColumn('file_key', 'text')
      // to_be_processed | being_processed | processed | conversion_failed, and why it failed.
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('status_reason', 'text')
      .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('allow_search', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('auth_view', 'text', (c) => c.notNull())
      .addColumn('auth_comment', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    // Newest first over everyone's videos, and a member's own.
    await db.schema.createIndex('videos_created').on('videos').column('created_at').execute();
    await db.schema.createIndex('videos_owner_created').on('videos').columns(['owner_id', 'created_at']).execute();

    await db.schema
      .createTable('video_ratings')
      .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('video_ratings_pk', ['video_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('media_jobs')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      // video_convert
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      // to_be_processed | being_processed | done | failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // The claim (a worker's id and a random part: one per claim), when it was made, and the
      // worker's last sign of life; a claim whose heartbeat is old is taken again.
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_at', 'integer')
      .addColumn('heartbeat_at', 'integer')
      .addColumn('error', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'integer')
      .execute();
    await db.schema.createIndex('media_jobs_status').on('media_jobs').columns(['status', 'id']).execute();
    await db.schema.createIndex('media_jobs_subject').on('media_jobs').columns(['kind', 'subject_id']).execute();

    await (db as Kysely<{ categories: { module: string; title: string } }>)
      .insertInto('categories')
      .values(VIDEO_CATEGORIES.map((title) => ({ module: 'video', title })))
      .execute();
  },
};
