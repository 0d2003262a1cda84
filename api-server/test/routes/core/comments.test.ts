import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '../../../src/domain/items.ts';
import { type Answer, privacyCast, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertActivity, insertItem, post } from '../fixtures.ts';

const COMMENTS = '/api/v1/core/comments';

const t = setupApi();
let owner: number, friend: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  ({ owner, friend, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['basic']));
});

const bodies = (res: Answer) => res.body.data.map((c: { body: string }) => c.body);

describe.each(ITEM_TYPES)('comments on a %s', (type) => {
  let id: number;
  beforeAll(async () => {
    id = await insertItem(t.db, type, owner);
  });

  it("commenting answers a message and the new comment's id", async () => {
    const res = await post(t, friendToken, COMMENTS, { item_type: type, item_id: id, body: 'First!' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String), id: expect.any(Number) } });
  });

  it("GET lists the comments as the spec's Comment", async () => {
    const res = await get(t, strangerToken, COMMENTS, { item_type: type, item_id: id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: expect.any(Number),
        owner: expect.objectContaining({ id: friend, type: 'user' }),
        body: 'First!',
        date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        can_delete: false,
        is_liked: false,
        total_like: 0,
      },
    ]);
  });

  it('keeps the body as plain text', async () => {
    await post(t, friendToken, COMMENTS, { item_type: type, item_id: id, body: '<b>bold</b> & more' });
    expect(bodies(await get(t, friendToken, COMMENTS, { item_type: type, item_id: id }))).toContain('<b>bold</b> & more');
  });

  it('can_delete is true for the author and the item owner only', async () => {
    const flags = async (token: string) => (await get(t, token, COMMENTS, { item_type: type, item_id: id })).body.data[0].can_delete;
    expect(await flags(friendToken)).toBe(true);
    expect(await flags(ownerToken)).toBe(true);
    expect(await flags(strangerToken)).toBe(false);
    expect(await flags(clientToken)).toBe(false);
  });

  it('a stranger may not delete a comment: 403, and it stays', async () => {
    const c = await post(t, friendToken, COMMENTS, { item_type: type, item_id: id, body: 'stay' });
    const res = await del(t, strangerToken, COMMENTS, { item_type: type, item_id: id, comment_id: c.body.data.id });
    expect(res.status).toBe(403);
    expect(bodies(await get(t, friendToken, COMMENTS, { item_type: type, item_id: id }))).toContain('stay');
  });

  it('the item owner deletes a comment with its likes', async () => {
    const c = await post(t, friendToken, COMMENTS, { item_type: type, item_id: id, body: 'remove me' });
    const cid = c.body.data.id;
    await post(t, strangerToken, '/api/v1/core/likes', { item_type: type, item_id: id, comment_id: cid });
    const res = await del(t, ownerToken, COMMENTS, { item_type: type, item_id: id, comment_id: cid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    expect(bodies(await get(t, friendToken, COMMENTS, { item_type: type, item_id: id }))).not.toContain('remove me');
    expect(await t.db.selectFrom('likes').select('id').where('target_type', '=', 'comment').where('target_id', '=', cid).execute()).toEqual(
      [],
    );
  });

  it('the author deletes their own comment; deleting it again answers 404', async () => {
    const c = await post(t, friendToken, COMMENTS, { item_type: type, item_id: id, body: 'oops' });
    const q = { item_type: type, item_id: id, comment_id: c.body.data.id };
    expect((await del(t, friendToken, COMMENTS, q)).status).toBe(200);
    expect((await del(t, friendToken, COMMENTS, q)).status).toBe(404);
  });

  it('answers 404 when the comment belongs to another item', async () => {
    const other = await insertItem(t.db, type, owner);
    const c = await post(t, friendToken, COMMENTS, { item_type: type, item_id: other, body: 'there' });
    expect((await del(t, friendToken, COMMENTS, { item_type: type, item_id: id, comment_id: c.body.data.id })).status).toBe(404);
  });

  it('answers 404 to a reader who may not see the item', async () => {
    const hidden = await insertItem(t.db, type, owner, { auth_view: 'owner_member' });
    expect((await post(t, strangerToken, COMMENTS, { item_type: type, item_id: hidden, body: 'x' })).status).toBe(404);
    expect((await get(t, strangerToken, COMMENTS, { item_type: type, item_id: hidden })).status).toBe(404);
    expect((await get(t, friendToken, COMMENTS, { item_type: type, item_id: hidden })).status).toBe(200);
  });

  it('lets a client-credentials token read public comments but not comment', async () => {
    expect((await get(t, clientToken, COMMENTS, { item_type: type, item_id: id })).status).toBe(200);
    expect((await post(t, clientToken, COMMENTS, { item_type: type, item_id: id, body: 'bot' })).status).toBe(403);
  });
});

