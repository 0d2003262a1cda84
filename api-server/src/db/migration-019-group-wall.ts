import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// A group's photos and events (issue 48; docs/api.md, "Groups"): the group's one album is an album
// of kind 'group_album' that names its group (albums.group_id; its owner is the group's owner), and
// an event made in a group names it (events.group_id, the origin's parent_type=group&parent_id).
// Who sees either is the group's to say (domain/post-privacy.ts); a group's wall needs no column
// (activities.subject_type 'group').
export const m019: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('albums')
      .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
      .execute();
    // The group's album, found by its group (one at most).
    await db.schema.createIndex('albums_group').on('albums').column('group_id').unique().execute();
    // An event outlives its group (its owner's still), as a post outlives a friendship.
    await db.schema
      .alterTable('events')
      .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
      .execute();
    // A group's events, soonest first.
    await db.schema.createIndex('events_group').on('events').columns(['group_id', 'start_time']).execute();
  },
};
