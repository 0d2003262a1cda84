import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { accessTokenWorks, Browser, codeFor, pkce, postForm, TOKEN } from './flow.ts';

const t = setupApi();
let app: { id: string; secret: string | null };
let other: { id: string; secret: string | null };
let spa: { id: string; secret: string | null };
let noRefresh: { id: string; secret: string | null };
let browser: Browser;
const email = 'code@example.com';
const REDIRECT = 'https://app.example/callback';

beforeAll(async () => {
  await createUser(t.db, { email });
  app = await createClient(t.db, { id: 'app', scopes: ['basic', 'activities', 'albums'] });
  other = await createClient(t.db, { id: 'other' });
  spa = await createClient(t.db, {
    id: 'spa',
    secret: null,
    redirectUris: ['https://spa.example/cb'],
    grants: ['authorization_code', 'refresh_token'],
  });
  noRefresh = await createClient(t.db, { id: 'no-refresh', grants: ['authorization_code'] });
  // One signed-in browser for the file: the site session is remembered between authorizations.
  browser = new Browser(t.app);
});

const exchange = (client: { id: string; secret: string | null }, fields: Record<string, string>) =>
  postForm(t.app, TOKEN, { grant_type: 'authorization_code', ...fields }, { client });

describe('POST /api/v1/oauth/token, grant_type=authorization_code', () => {
  it('exchanges a code for an access token and a refresh token, with no-store headers', async () => {
    const code = await codeFor(browser, app, email, { scope: 'activities basic' });
    const res = await exchange(app, { code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
      token_type: 'bearer',
      scope: 'basic activities',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.pragma).toBe('no-cache');
    expect(await accessTokenWorks(t.db, res.body.access_token)).toBe(true);
  });

  it('grants every scope the client is allowed when the authorization request named none', async () => {
    const res = await exchange(app, { code: await codeFor(browser, app, email) });
    expect(res.body.scope).toBe('basic activities albums');
  });

  it('issues no refresh token to a client without the refresh_token grant', async () => {
    const res = await exchange(noRefresh, { code: await codeFor(browser, noRefresh, email) });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toBeUndefined();
  });

  it('accepts a code only once; a reused code is refused and revokes every token it issued', async () => {
    const code = await codeFor(browser, app, email);
    const first = await exchange(app, { code });
    expect(first.status).toBe(200);
    const again = await exchange(app, { code });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(await accessTokenWorks(t.db, first.body.access_token)).toBe(false);
    const refreshed = await postForm(
      t.app,
      TOKEN,
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token },
      { client: app },
    );
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('lets only one of two concurrent exchanges of one code succeed', async () => {
    const code = await codeFor(browser, app, email);
    const results = await Promise.all([exchange(app, { code }), exchange(app, { code })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an unknown code', async () => {
    const res = await exchange(app, { code: 'not-a-code' });
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses a missing code with invalid_request', async () => {
    const res = await exchange(app, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('refuses an expired code (they live 60 seconds)', async () => {
    const code = await codeFor(browser, app, email);
    const row = await t.db.selectFrom('oauth_codes').select(['id', 'expires_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    await t.db
      .updateTable('oauth_codes')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('id', '=', row.id)
      .execute();
    const res = await exchange(app, { code });
    expect(res.body.error).toBe('invalid_grant');
  });

  it('refuses a code issued to another client', async () => {
    const code = await codeFor(browser, app, email);
    const res = await exchange(other, { code });
    expect(res.body.error).toBe('invalid_grant');
    // The rightful client can still redeem it.
    expect((await exchange(app, { code })).status).toBe(200);
  });

  describe('redirect_uri', () => {
    it('must be sent, identical, when the authorization request carried one', async () => {
      const code = await codeFor(browser, app, email, { redirect_uri: REDIRECT });
      expect((await exchange(app, { code })).body.error).toBe('invalid_grant');
      expect((await exchange(app, { code, redirect_uri: `${REDIRECT}/` })).body.error).toBe('invalid_grant');
      expect((await exchange(app, { code, redirect_uri: REDIRECT })).status).toBe(200);
    });

    it('may be omitted when the authorization request omitted it, but must not name another URI', async () => {
      const code = await codeFor(browser, app, email);
      expect((await exchange(app, { code, redirect_uri: 'https://evil.example/cb' })).body.error).toBe('invalid_grant');
      expect((await exchange(app, { code })).status).toBe(200);
    });
  });

  describe('PKCE (S256)', () => {
    it('succeeds with the verifier matching the challenge', async () => {
      const { verifier, challenge } = pkce();
      const code = await codeFor(browser, app, email, { code_challenge: challenge, code_challenge_method: 'S256' });
      const res = await exchange(app, { code, code_verifier: verifier });
      expect(res.status).toBe(200);
    });

    it('refuses a verifier that does not match', async () => {
      const { challenge } = pkce();
      const code = await codeFor(browser, app, email, { code_challenge: challenge, code_challenge_method: 'S256' });
      const res = await exchange(app, { code, code_verifier: pkce().verifier });
      expect(res.body.error).toBe('invalid_grant');
    });

    it('refuses a code with a challenge when the verifier is missing', async () => {
      const { challenge } = pkce();
      const code = await codeFor(browser, app, email, { code_challenge: challenge, code_challenge_method: 'S256' });
      expect((await exchange(app, { code })).body.error).toBe('invalid_grant');
    });

    it('refuses a verifier for a code that had no challenge (downgrade)', async () => {
      const code = await codeFor(browser, app, email);
      const res = await exchange(app, { code, code_verifier: pkce().verifier });
      expect(res.body.error).toBe('invalid_grant');
    });

    it('lets a public client exchange a code with client_id and verifier only, and get a refresh token', async () => {
      const { verifier, challenge } = pkce();
      const code = await codeFor(browser, spa, email, { code_challenge: challenge, code_challenge_method: 'S256' });
      const res = await exchange(spa, { code, code_verifier: verifier });
      expect(res.status).toBe(200);
      expect(res.body.refresh_token).toEqual(expect.any(String));
    });

    it('refuses a public client without the verifier', async () => {
      const { challenge } = pkce();
      const code = await codeFor(browser, spa, email, { code_challenge: challenge, code_challenge_method: 'S256' });
      expect((await exchange(spa, { code })).body.error).toBe('invalid_grant');
    });
  });
});
