import { beforeAll, describe, expect, it } from 'vitest';
import { privacyCast } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, insertItem, post } from '../fixtures.ts';

// The social fields an activity has, on a listing's and an event's detail too (an extension,
// docs/api.md, "Extensions"), as they are on blogs, albums and photos: the exact counts and the latest
// comments in the item's own read, given only when named in `fields`.

const SOCIAL = ['is_liked', 'can_like', 'total_like', 'user_liked', 'can_comment', 'total_comment', 'comments', 'can_share'];
const PATHS = { classified: '/api/v1/classifieds', event: '/api/v1/events' } as const;

const t = setupApi();
let owner: number, friend: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  ({ owner, friend, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['classifieds', 'events', 'basic'], {
    full_name: 'Olga Owner',
  }));
});

describe.each(Object.entries(PATHS))('GET %s detail with the social fields', (type, path) => {
  it('counts every like and comment, names the latest comments, and says what the reader may do', async () => {
    const id = await insertItem(t.db, type, owner);
    for (let i = 1; i <= 12; i += 1) {
      expect(
        (await post(t, i % 2 ? friendToken : ownerToken, '/api/v1/core/comments', { item_type: type, item_id: id, body: `Note ${i}` }))
          .status,
      ).toBe(200);
    }
    for (const token of [friendToken, strangerToken]) {
      expect((await post(t, token, '/api/v1/core/likes', { item_type: type, item_id: id })).status).toBe(200);
    }

    const theirs = (await get(t, friendToken, `${path}/${id}`, { fields: SOCIAL.join(',') })).body.data;
    expect(theirs).toEqual({
      is_liked: true,
      can_like: true,
      total_like: 2,
      can_comment: true,
      total_comment: 12,
      can_share: true,
      user_liked: [expect.objectContaining({ type: 'user' }), expect.objectContaining({ type: 'user' })],
      comments: ['Note 10', 'Note 11', 'Note 12'].map((body) => expect.objectContaining({ body })),
    });
    expect(theirs.comments.map((c: { owner: { id: number } }) => c.owner.id)).toEqual([owner, friend, owner]);
    expect((await get(t, ownerToken, `${path}/${id}`, { fields: 'is_liked,total_like' })).body.data).toEqual({
      is_liked: false,
      total_like: 2,
    });
    // A token without a user sees the counts and may do nothing.
    expect((await get(t, clientToken, `${path}/${id}`, { fields: 'can_like,can_comment,total_comment' })).body.data).toEqual({
      can_like: false,
      can_comment: false,
      total_comment: 12,
    });
  });

  it('follows the item’s comment privacy, and gives none of them unless named', async () => {
    const id = await insertItem(t.db, type, owner, { auth_comment: 'owner_member' });
    const fields = { fields: 'can_comment,can_share' };
    expect((await get(t, friendToken, `${path}/${id}`, fields)).body.data).toEqual({ can_comment: true, can_share: true });
    expect((await get(t, strangerToken, `${path}/${id}`, fields)).body.data).toEqual({ can_comment: false, can_share: true });
    const plain = (await get(t, friendToken, `${path}/${id}`)).body.data;
    for (const f of SOCIAL) expect(plain).not.toHaveProperty(f);
  });
});
