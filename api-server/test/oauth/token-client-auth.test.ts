import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, createClient, multipartBody } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { basic, postForm, TOKEN } from './flow.ts';

const t = setupApi();
let tricky: { id: string; secret: string | null };
let spa: { id: string; secret: string | null };
const trickySecret = 'p@ss:w+rd/ with%spaces&é';

beforeAll(async () => {
  tricky = await createClient(t.db, {
    id: 'my client:1',
    secret: trickySecret,
    grants: ['client_credentials', 'password', 'refresh_token'],
  });
  spa = await createClient(t.db, { id: 'spa', secret: null, grants: ['authorization_code', 'refresh_token'] });
});

const cc = { grant_type: 'client_credentials' };

const expectInvalidClient = (res: Answer) => {
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('invalid_client');
  expect(res.headers['www-authenticate']).toBe('Basic realm="oauth"');
  expect(res.headers['cache-control']).toBe('no-store');
};

describe('POST /api/v1/oauth/token: client authentication', () => {
  it('accepts HTTP Basic with form-urlencoded id and secret (RFC 6749 §2.3.1)', async () => {
    const res = await postForm(t.app, TOKEN, cc, { headers: { authorization: basic(tricky.id, trickySecret) } });
    expect(res.status).toBe(200);
  });

  it('refuses Basic credentials that were not form-urlencoded when they needed to be', async () => {
    const raw = `Basic ${Buffer.from(`${tricky.id}:${trickySecret}`).toString('base64')}`;
    expectInvalidClient(await postForm(t.app, TOKEN, cc, { headers: { authorization: raw } }));
  });

  it('accepts client_id and client_secret in the form', async () => {
    const res = await postForm(t.app, TOKEN, { ...cc, client_id: tricky.id, client_secret: trickySecret });
    expect(res.status).toBe(200);
  });

  it('accepts a multipart/form-data body', async () => {
    const { payload, headers } = multipartBody({ ...cc, client_id: tricky.id, client_secret: trickySecret });
    const res = await t.app.inject({ method: 'POST', url: TOKEN, payload, headers });
    expect(res.statusCode).toBe(200);
  });

  it('refuses both methods at once with invalid_request', async () => {
    const res = await postForm(
      t.app,
      TOKEN,
      { ...cc, client_id: tricky.id, client_secret: trickySecret },
      {
        headers: { authorization: basic(tricky.id, trickySecret) },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('tolerates a client_id in the form equal to the Basic one, but not a different one', async () => {
    const headers = { authorization: basic(tricky.id, trickySecret) };
    expect((await postForm(t.app, TOKEN, { ...cc, client_id: tricky.id }, { headers })).status).toBe(200);
    expect((await postForm(t.app, TOKEN, { ...cc, client_id: 'spa' }, { headers })).body.error).toBe('invalid_request');
  });

  it('answers invalid_client (401, WWW-Authenticate: Basic) for a wrong secret, an unknown client, or no authentication', async () => {
    expectInvalidClient(await postForm(t.app, TOKEN, cc, { headers: { authorization: basic(tricky.id, 'wrong') } }));
    expectInvalidClient(await postForm(t.app, TOKEN, cc, { headers: { authorization: basic('nobody', 'x') } }));
    expectInvalidClient(await postForm(t.app, TOKEN, { ...cc, client_id: tricky.id, client_secret: 'wrong' }));
    expectInvalidClient(await postForm(t.app, TOKEN, { ...cc, client_id: tricky.id }));
    expectInvalidClient(await postForm(t.app, TOKEN, cc));
    expectInvalidClient(await postForm(t.app, TOKEN, cc, { headers: { authorization: 'Bearer abc' } }));
  });

  it('refuses a public client that sends a secret', async () => {
    expectInvalidClient(
      await postForm(t.app, TOKEN, { grant_type: 'refresh_token', refresh_token: 'x', client_id: spa.id, client_secret: 'guess' }),
    );
  });

  it('lets a public client identify itself with client_id alone, but not for the password grant', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'password', email: 'a@b.c', password: 'x', client_id: spa.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unauthorized_client');
  });
});

describe('POST /api/v1/oauth/token: request errors', () => {
  const auth = { headers: { authorization: basic('my client:1', trickySecret) } };

  it('answers unsupported_grant_type for an unknown grant_type, implicit included', async () => {
    for (const grant_type of ['magic', 'implicit']) {
      const res = await postForm(t.app, TOKEN, { grant_type }, auth);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    }
  });

  it('answers invalid_request for a missing grant_type', async () => {
    expect((await postForm(t.app, TOKEN, {}, auth)).body.error).toBe('invalid_request');
  });

  it('answers invalid_request for a repeated parameter', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: 'grant_type=client_credentials&grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('answers invalid_request in RFC 6749 form for a JSON body or an unreadable one', async () => {
    for (const [type, payload] of [
      ['application/json', '{"grant_type":"client_credentials"}'],
      ['application/json', '{'],
      ['text/plain', 'x'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: TOKEN, payload, headers: { 'content-type': type!, ...auth.headers } });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('never answers the API envelope', async () => {
    const res = await postForm(t.app, TOKEN, { grant_type: 'magic' });
    expect(res.body).not.toHaveProperty('success');
  });
});
