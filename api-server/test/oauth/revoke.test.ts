import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { accessTokenWorks, basic, postForm, REVOKE, TOKEN } from './flow.ts';

const t = setupApi();
let client: { id: string; secret: string | null };
let other: { id: string; secret: string | null };
const email = 'revoke@example.com';

beforeAll(async () => {
  await createUser(t.db, { email });
  client = await createClient(t.db, { id: 'client', grants: ['password', 'refresh_token'] });
  other = await createClient(t.db, { id: 'other', grants: ['password', 'refresh_token'] });
});

async function tokens(as = client) {
  const res = await postForm(t.app, TOKEN, { grant_type: 'password', email, password: 'password' }, { client: as });
  return res.body as { access_token: string; refresh_token: string };
}

const revoke = (fields: Record<string, string>, as: { id: string; secret: string | null } = client) =>
  postForm(t.app, REVOKE, fields, { client: as });

describe('POST /api/v1/oauth/revoke (RFC 7009)', () => {
  it('revokes an access token: 200, and the token no longer works', async () => {
    const { access_token, refresh_token } = await tokens();
    const res = await revoke({ token: access_token, token_type_hint: 'access_token' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await accessTokenWorks(t.db, access_token)).toBe(false);
    // Revoking an access token leaves the refresh token alone.
    expect((await postForm(t.app, TOKEN, { grant_type: 'refresh_token', refresh_token }, { client })).status).toBe(200);
  });

  it('revokes a refresh token and its whole family', async () => {
    const first = await tokens();
    const rotated = (await postForm(t.app, TOKEN, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, { client })).body;
    expect((await revoke({ token: rotated.refresh_token, token_type_hint: 'refresh_token' })).status).toBe(200);
    expect(await accessTokenWorks(t.db, first.access_token)).toBe(false);
    expect(await accessTokenWorks(t.db, rotated.access_token)).toBe(false);
    const again = await postForm(t.app, TOKEN, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token }, { client });
    expect(again.body.error).toBe('invalid_grant');
  });

  it('answers 200 for an unknown token, a wrong hint and a token revoked twice', async () => {
    const { access_token } = await tokens();
    expect((await revoke({ token: 'unknown' })).status).toBe(200);
    expect((await revoke({ token: access_token, token_type_hint: 'refresh_token' })).status).toBe(200);
    expect(await accessTokenWorks(t.db, access_token)).toBe(false);
    expect((await revoke({ token: access_token, token_type_hint: 'something_else' })).status).toBe(200);
  });

  it("does not revoke another client's token (and does not say so)", async () => {
    const { access_token } = await tokens(other);
    expect((await revoke({ token: access_token })).status).toBe(200);
    expect(await accessTokenWorks(t.db, access_token)).toBe(true);
  });

  it('refuses a missing token with invalid_request', async () => {
    const res = await revoke({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('requires client authentication', async () => {
    const { access_token } = await tokens();
    const res = await postForm(t.app, REVOKE, { token: access_token }, { headers: { authorization: basic(client.id, 'wrong') } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(res.headers['www-authenticate']).toBe('Basic realm="oauth"');
    expect(await accessTokenWorks(t.db, access_token)).toBe(true);
  });
});
