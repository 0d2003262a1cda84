import { describe, expect, it } from 'vitest';
import { setupApi } from '../fixture.ts';

const t = setupApi({ config: { publicUrl: 'https://api.example.com' } });

describe('GET /.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('describes the endpoints, grants, scopes and methods this server supports', async () => {
    const res = await t.app.inject({ url: '/.well-known/oauth-authorization-server' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toMatchObject({
      issuer: 'https://api.example.com',
      authorization_endpoint: 'https://api.example.com/api/v1/oauth/authorize',
      token_endpoint: 'https://api.example.com/api/v1/oauth/token',
      revocation_endpoint: 'https://api.example.com/api/v1/oauth/revoke',
      response_types_supported: ['code', 'token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      code_challenge_methods_supported: ['S256'],
    });
    expect([...body.grant_types_supported].sort()).toEqual([
      'authorization_code',
      'client_credentials',
      'implicit',
      'password',
      'refresh_token',
    ]);
    expect(body.scopes_supported).toEqual([
      'basic',
      'settings',
      'activities',
      'albums',
      'friends',
      'messages',
      'videos',
      'blogs',
      'groups',
      'music',
      'classifieds',
      'events',
    ]);
  });
});
