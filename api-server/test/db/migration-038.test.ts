import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import { setupMigration } from '../fixture.ts';
import { createUser } from '../helpers.ts';

// Migration 038: the special albums of the photos uploaded while writing a blog, an event or a
// forum post were open to everyone by default (special albums cannot be edited); they become
// their owner's alone. Every other album keeps its rule.

let db: Kysely<Database>;

setupMigration('037_event_calendar_parts', async (bare) => {
  db = bare;
  const owner = (await createUser(db)).id;
  const album = (kind: string, auth_view: 'everyone' | 'registered') => ({
    owner_id: owner,
    kind,
    title: kind,
    description: '',
    category_id: null,
    allow_search: 1,
    auth_view,
    auth_comment: auth_view,
    auth_tag: 'owner_member' as const,
    cover_photo_id: null,
    created_at: 1,
    updated_at: 1,
  });
  await db
    .insertInto('albums')
    .values([
      album('blog', 'everyone'),
      album('event', 'everyone'),
      album('forum', 'everyone'),
      album('wall', 'everyone'),
      album('group', 'everyone'),
      album('profile', 'everyone'),
      album('normal', 'registered'),
    ])
    .execute();
});

describe("the albums of a writer's photos", () => {
  it("are their owner's alone after it; every other album keeps its rule", async () => {
    const rows = await db.selectFrom('albums').select(['kind', 'auth_view', 'auth_comment', 'allow_search']).orderBy('kind').execute();
    expect(rows).toEqual([
      { kind: 'blog', auth_view: 'owner', auth_comment: 'owner', allow_search: 0 },
      { kind: 'event', auth_view: 'owner', auth_comment: 'owner', allow_search: 0 },
      { kind: 'forum', auth_view: 'owner', auth_comment: 'owner', allow_search: 0 },
      { kind: 'group', auth_view: 'everyone', auth_comment: 'everyone', allow_search: 1 },
      { kind: 'normal', auth_view: 'registered', auth_comment: 'registered', allow_search: 1 },
      { kind: 'profile', auth_view: 'everyone', auth_comment: 'everyone', allow_search: 1 },
      { kind: 'wall', auth_view: 'everyone', auth_comment: 'everyone', allow_search: 1 },
    ]);
  });
});
