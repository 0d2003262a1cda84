import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { m004 } from './migration-004-albums.ts';
import { m005 } from './migration-005-blogs-classifieds.ts';
import { m006 } from './migration-006-events.ts';
import { m007 } from './migration-007-notification-reads.ts';
import { m008 } from './migration-008-photo-positions.ts';
import { m009 } from './migration-009-event-feeds.ts';
import { m010 } from './migration-010-search-index.ts';
import { m011 } from './migration-011-friend-requests.ts';
import { m012 } from './migration-012-picture-sizes.ts';
import { m013 } from './migration-013-sign-in-failures.ts';
import { m014 } from './migration-014-notification-seen.ts';
import { m015 } from './migration-015-legacy-site-sessions.ts';
import { m016 } from './migration-016-messages.ts';
import { m017 } from './migration-017-groups.ts';
import { m018 } from './migration-018-videos.ts';
import { m019 } from './migration-019-group-wall.ts';
import { m020 } from './migration-020-music.ts';
import { m021 } from './migration-021-video-posts.ts';
import { m023 } from './migration-023-notification-message.ts';
import { m026 } from './migration-026-event-times.ts';
import { m027 } from './migration-027-music-search.ts';
import { m028 } from './migration-028-one-wall-playlist.ts';
import { m029 } from './migration-029-search-by-type.ts';
import { m030 } from './migration-030-reaction-counts.ts';
import { m031 } from './migration-031-listing-places.ts';
import { m032 } from './migration-032-friend-names.ts';
import { m033 } from './migration-033-notification-actors.ts';
import { m034 } from './migration-034-search-tables.ts';
import { m035 } from './migration-035-search-prefixes.ts';
import { m036 } from './migration-036-search-type-columns.ts';
import { m037 } from './migration-037-event-calendar-parts.ts';
import { m038 } from './migration-038-writing-photo-albums.ts';
import { m039 } from './migration-039-feed-inbox.ts';
import { m040 } from './migration-040-search-pending-lists.ts';
import { forMigrations } from './dialect.ts';

