import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_TYPES } from '../../../src/domain/items.ts';
import { privacyCast, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, insertBlog, insertItem, post } from '../fixtures.ts';

const REPORT = '/api/v1/core/report';

const t = setupApi();
let owner: number, friend: number, stranger: number;
let ownerToken: string, friendToken: string, strangerToken: string, clientToken: string;

beforeAll(async () => {
  ({ owner, friend, stranger, ownerToken, friendToken, strangerToken, clientToken } = await privacyCast(t.db, ['basic']));
});

const reportsOf = (type: string, id: number) =>
  t.db.selectFrom('reports').selectAll().where('item_type', '=', type).where('item_id', '=', id).execute();

const form = (item_type: string, item_id: number, extra: Record<string, string> = {}) => ({
  item_type,
  item_id,
  type: 'spam',
  description: 'Selling fake watches',
  ...extra,
});

describe('GET /core/report_types', () => {
  it('answers spam, abuse, inappropriate, licensed and other as Options with readable titles', async () => {
    const res = await get(t, strangerToken, '/api/v1/core/report_types');
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual(['spam', 'abuse', 'inappropriate', 'licensed', 'other']);
    for (const option of res.body.data) {
      expect(Object.keys(option).sort()).toEqual(['id', 'title']);
      expect(option.title).toMatch(/^[A-Z]/);
    }
  });

  it('answers 403 without the basic scope', async () => {
    const res = await get(t, await tokenFor(t.db, owner, ['blogs']), '/api/v1/core/report_types');
    expect(res.status).toBe(403);
  });
});

describe.each(ITEM_TYPES)('POST /core/report on a %s', (type) => {
  let id: number;
  beforeAll(async () => {
    id = await insertItem(t.db, type, owner);
  });

  it('answers a message and records the report with its type and description', async () => {
    const res = await post(t, friendToken, REPORT, form(type, id, { type: 'inappropriate' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: expect.any(String) } });
    const rows = await reportsOf(type, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporter_id: friend, type: 'inappropriate', description: 'Selling fake watches' });
  });

  it('reporting the same item twice answers 400 and keeps the first report unchanged', async () => {
    const res = await post(t, friendToken, REPORT, form(type, id, { type: 'other', description: 'again' }));
    expect(res.status).toBe(400);
    expect(res.body.data.error_text).toBe('bad_request');
    expect(res.body.data.message).toMatch(/already reported/);
    const rows = await reportsOf(type, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'inappropriate', description: 'Selling fake watches' });
  });

  it('another user may report the same item', async () => {
    expect((await post(t, strangerToken, REPORT, form(type, id))).status).toBe(200);
    expect(await reportsOf(type, id)).toHaveLength(2);
  });

  it('reporting your own item answers 403 and records nothing', async () => {
    const res = await post(t, ownerToken, REPORT, form(type, id));
    expect(res.status).toBe(403);
    expect((await reportsOf(type, id)).filter((r) => r.reporter_id === owner)).toHaveLength(0);
  });
});

describe('POST /core/report: who may report what (privacy)', () => {
  it('a friend may report a friends-only item; a registered stranger gets 404 and nothing is recorded', async () => {
    const id = await insertItem(t.db, 'blog', owner, { auth_view: 'owner_member' });
    expect((await post(t, strangerToken, REPORT, form('blog', id))).status).toBe(404);
    expect(await reportsOf('blog', id)).toHaveLength(0);
    expect((await post(t, friendToken, REPORT, form('blog', id))).status).toBe(200);
  });

  it('a registered stranger may report an item for all members', async () => {
    const id = await insertItem(t.db, 'album', owner, { auth_view: 'registered' });
    expect((await post(t, strangerToken, REPORT, form('album', id))).status).toBe(200);
  });

  it('an item only its owner sees is 404 even for a friend', async () => {
    const id = await insertItem(t.db, 'event', owner, { auth_view: 'owner' });
    expect((await post(t, friendToken, REPORT, form('event', id))).status).toBe(404);
  });

  it('a draft blog is 404 for everyone but its owner', async () => {
    const draftId = await insertBlog(t.db, owner, { is_draft: 1 });
    expect((await post(t, friendToken, REPORT, form('blog', draftId))).status).toBe(404);
  });

  it('a client-credentials token answers 403: reporting needs a user', async () => {
    const id = await insertItem(t.db, 'classified', owner);
    const res = await post(t, clientToken, REPORT, form('classified', id));
    expect(res.status).toBe(403);
    expect(await reportsOf('classified', id)).toHaveLength(0);
  });

  it('an unknown item answers 404', async () => {
    expect((await post(t, friendToken, REPORT, form('photo', 999_999))).status).toBe(404);
  });

  it('answers 403 without the basic scope', async () => {
    const id = await insertItem(t.db, 'blog', owner);
    expect((await post(t, await tokenFor(t.db, friend, ['blogs']), REPORT, form('blog', id))).status).toBe(403);
  });
});

