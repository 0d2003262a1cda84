import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';

const t = setupApi();
let userToken: string, clientToken: string, wrongScope: string;

beforeAll(async () => {
  const user = (await createUser(t.db)).id;
  userToken = await tokenFor(t.db, user, ['basic']);
  clientToken = await tokenFor(t.db, null, ['basic']);
  wrongScope = await tokenFor(t.db, user, ['albums']);
});

describe('GET /core/search_types', () => {
  it('answers the searchable types as Options (id and title only), "all" first', async () => {
    const res = await get(t, userToken, '/api/v1/core/search_types');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([
      'all',
      'user',
      'album',
      'photo',
      'blog',
      'classified',
      'event',
      'group',
      'video',
      'music_playlist',
      'activity',
    ]);
    for (const option of res.body.data) {
      expect(Object.keys(option).sort()).toEqual(['id', 'title']);
      expect(option.title).toMatch(/\S/);
    }
  });

  it('answers a client-credentials token too (nothing in it is private)', async () => {
    const res = await get(t, clientToken, '/api/v1/core/search_types');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(11);
  });

  it('answers 403 insufficient_scope without the basic scope', async () => {
    const res = await get(t, wrongScope, '/api/v1/core/search_types');
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });

  it('answers 401 without a token', async () => {
    expect((await get(t, null, '/api/v1/core/search_types')).status).toBe(401);
  });
});
