import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { accessTokenWorks, postForm, TOKEN } from './flow.ts';

const t = setupApi();
let client: { id: string; secret: string | null };
let other: { id: string; secret: string | null };
let noRefresh: { id: string; secret: string | null };
const email = 'refresh@example.com';

beforeAll(async () => {
  await createUser(t.db, { email });
  client = await createClient(t.db, { id: 'client', grants: ['password', 'refresh_token'], scopes: ['basic', 'activities', 'albums'] });
  other = await createClient(t.db, { id: 'other', grants: ['password', 'refresh_token'] });
  noRefresh = await createClient(t.db, { id: 'no-refresh', grants: ['password'] });
});

async function signIn(scope?: string) {
  const res = await postForm(
    t.app,
    TOKEN,
    { grant_type: 'password', email, password: 'password', ...(scope ? { scope } : {}) },
    { client },
  );
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; scope: string };
}

const refresh = (refreshToken: string, extra: Record<string, string> = {}, as = client) =>
  postForm(t.app, TOKEN, { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra }, { client: as });

describe('POST /api/v1/oauth/token, grant_type=refresh_token', () => {
  it('rotates: a new access token and a new refresh token, the old refresh token marked used', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'basic activities albums' });
    expect(res.body.refresh_token).not.toBe(first.refresh_token);
    expect(res.body.access_token).not.toBe(first.access_token);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await accessTokenWorks(t.db, res.body.access_token)).toBe(true);
    // The new pair belongs to the same family as the old one.
    const families = await t.db
      .selectFrom('oauth_tokens')
      .select(['family_id', 'used_at', 'kind'])
      .where('client_id', '=', client.id)
      .orderBy('id')
      .execute();
    const fams = new Set(families.slice(-4).map((r) => r.family_id));
    expect(fams.size).toBe(1);
    // And the new refresh token works in turn.
    expect((await refresh(res.body.refresh_token)).status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).body;
    const reuse = await refresh(first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect(await accessTokenWorks(t.db, first.access_token)).toBe(false);
    expect(await accessTokenWorks(t.db, second.access_token)).toBe(false);
    expect((await refresh(second.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('lets only one of two concurrent uses of one refresh token succeed', async () => {
    const first = await signIn();
    const results = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.error).toBe('invalid_grant');
  });

  it('narrows the scope when asked for an equal or smaller one; the refresh token keeps the full scope', async () => {
    const first = await signIn();
    const equal = await refresh(first.refresh_token, { scope: 'albums activities basic' });
    expect(equal.body.scope).toBe('basic activities albums');
    const narrow = await refresh(equal.body.refresh_token, { scope: 'albums' });
    expect(narrow.status).toBe(200);
    expect(narrow.body.scope).toBe('albums');
    const back = await refresh(narrow.body.refresh_token);
    expect(back.body.scope).toBe('basic activities albums');
  });

  it('refuses a wider scope with invalid_scope and leaves the refresh token usable', async () => {
    const first = await signIn('basic');
    const wider = await refresh(first.refresh_token, { scope: 'basic albums' });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const first = await signIn();
    await t.db.updateTable('oauth_tokens').set({ expires_at: 1 }).where('kind', '=', 'refresh').where('used_at', 'is', null).execute();
    expect((await refresh(first.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('refuses a revoked refresh token', async () => {
    const first = await signIn();
    await t.db.updateTable('oauth_tokens').set({ revoked_at: 1 }).where('kind', '=', 'refresh').execute();
    expect((await refresh(first.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('refuses a refresh token of another client, without using it up', async () => {
    const first = await signIn();
    expect((await refresh(first.refresh_token, {}, other)).body.error).toBe('invalid_grant');
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it('refuses an access token presented as a refresh token, and an unknown one', async () => {
    const first = await signIn();
    expect((await refresh(first.access_token)).body.error).toBe('invalid_grant');
    expect((await refresh('nonsense')).body.error).toBe('invalid_grant');
  });

  it('refuses a missing refresh_token with invalid_request', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'refresh_token' }, { client });
    expect(res.body.error).toBe('invalid_request');
  });

  it('refuses a client without the refresh_token grant with unauthorized_client', async () => {
    const first = await signIn();
    expect((await refresh(first.refresh_token, {}, noRefresh)).body.error).toBe('unauthorized_client');
  });
});
