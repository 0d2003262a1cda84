import { beforeAll, describe, expect, it } from 'vitest';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { listNotificationGroups } from './activities.ts';
import { apiFailure as failure } from '../testing/api-failure.ts';
import { listFriends } from './friends.ts';
import { tagName } from '../photos/tag-name.ts';
import { addPhotoTag, listPhotoTags, removePhotoTag } from './tags.ts';

// The web client's tag and friend functions against the real api-server over loopback HTTP,
// on a fresh copy of the demo data.

const api = setupRealApi();
const { demo, alice } = membersOf(api, ['demo', 'alice']);
let photo: { id: number; width: number; height: number };

beforeAll(async () => {
  const demoId = await api.userId('demo@example.com');
  photo = await api.db
    .selectFrom('photos')
    .select(['id', 'width', 'height'])
    .where('owner_id', '=', demoId)
    .where('album_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});

describe('photo tags', () => {
  it('tags a friend and a label in the original pixels, lists them with who may remove them, and removes one', async () => {
    const before = (await listPhotoTags(demo.token, photo.id))!;
    const box = { x: 1, y: 2, w: Math.min(30, photo.width - 1), h: Math.min(20, photo.height - 2) };
    const friendTag = await addPhotoTag(demo.token, photo.id, box, { userId: alice.id });
    const labelTag = await addPhotoTag(demo.token, photo.id, { x: 0, y: 0, w: photo.width, h: photo.height }, { label: '  the lake  ' });

    const after = (await listPhotoTags(demo.token, photo.id))!;
    expect(after).toHaveLength(before.length + 2);
    const a = after.find((t) => t.id === friendTag)!;
    expect(a).toMatchObject({ box, label: '', canDelete: true, user: { id: alice.id, name: 'Alice Martin' } });
    expect(tagName(a)).toBe('Alice Martin');
    const l = after.find((t) => t.id === labelTag)!;
    expect(l).toMatchObject({ label: 'the lake', box: { x: 0, y: 0, w: photo.width, h: photo.height } });
    expect(l.user).toBeUndefined();
    expect(tagName(l)).toBe('the lake');

    // Alice is told, and may remove her own tag but not the label Demo made.
    const notices = await listNotificationGroups(alice.token, { limit: 5 });
    expect(notices?.[0]).toMatchObject({ kind: 'tag', item: { type: 'photo', id: photo.id } });
    const seenByAlice = (await listPhotoTags(alice.token, photo.id))!;
    expect(seenByAlice.find((t) => t.id === friendTag)?.canDelete).toBe(true);
    expect(seenByAlice.find((t) => t.id === labelTag)?.canDelete).toBe(false);
    expect((await failure(removePhotoTag(alice.token, photo.id, labelTag))).status).toBe(403);

    await removePhotoTag(alice.token, photo.id, friendTag);
    await removePhotoTag(demo.token, photo.id, labelTag);
    expect((await listPhotoTags(demo.token, photo.id))!.map((t) => t.id)).toEqual(before.map((t) => t.id));
  });

  it('a box beyond the picture is refused, naming the field, and nothing is tagged', async () => {
    const before = await listPhotoTags(demo.token, photo.id);
    const e = await failure(addPhotoTag(demo.token, photo.id, { x: photo.width - 5, y: 0, w: 10, h: 10 }, { label: 'outside' }));
    expect(e.status).toBe(400);
    expect(Object.keys(e.fieldErrors)).toEqual(['extra[w]']);
    expect(await listPhotoTags(demo.token, photo.id)).toEqual(before);
  });
});

describe('friends', () => {
  it("lists the reader's friends by name, a page at a time, and finds them by part of a name", async () => {
    const all = await listFriends(demo.token, { limit: 50 });
    expect(all!.map((f) => f.name)).toEqual(['Alice Martin', 'Bob Chen', 'Carol Díaz', 'Dave Okafor', 'Erin Walsh']);
    expect((await listFriends(demo.token, { limit: 2, page: 2 }))!.map((f) => f.name)).toEqual(['Carol Díaz', 'Dave Okafor']);
    expect((await listFriends(demo.token, { keywords: 'mart' }))!.map((f) => f.name)).toEqual(['Alice Martin']);
    expect((await listFriends(demo.token, { userId: alice.id }))!.map((f) => f.name)).toEqual(['Bob Chen', 'Carol Díaz', 'Demo User']);
  });
});
