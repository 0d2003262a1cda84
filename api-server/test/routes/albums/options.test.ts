import { beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';
import { ALBUMS, cast } from './album-fixtures.ts';

const t = setupApi();
let c: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  c = await cast(t);
});

describe('GET /albums/categories and the option lists', () => {
  it('categories are the album categories of every database, by title', async () => {
    const res = await get(t, c.strangerToken, `${ALBUMS}/categories`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { title: string }) => x.title)).toEqual(['Art', 'Events', 'Family', 'Food', 'Nature', 'Travel']);
    for (const x of res.body.data) expect(x).toEqual({ id: expect.any(Number), title: expect.any(String) });
  });

  it.each(['view_options', 'comment_options', 'tag_options'])('%s lists the four privacy options', async (name) => {
    const res = await get(t, c.clientToken, `${ALBUMS}/${name}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual(['everyone', 'registered', 'owner_member', 'owner']);
    for (const o of res.body.data) expect(Object.keys(o).sort()).toEqual(['id', 'title']);
  });

  it('answers 403 insufficient_scope without the albums scope', async () => {
    expect((await get(t, await tokenFor(t.db, c.owner, ['basic']), `${ALBUMS}/categories`)).status).toBe(403);
  });
});
