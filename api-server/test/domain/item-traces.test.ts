import { describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { deleteItemTraces } from '../../src/domain/item-traces.ts';
import { createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { insertActivity, insertAlbum, insertPhoto, insertTag } from '../routes/fixtures.ts';

const t = setupApi();

const exists = async (id: number) => !!(await t.db.selectFrom('activities').select('id').where('id', '=', id).executeTakeFirst());

describe('deleting an item leaves nothing pointing to it', () => {
  it('removes its likes, comments, tag areas, reports, bare shares, and the attachment of posts with words of their own', async () => {
    const owner = (await createUser(t.db)).id;
    const other = (await createUser(t.db)).id;
    const photo = await insertPhoto(t.db, owner, await insertAlbum(t.db, owner));
    const post = await insertActivity(t.db, { owner, content: 'Look at this view', attachment_type: 'photo', attachment_id: photo });
    const bare = await insertActivity(t.db, { owner, content: '', attachment_type: 'photo', attachment_id: photo });
    const share = await insertActivity(t.db, { owner: other, content: '', attachment_type: 'photo', attachment_id: photo, is_share: 1 });
    const shareOfShare = await insertActivity(t.db, { owner, content: '', attachment_type: 'activity', attachment_id: share, is_share: 1 });
    const t0 = now();
    await t.db.insertInto('likes').values({ target_type: 'photo', target_id: photo, user_id: other, created_at: t0 }).execute();
    await t.db
      .insertInto('comments')
      .values({ item_type: 'photo', item_id: photo, owner_id: other, body: 'nice', created_at: t0 })
      .execute();
    await insertTag(t.db, photo, owner, { userId: other }, t0);
    await t.db
      .insertInto('reports')
      .values({ reporter_id: other, item_type: 'photo', item_id: photo, type: 'spam', description: 'x', created_at: t0 })
      .execute();

    await t.db.transaction().execute(async (trx) => {
      await deleteItemTraces(trx, 'photo', [photo]);
      await trx.deleteFrom('photos').where('id', '=', photo).execute();
    });

    for (const table of ['likes', 'comments', 'item_tag_areas', 'reports'] as const) {
      const left = await t.db.selectFrom(table).selectAll().execute();
      expect(left, table).toEqual([]);
    }
    expect(await exists(share)).toBe(false);
    expect(await exists(shareOfShare)).toBe(false);
    expect(await exists(bare)).toBe(false);
    const kept = await t.db.selectFrom('activities').selectAll().where('id', '=', post).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ content: 'Look at this view', attachment_type: null, attachment_id: null });
  });
});
