import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../../src/db/index.ts';
import { sha256 } from '../../../src/oauth/crypto.ts';
import { call, createUser, tokenFor } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get } from '../fixtures.ts';

const t = setupApi();
let user: { id: number; name: string };
let token: string;
beforeAll(async () => {
  user = await createUser(t.db, { email: 'me@example.com', full_name: 'Mia Example' });
  token = await tokenFor(t.db, user.id, ['basic']);
});

describe('GET /users/me', () => {
  it('answers the owner summary of the signed-in user plus email', async () => {
    const res = await get(t, token, '/api/v1/users/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: user.id,
        type: 'user',
        title: 'Mia Example',
        email: 'me@example.com',
        imgs: {
          icon: 'http://localhost:4000/files/img/default-user/50sq.png',
          normal: 'http://localhost:4000/files/img/default-user/120.png',
          profile: 'http://localhost:4000/files/img/default-user/240.png',
          original: 'http://localhost:4000/files/img/default-user/original.png',
        },
      },
    });
  });

  it('points users without a picture at a default picture that is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/img/default-user/50sq.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it("uses the user's own picture when there is one", async () => {
    const other = await createUser(t.db);
    await t.db.updateTable('users').set({ avatar_key: 'cafe01.jpg' }).where('id', '=', other.id).execute();
    const res = await get(t, await tokenFor(t.db, other.id, ['basic']), '/api/v1/users/me');
    expect(res.body.data.imgs.icon).toBe('http://localhost:4000/files/img/cafe01/50sq.jpg');
  });

  it('refuses a client-credentials token with 403', async () => {
    const res = await get(t, await tokenFor(t.db, null, ['basic']), '/api/v1/users/me');
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('forbidden');
  });
});

describe('access tokens on resource endpoints', () => {
  it('accepts the token as the access_token query parameter', async () => {
    const res = await call(t.app, null, { method: 'GET', url: `/api/v1/users/me?access_token=${token}` });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(user.id);
  });

  it('answers 400 when the token comes both in the header and the query', async () => {
    const res = await call(t.app, token, { method: 'GET', url: `/api/v1/users/me?access_token=${token}` });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('answers 401 without a token', async () => {
    const res = await get(t, null, '/api/v1/users/me');
    expect(res.status).toBe(401);
    expect(res.body.data.error_text).toBe('unauthorized_user');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers 401 to an unknown token', async () => {
    expect((await get(t, 'not-a-real-token', '/api/v1/users/me')).status).toBe(401);
  });

  it('answers 401 to an expired token', async () => {
    const expired = await tokenFor(t.db, user.id, ['basic']);
    await t.db
      .updateTable('oauth_tokens')
      .set({ expires_at: now() - 1 })
      .where('token_hash', '=', sha256(expired))
      .execute();
    const res = await get(t, expired, '/api/v1/users/me');
    expect(res.status).toBe(401);
    expect(res.body.data.message).toMatch(/expired/);
  });

  it('answers 401 to a revoked token', async () => {
    const revoked = await tokenFor(t.db, user.id, ['basic']);
    await t.db.updateTable('oauth_tokens').set({ revoked_at: now() }).where('token_hash', '=', sha256(revoked)).execute();
    expect((await get(t, revoked, '/api/v1/users/me')).status).toBe(401);
  });

  it("answers 403 insufficient_scope to a token without the endpoint's scope", async () => {
    const res = await get(t, await tokenFor(t.db, user.id, ['activities']), '/api/v1/users/me');
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
  });
});