// Written against Kysely's schema builder so that the same migrations run on PostgreSQL
// (DESIGN.md: dialect-neutral SQL). Times are unix seconds.
const m001: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull().unique())
      .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('country_iso', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('joined', 'integer', (c) => c.notNull())
      .addColumn('avatar_key', 'text')
      .addColumn('notifications_read_at', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('user_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('uid', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'uid'])
      .execute();

    await db.schema
      .createTable('friendships')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
      .execute();

    await db.schema
      .createTable('oauth_clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text')
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('grants', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('oauth_codes')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('redirect_uri', 'text')
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text')
      .addColumn('code_challenge_method', 'text')
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('used_at', 'integer')
      .execute();

    await db.schema
      .createTable('oauth_tokens')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text')
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('used_at', 'integer')
      .addColumn('revoked_at', 'integer')
      .execute();
    await db.schema.createIndex('oauth_tokens_family').on('oauth_tokens').column('family_id').execute();

    await db.schema
      .createTable('site_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('categories')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('module', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .execute();

    const privacy =
      (name: string) =>
      <T extends string, C extends string>(t: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> =>
        t.addColumn(name, 'text', (c) => c.notNull().defaultTo('everyone'));

    let albums = db.schema
      .createTable('albums')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('normal'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('allow_search', 'integer', (c) => c.notNull().defaultTo(1));
    albums = privacy('auth_view')(privacy('auth_comment')(privacy('auth_tag')(albums)));
    await albums
      .addColumn('cover_photo_id', 'integer')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('albums_owner').on('albums').columns(['owner_id', 'kind']).execute();

    await db.schema
      .createTable('photos')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('image_key', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('photos_album').on('photos').columns(['album_id', 'id']).execute();

    let blogs = db.schema
      .createTable('blogs')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('is_draft', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_search', 'integer', (c) => c.notNull().defaultTo(1));
    blogs = privacy('auth_view')(privacy('auth_comment')(blogs));
    await blogs
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('tags')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('title', 'text', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable('item_tags')
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('item_tags_pk', ['item_type', 'item_id', 'tag_id'])
      .execute();

    let classifieds = db.schema
      .createTable('classifieds')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('price_cents', 'integer')
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0));
    classifieds = privacy('auth_view')(privacy('auth_comment')(classifieds));
    await classifieds
      .addColumn('main_photo_id', 'integer')
      .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('classified_photos')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('classified_id', 'integer', (c) => c.notNull().references('classifieds.id').onDelete('cascade'))
      .addColumn('image_key', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();

    let events = db.schema
      .createTable('events')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
      .addColumn('start_time', 'integer', (c) => c.notNull())
      .addColumn('end_time', 'integer', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('allow_search', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('auth_invite', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('approval', 'integer', (c) => c.notNull().defaultTo(0));
    events = privacy('auth_view')(privacy('auth_comment')(privacy('auth_photo')(events)));
    await events
      .addColumn('image_key', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('event_members')
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rsvp', 'text', (c) => c.notNull())
      .addColumn('invited_by', 'integer')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('event_members_pk', ['event_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('activities')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject_type', 'text', (c) => c.notNull().defaultTo('user'))
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('auth_view', 'text', (c) => c.notNull().defaultTo('everyone'))
      .addColumn('attachment_type', 'text')
      .addColumn('attachment_id', 'integer')
      .addColumn('is_share', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('link_uri', 'text')
      .addColumn('link_title', 'text')
      .addColumn('link_description', 'text')
      .addColumn('link_thumb', 'text')
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    // Keyset paging of the feed (id DESC) by owner, by wall, and by attached item.
    await db.schema.createIndex('activities_owner').on('activities').columns(['owner_id', 'id']).execute();
    await db.schema.createIndex('activities_subject').on('activities').columns(['subject_type', 'subject_id', 'id']).execute();
    await db.schema.createIndex('activities_attachment').on('activities').columns(['attachment_type', 'attachment_id']).execute();

    await db.schema
      .createTable('likes')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('likes_unique', ['target_type', 'target_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('comments')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('comments_item').on('comments').columns(['item_type', 'item_id', 'id']).execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('songs')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('file_key', 'text', (c) => c.notNull())
      .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    void sql;
  },
};

// Likes, comments, shares and notifications of the resource API (routes/activities, routes/core).
const m002: Migration = {
  async up(db: Kysely<unknown>) {
    // What made a notification exist (the comment, the share activity), so that deleting
    // it withdraws exactly that notification; null for likes (found by actor and target).
    await db.schema.alterTable('notifications').addColumn('source_type', 'text').execute();
    await db.schema.alterTable('notifications').addColumn('source_id', 'integer').execute();
    await db.schema.createIndex('notifications_source').on('notifications').columns(['source_type', 'source_id']).execute();
    await db.schema.createIndex('notifications_item').on('notifications').columns(['item_type', 'item_id']).execute();
    // The public feed (client-credentials tokens): auth_view = 'everyone' by id DESC.
    await db.schema.createIndex('activities_view').on('activities').columns(['auth_view', 'id']).execute();
  },
};

// Tables of the remaining modules (photo tags, reports, the legacy token API, mail).
const m003: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('item_tag_areas')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('subject_type', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('tagger_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('label', 'text')
      .addColumn('x', 'integer', (c) => c.notNull())
      .addColumn('y', 'integer', (c) => c.notNull())
      .addColumn('w', 'integer', (c) => c.notNull())
      .addColumn('h', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('item_tag_areas_subject').on('item_tag_areas').columns(['subject_type', 'subject_id']).execute();

    await db.schema
      .createTable('reports')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('item_type', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addUniqueConstraint('reports_once', ['reporter_id', 'item_type', 'item_id'])
      .execute();
    await db.schema.createIndex('reports_item').on('reports').columns(['item_type', 'item_id']).execute();

    await db.schema
      .createTable('legacy_apps')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('frame_url', 'text', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('legacy_keys')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'integer', (c) => c.notNull().references('legacy_apps.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('used_at', 'integer')
      .execute();
    await db.schema
      .createTable('legacy_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('app_id', 'integer', (c) => c.notNull().references('legacy_apps.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('mail')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mail_recipient').on('mail').columns(['recipient_id', 'is_read']).execute();
  },
};

const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_social': m002,
  '003_modules': m003,
  '004_albums': m004,
  '005_blogs_classifieds': m005,
  '006_events': m006,
  '007_notification_reads': m007,
  '008_photo_positions': m008,
  '009_event_feeds': m009,
  '010_search_index': m010,
  '011_friend_requests': m011,
  '012_picture_sizes': m012,
  '013_sign_in_failures': m013,
  '014_notification_seen': m014,
  '015_legacy_site_sessions': m015,
  '016_messages': m016,
  '017_groups': m017,
  '018_videos': m018,
  '019_group_wall': m019,
  '020_music': m020,
  '021_video_posts': m021,
  '023_notification_message': m023,
  '026_event_times': m026,
  '027_music_search': m027,
  '028_one_wall_playlist': m028,
  '029_search_by_type': m029,
  '030_reaction_counts': m030,
  '031_listing_places': m031,
  '032_friend_names': m032,
  '033_notification_actors': m033,
  '034_search_tables': m034,
  '035_search_prefixes': m035,
  '036_search_type_columns': m036,
  '037_event_calendar_parts': m037,
  '038_writing_photo_albums': m038,
  '039_feed_inbox': m039,
  '040_search_pending_lists': m040,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date (or up to the migration named `to`, for tests of a migration). */
export async function migrate<DB>(db: Kysely<DB>, to?: string): Promise<void> {
  // On PostgreSQL, Kysely's migrator holds an advisory lock while it migrates, and each
  // migration runs in a transaction (DDL is transactional there): instances that start at the
  // same moment on an empty database wait for the first, and find nothing left to run.
  const migrator = new Migrator({ db: forMigrations(db), provider });
  const { error, results } = await (to === undefined ? migrator.migrateToLatest() : migrator.migrateTo(to));
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
