import { beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { Browser } from './flow.ts';

// The authorization server as an independent, spec-strict OAuth client library sees it
// (oauth4webapi), over real HTTP: discovery, code + PKCE, refresh rotation, client
// credentials, revocation, and a resource call with the tokens it got.

// Listening: the public URL its metadata gives is the address it listens on.
const t = setupApi({ listen: true });
let issuer: URL;
let as: oauth.AuthorizationServer;
const REDIRECT = 'https://app.example/callback';
const insecure = { [oauth.allowInsecureRequests]: true };
let client: oauth.Client;
let clientAuth: oauth.ClientAuth;
let email: string;

beforeAll(async () => {
  issuer = new URL(t.config.publicUrl);
  const registered = await createClient(t.db, {
    redirectUris: [REDIRECT],
    grants: ['authorization_code', 'refresh_token', 'client_credentials'],
  });
  client = { client_id: registered.id };
  clientAuth = oauth.ClientSecretBasic(registered.secret!);
  email = `lib-${Date.now()}@example.com`;
  await createUser(t.db, { email });
});

describe('an independent OAuth 2.0 client library (oauth4webapi)', () => {
  it('discovers the server from its RFC 8414 metadata', async () => {
    const res = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure });
    as = await oauth.processDiscoveryResponse(issuer, res);
    expect(as.issuer).toBe(issuer.href.replace(/\/$/, ''));
    expect(as.code_challenge_methods_supported).toContain('S256');
  });

  it('signs in with code + PKCE + state, refreshes with rotation, and calls the API', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authUrl = new URL(as.authorization_endpoint!);
    authUrl.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: 'basic activities',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();

    // The person's part happens in a browser (here one that keeps cookies); the library takes over at the redirect.
    const back = await new Browser(t.app).authorize(Object.fromEntries(authUrl.searchParams), email);
    const params = oauth.validateAuthResponse(as, client, back, state);
    const res = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, REDIRECT, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('basic activities');
    expect(tokens.refresh_token).toBeTruthy();

    const me = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${issuer.href}api/v1/users/me`),
      undefined,
      undefined,
      insecure,
    );
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    // The old refresh token is spent: using it again is refused (and revokes the family).
    await expect(
      oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, insecure),
      ),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // The library reads the resource's 401 challenge as RFC 6750 says: an invalid_token error.
    await expect(
      oauth.protectedResourceRequest(
        refreshed.access_token,
        'GET',
        new URL(`${issuer.href}api/v1/users/me`),
        undefined,
        undefined,
        insecure,
      ),
    ).rejects.toMatchObject({ cause: [{ scheme: 'bearer', parameters: { error: 'invalid_token' } }] });
  });

  it('gets a client-credentials token without a refresh token, and revokes it', async () => {
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, clientAuth, new URLSearchParams({ scope: 'basic' }), insecure),
    );
    expect(tokens.refresh_token).toBeUndefined();
    const url = new URL(`${issuer.href}api/v1/core/report_types`);
    expect((await oauth.protectedResourceRequest(tokens.access_token, 'GET', url, undefined, undefined, insecure)).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, tokens.access_token, insecure));
    await expect(oauth.protectedResourceRequest(tokens.access_token, 'GET', url, undefined, undefined, insecure)).rejects.toMatchObject({
      cause: [{ scheme: 'bearer', parameters: { error: 'invalid_token' } }],
    });
  });
});