describe.each(ITEM_TYPES.filter((x) => x !== 'activity'))('comment privacy of a %s', (type) => {
  it('answers 403 to a reader who may see it but whom auth_comment keeps out', async () => {
    const id = await insertItem(t.db, type, owner, { auth_view: 'everyone', auth_comment: 'owner_member' });
    const res = await post(t, strangerToken, COMMENTS, { item_type: type, item_id: id, body: 'hi' });
    expect(res.status).toBe(403);
    expect((await post(t, friendToken, COMMENTS, { item_type: type, item_id: id, body: 'hi' })).status).toBe(200);
  });
});

describe('comments: what an activity then shows', () => {
  it('total_comment, comments and can_comment follow the comments', async () => {
    const id = await insertActivity(t.db, { owner });
    const token = await tokenFor(t.db, friend, ['activities']);
    const view = async () => (await get(t, token, `/api/v1/activities/${id}`, { fields: 'total_comment,comments,can_comment' })).body.data;
    expect(await view()).toEqual({ total_comment: 0, comments: [], can_comment: true });
    const c = await post(t, friendToken, COMMENTS, { item_type: 'activity', item_id: id, body: 'hello' });
    expect(await view()).toMatchObject({
      total_comment: 1,
      comments: [expect.objectContaining({ id: c.body.data.id, body: 'hello', can_delete: true })],
    });
    await del(t, friendToken, COMMENTS, { item_type: 'activity', item_id: id, comment_id: c.body.data.id });
    expect(await view()).toMatchObject({ total_comment: 0, comments: [] });
  });
});

describe('GET /core/comments: paging', () => {
  it('page 1 holds the newest comments, page 2 those before, each in chronological order', async () => {
    const id = await insertActivity(t.db, { owner });
    for (let i = 1; i <= 7; i++) await post(t, friendToken, COMMENTS, { item_type: 'activity', item_id: id, body: `c${i}` });
    const page = async (q: Record<string, number>) =>
      bodies(await get(t, friendToken, COMMENTS, { item_type: 'activity', item_id: id, ...q }));
    expect(await page({ limit: 3 })).toEqual(['c5', 'c6', 'c7']);
    expect(await page({ limit: 3, page: 2 })).toEqual(['c2', 'c3', 'c4']);
    expect(await page({ limit: 3, page: 3 })).toEqual(['c1']);
    expect(await page({ limit: 3, page: 4 })).toEqual([]);
    expect(await page({})).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(await page({ limit: 0 })).toEqual(['c7']);
  });
});

describe('POST /core/comments: parameters', () => {
  it('answers 400 naming each missing parameter', async () => {
    const res = await post(t, friendToken, COMMENTS, {});
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name).sort()).toEqual(['body', 'item_id', 'item_type']);
  });

  it('answers 400 to an empty body and to one over 5,000 characters', async () => {
    const id = await insertActivity(t.db, { owner });
    expect((await post(t, friendToken, COMMENTS, { item_type: 'activity', item_id: id, body: '  ' })).status).toBe(400);
    const long = await post(t, friendToken, COMMENTS, { item_type: 'activity', item_id: id, body: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.data.error_params[0].name).toBe('body');
  });

  it('answers 400 for an unknown item_type', async () => {
    const res = await post(t, friendToken, COMMENTS, { item_type: 'song', item_id: 1, body: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0].name).toBe('item_type');
  });

  it('DELETE answers 400 without comment_id', async () => {
    const res = await del(t, friendToken, COMMENTS, { item_type: 'activity', item_id: 1 });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params[0]).toMatchObject({ name: 'comment_id', error_text: 'missing_parameter' });
  });
});
