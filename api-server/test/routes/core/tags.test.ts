import { beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '../../../src/db/types.ts';
import { createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';
import { cast, makeAlbum, makePhoto } from '../albums/album-fixtures.ts';

const TAGS = '/api/v1/core/tags';

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
let tagged: { id: number; token: string };
beforeAll(async () => {
  c = await cast(t, ['basic', 'albums']);
  const u = await createUser(t.db, { full_name: 'Tina Tagged' });
  tagged = { id: u.id, token: await tokenFor(t.db, u.id, ['basic']) };
});

/** A 800×600 photo in an album with the given tag and view privacy. */
const photoIn = async (authTag: Privacy = 'owner_member', authView: Privacy = 'everyone') =>
  makePhoto(t.db, c.owner, await makeAlbum(t.db, c.owner, { auth_tag: authTag, auth_view: authView }), { width: 800, height: 600 });

const area = { 'extra[x]': 10, 'extra[y]': 20, 'extra[w]': 100, 'extra[h]': 50 };
const tag = (token: string, photo: number, fields: Record<string, string | number>) =>
  post(t, token, TAGS, { subject_type: 'photo', subject_id: photo, ...area, ...fields });
const tagRows = (photo: number) => t.db.selectFrom('item_tag_areas').selectAll().where('subject_id', '=', photo).execute();
/** The user's notifications as GET /activities/notifications lists them. */
const notificationsOf = async (userId: number) =>
  (await get(t, await tokenFor(t.db, userId, ['activities']), '/api/v1/activities/notifications')).body.data as Array<{
    type: string;
    owner: { id: number };
    item: unknown;
  }>;

describe('POST /core/tags', () => {
  it('tags a user on a photo in pixels of the original and answers the tag id', async () => {
    const photo = await photoIn();
    const res = await tag(c.ownerToken, photo, { user_id: tagged.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    expect(await tagRows(photo)).toEqual([
      expect.objectContaining({
        id: res.body.data.id,
        subject_type: 'photo',
        tagger_id: c.owner,
        user_id: tagged.id,
        label: null,
        x: 10,
        y: 20,
        w: 100,
        h: 50,
      }),
    ]);
  });

  it('tags by a text label', async () => {
    const photo = await photoIn();
    const res = await tag(c.friendToken, photo, { label: '  The old bridge ' });
    expect(res.status).toBe(200);
    expect(await tagRows(photo)).toEqual([expect.objectContaining({ user_id: null, label: 'The old bridge', tagger_id: c.friend })]);
  });

  it('accepts an area that reaches the edges of the image exactly', async () => {
    const photo = await photoIn();
    const res = await post(t, c.ownerToken, TAGS, {
      subject_type: 'photo',
      subject_id: photo,
      'extra[x]': 0,
      'extra[y]': 0,
      'extra[w]': 800,
      'extra[h]': 600,
      label: 'all',
    });
    expect(res.status).toBe(200);
  });

  it.each(['subject_type', 'subject_id', 'extra[x]', 'extra[y]', 'extra[w]', 'extra[h]'])(
    'answers 400 missing_parameter naming %s when it is left out',
    async (name) => {
      const photo = await photoIn();
      const form: Record<string, string | number> = { subject_type: 'photo', subject_id: photo, ...area, label: 'x' };
      delete form[name];
      const res = await post(t, c.ownerToken, TAGS, form);
      expect(res.status).toBe(400);
      expect(res.body.data.error_params).toContainEqual(expect.objectContaining({ name, error_text: 'missing_parameter' }));
      expect(await tagRows(photo)).toEqual([]);
    },
  );

  it('answers 400 naming user_id and label when neither is sent', async () => {
    const photo = await photoIn();
    const res = await tag(c.ownerToken, photo, {});
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name)).toEqual(['user_id', 'label']);
    expect((await tag(c.ownerToken, photo, { label: '   ' })).status).toBe(400);
  });

  it('answers 400 naming label when both user_id and label are sent', async () => {
    const photo = await photoIn();
    const res = await tag(c.ownerToken, photo, { user_id: tagged.id, label: 'Tina' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('label');
    expect(await tagRows(photo)).toEqual([]);
  });

  it('answers 400 naming subject_type for subjects other than photo', async () => {
    const res = await post(t, c.ownerToken, TAGS, { subject_type: 'blog', subject_id: 1, ...area, label: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('subject_type');
  });

  it('answers 400 naming the coordinate for negative or empty areas, and areas outside the image', async () => {
    const photo = await photoIn();
    const cases: Array<[Record<string, number>, string]> = [
      [{ 'extra[x]': -1 }, 'extra[x]'],
      [{ 'extra[y]': -5 }, 'extra[y]'],
      [{ 'extra[w]': 0 }, 'extra[w]'],
      [{ 'extra[h]': 0 }, 'extra[h]'],
      [{ 'extra[x]': 750, 'extra[w]': 51 }, 'extra[w]'],
      [{ 'extra[y]': 599, 'extra[h]': 2 }, 'extra[h]'],
    ];
    for (const [coords, name] of cases) {
      const res = await post(t, c.ownerToken, TAGS, { subject_type: 'photo', subject_id: photo, ...area, ...coords, label: 'x' });
      expect(res.status, name).toBe(400);
      expect(res.body.data.error_params[0]).toMatchObject({ name, error_text: 'invalid_parameter' });
    }
    const fraction = await post(t, c.ownerToken, TAGS, {
      subject_type: 'photo',
      subject_id: photo,
      ...area,
      'extra[x]': '1.5',
      label: 'x',
    });
    expect(fraction.status).toBe(400);
    expect(await tagRows(photo)).toEqual([]);
  });

  it('answers 400 naming user_id for a user that does not exist, and for a user already tagged on the photo', async () => {
    const photo = await photoIn();
    expect((await tag(c.ownerToken, photo, { user_id: 99999999 })).body.data.error_params[0].name).toBe('user_id');
    expect((await tag(c.ownerToken, photo, { user_id: tagged.id })).status).toBe(200);
    const again = await tag(c.ownerToken, photo, { user_id: tagged.id });
    expect(again.status).toBe(400);
    expect(again.body.data.error_params[0].name).toBe('user_id');
    expect(await tagRows(photo)).toHaveLength(1);
  });

  it('answers 400 naming label for a label over 100 characters', async () => {
    const photo = await photoIn();
    expect((await tag(c.ownerToken, photo, { label: 'x'.repeat(101) })).body.data.error_params[0].name).toBe('label');
  });

  it("tagging follows the album's auth_tag: owner_member lets friends in and answers 403 to strangers", async () => {
    const photo = await photoIn('owner_member');
    expect((await tag(c.friendToken, photo, { label: 'ok' })).status).toBe(200);
    const res = await tag(c.strangerToken, photo, { label: 'no' });
    expect(res.status).toBe(403);
    expect(await tagRows(photo)).toHaveLength(1);
  });

  it('auth_tag=owner answers 403 to a friend; auth_tag=everyone lets a stranger tag', async () => {
    const mineOnly = await photoIn('owner');
    expect((await tag(c.friendToken, mineOnly, { label: 'no' })).status).toBe(403);
    expect((await tag(c.ownerToken, mineOnly, { label: 'yes' })).status).toBe(200);
    const open = await photoIn('everyone');
    expect((await tag(c.strangerToken, open, { label: 'yes' })).status).toBe(200);
  });

  it('answers 404 for a photo the caller may not see, 403 to a client-credentials token, 403 without the basic scope', async () => {
    const hidden = await photoIn('everyone', 'owner');
    expect((await tag(c.friendToken, hidden, { label: 'x' })).status).toBe(404);
    expect((await tag(c.ownerToken, 99999999, { label: 'x' })).status).toBe(404);
    const open = await photoIn('everyone');
    expect((await tag(c.clientToken, open, { label: 'x' })).status).toBe(403);
    const res = await tag(await tokenFor(t.db, c.owner, ['albums']), open, { label: 'x' });
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
    expect(await tagRows(open)).toEqual([]);
  });

  it('tells the tagged user (a tag notification about the photo); a text label or tagging oneself tells nobody', async () => {
    const u = (await createUser(t.db)).id;
    const photo = await photoIn('everyone');
    await tag(c.strangerToken, photo, { user_id: u });
    expect(await notificationsOf(u)).toEqual([
      expect.objectContaining({
        type: 'tag',
        owner: expect.objectContaining({ id: c.stranger }),
        item: { type: 'photo', id: photo, title: 'A photo' },
      }),
    ]);
    const before = await notificationsOf(c.owner);
    await tag(c.ownerToken, photo, { user_id: c.owner });
    await tag(c.ownerToken, photo, { label: 'Somebody' });
    expect(await notificationsOf(c.owner)).toEqual(before);
  });
});

describe('GET /core/tags', () => {
  let photo: number, userTag: number, labelTag: number;
  beforeAll(async () => {
    photo = await photoIn('everyone');
    userTag = (await tag(c.friendToken, photo, { user_id: tagged.id })).body.data.id;
    labelTag = (await tag(c.strangerToken, photo, { label: 'Lighthouse', 'extra[x]': 300 })).body.data.id;
  });

  it("lists the photo's tags, a user tag with the user's summary and a text tag with its label, areas in original pixels", async () => {
    const res = await get(t, c.ownerToken, TAGS, { subject_type: 'photo', subject_id: photo });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: userTag,
        user: { id: tagged.id, type: 'user', title: 'Tina Tagged', imgs: expect.any(Object) },
        extra: { x: 10, y: 20, w: 100, h: 50 },
        can_delete: true,
      },
      { id: labelTag, label: 'Lighthouse', extra: { x: 300, y: 20, w: 100, h: 50 }, can_delete: true },
    ]);
  });

  it("can_delete: the tagger, the photo's owner and the tagged user, nobody else", async () => {
    const canDelete = async (token: string) =>
      (await get(t, token, TAGS, { subject_type: 'photo', subject_id: photo })).body.data.map((x: { can_delete: boolean }) => x.can_delete);
    expect(await canDelete(c.ownerToken)).toEqual([true, true]);
    expect(await canDelete(c.friendToken)).toEqual([true, false]);
    expect(await canDelete(tagged.token)).toEqual([true, false]);
    expect(await canDelete(c.strangerToken)).toEqual([false, true]);
    expect(await canDelete(c.clientToken)).toEqual([false, false]);
  });

  it('answers 404 when the photo is hidden from the reader, 400 without subject_type or subject_id', async () => {
    const hidden = await photoIn('everyone', 'owner_member');
    expect((await get(t, c.strangerToken, TAGS, { subject_type: 'photo', subject_id: hidden })).status).toBe(404);
    expect((await get(t, c.friendToken, TAGS, { subject_type: 'photo', subject_id: hidden })).body.data).toEqual([]);
    const noType = await get(t, c.ownerToken, TAGS, { subject_id: photo });
    expect(noType.body.data.error_params[0]).toMatchObject({ name: 'subject_type', error_text: 'missing_parameter' });
    const noId = await get(t, c.ownerToken, TAGS, { subject_type: 'photo' });
    expect(noId.body.data.error_params[0]).toMatchObject({ name: 'subject_id', error_text: 'missing_parameter' });
  });
});

describe('DELETE /core/tags/{id}', () => {
  let photo: number;
  beforeAll(async () => {
    photo = await photoIn('everyone');
  });
  const q = (p = photo) => ({ subject_type: 'photo', subject_id: p });

  it.each([
    ['the tagger', () => c.strangerToken],
    ["the photo's owner", () => c.ownerToken],
    ['the tagged user', () => tagged.token],
  ])('%s may remove a tag; it answers only success and the tag is gone', async (_who, token) => {
    const id = (await tag(c.strangerToken, photo, { user_id: tagged.id })).body.data.id;
    const res = await del(t, token(), `${TAGS}/${id}`, q());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await tagRows(photo)).map((r) => r.id)).not.toContain(id);
    expect((await del(t, token(), `${TAGS}/${id}`, q())).status).toBe(404);
  });

  it("removing a user's tag withdraws the notification it made", async () => {
    const u = (await createUser(t.db)).id;
    const id = (await tag(c.ownerToken, photo, { user_id: u })).body.data.id;
    expect(await notificationsOf(u)).toHaveLength(1);
    expect((await del(t, c.ownerToken, `${TAGS}/${id}`, q())).status).toBe(200);
    expect(await notificationsOf(u)).toEqual([]);
  });

  it('answers 403 to anybody else (can_delete false) and keeps the tag', async () => {
    const id = (await tag(c.strangerToken, photo, { label: 'keep' })).body.data.id;
    expect((await del(t, c.friendToken, `${TAGS}/${id}`, q())).status).toBe(403);
    expect((await del(t, c.clientToken, `${TAGS}/${id}`, q())).status).toBe(403);
    expect((await tagRows(photo)).map((r) => r.id)).toContain(id);
  });

  it('the tagged user may remove their tag from a photo they can no longer see', async () => {
    const album = await makeAlbum(t.db, c.owner, { auth_tag: 'owner' });
    const p = await makePhoto(t.db, c.owner, album, { width: 800, height: 600 });
    const id = (await tag(c.ownerToken, p, { user_id: tagged.id })).body.data.id;
    await t.db.updateTable('albums').set({ auth_view: 'owner' }).where('id', '=', album).execute();
    expect((await del(t, tagged.token, `${TAGS}/${id}`, q(p))).status).toBe(200);
  });

  it('answers 404 when subject_id does not match the tag, or for a tag on a photo hidden from the caller', async () => {
    const id = (await tag(c.ownerToken, photo, { label: 'here' })).body.data.id;
    const other = await photoIn('everyone');
    expect((await del(t, c.ownerToken, `${TAGS}/${id}`, q(other))).status).toBe(404);
    const hiddenPhoto = await photoIn('owner', 'owner');
    const hiddenTag = (await tag(c.ownerToken, hiddenPhoto, { label: 'secret' })).body.data.id;
    expect((await del(t, c.strangerToken, `${TAGS}/${hiddenTag}`, q(hiddenPhoto))).status).toBe(404);
    expect(await tagRows(hiddenPhoto)).toHaveLength(1);
  });

  it('answers 400 missing_parameter without subject_type or subject_id', async () => {
    const id = (await tag(c.ownerToken, photo, { label: 'params' })).body.data.id;
    const a = await del(t, c.ownerToken, `${TAGS}/${id}`, { subject_id: photo });
    expect(a.body.data.error_params[0]).toMatchObject({ name: 'subject_type', error_text: 'missing_parameter' });
    const b = await del(t, c.ownerToken, `${TAGS}/${id}`, { subject_type: 'photo' });
    expect(b.body.data.error_params[0]).toMatchObject({ name: 'subject_id', error_text: 'missing_parameter' });
    expect((await tagRows(photo)).map((r) => r.id)).toContain(id);
  });
});
