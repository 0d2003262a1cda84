import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, post } from '../fixtures.ts';
import { ALBUMS, cast, makeAlbum, uploadPending } from './album-fixtures.ts';

// An album keeps the order its photos were given in (migration 008), and the extension
// POST /albums/{id}/order lets its owner choose another.

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  c = await cast(t);
});

/** The album's photo ids as GET /albums/{id} lists them. */
async function listed(albumId: number, token = c.ownerToken): Promise<number[]> {
  const res = await get(t, token, `${ALBUMS}/${albumId}`, { fields: 'photos', photo_limit: 50 });
  expect(res.status).toBe(200);
  return res.body.data.photos.map((p: { id: number }) => p.id);
}

/** photo_index, next and previous of each photo, as GET /albums/photos/{id} answers them. */
async function walk(ids: number[]) {
  return Promise.all(
    ids.map(async (id) => {
      const res = await get(t, c.ownerToken, `${ALBUMS}/photos/${id}`, { fields: 'id,photo_index,next_photo,previous_photo' });
      return { id, index: res.body.data.photo_index, next: res.body.data.next_photo?.id, prev: res.body.data.previous_photo?.id };
    }),
  );
}

async function uploads(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await uploadPending(t, c.ownerToken));
  return ids;
}

async function newAlbum(photoIds: number[]): Promise<number> {
  const res = await post(t, c.ownerToken, `${ALBUMS}/upload`, { photo_ids: photoIds.join(','), 'album[title]': 'Ordered' });
  expect(res.status).toBe(200);
  return res.body.data.album_id;
}

describe('the order of an album', () => {
  it('is the order of photo_ids in POST /albums/upload, not the order of the ids', async () => {
    const [a, b, d] = await uploads(3);
    const album = await newAlbum([d!, a!, b!]);
    expect(await listed(album)).toEqual([d, a, b]);
    expect(await walk([d!, a!, b!])).toEqual([
      { id: d, index: 0, next: a, prev: undefined },
      { id: a, index: 1, next: b, prev: d },
      { id: b, index: 2, next: undefined, prev: a },
    ]);
  });

  it('puts photos added later at the end, in their order', async () => {
    const first = await uploads(2);
    const album = await newAlbum([first[1]!, first[0]!]);
    const later = await uploads(2);
    const res = await post(t, c.ownerToken, `${ALBUMS}/upload`, { photo_ids: `${later[1]},${later[0]}`, album_id: album });
    expect(res.status).toBe(200);
    expect(await listed(album)).toEqual([first[1], first[0], later[1], later[0]]);
  });

  it('puts a moved photo at the end of its new album', async () => {
    const one = await uploads(2);
    const from = await newAlbum(one);
    const two = await uploads(2);
    const to = await newAlbum([two[1]!, two[0]!]);
    const res = await post(t, c.ownerToken, `${ALBUMS}/photos/${one[0]}`, { album_id: to });
    expect(res.status).toBe(200);
    expect(await listed(to)).toEqual([two[1], two[0], one[0]]);
    expect(await listed(from)).toEqual([one[1]]);
    const [moved] = await walk([one[0]!]);
    expect(moved).toEqual({ id: one[0], index: 2, next: undefined, prev: two[0] });
  });

  it('pages with photo_limit/photo_page in that order, without a gap or a repeat', async () => {
    const ids = await uploads(5);
    const album = await newAlbum([...ids].reverse());
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(t, c.ownerToken, `${ALBUMS}/${album}`, { fields: 'photos', photo_limit: 2, photo_page: page });
      pages.push(...res.body.data.photos.map((p: { id: number }) => p.id));
    }
    expect(pages).toEqual([...ids].reverse());
  });
});

describe('POST /albums/{id}/order (extension)', () => {
  it('puts the album in the order given; photo_index, next and previous follow', async () => {
    const [a, b, d] = await uploads(3);
    const album = await newAlbum([a!, b!, d!]);
    const res = await post(t, c.ownerToken, `${ALBUMS}/${album}/order`, { photo_ids: `${b},${d},${a}` });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await listed(album)).toEqual([b, d, a]);
    expect(await walk([b!, d!, a!])).toEqual([
      { id: b, index: 0, next: d, prev: undefined },
      { id: d, index: 1, next: a, prev: b },
      { id: a, index: 2, next: undefined, prev: d },
    ]);
    // Photos added after a reorder still go at the end.
    const [e] = await uploads(1);
    await post(t, c.ownerToken, `${ALBUMS}/upload`, { photo_ids: String(e), album_id: album });
    expect(await listed(album)).toEqual([b, d, a, e]);
  });

  it("refuses a list that is not exactly the album's photos, naming photo_ids, and changes nothing", async () => {
    const ids = await uploads(3);
    const album = await newAlbum(ids);
    const other = await newAlbum(await uploads(1));
    const stranger = (await listed(other))[0];
    for (const photo_ids of [
      `${ids[0]},${ids[1]}`, // one missing
      `${ids[0]},${ids[1]},${ids[2]},${stranger}`, // one of another album
      'a,b', // not ids
      '', // empty
      `${ids[0]},0,${ids[1]}`, // zero is no id
      `${ids[2]},${ids[2]},${ids[1]},${ids[0]}`, // one named twice, all of them named
      `${ids[2]},${ids[2]},${ids[1]}`, // one named twice, one missing: as many entries as photos
    ]) {
      const res = await post(t, c.ownerToken, `${ALBUMS}/${album}/order`, { photo_ids });
      expect(res.status, photo_ids).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.data.error_params[0].name).toBe('photo_ids');
    }
    const none = await post(t, c.ownerToken, `${ALBUMS}/${album}/order`, {});
    expect(none.status).toBe(400);
    expect(none.body.data.error_params[0]).toMatchObject({ name: 'photo_ids', error_text: 'missing_parameter' });
    expect(await listed(album)).toEqual(ids);
  });

  it('lets only the owner reorder: 403 for a friend who sees it, 404 for an album one may not see', async () => {
    const ids = await uploads(2);
    const album = await newAlbum(ids);
    const body = { photo_ids: `${ids[1]},${ids[0]}` };
    const friend = await post(t, c.friendToken, `${ALBUMS}/${album}/order`, body);
    expect(friend.status).toBe(403);
    const hidden = await makeAlbum(t.db, c.owner, { auth_view: 'owner' });
    expect((await post(t, c.strangerToken, `${ALBUMS}/${hidden}/order`, body)).status).toBe(404);
    expect((await post(t, c.ownerToken, `${ALBUMS}/999999/order`, body)).status).toBe(404);
    expect((await post(t, c.clientToken, `${ALBUMS}/${album}/order`, body)).status).toBe(403);
    expect((await post(t, await tokenFor(t.db, c.owner, ['basic']), `${ALBUMS}/${album}/order`, body)).status).toBe(403);
    expect(await listed(album)).toEqual(ids);
  });
});
