import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/index.ts';
import { containsText } from '../db/text.ts';

export interface Tag {
  id: number;
  title: string;
}

/** "a, b ,a,, c" → ['a', 'b', 'c']: trimmed, case-insensitively unique, at most 20 of 50 characters. */
function parseTagList(csv: string | undefined): string[] {
  if (!csv) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of csv.split(',')) {
    const title = raw.trim().replace(/\s+/g, ' ').slice(0, 50);
    const key = title.toLowerCase();
    if (!title || seen.has(key)) continue;
    seen.add(key);
    out.push(title);
    if (out.length === 20) break;
  }
  return out;
}

/** Replaces the keyword tags of an item with those of a comma-separated list (Tag objects on read). */
export async function setItemTags(db: DB, itemType: string, itemId: number, csv: string | undefined): Promise<void> {
  await db.deleteFrom('item_tags').where('item_type', '=', itemType).where('item_id', '=', itemId).execute();
  const titles = parseTagList(csv);
  if (!titles.length) return;
  await db
    .insertInto('tags')
    .values(titles.map((title) => ({ title })))
    .onConflict((oc) => oc.column('title').doNothing())
    .execute();
  const tags = await db.selectFrom('tags').select('id').where('title', 'in', titles).execute();
  await db
    .insertInto('item_tags')
    .values(tags.map((t) => ({ item_type: itemType, item_id: itemId, tag_id: t.id })))
    .execute();
}

export async function getItemTags(db: DB, itemType: string, itemIds: readonly number[]): Promise<Map<number, Tag[]>> {
  const out = new Map<number, Tag[]>(itemIds.map((id) => [id, []]));
  if (!itemIds.length) return out;
  const rows = await db
    .selectFrom('item_tags')
    .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
    .select(['item_tags.item_id', 'tags.id', 'tags.title'])
    .where('item_tags.item_type', '=', itemType)
    .where('item_tags.item_id', 'in', itemIds)
    .orderBy('tags.title')
    .execute();
  for (const r of rows) out.get(r.item_id)?.push({ id: r.id, title: r.title });
  return out;
}

export async function deleteItemTags(db: DB, itemType: string, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length) await db.deleteFrom('item_tags').where('item_type', '=', itemType).where('item_id', 'in', itemIds).execute();
}

/** The item (`itemType`, its id column `idColumn` in the query) has a tag containing `keywords` (keyword filters find items by their tags). */
export function hasTagContaining(itemType: string, idColumn: string, keywords: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from item_tags it join tags t on t.id = it.tag_id
    where it.item_type = ${itemType} and it.item_id = ${sql.ref(idColumn)} and ${containsText('t.title', keywords)})`;
}
