import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { callApi, legacyToken } from '../../legacy/fixtures.ts';
import { del, get, notificationsOf, picture, post } from '../fixtures.ts';
import { addToGroup, makeGroup } from './group-fixtures.ts';

// A group's wall (issue 48; docs/api.md, "Groups": the wall): GET and POST /activities with
// subject_type=group. A post there is seen by who may see the group, on every road a post is
// read by: here a members-only group's post, with a photo, read as its officer, its author (a
// member), the author's friend who is no member, a stranger and a visitor (a client-credentials
// token).

const t = setupApi();
const ACTIVITIES = '/api/v1/activities';

type Reader = 'officer' | 'author' | 'friend' | 'stranger' | 'visitor';
const READERS: readonly Reader[] = ['officer', 'author', 'friend', 'stranger', 'visitor'];
const SEES: Record<Reader, boolean> = { officer: true, author: true, friend: false, stranger: false, visitor: false };

let olive: Member, mia: Member, fred: Member, sam: Member, visitorToken: string;
const tokenOf = (r: Reader) =>
  ({ officer: olive.token, author: mia.token, friend: fred.token, stranger: sam.token, visitor: visitorToken })[r];

/** The members-only group, Mia's post on its wall and the photo posted with it. */
let club: number, secret: number, photo: number;
/** The folder of the photo's files, which no answer to someone who may not see the post may name. */
let photoFiles: string;

const ids = (body: { data: { items: Array<{ id: number }> } }) => body.data.items.map((a) => a.id);
const wallOf = (token: string | null, group: number, fields = 'id') =>
  get(t, token, ACTIVITIES, { subject_type: 'group', subject_id: group, fields });
const postOn = (token: string, group: number, fields: Record<string, string | number> = {}) =>
  post(t, token, ACTIVITIES, { subject_type: 'group', subject_id: group, body: 'Hello, club', ...fields });

async function composePhoto(token: string, title: string): Promise<number> {
  const up = await post(t, token, '/api/v1/albums/compose_upload', {}, { Filedata: { filename: 'p.jpg', content: await picture('jpeg') } });
  expect(up.status).toBe(200);
  expect((await post(t, token, `/api/v1/albums/photos/${up.body.data.photo_id}`, { title })).status).toBe(200);
  return up.body.data.photo_id;
}

beforeAll(async () => {
  olive = await createMember(t.db, 'Olive Officer');
  mia = await createMember(t.db, 'Mia Member');
  fred = await createMember(t.db, 'Fred Friend');
  sam = await createMember(t.db, 'Sam Stranger');
  visitorToken = await tokenFor(t.db, null);
  await befriend(t.db, mia.id, fred.id);
  club = await makeGroup(t.db, olive.id, { title: 'Hiking club', auth_view: 'member' });
  await addToGroup(t.db, club, mia.id, 'member');
  photo = await composePhoto(mia.token, 'Summit sunrise');
  const res = await postOn(mia.token, club, { body: 'Lighthouse ridge walk', 'attachment[type]': 'photo', 'attachment[photo_id]': photo });
  expect(res.status).toBe(200);
  secret = res.body.data.id;
  const key = (await t.db.selectFrom('photos').select('image_key').where('id', '=', photo).executeTakeFirstOrThrow()).image_key;
  photoFiles = `/files/img/${key.split('.')[0]!}/`;
  // What the officer left on it.
  expect((await post(t, olive.token, '/api/v1/core/likes', { item_type: 'activity', item_id: secret })).status).toBe(200);
  expect((await post(t, olive.token, '/api/v1/core/comments', { item_type: 'activity', item_id: secret, body: 'Great' })).status).toBe(200);
});

function expectNoTrace(r: Reader, body: unknown) {
  if (SEES[r]) return;
  const text = JSON.stringify(body);
  expect(text).not.toContain('Lighthouse');
  expect(text).not.toContain(photoFiles);
}

