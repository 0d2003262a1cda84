import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { accessTokenWorks, postForm, TOKEN } from './flow.ts';

const t = setupApi();
let service: { id: string; secret: string | null };
let userOnly: { id: string; secret: string | null };
let spa: { id: string; secret: string | null };

beforeAll(async () => {
  service = await createClient(t.db, { id: 'service', grants: ['client_credentials'], scopes: ['basic', 'blogs'] });
  userOnly = await createClient(t.db, { id: 'user-only', grants: ['authorization_code'] });
  // A public client registered with the grant anyway (bypassing the CLI's check) is still refused.
  spa = await createClient(t.db, { id: 'spa', secret: null, grants: ['authorization_code', 'client_credentials'] });
});

describe('POST /api/v1/oauth/token, grant_type=client_credentials', () => {
  it('issues an access token for no user, and no refresh token', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials' }, { client: service });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), expires_in: 3600, token_type: 'bearer', scope: 'basic blogs' });
    const row = await t.db.selectFrom('oauth_tokens').selectAll().where('client_id', '=', service.id).execute();
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ kind: 'access', user_id: null });
    expect(await accessTokenWorks(t.db, res.body.access_token)).toBe(true);
  });

  it('narrows to the requested scope', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials', scope: 'blogs' }, { client: service });
    expect(res.body.scope).toBe('blogs');
  });

  it('refuses a scope the client does not have with invalid_scope', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials', scope: 'albums' }, { client: service });
    expect(res.body.error).toBe('invalid_scope');
  });

  it('refuses a client without the grant with unauthorized_client', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials' }, { client: userOnly });
    expect(res.body.error).toBe('unauthorized_client');
  });

  it('refuses a public client with unauthorized_client', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials' }, { client: spa });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unauthorized_client');
  });
});
