import { beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '../../../src/db/types.ts';
import { privacyCast } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { callApi, legacyToken } from '../../legacy/fixtures.ts';
import { del, get, insertActivity, picture, post, tagMember } from '../fixtures.ts';

// A photo posted with a post (the compose box's upload, which lands in the member's "Wall
// Photos") is seen exactly by those who may see the post: here a friends-only post's photo,
// read by every road a photo can be read by, as the owner, a friend, a registered stranger and
// a visitor (the web client's client-credentials token). The album is for everyone, as Wall
// Photos always is: the post is the narrower rule. Around it, two photos of public posts of the
// same album, which everyone still sees.

const t = setupApi();

type Reader = 'owner' | 'friend' | 'stranger' | 'visitor';
const READERS: readonly Reader[] = ['owner', 'friend', 'stranger', 'visitor'];
/** Who may see the friends-only post, and so its photo. */
const SEES: Record<Reader, boolean> = { owner: true, friend: true, stranger: false, visitor: false };

let c: Awaited<ReturnType<typeof privacyCast>>;
const tokenOf = (r: Reader) => ({ owner: c.ownerToken, friend: c.friendToken, stranger: c.strangerToken, visitor: c.clientToken })[r];

/** The Wall Photos album; its photos in the album's order: a public post's, the friends-only post's, a public post's. */
let album: number;
let before: number, hidden: number, after: number;
/** The friends-only post, and the folder of the hidden photo's files (its key), which no answer to a stranger may name. */
let friendsPost: number;
let hiddenFiles: string;

/** A photo uploaded from the compose box (into Wall Photos), with a title people search for. */
async function composePhoto(title: string): Promise<{ photo: number; album: number }> {
  const up = await post(
    t,
    c.ownerToken,
    '/api/v1/albums/compose_upload',
    {},
    { Filedata: { filename: 'p.jpg', content: await picture('jpeg') } },
  );
  expect(up.status).toBe(200);
  expect((await post(t, c.ownerToken, `/api/v1/albums/photos/${up.body.data.photo_id}`, { title })).status).toBe(200);
  return { photo: up.body.data.photo_id, album: up.body.data.album_id };
}

/** Posts the photo on the owner's wall for everyone, as the compose box does. */
async function postPublicly(photo: number): Promise<number> {
  const res = await post(t, c.ownerToken, '/api/v1/activities', {
    body: 'For everyone',
    'attachment[type]': 'photo',
    'attachment[photo_id]': photo,
  });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

/** A post of the owner's with the photo, for friends only unless `p` says otherwise (on `wall`: a friend's). */
const postForFriends = (photo: number, p: { wall?: number; auth_view?: Privacy } = {}) =>
  insertActivity(t.db, {
    owner: c.owner,
    auth_view: 'owner_member',
    content: 'For friends',
    attachment_type: 'photo',
    attachment_id: photo,
    ...p,
  });

/** What each reader's GET /albums/photos/{id} answers. */
const statusesOf = async (photo: number) =>
  Object.fromEntries(await Promise.all(READERS.map(async (r) => [r, (await get(t, tokenOf(r), `/api/v1/albums/photos/${photo}`)).status])));
const OWNER_ALONE = { owner: 200, friend: 404, stranger: 404, visitor: 404 };

beforeAll(async () => {
  c = await privacyCast(t.db, undefined, { full_name: 'Olive Owner' });
  const first = await composePhoto('Harbour at dawn');
  album = first.album;
  before = first.photo;
  await postPublicly(before);
  hidden = (await composePhoto('Lighthouse keeper party')).photo;
  // The API's POST /activities has no privacy field (its posts are for everyone); the demo
  // data's friends-only posts are written as here.
  friendsPost = await postForFriends(hidden);
  after = (await composePhoto('Harbour at dusk')).photo;
  await postPublicly(after);
  const key = (await t.db.selectFrom('photos').select('image_key').where('id', '=', hidden).executeTakeFirstOrThrow()).image_key;
  hiddenFiles = `/files/img/${key.split('.')[0]!}/`;
  // Its owner makes it the album's picture: the album shows it to those who may see it alone.
  expect((await post(t, c.ownerToken, `/api/v1/albums/${album}/cover`, { photo_id: hidden })).status).toBe(200);
  // What friends left on it: a like, a comment, a tag.
  expect((await post(t, c.friendToken, '/api/v1/core/likes', { item_type: 'photo', item_id: hidden })).status).toBe(200);
  expect((await post(t, c.friendToken, '/api/v1/core/comments', { item_type: 'photo', item_id: hidden, body: 'Fun!' })).status).toBe(200);
  expect((await tagMember(t, c.ownerToken, hidden, c.friend)).status).toBe(200);
});

/** Asserts that an answer to a reader who may not see the photo does not name its files. */
function expectNoTrace(r: Reader, body: unknown) {
  if (!SEES[r]) expect(JSON.stringify(body)).not.toContain(hiddenFiles);
}

describe.each(READERS)('a friends-only post’s photo, read by the %s', (r) => {
  const sees = SEES[r];
  const photoUrl = (id: number) => `/api/v1/albums/photos/${id}`;

  it(sees ? 'GET /albums/photos/{id} answers it' : 'GET /albums/photos/{id} answers 404, as for the post itself', async () => {
    const res = await get(t, tokenOf(r), photoUrl(hidden), { fields: 'id,img,title' });
    const postRes = await get(t, tokenOf(r), `/api/v1/activities/${friendsPost}`);
    expect(postRes.status).toBe(sees ? 200 : 404);
    expect(res.status).toBe(sees ? 200 : 404);
    if (sees)
      expect(res.body.data).toMatchObject({ id: hidden, title: 'Lighthouse keeper party', img: expect.stringContaining(hiddenFiles) });
    expectNoTrace(r, res.body);
  });

  it('the photo viewer’s previous, next, place and album count skip it when it is hidden', async () => {
    const fields = 'id,album,photo_index,next_photo,previous_photo';
    const first = await get(t, tokenOf(r), photoUrl(before), { fields });
    const last = await get(t, tokenOf(r), photoUrl(after), { fields });
    expect(first.status).toBe(200);
    expect(last.status).toBe(200);
    expect(first.body.data.next_photo.id).toBe(sees ? hidden : after);
    expect(last.body.data.previous_photo.id).toBe(sees ? hidden : before);
    expect(last.body.data.photo_index).toBe(sees ? 2 : 1);
    expect(first.body.data.album.total_photo).toBe(sees ? 3 : 2);
    expectNoTrace(r, first.body);
    expectNoTrace(r, last.body);
  });

  it('the album’s photos, its count and its picture leave it out when it is hidden (detail and list)', async () => {
    const detail = await get(t, tokenOf(r), `/api/v1/albums/${album}`, { fields: 'id,thumb,total_photo,photos', photo_limit: 50 });
    expect(detail.status).toBe(200);
    expect(detail.body.data.photos.map((p: { id: number }) => p.id)).toEqual(sees ? [before, hidden, after] : [before, after]);
    expect(detail.body.data.total_photo).toBe(sees ? 3 : 2);
    if (sees) expect(detail.body.data.thumb).toContain(hiddenFiles);
    else expect(detail.body.data.thumb).not.toBe('');
    expectNoTrace(r, detail.body);
    const list = await get(t, tokenOf(r), '/api/v1/albums', { user_id: c.owner, fields: 'id,thumb,total_photo' });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: album, thumb: expect.any(String), total_photo: sees ? 3 : 2 }]);
    expectNoTrace(r, list.body);
  });

  it(
    sees
      ? 'its likes, comments and tags are there'
      : 'its likes, comments and tags answer 404, and it cannot be liked, commented, tagged or reported',
    async () => {
      const item = { item_type: 'photo', item_id: hidden };
      const reads = [
        await get(t, tokenOf(r), '/api/v1/core/likes', item),
        await get(t, tokenOf(r), '/api/v1/core/comments', item),
        await get(t, tokenOf(r), '/api/v1/core/tags', { subject_type: 'photo', subject_id: hidden }),
      ];
      for (const res of reads) {
        expect(res.status).toBe(sees ? 200 : 404);
        if (sees) expect(res.body.data).toHaveLength(1);
        expectNoTrace(r, res.body);
      }
      if (sees) return;
      const writes = [
        await post(t, tokenOf(r), '/api/v1/core/likes', item),
        await post(t, tokenOf(r), '/api/v1/core/comments', { ...item, body: 'Let me in' }),
        await tagMember(t, tokenOf(r), hidden, c.stranger),
        await post(t, tokenOf(r), '/api/v1/core/report', { ...item, type: 'spam', description: 'Not for me' }),
      ];
      // A visitor's token acts for nobody: a write is refused before the photo is looked for.
      for (const res of writes) expect(res.status).toBe(r === 'visitor' ? 403 : 404);
    },
  );

  it(sees ? 'search finds it' : 'search neither finds nor counts it', async () => {
    const res = await get(t, tokenOf(r), '/api/v1/core/search', { keywords: 'lighthouse' });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual(sees ? [`photo:${hidden}`] : []);
    expect(res.body.data.types.find((x: { id: string }) => x.id === 'photo').count).toBe(sees ? 1 : 0);
    // The album's result shows a picture everyone who finds it may see.
    const albums = await get(t, tokenOf(r), '/api/v1/core/search', { keywords: 'wall photos', type: 'album' });
    expect(albums.body.data.items.map((i: { id: number }) => i.id)).toContain(album);
    expectNoTrace(r, albums.body);
    expectNoTrace('stranger', albums.body);
  });

  it('a share of it does not carry it to those who may not see it', async () => {
    // Shared before this rule (a share made of a photo everyone could see then).
    const share = await insertActivity(t.db, {
      owner: c.friend,
      content: 'Look',
      attachment_type: 'photo',
      attachment_id: hidden,
      is_share: 1,
    });
    const res = await get(t, tokenOf(r), `/api/v1/activities/${share}`, { fields: 'id,attachments' });
    expect(res.status).toBe(200);
    expect(res.body.data.attachments.map((a: { id: number }) => a.id)).toEqual(sees ? [hidden] : []);
    expectNoTrace(r, res.body);
    await del(t, c.friendToken, `/api/v1/activities/${share}`);
  });
});