describe.each(READERS)("a members-only group's post, read by the %s", (r) => {
  const sees = SEES[r];

  it(sees ? 'the post and the wall answer it' : 'the post and the wall answer 404', async () => {
    const one = await get(t, tokenOf(r), `${ACTIVITIES}/${secret}`, { fields: 'id,content' });
    expect(one.status).toBe(sees ? 200 : 404);
    const wall = await wallOf(tokenOf(r), club);
    expect(wall.status).toBe(sees ? 200 : 404);
    if (sees) expect(ids(wall.body)).toEqual([secret]);
    expectNoTrace(r, one.body);
    expectNoTrace(r, wall.body);
  });

  it(sees ? "the reader's feed and the author's wall show it" : "neither the reader's feed nor the author's wall shows it", async () => {
    const feed = await get(t, tokenOf(r), ACTIVITIES, { fields: 'id,content' });
    expect(feed.status).toBe(200);
    expect(ids(feed.body).includes(secret)).toBe(sees);
    const profile = await get(t, tokenOf(r), ACTIVITIES, { subject_type: 'user', subject_id: mia.id, fields: 'id,content' });
    expect(ids(profile.body).includes(secret)).toBe(sees);
    expectNoTrace(r, feed.body);
    expectNoTrace(r, profile.body);
  });

  it(
    sees ? 'its likes and comments are there' : 'its likes and comments answer 404, and it cannot be liked, commented on or reported',
    async () => {
      const item = { item_type: 'activity', item_id: secret };
      for (const res of [await get(t, tokenOf(r), '/api/v1/core/likes', item), await get(t, tokenOf(r), '/api/v1/core/comments', item)]) {
        expect(res.status).toBe(sees ? 200 : 404);
        if (sees) expect(res.body.data).toHaveLength(1);
      }
      if (sees) return;
      const writes = [
        await post(t, tokenOf(r), '/api/v1/core/likes', item),
        await post(t, tokenOf(r), '/api/v1/core/comments', { ...item, body: 'Let me in' }),
        await post(t, tokenOf(r), '/api/v1/core/report', { ...item, type: 'spam', description: 'Not for me' }),
      ];
      // A visitor's token acts for nobody: a write is refused before the post is looked for.
      for (const res of writes) expect(res.status).toBe(r === 'visitor' ? 403 : 404);
      const counts = await t.db
        .selectFrom('likes')
        .select('id')
        .where('target_type', '=', 'activity')
        .where('target_id', '=', secret)
        .execute();
      expect(counts).toHaveLength(1);
    },
  );

  it(sees ? 'search finds the post and its photo' : 'search finds neither the post nor its photo', async () => {
    const posts = await get(t, tokenOf(r), '/api/v1/core/search', { keywords: 'lighthouse' });
    expect(posts.status).toBe(200);
    expect(posts.body.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual(sees ? [`activity:${secret}`] : []);
    const photos = await get(t, tokenOf(r), '/api/v1/core/search', { keywords: 'summit sunrise' });
    expect(photos.body.data.items.map((i: { type: string; id: number }) => `${i.type}:${i.id}`)).toEqual(sees ? [`photo:${photo}`] : []);
    expectNoTrace(r, posts.body);
    expectNoTrace(r, photos.body);
  });

  it(sees ? 'the photo posted with it answers' : 'the photo posted with it answers 404, its likes too', async () => {
    const res = await get(t, tokenOf(r), `/api/v1/albums/photos/${photo}`, { fields: 'id,img' });
    expect(res.status).toBe(sees ? 200 : 404);
    expect((await get(t, tokenOf(r), '/api/v1/core/likes', { item_type: 'photo', item_id: photo })).status).toBe(sees ? 200 : 404);
    expectNoTrace(r, res.body);
  });

  it('nobody passes the post or its photo on (403 to who sees them, 404 to anyone else)', async () => {
    if (r === 'visitor') return;
    for (const item of [
      { item_type: 'activity', item_id: secret },
      { item_type: 'photo', item_id: photo },
    ]) {
      const res = await post(t, tokenOf(r), `${ACTIVITIES}/share`, item);
      expect(res.status).toBe(sees ? 403 : 404);
    }
    if (sees) expect((await get(t, tokenOf(r), `${ACTIVITIES}/${secret}`, { fields: 'can_share' })).body.data.can_share).toBe(false);
  });
});

describe("the legacy API's photo.getPhotos", () => {
  it.each(['author', 'friend'] as const)("lists the group post's photo to the %s exactly when the post is theirs to see", async (r) => {
    const body = await callApi(t, await legacyToken(t, r === 'author' ? mia.id : fred.id), 'photo.getPhotos', { user_id: mia.id });
    expect(body.api.total).toBe(SEES[r] ? 1 : 0);
    expectNoTrace(r, body);
  });
});

describe('POST /activities on a group’s wall', () => {
  it('a member posts: the post carries the group as `subject`, is on the wall and in the feed of its members', async () => {
    const group = await makeGroup(t.db, olive.id, { title: 'Book club' });
    await addToGroup(t.db, group, mia.id, 'member');
    const res = await postOn(mia.token, group, { body: 'Next: Middlemarch' });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    const subject = { id: group, type: 'group', title: 'Book club', imgs: { icon: '', normal: '', profile: '', original: '' } };
    expect((await get(t, sam.token, `${ACTIVITIES}/${id}`, { fields: 'id,subject,can_comment,can_delete' })).body.data).toEqual({
      id,
      subject,
      can_comment: false,
      can_delete: false,
    });
    const wall = await wallOf(olive.token, group, 'id,subject,can_comment,can_delete');
    expect(wall.body.data.items).toEqual([{ id, subject, can_comment: true, can_delete: true }]);
    // In the feed of Olive, who is no friend of Mia's: she is an officer of the group.
    expect(ids((await get(t, olive.token, ACTIVITIES, { fields: 'id' })).body)).toContain(id);
    // A public group's wall is everyone's to read, a visitor's too.
    expect(ids((await wallOf(visitorToken, group)).body)).toEqual([id]);
  });

  it('refuses who may not post (403, nothing posted), a hidden group (404), an absent group (404), a wall without its id (400)', async () => {
    const group = await makeGroup(t.db, olive.id, { title: 'Quiet club' });
    const before = await t.db.selectFrom('activities').select('id').execute();
    const refused = await postOn(sam.token, group);
    expect(refused.status).toBe(403);
    expect(refused.body.data.message).toBe("You may not post on this group's wall.");
    expect((await postOn(sam.token, club)).status).toBe(404);
    expect((await postOn(sam.token, 999_999)).status).toBe(404);
    const noId = await post(t, sam.token, ACTIVITIES, { subject_type: 'group', body: 'Where?' });
    expect(noId.status).toBe(400);
    expect(noId.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'subject_id', error_text: 'missing_parameter' }));
    expect(await t.db.selectFrom('activities').select('id').execute()).toEqual(before);
    expect((await wallOf(sam.token, 999_999)).status).toBe(404);
  });

  it('auth_comment decides who posts and comments: registered lets anyone signed in, member keeps a non-member to liking', async () => {
    const open = await makeGroup(t.db, olive.id, { auth_comment: 'registered' });
    expect((await postOn(sam.token, open)).status).toBe(200);
    const members = await makeGroup(t.db, olive.id, { auth_comment: 'member' });
    const id = (await postOn(olive.token, members)).body.data.id;
    const item = { item_type: 'activity', item_id: id };
    expect((await post(t, sam.token, '/api/v1/core/comments', { ...item, body: 'Me too' })).status).toBe(403);
    expect((await post(t, sam.token, '/api/v1/core/likes', item)).status).toBe(200);
    expect((await get(t, sam.token, `${ACTIVITIES}/${id}`, { fields: 'can_like,can_comment' })).body.data).toEqual({
      can_like: true,
      can_comment: false,
    });
  });

  it("an officer deletes a member's post; another member may not (403)", async () => {
    const group = await makeGroup(t.db, olive.id);
    await addToGroup(t.db, group, mia.id, 'member');
    await addToGroup(t.db, group, fred.id, 'member');
    const id = (await postOn(mia.token, group)).body.data.id;
    expect((await del(t, fred.token, `${ACTIVITIES}/${id}`)).status).toBe(403);
    expect((await del(t, olive.token, `${ACTIVITIES}/${id}`)).status).toBe(200);
    expect((await wallOf(olive.token, group)).body.data.items).toEqual([]);
  });
});

