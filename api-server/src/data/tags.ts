import type { Selectable } from 'kysely';
import type { DB } from '../db/index.ts';
import type { ItemTagAreasTable } from '../db/types.ts';

// Tags drawn on a photo (table `item_tag_areas`): a member or a text label on an area of it.

export type TagAreaRow = Selectable<ItemTagAreasTable>;

/** A photo's tags, in the order they were made. */
export function listPhotoTags(db: DB, photoId: number): Promise<TagAreaRow[]> {
  return db
    .selectFrom('item_tag_areas')
    .selectAll()
    .where('subject_type', '=', 'photo')
    .where('subject_id', '=', photoId)
    .orderBy('id')
    .execute();
}

/** Whom each of a photo's tags names (null for a label). */
export function listPhotoTaggedUsers(db: DB, photoId: number): Promise<{ user_id: number | null }[]> {
  return db
    .selectFrom('item_tag_areas')
    .select(['user_id'])
    .where('subject_type', '=', 'photo')
    .where('subject_id', '=', photoId)
    .execute();
}

/** Stores a tag on a photo; returns its id. */
export async function createPhotoTag(
  db: DB,
  values: {
    photoId: number;
    taggerId: number;
    userId: number | null;
    label: string | null;
    area: { x: number; y: number; w: number; h: number };
    at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('item_tag_areas')
    .values({
      subject_type: 'photo',
      subject_id: values.photoId,
      tagger_id: values.taggerId,
      user_id: values.userId,
      label: values.label,
      x: values.area.x,
      y: values.area.y,
      w: values.area.w,
      h: values.area.h,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A tag on the subject named, undefined when there is none with that id on it. */
export function getTagOn(
  db: DB,
  { id, subjectType, subjectId }: { id: number; subjectType: string; subjectId: number },
): Promise<{ id: number; tagger_id: number; user_id: number | null } | undefined> {
  return db
    .selectFrom('item_tag_areas')
    .select(['id', 'tagger_id', 'user_id'])
    .where('id', '=', id)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}

export async function deleteTag(db: DB, id: number): Promise<void> {
  await db.deleteFrom('item_tag_areas').where('id', '=', id).execute();
}
