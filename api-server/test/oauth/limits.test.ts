import { beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_FORM_MAX, OAUTH_PARAM_MAX } from '../../src/oauth/limits.ts';
import { createClient, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { authorizeUrl, Browser, hiddenFields, postForm, REVOKE, TOKEN } from './flow.ts';

// Issue 13: the authorize page reflected unbounded parameters. A 100,000-character state came
// back as a 100 KB Location after signing in (which the API's own header limit then refused with
// 431), and a 100,000-character scope came back whole in error_description.

const t = setupApi();
let client: { id: string; secret: string | null };
const email = 'limits@example.com';
const HUGE = 'x'.repeat(100_000);
/** Over any parameter's length, within the token endpoint's form (OAUTH_FORM_MAX). */
const LONG = 'x'.repeat(10_000);

beforeAll(async () => {
  await createUser(t.db, { email });
  client = await createClient(t.db, { id: 'bounded' });
});

describe('the authorize endpoint bounds what it accepts', () => {
  it('answers a 100,000-character state with a 400 page that names it, and redirects nowhere', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: client.id, state: HUGE }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`state is longer than ${OAUTH_PARAM_MAX.state} characters`);
    expect(res.body.length).toBeLessThan(10_000);
  });

  it('keeps a state at the limit through sign-in: the redirect back is short enough to follow', async () => {
    const state = 's'.repeat(OAUTH_PARAM_MAX.state);
    const b = new Browser(t.app);
    const res = await b.signIn(authorizeUrl({ response_type: 'code', client_id: client.id, state }), email);
    expect(res.statusCode).toBe(303);
    const location = res.headers.location as string;
    expect(location.length).toBeLessThan(8 * 1024);
    expect(new URL(location, 'http://localhost').searchParams.get('state')).toBe(state);
  });

  it('refuses a 100,000-character scope on a 400 page instead of echoing it in a redirect', async () => {
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: client.id, scope: HUGE }) });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(`scope is longer than ${OAUTH_PARAM_MAX.scope} characters`);
    expect(res.body).not.toMatch(/x{200}/);
  });

  it('cuts the error_description of an unknown scope within its bound to 300 characters', async () => {
    const scope = Array.from({ length: 90 }, (_, i) => `unknown${i}`).join(' ');
    expect(scope.length).toBeLessThanOrEqual(OAUTH_PARAM_MAX.scope);
    const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: client.id, scope, state: 'st' }) });
    expect(res.statusCode).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
    expect(back.searchParams.get('error_description')!.length).toBeLessThanOrEqual(300);
    expect(back.searchParams.get('error_description')).toMatch(/^Unknown scope\(s\): unknown0 unknown1 .*\.\.\.$/);
    expect(back.searchParams.get('state')).toBe('st');
  });

  it('refuses over-long client_id and redirect_uri on a page, before looking the client up', async () => {
    const cases: Array<[string, string]> = [
      ['client_id', 'c'.repeat(OAUTH_PARAM_MAX.client_id + 1)],
      ['redirect_uri', `https://app.example/${'p'.repeat(3000)}`],
    ];
    for (const [name, value] of cases) {
      const res = await t.app.inject({ url: authorizeUrl({ response_type: 'code', client_id: client.id, [name]: value }) });
      expect(res.statusCode, name).toBe(400);
      expect(res.body).toContain(`${name} is longer than`);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('refuses an over-long password in the sign-in form without checking it', async () => {
    const b = new Browser(t.app);
    const page = await b.get(authorizeUrl({ response_type: 'code', client_id: client.id }));
    const res = await b.post({ ...hiddenFields(page.body), action: 'sign_in', email, password: 'p'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('password is longer than 1024 characters');
  });
});

describe('the token and revocation endpoints bound what they accept', () => {
  it('answers invalid_request naming an over-long parameter, and a short description', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'refresh_token', refresh_token: LONG }, { client });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: `refresh_token is longer than ${OAUTH_PARAM_MAX.refresh_token} characters.`,
    });
  });

  it('answers an unknown scope of many names with an error_description of at most 300 characters', async () => {
    const scope = Array.from({ length: 90 }, (_, i) => `nope${i}`).join(' ');
    const res = await postForm(t.app, TOKEN, { grant_type: 'client_credentials', scope }, { client });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_scope');
    expect(res.body.error_description.length).toBeLessThanOrEqual(300);
  });

  it('refuses an over-long token to revoke', async () => {
    const res = await postForm(t.app, REVOKE, { token: LONG }, { client });
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe(`token is longer than ${OAUTH_PARAM_MAX.token} characters.`);
  });

  it('answers a form larger than the endpoints take (a 100,000-character parameter) with 413 invalid_request, unread', async () => {
    expect(HUGE.length).toBeGreaterThan(OAUTH_FORM_MAX);
    for (const [url, fields] of [
      [TOKEN, { grant_type: 'refresh_token', refresh_token: HUGE }],
      [REVOKE, { token: HUGE }],
    ] as const) {
      const res = await postForm(t.app, url, fields, { client });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'invalid_request', error_description: 'The request body is larger than this endpoint accepts.' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
