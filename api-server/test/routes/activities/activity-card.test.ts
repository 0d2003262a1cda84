import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertActivity, insertAlbum, insertPhoto, post } from '../fixtures.ts';
import { makeGroup } from '../groups/group-fixtures.ts';

// A post's card (what a share of it, a notification and a preview show): its attached photo's
// picture only when everyone signed in may see the photo. Read through a share of the post.

const t = setupApi();
let owner: number, friend: number;
let friendToken: string;
const PICTURE = `http://localhost:4000/files/img/${'ab'.repeat(16)}/500.png`;

beforeAll(async () => {
  owner = (await createUser(t.db)).id;
  friend = (await createUser(t.db)).id;
  await befriend(t.db, owner, friend);
  friendToken = await tokenFor(t.db, friend);
});

/** The picture on the card of post `activity`, as the friend sees it when they share the post. */
async function cardPicture(activity: number): Promise<string> {
  const shared = await post(t, friendToken, '/api/v1/activities/share', { item_type: 'activity', item_id: activity });
  expect(shared.status).toBe(200);
  const res = await get(t, friendToken, `/api/v1/activities/${shared.body.data.id}`, { fields: 'attachments' });
  expect(res.body.data.attachments).toHaveLength(1);
  return res.body.data.attachments[0].img;
}

describe("a post's card", () => {
  it('shows the photo of an album everyone may see, and not that of a friends-only album', async () => {
    const open = await insertPhoto(t.db, owner, await insertAlbum(t.db, owner));
    const closed = await insertPhoto(t.db, owner, await insertAlbum(t.db, owner, { auth_view: 'owner_member' }));
    expect(await cardPicture(await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: open }))).toBe(PICTURE);
    expect(await cardPicture(await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: closed }))).toBe('');
  });

  it("a share's photo only when the post that published it may be seen by everyone signed in", async () => {
    const wall = await insertAlbum(t.db, owner, { kind: 'wall' });
    const card = async (publishedTo: 'everyone' | 'owner_member') => {
      const photo = await insertPhoto(t.db, owner, wall);
      await insertActivity(t.db, { owner, auth_view: publishedTo, attachment_type: 'photo', attachment_id: photo });
      return cardPicture(await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: photo, is_share: 1 }));
    };
    expect(await card('everyone')).toBe(PICTURE);
    expect(await card('owner_member')).toBe('');
  });

  it("a group album's photo only when the group is open to everyone", async () => {
    const card = async (view: 'everyone' | 'member') => {
      const g = await makeGroup(t.db, owner, { auth_view: view });
      const album = await insertAlbum(t.db, owner, { kind: 'group_album', group_id: g });
      const photo = await insertPhoto(t.db, owner, album);
      return cardPicture(await insertActivity(t.db, { owner, attachment_type: 'photo', attachment_id: photo }));
    };
    expect(await card('everyone')).toBe(PICTURE);
    expect(await card('member')).toBe('');
  });

  it('two cards of one photo read together: the post that published it shows it, a share of it does not', async () => {
    // A search that finds both posts loads both cards in one read (its results' pictures are the cards' thumbnails).
    const wall = await insertAlbum(t.db, owner, { kind: 'wall' });
    const photo = await insertPhoto(t.db, owner, wall);
    const content = 'kestrel over the dunes';
    const own = await insertActivity(t.db, { owner, content, auth_view: 'owner_member', attachment_type: 'photo', attachment_id: photo });
    const share = await insertActivity(t.db, { owner, content, attachment_type: 'photo', attachment_id: photo, is_share: 1 });
    const res = await get(t, friendToken, '/api/v1/core/search', { keywords: 'kestrel', type: 'activity', fields: 'id,img' });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { id: number; img: string }) => [i.id, i.img])).toEqual([
      [share, ''],
      [own, PICTURE.replace('/500.png', '/240.png')],
    ]);
  });
});
