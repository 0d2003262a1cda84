import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, picture, post } from '../fixtures.ts';
import { addToGroup, makeGroup } from './group-fixtures.ts';

// A group's photos (issue 48; docs/api.md, "Groups": photos): POST /groups/photos_upload then
// POST /groups/photos put photos into the group's one album with a post on its wall; GET
// /groups/photos lists them; each is a photo like any other, seen by who may see the group.

const t = setupApi();
const GROUPS = '/api/v1/groups';

let olive: Member, mia: Member, sam: Member, visitorToken: string;
/** A members-only group, its album, and the two photos Mia added to it. */
let club: number, album: number, first: number, second: number, post_: number;

const upload = (token: string, group: number) =>
  post(t, token, `${GROUPS}/photos_upload`, { group_id: group }, { Filedata: { filename: 'p.jpg', content: PICTURE } });
let PICTURE: Buffer;

const photoIds = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((p) => p.id);

beforeAll(async () => {
  PICTURE = await picture('jpeg');
  olive = await createMember(t.db, 'Olive Officer');
  mia = await createMember(t.db, 'Mia Member');
  sam = await createMember(t.db, 'Sam Stranger');
  visitorToken = await tokenFor(t.db, null);
  club = await makeGroup(t.db, olive.id, { title: 'Hiking club', auth_view: 'member' });
  await addToGroup(t.db, club, mia.id, 'member');
  first = (await upload(mia.token, club)).body.data.id;
  second = (await upload(mia.token, club)).body.data.id;
  const res = await post(t, mia.token, `${GROUPS}/photos`, { group_id: club, ids: `${first},${second}` });
  expect(res.status).toBe(200);
  album = res.body.data.album_id;
  post_ = res.body.data.activity_id;
  expect((await post(t, mia.token, `/api/v1/albums/photos/${first}`, { title: 'Summit sunrise' })).status).toBe(200);
});

describe('POST /groups/photos_upload and POST /groups/photos', () => {
  it("put the photos into the group's album in the order given, with a post on its wall showing the first", async () => {
    const list = await get(t, olive.token, `${GROUPS}/photos`, { group_id: club });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { id: first, type: 'album_photo', thumb: expect.stringContaining('/files/img/') },
      { id: second, type: 'album_photo', thumb: expect.stringContaining('/files/img/') },
    ]);
    expect(photoIds(await get(t, olive.token, `${GROUPS}/photos`, { group_id: club, limit: 1, page: 2 }))).toEqual([second]);
    const wall = await get(t, olive.token, '/api/v1/activities', {
      subject_type: 'group',
      subject_id: club,
      fields: 'id,content,attachments',
    });
    expect(wall.body.data.items).toEqual([
      { id: post_, content: 'Added 2 photos.', attachments: [expect.objectContaining({ id: first, type: 'photo' })] },
    ]);
    // The album is the group's: not among its owner's albums, nor its uploader's.
    for (const token of [olive.token, mia.token]) {
      expect((await get(t, token, '/api/v1/albums/my')).body.data).toEqual([]);
    }
    expect((await get(t, olive.token, '/api/v1/albums', { user_id: olive.id })).body.data).toEqual([]);
    expect((await get(t, mia.token, `/api/v1/albums/${album}`, { fields: 'id,total_photo' })).body.data).toEqual({
      id: album,
      total_photo: 2,
    });
  });

  it('refuses who may not add photos (403), a hidden group (404), and ids that are not the reader’s waiting uploads (400); nothing is added', async () => {
    const open = await makeGroup(t.db, olive.id, { title: 'Open club' });
    const before = await t.db.selectFrom('photos').select('id').execute();
    const refused = await upload(sam.token, open);
    expect(refused.status).toBe(403);
    expect(refused.body.data.message).toBe("You may not add photos to this group's album.");
    expect((await upload(sam.token, club)).status).toBe(404);
    expect((await post(t, sam.token, `${GROUPS}/photos`, { group_id: club, ids: '1' })).status).toBe(404);
    expect(await t.db.selectFrom('photos').select('id').execute()).toEqual(before);

    const mine = (await upload(mia.token, club)).body.data.id;
    // Olive may add photos, but not Mia's upload, nor one already in the album.
    for (const ids of [`${mine}`, `${first}`]) {
      const res = await post(t, olive.token, `${GROUPS}/photos`, { group_id: club, ids });
      expect(res.status).toBe(400);
      expect(res.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'ids' }));
    }
    const twice = await post(t, mia.token, `${GROUPS}/photos`, { group_id: club, ids: `${mine},${mine}` });
    expect(twice.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'ids' }));
    expect(photoIds(await get(t, olive.token, `${GROUPS}/photos`, { group_id: club }))).toEqual([first, second]);
    await del(t, mia.token, `/api/v1/albums/photos/${mine}`);
  });
});

