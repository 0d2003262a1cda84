import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../src/oauth/crypto.ts';
import { privacyCast, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';
import { addMember, makeEvent } from '../events/event-fixtures.ts';

// Calendar feeds (extension): made with an events-scope token, read with the secret alone,
// stored hashed, stopped at once by revoking or regenerating, independent of OAuth tokens.

const t = setupApi();
let owner: number, friend: number, stranger: number;
let ownerToken: string, friendToken: string;

beforeAll(async () => {
  ({ owner, friend, stranger, ownerToken, friendToken } = await privacyCast(t.db, undefined, { full_name: 'Olga Owner' }));
});

const read = (secret: string) => t.app.inject({ method: 'GET', url: `/api/v1/event_feeds/${secret}` });

describe('calendar feeds', () => {
  it('made with an events-scope token; the secret is told once and stored only as its hash', async () => {
    const res = await post(t, friendToken, '/api/v1/events/feeds', {});
    expect(res.status).toBe(200);
    const { id, secret } = res.body.data;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const rows = await t.db.selectFrom('event_feeds').selectAll().where('id', '=', id).execute();
    expect(rows[0]!.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect((await get(t, friendToken, '/api/v1/events/feeds')).body.data).toEqual([{ id, created_at: expect.any(Number) }]);
    const noScope = await tokenFor(t.db, friend, ['basic']);
    expect((await post(t, noScope, '/api/v1/events/feeds', {})).status).toBe(403);
  });

  it('lists what one leads, attends, may attend or is invited to, without any member’s name', async () => {
    const going = await makeEvent(t.db, owner, { title: 'Going one' });
    const invited = await makeEvent(t.db, owner, { title: 'Invited one' });
    const declined = await makeEvent(t.db, owner, { title: 'Declined one' });
    const asked = await makeEvent(t.db, owner, { title: 'Asked one', approval: 1 });
    const mine = await makeEvent(t.db, friend, { title: 'Mine' });
    await addMember(t.db, going, friend, 'attending');
    await addMember(t.db, invited, friend, 'awaiting_reply', owner);
    await addMember(t.db, declined, friend, 'not_attending');
    await addMember(t.db, asked, friend, 'requested');
    await addMember(t.db, mine, stranger, 'attending');
    const { secret } = (await post(t, friendToken, '/api/v1/events/feeds', {})).body.data;
    const res = await read(secret);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: number; title: string; rsvp: string; updated_at: number; start_at: number }>;
    expect(data.map((e) => e.title).sort()).toEqual(['Going one', 'Invited one', 'Mine']);
    expect(data.find((e) => e.id === mine)!.rsvp).toBe('organiser');
    expect(typeof data[0]!.updated_at).toBe('number');
    expect(res.body).not.toContain('Olga Owner');
    expect(res.body).not.toContain('owner');
  });

  it('keeps working when every OAuth token of the person is revoked', async () => {
    const { secret } = (await post(t, ownerToken, '/api/v1/events/feeds', {})).body.data;
    await t.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: Math.floor(Date.now() / 1000) })
      .where('user_id', '=', owner)
      .execute();
    expect((await read(secret)).statusCode).toBe(200);
  });

  it('a wrong, revoked or regenerated secret is 404 at once', async () => {
    const token = await tokenFor(t.db, stranger, ['events']);
    const first = (await post(t, token, '/api/v1/events/feeds', {})).body.data;
    expect((await read(first.secret)).statusCode).toBe(200);
    const second = (await post(t, token, '/api/v1/events/feeds', {})).body.data;
    expect((await read(first.secret)).statusCode).toBe(404);
    expect((await read(second.secret)).statusCode).toBe(200);
    expect((await read(`${second.secret.slice(0, -2)}xx`)).statusCode).toBe(404);
    // Another person cannot revoke it.
    expect((await del(t, friendToken, `/api/v1/events/feeds/${second.id}`)).status).toBe(404);
    expect((await del(t, token, `/api/v1/events/feeds/${second.id}`)).status).toBe(200);
    expect((await read(second.secret)).statusCode).toBe(404);
    expect((await get(t, token, '/api/v1/events/feeds')).body.data).toEqual([]);
  });
});
