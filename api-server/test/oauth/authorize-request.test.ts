// Validation of the authorization request, in the order of RFC 6749 §4.1.2.1: errors about the
// client or its redirect URI are shown to the user; the others go back to the client.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { AUTHORIZE, authorizeUrl, pkce } from './flow.ts';

const t = setupApi();
let confidential: { id: string; secret: string | null };
let publicClient: { id: string; secret: string | null };
let twoUris: { id: string; secret: string | null };
let codeOnly: { id: string; secret: string | null };
const REDIRECT = 'https://app.example/callback';

beforeAll(async () => {
  confidential = await createClient(t.db, { id: 'confidential' });
  publicClient = await createClient(t.db, {
    id: 'spa',
    secret: null,
    redirectUris: ['https://spa.example/cb'],
    grants: ['authorization_code', 'refresh_token', 'implicit'],
  });
  twoUris = await createClient(t.db, { id: 'two-uris', redirectUris: ['https://a.example/cb', 'https://b.example/cb?x=1'] });
  codeOnly = await createClient(t.db, { id: 'code-only', grants: ['authorization_code'], scopes: ['basic', 'activities'] });
});

describe('GET /api/v1/oauth/authorize: errors that are shown, never redirected', () => {
  it('shows an error page (400) for a missing client_id', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code' }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('client_id is missing');
  });

  it('shows an error page for an unknown client_id', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: 'nobody', redirect_uri: REDIRECT }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('not registered');
  });

  it('shows an error page for a redirect_uri the client did not register, even a near match', async () => {
    for (const uri of ['https://evil.example/callback', `${REDIRECT}/`, `${REDIRECT}?next=1`, 'https://APP.example/callback']) {
      const res = await t.app.inject({
        url: authorizeUrl({ response_type: 'code', client_id: confidential.id, redirect_uri: uri, state: 's' }),
      });
      expect(res.statusCode, uri).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('redirect_uri');
    }
  });

  it('shows an error page when redirect_uri is omitted and the client registered several', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: twoUris.id }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('shows the error before anything else is checked (an unknown client with a bad response_type)', async () => {
    const res = await t.app.inject({
      url: authorizeUrl({ response_type: 'bogus', client_id: 'nobody', redirect_uri: 'https://evil.example/' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('shows an error page for a parameter sent twice', async () => {
    const res = await t.app.inject({ url: `${AUTHORIZE}?response_type=code&client_id=${confidential.id}&client_id=other` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.location).toBeUndefined();
  });

  it('never shows a stack trace or the API envelope', async () => {
    const res = await t.app.inject({ url: `${AUTHORIZE}?client_id=a&client_id=b` });
    expect(res.body).not.toMatch(/at .*\.ts:\d+|success/);
  });
});

describe('GET /api/v1/oauth/authorize: errors that go back to the client', () => {
  const errorOf = (location: string | undefined) => {
    expect(location).toBeDefined();
    const url = new URL(location!);
    return {
      base: `${url.origin}${url.pathname}`,
      error: url.searchParams.get('error'),
      description: url.searchParams.get('error_description'),
      state: url.searchParams.get('state'),
      url,
    };
  };

  it('redirects unsupported_response_type with the state untouched', async () => {
    const state = 'a b/c?d=é&e';
    const res = await t.app.inject({
      url: authorizeUrl({ response_type: 'id_token', client_id: confidential.id, redirect_uri: REDIRECT, state }),
    });
    expect(res.statusCode).toBe(302);
    const e = errorOf(res.headers.location);
    expect(e.base).toBe(REDIRECT);
    expect(e.error).toBe('unsupported_response_type');
    expect(e.description).toBeTruthy();
    expect(e.state).toBe(state);
  });

  it('redirects invalid_request when response_type is missing', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ client_id: confidential.id, state: 'x' }) });
    expect(errorOf(res.headers.location)).toMatchObject({ error: 'invalid_request', state: 'x' });
  });

  it("redirects invalid_scope for a scope outside the client's set or unknown", async () => {
    for (const scope of ['basic albums', 'basic nonsense']) {
      const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: codeOnly.id, scope, state: 'st' }) });
      expect(errorOf(res.headers.location)).toMatchObject({ error: 'invalid_scope', state: 'st' });
    }
  });

  it('redirects unauthorized_client when the client may not use the implicit grant', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'token', client_id: codeOnly.id, state: 'st' }) });
    const url = new URL(res.headers.location as string);
    // Implicit responses, errors included, travel in the fragment.
    const fragment = new URLSearchParams(url.hash.slice(1));
    expect(fragment.get('error')).toBe('unauthorized_client');
    expect(fragment.get('state')).toBe('st');
  });

  it('redirects invalid_request when a public client sends no PKCE challenge', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: publicClient.id, state: 'p' }) });
    expect(errorOf(res.headers.location)).toMatchObject({ base: 'https://spa.example/cb', error: 'invalid_request', state: 'p' });
  });

  it('refuses the plain PKCE method, and a challenge without a method (which means plain)', async () => {
    const { verifier } = pkce();
    const cases: Record<string, string>[] = [
      { code_challenge: verifier, code_challenge_method: 'plain' },
      { code_challenge: pkce().challenge },
    ];
    for (const extra of cases) {
      const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: publicClient.id, ...extra }) });
      const e = errorOf(res.headers.location);
      expect(e.error).toBe('invalid_request');
      expect(e.description).toContain('S256');
    }
  });

  it('refuses a malformed S256 challenge', async () => {
    const res = await t.app.inject({
      url: authorizeUrl({ response_type: 'code', client_id: publicClient.id, code_challenge: 'short', code_challenge_method: 'S256' }),
    });
    expect(errorOf(res.headers.location).error).toBe('invalid_request');
  });

  it("keeps the registered redirect URI's own query when adding the error", async () => {
    const res = await t.app.inject({
      url: authorizeUrl({ response_type: 'nope', client_id: twoUris.id, redirect_uri: 'https://b.example/cb?x=1' }),
    });
    const e = errorOf(res.headers.location);
    expect(e.url.searchParams.get('x')).toBe('1');
    expect(e.error).toBe('unsupported_response_type');
  });
});
