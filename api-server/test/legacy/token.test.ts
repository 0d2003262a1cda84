import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLegacyApp, issueKey, WEB_APP_ID } from '../../src/legacy/apps.ts';
import { TOKEN_TTL } from '../../src/legacy/tokens.ts';
import { sha256 } from '../../src/oauth/crypto.ts';
import { now } from '../../src/db/index.ts';
import { createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { callApi, expectError, postApi } from './fixtures.ts';

const t = setupApi();
let user: number;

beforeAll(async () => {
  await ensureLegacyApp(t.db, t.config);
  user = (await createUser(t.db, { full_name: 'Tina Token' })).id;
});

const exchange = async (key: string) => {
  const res = await t.app.inject({ url: `/token.php?key=${encodeURIComponent(key)}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
};

describe('GET /token.php', () => {
  it('exchanges a fresh key for a token: {api, output: {token}}', async () => {
    const body = await exchange(await issueKey(t.db, WEB_APP_ID, user));
    expect(body).toEqual({ api: { total: 1, pages: 1, current_page: 1 }, output: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    // The token works for the key's user.
    const me = await callApi(t, body.output.token, 'user.getUser');
    expect(me.output.user_id).toBe(user);
  });

  it('stores the token only as its hash, with the app, the user and a two-hour lifetime', async () => {
    const before = now();
    const { output } = await exchange(await issueKey(t.db, WEB_APP_ID, user));
    const row = await t.db.selectFrom('legacy_tokens').selectAll().where('token_hash', '=', sha256(output.token)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ app_id: WEB_APP_ID, user_id: user });
    expect(row.expires_at - before).toBeGreaterThanOrEqual(TOKEN_TTL);
    expect(row.expires_at - before).toBeLessThanOrEqual(TOKEN_TTL + 2);
    expect(TOKEN_TTL).toBe(7200);
    const stored = await t.db.selectFrom('legacy_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(output.token);
  });

  it('a key works once: the second exchange answers error 10 and issues nothing', async () => {
    const key = await issueKey(t.db, WEB_APP_ID, user);
    await exchange(key);
    const count = (await t.db.selectFrom('legacy_tokens').select('token_hash').execute()).length;
    expectError(await exchange(key), 10, /already used|expired|unknown/);
    expect((await t.db.selectFrom('legacy_tokens').select('token_hash').execute()).length).toBe(count);
  });

  it('a key older than 60 seconds answers error 10', async () => {
    const key = await issueKey(t.db, WEB_APP_ID, user);
    const row = await t.db.selectFrom('legacy_keys').select('expires_at').where('key_hash', '=', sha256(key)).executeTakeFirstOrThrow();
    expect(row.expires_at - now()).toBeGreaterThanOrEqual(59);
    expect(row.expires_at - now()).toBeLessThanOrEqual(60);
    await t.db
      .updateTable('legacy_keys')
      .set({ expires_at: now() - 1 })
      .where('key_hash', '=', sha256(key))
      .execute();
    expectError(await exchange(key), 10);
  });

  it('an unknown key answers error 10; a missing key error 4', async () => {
    expectError(await exchange('made-up-key'), 10);
    const res = await t.app.inject({ url: '/token.php' });
    expect(res.statusCode).toBe(200);
    expectError(res.json(), 4, /key/);
  });
});

describe('GET /api.php: the token', () => {
  it('a missing token answers error 2', async () => {
    expectError(await callApi(t, null, 'user.getUser'), 2, /token/);
  });

  it('an unknown token answers error 3', async () => {
    expectError(await callApi(t, 'not-a-token', 'user.getUser'), 3);
  });

  it('an expired token answers error 3', async () => {
    const { output } = await exchange(await issueKey(t.db, WEB_APP_ID, user));
    await t.db
      .updateTable('legacy_tokens')
      .set({ expires_at: now() - 1 })
      .where('token_hash', '=', sha256(output.token))
      .execute();
    expectError(await callApi(t, output.token, 'user.getUser'), 3, /expired/);
  });

  it('an OAuth access token is not a legacy token (error 3)', async () => {
    const { tokenFor } = await import('../helpers.ts');
    expectError(await callApi(t, await tokenFor(t.db, user), 'user.getUser'), 3);
  });
});

describe('GET /api.php: method and parameters', () => {
  let token: string;
  beforeAll(async () => {
    token = (await exchange(await issueKey(t.db, WEB_APP_ID, user))).output.token;
  });

  it('an unknown method answers error 1 naming it; a missing method error 1', async () => {
    expectError(await callApi(t, token, 'photo.deletePhoto'), 1, /photo\.deletePhoto/);
    expectError(await callApi(t, token, null), 1, /method/);
  });

  it('methods are case-sensitive module.method names; object internals are no methods', async () => {
    expectError(await callApi(t, token, 'User.GetUser'), 1);
    expectError(await callApi(t, token, 'constructor'), 1);
    expectError(await callApi(t, token, '__proto__'), 1);
  });

  it.each([
    ['page', { page: 'two' }],
    ['page', { page: 0 }],
    ['user_id', { user_id: 'me' }],
    ['user_id', { user_id: -3 }],
  ])('a bad %s answers error 5 naming it', async (name, params) => {
    expectError(await callApi(t, token, 'friend.getFriends', params as Record<string, string>), 5, new RegExp(name));
  });

  it('a parameter sent twice answers error 5', async () => {
    const res = await t.app.inject({ url: `/api.php?token=${token}&method=user.getUser&user_id=1&user_id=2` });
    expect(res.statusCode).toBe(200);
    expectError(res.json(), 5, /user_id/);
  });

  it('answers HTTP 200 with the error form even for an unreadable body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api.php?token=${token}&method=photo.addPhoto`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().output).toMatchObject({ error: true, error_id: 5 });
  });

  it('a POST without a body takes its parameters from the query; a body that is not a form answers error 5', async () => {
    const bare = await t.app.inject({ method: 'POST', url: `/api.php?token=${token}&method=user.getUser` });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().output.user_id).toBe(user);
    const text = await t.app.inject({
      method: 'POST',
      url: `/api.php?token=${token}&method=user.getUser`,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(200);
    expectError(text.json(), 5, /multipart\/form-data/);
  });

  it('read methods may also be sent as POST with the parameters in the form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, method: 'user.getUser' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().output.user_id).toBe(user);
  });
});

describe('POST /api.php?method=auth.expireSession (extension)', () => {
  it('ends the token it is called with: every later call answers error 3; the member’s other tokens work on', async () => {
    const token = (await exchange(await issueKey(t.db, WEB_APP_ID, user))).output.token;
    const other = (await exchange(await issueKey(t.db, WEB_APP_ID, user))).output.token;
    expect(await postApi(t, token, 'auth.expireSession')).toEqual({ api: { total: 1, pages: 1, current_page: 1 }, output: { expired: 1 } });
    expectError(await callApi(t, token, 'user.getUser'), 3);
    expectError(await postApi(t, token, 'auth.expireSession'), 3);
    expect((await callApi(t, other, 'user.getUser')).output.user_id).toBe(user);
    expect(await t.db.selectFrom('legacy_tokens').select('token_hash').where('token_hash', '=', sha256(token)).execute()).toEqual([]);
  });

  it('as a GET it answers error 8 and ends nothing', async () => {
    const token = (await exchange(await issueKey(t.db, WEB_APP_ID, user))).output.token;
    expectError(await callApi(t, token, 'auth.expireSession'), 8, /POST/);
    expect((await callApi(t, token, 'user.getUser')).output.user_id).toBe(user);
  });
});