describe.each([
  ['the owner', () => olive.token, true],
  ['a member', () => mia.token, true],
  ['a stranger', () => sam.token, false],
  ['a visitor', () => visitorToken, false],
] as const)("a members-only group's photo, read by %s", (_who, token, sees) => {
  it(sees ? 'the list, the photo, its album and its likes answer' : 'the list, the photo, its album and its likes answer 404', async () => {
    expect((await get(t, token(), `${GROUPS}/photos`, { group_id: club })).status).toBe(sees ? 200 : 404);
    const photo = await get(t, token(), `/api/v1/albums/photos/${first}`, { fields: 'id,img,can_share' });
    expect(photo.status).toBe(sees ? 200 : 404);
    expect((await get(t, token(), `/api/v1/albums/${album}`)).status).toBe(sees ? 200 : 404);
    expect((await get(t, token(), '/api/v1/core/likes', { item_type: 'photo', item_id: first })).status).toBe(sees ? 200 : 404);
    expect((await get(t, token(), '/api/v1/core/comments', { item_type: 'album', item_id: album })).status).toBe(sees ? 200 : 404);
    if (sees) expect(photo.body.data.can_share).toBe(false);
    else expect(JSON.stringify(photo.body)).not.toContain('/files/');
  });

  it(sees ? 'search finds the photo' : 'search does not find the photo', async () => {
    const res = await get(t, token(), '/api/v1/core/search', { keywords: 'summit sunrise' });
    expect(res.body.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual(sees ? [`photo:${first}`] : []);
  });
});

describe('what people do with a group photo', () => {
  it('a member comments on it; a signed-in non-member of a public group likes it but may not comment; nobody shares it', async () => {
    const open = await makeGroup(t.db, olive.id, { title: 'Open club' });
    const id = (await upload(olive.token, open)).body.data.id;
    expect((await post(t, olive.token, `${GROUPS}/photos`, { group_id: open, ids: `${id}` })).status).toBe(200);
    const item = { item_type: 'photo', item_id: id };
    expect((await post(t, olive.token, '/api/v1/core/comments', { ...item, body: 'Ours' })).status).toBe(200);
    expect((await post(t, sam.token, '/api/v1/core/likes', item)).status).toBe(200);
    expect((await post(t, sam.token, '/api/v1/core/comments', { ...item, body: 'Mine too' })).status).toBe(403);
    expect((await post(t, sam.token, '/api/v1/activities/share', item)).status).toBe(403);
    // A visitor sees a public group's photos.
    expect(photoIds(await get(t, visitorToken, `${GROUPS}/photos`, { group_id: open }))).toEqual([id]);
    // Its members tag it; a non-member who sees it does not (403, no tag made).
    const tag = { subject_type: 'photo', subject_id: id, 'extra[x]': 0, 'extra[y]': 0, 'extra[w]': 8, 'extra[h]': 8 };
    expect((await get(t, sam.token, `/api/v1/albums/photos/${id}`, { fields: 'can_tag' })).body.data.can_tag).toBe(false);
    expect((await post(t, sam.token, '/api/v1/core/tags', { ...tag, user_id: olive.id })).status).toBe(403);
    expect((await get(t, olive.token, `/api/v1/albums/photos/${id}`, { fields: 'can_tag' })).body.data.can_tag).toBe(true);
    expect((await post(t, olive.token, '/api/v1/core/tags', { ...tag, label: 'Summit' })).status).toBe(200);
    expect((await get(t, olive.token, '/api/v1/core/tags', { subject_type: 'photo', subject_id: id })).body.data).toHaveLength(1);
  });

  it("a photo from a group wall's compose box (type=group) is seen where its post is, not by everyone", async () => {
    const up = await post(
      t,
      mia.token,
      '/api/v1/albums/compose_upload',
      { type: 'group' },
      { Filedata: { filename: 'p.jpg', content: PICTURE } },
    );
    expect(up.status).toBe(200);
    const photo = up.body.data.photo_id;
    const res = await post(t, mia.token, '/api/v1/activities', {
      subject_type: 'group',
      subject_id: club,
      'attachment[type]': 'photo',
      'attachment[photo_id]': photo,
    });
    expect(res.status).toBe(200);
    expect((await get(t, olive.token, `/api/v1/albums/photos/${photo}`)).status).toBe(200);
    expect((await get(t, sam.token, `/api/v1/albums/photos/${photo}`)).status).toBe(404);
    expect((await get(t, visitorToken, `/api/v1/albums/photos/${photo}`)).status).toBe(404);
  });

  it('deleting the group deletes its album and photos', async () => {
    const group = await makeGroup(t.db, olive.id);
    const id = (await upload(olive.token, group)).body.data.id;
    const added = await post(t, olive.token, `${GROUPS}/photos`, { group_id: group, ids: `${id}` });
    expect((await del(t, olive.token, `${GROUPS}/${group}`)).status).toBe(200);
    expect(await t.db.selectFrom('photos').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('albums').select('id').where('id', '=', added.body.data.album_id).execute()).toEqual([]);
  });
});