describe('the legacy API’s photo.getPhotos', () => {
  it.each(['owner', 'friend', 'stranger'] as const)('lists and counts it to the %s exactly when the post is theirs to see', async (r) => {
    const id = { owner: c.owner, friend: c.friend, stranger: c.stranger }[r];
    const body = await callApi(t, await legacyToken(t, id), 'photo.getPhotos', { user_id: c.owner });
    expect(body.api.total).toBe(SEES[r] ? 3 : 2);
    expect(body.output).toHaveLength(SEES[r] ? 3 : 2);
    expectNoTrace(r, body);
  });
});

describe('passing it on', () => {
  it('a friend who sees it cannot share it where the post does not go (403), nor is it offered (can_share false)', async () => {
    const res = await post(t, c.friendToken, '/api/v1/activities/share', { item_type: 'photo', item_id: hidden });
    expect(res.status).toBe(403);
    const detail = await get(t, c.friendToken, `/api/v1/albums/photos/${hidden}`, { fields: 'id,can_share' });
    expect(detail.body.data.can_share).toBe(false);
    // A photo of a public post is offered and shared.
    expect((await get(t, c.friendToken, `/api/v1/albums/photos/${before}`, { fields: 'can_share' })).body.data.can_share).toBe(true);
  });
});

describe('a Wall Photos photo without its post', () => {
  it('a photo uploaded from the compose box and not posted is its owner’s alone', async () => {
    const { photo } = await composePhoto('Not posted yet');
    expect(await statusesOf(photo)).toEqual(OWNER_ALONE);
    await del(t, c.ownerToken, `/api/v1/albums/photos/${photo}`);
  });

  it('when its post is deleted, the photo stays its owner’s: deleting a friends-only post does not publish its photo', async () => {
    const { photo } = await composePhoto('Soon without its post');
    const postId = await postForFriends(photo);
    expect(await statusesOf(photo)).toEqual({ owner: 200, friend: 200, stranger: 404, visitor: 404 });
    expect((await del(t, c.ownerToken, `/api/v1/activities/${postId}`)).status).toBe(200);
    expect(await statusesOf(photo)).toEqual(OWNER_ALONE);
    await del(t, c.ownerToken, `/api/v1/albums/photos/${photo}`);
  });

  it('posted on a friend’s wall for no one else, it is seen by that friend as the post is', async () => {
    const { photo } = await composePhoto('On your wall');
    await postForFriends(photo, { wall: c.friend, auth_view: 'owner' });
    expect(await statusesOf(photo)).toEqual({ owner: 200, friend: 200, stranger: 404, visitor: 404 });
    await del(t, c.ownerToken, `/api/v1/albums/photos/${photo}`);
  });
});
