import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { accessTokenWorks, postForm, TOKEN } from './flow.ts';

const t = setupApi();
let trusted: { id: string; secret: string | null };
let notTrusted: { id: string; secret: string | null };
let userId: number;
const email = 'pw@example.com';

beforeAll(async () => {
  userId = (await createUser(t.db, { email })).id;
  await t.db.insertInto('user_identities').values({ provider: 'twitter', uid: 'tw-42', user_id: userId }).execute();
  trusted = await createClient(t.db, { id: 'trusted', grants: ['password', 'refresh_token'], scopes: ['basic', 'albums'] });
  notTrusted = await createClient(t.db, { id: 'not-trusted', grants: ['authorization_code', 'refresh_token'] });
});

const password = (fields: Record<string, string>, client = trusted) =>
  postForm(t.app, TOKEN, { grant_type: 'password', ...fields }, { client });

describe('POST /api/v1/oauth/token, grant_type=password', () => {
  it('issues an access token and a refresh token for a correct email and password', async () => {
    const res = await password({ email, password: 'password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'basic albums', refresh_token: expect.any(String) });
    expect(await accessTokenWorks(t.db, res.body.access_token)).toBe(true);
    const row = await t.db.selectFrom('oauth_tokens').select('user_id').where('client_id', '=', trusted.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(userId);
  });

  it('matches the email case-insensitively', async () => {
    expect((await password({ email: 'PW@Example.com', password: 'password' })).status).toBe(200);
  });

  it('issues tokens for a known provider and uid', async () => {
    const res = await password({ provider: 'twitter', uid: 'tw-42', scope: 'basic' });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('basic');
  });

  it('refuses a wrong password or an unknown email with invalid_grant', async () => {
    for (const fields of [
      { email, password: 'nope' },
      { email: 'nobody@example.com', password: 'password' },
    ]) {
      const res = await password(fields);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_grant');
    }
  });

  it('refuses an unknown uid with invalid_grant', async () => {
    expect((await password({ provider: 'twitter', uid: 'someone-else' })).body.error).toBe('invalid_grant');
  });

  it('refuses a provider that is not one of the two configured with invalid_request', async () => {
    const res = await password({ provider: 'myspace', uid: 'tw-42' });
    expect(res.body.error).toBe('invalid_request');
    expect(res.body.error_description).toContain('facebook, twitter');
  });

  it('refuses missing or mixed credentials with invalid_request', async () => {
    const cases: Record<string, string>[] = [
      {},
      { email },
      { provider: 'twitter' },
      { email, password: 'password', provider: 'twitter', uid: 'tw-42' },
    ];
    for (const fields of cases) {
      expect((await password(fields)).body.error).toBe('invalid_request');
    }
  });

  it("refuses a scope outside the client's set with invalid_scope", async () => {
    expect((await password({ email, password: 'password', scope: 'basic events' })).body.error).toBe('invalid_scope');
  });

  it('refuses a client that is not allowed the grant with unauthorized_client', async () => {
    const res = await password({ email, password: 'password' }, notTrusted);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unauthorized_client');
  });

  it('stops accepting an email after 10 failures, even with the right password', async () => {
    const victim = 'locked@example.com';
    await createUser(t.db, { email: victim });
    for (let i = 0; i < 10; i++) await password({ email: victim, password: `guess${i}` });
    const res = await password({ email: victim, password: 'password' });
    expect(res.body.error).toBe('invalid_grant');
    expect(res.body.error_description).toContain('Too many failed sign-ins');
  });
});