describe('POST /core/report on a comment', () => {
  it('reports a comment of a visible item; deleting the comment removes the report', async () => {
    const blog = await insertItem(t.db, 'blog', owner);
    const c = await post(t, ownerToken, '/api/v1/core/comments', { item_type: 'blog', item_id: blog, body: 'rude words' });
    const cid = c.body.data.id as number;
    expect((await post(t, strangerToken, REPORT, form('comment', cid, { type: 'abuse' }))).status).toBe(200);
    expect((await post(t, strangerToken, REPORT, form('comment', cid))).status).toBe(400);
    expect(await reportsOf('comment', cid)).toHaveLength(1);
    expect((await post(t, ownerToken, REPORT, form('comment', cid))).status).toBe(403);
    expect((await del(t, ownerToken, '/api/v1/core/comments', { item_type: 'blog', item_id: blog, comment_id: cid })).status).toBe(200);
    expect(await reportsOf('comment', cid)).toHaveLength(0);
  });

  it('a comment on an item the reader may not see answers 404', async () => {
    const blog = await insertItem(t.db, 'blog', owner, { auth_view: 'owner_member' });
    const c = await post(t, friendToken, '/api/v1/core/comments', { item_type: 'blog', item_id: blog, body: 'hello' });
    expect((await post(t, strangerToken, REPORT, form('comment', c.body.data.id))).status).toBe(404);
    expect((await post(t, strangerToken, REPORT, form('comment', 999_999))).status).toBe(404);
  });
});

describe('POST /core/report on a member', () => {
  it('reports another member once; yourself answers 403; an unknown member 404', async () => {
    expect((await post(t, strangerToken, REPORT, form('user', owner))).status).toBe(200);
    expect((await post(t, strangerToken, REPORT, form('user', owner))).status).toBe(400);
    expect((await post(t, strangerToken, REPORT, form('user', stranger))).status).toBe(403);
    expect((await post(t, strangerToken, REPORT, form('user', 999_999))).status).toBe(404);
    expect(await reportsOf('user', owner)).toHaveLength(1);
  });
});

describe('POST /core/report: parameters', () => {
  it('names every missing parameter at once', async () => {
    const res = await post(t, friendToken, REPORT, {});
    expect(res.status).toBe(400);
    expect(res.body.data.error_text).toBe('invalid_parameters');
    const params = res.body.data.error_params as Array<{ name: string; error_text: string }>;
    expect(params.map((p) => p.name).sort()).toEqual(['description', 'item_id', 'item_type', 'type']);
    expect(params.every((p) => p.error_text === 'missing_parameter')).toBe(true);
  });

  it.each([
    ['type', { type: 'boring' }],
    ['item_type', { item_type: 'planet' }],
    ['item_id', { item_id: 'abc' }],
    ['description', { description: '   ' }],
    ['description', { description: 'x'.repeat(2001) }],
  ])('a bad %s answers 400 naming it and records nothing', async (name, extra) => {
    const id = await insertItem(t.db, 'album', owner);
    const res = await post(t, friendToken, REPORT, { ...form('album', id), ...extra } as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.data.error_params.map((p: { name: string }) => p.name)).toEqual([name]);
    expect(await reportsOf('album', id)).toHaveLength(0);
  });
});
