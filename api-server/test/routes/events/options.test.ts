import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';

const t = setupApi();
let token: string;
beforeAll(async () => {
  token = await tokenFor(t.db, (await createUser(t.db)).id);
});

describe('GET /events/categories', () => {
  it('answers the event categories every database has, by title', async () => {
    const res = await get(t, token, '/api/v1/events/categories');
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { title: string }) => c.title)).toEqual(['Community', 'Meetup', 'Music', 'Party', 'Sports', 'Workshop']);
    for (const c of res.body.data) expect(Object.keys(c)).toEqual(['id', 'title']);
  });
});

describe('GET /events/view_options, comment_options, photo_options', () => {
  it('answer the privacy options', async () => {
    for (const name of ['view_options', 'comment_options', 'photo_options']) {
      const res = await get(t, token, `/api/v1/events/${name}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: 'everyone', title: 'Everyone' },
        { id: 'registered', title: 'All members' },
        { id: 'owner_member', title: 'Friends only' },
        { id: 'owner', title: 'Only me' },
      ]);
    }
  });

  it('need the events scope', async () => {
    const other = await tokenFor(t.db, (await createUser(t.db)).id, ['blogs']);
    expect((await get(t, other, '/api/v1/events/categories')).status).toBe(403);
    expect((await get(t, other, '/api/v1/events/view_options')).status).toBe(403);
  });
});