describe('who sees a wall follows the group', () => {
  it("an officers-only group's wall is hidden from its members; a member removed loses the post and its notifications", async () => {
    const staff = await makeGroup(t.db, olive.id, { auth_view: 'officer' });
    await addToGroup(t.db, staff, mia.id, 'member');
    const id = (await postOn(olive.token, staff)).body.data.id;
    expect((await wallOf(mia.token, staff)).status).toBe(404);
    expect(ids((await get(t, mia.token, ACTIVITIES, { fields: 'id' })).body)).not.toContain(id);

    const group = await makeGroup(t.db, olive.id, { auth_view: 'member' });
    await addToGroup(t.db, group, mia.id, 'member');
    const mine = (await postOn(mia.token, group, { body: 'Soon gone' })).body.data.id;
    expect((await post(t, olive.token, '/api/v1/core/likes', { item_type: 'activity', item_id: mine })).status).toBe(200);
    const liked = { type: 'like', owner: olive.id, item: { type: 'activity', id: mine, title: 'Soon gone' } };
    expect(await notificationsOf(t, mia.token)).toContainEqual(liked);
    expect((await del(t, olive.token, '/api/v1/groups/member', { group_id: group, user_id: mia.id })).status).toBe(200);
    expect((await get(t, mia.token, `${ACTIVITIES}/${mine}`)).status).toBe(404);
    expect(await notificationsOf(t, mia.token)).not.toContainEqual(liked);
  });

  it('deleting a group deletes its wall', async () => {
    const group = await makeGroup(t.db, olive.id);
    const id = (await postOn(olive.token, group)).body.data.id;
    expect((await del(t, olive.token, `/api/v1/groups/${group}`)).status).toBe(200);
    expect((await get(t, olive.token, `${ACTIVITIES}/${id}`)).status).toBe(404);
    expect(await t.db.selectFrom('activities').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
