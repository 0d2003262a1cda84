import { sql } from 'kysely';
import type { DB } from '../db/index.ts';

/** Opening an item's detail counts a view (sort=popular/view_count/most_viewed read it); owners' own visits do not count. */
export async function countView(
  db: DB,
  table: 'albums' | 'blogs' | 'classifieds' | 'groups' | 'videos' | 'music_playlists',
  id: number,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ view_count: sql`view_count + 1` })
    .where('id', '=', id)
    .execute();
}
