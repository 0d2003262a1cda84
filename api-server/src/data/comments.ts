import type { DB } from '../db/index.ts';

// Comments as the core routes write and find them (table `comments`). Listing and presenting
// them, and who may delete one, are rules every module shares: domain/comments.ts.

/** A comment on the item named, undefined when there is none with that id on it. */
export function getCommentOnItem(
  db: DB,
  { commentId, itemType, itemId }: { commentId: number; itemType: string; itemId: number },
): Promise<{ id: number; owner_id: number } | undefined> {
  return db
    .selectFrom('comments')
    .select(['id', 'owner_id'])
    .where('id', '=', commentId)
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}

/** Stores a comment; returns its id. */
export async function createComment(
  db: DB,
  values: { itemType: string; itemId: number; ownerId: number; body: string; at: number },
): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({ item_type: values.itemType, item_id: values.itemId, owner_id: values.ownerId, body: values.body, created_at: values.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the comment row (its likes and notifications go first: domain/item-traces.ts). */
export async function deleteComment(db: DB, id: number): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}
