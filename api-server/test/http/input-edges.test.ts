import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/errors.ts';
import { type Answer, call, createUser, multipartBody, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { makeAlbum } from '../routes/albums/album-fixtures.ts';

// Regressions of issue 13, each a defect an outside fuzz found: the inputs below answered 500
// or left the API's error envelope. The fuzz suite (test/fuzz/) covers every route with them.

const t = setupApi({ config: { bodyLimit: 4096 } });
let token: string;
let albumId: number;
let activityId: number;

beforeAll(async () => {
  const me = await createUser(t.db);
  token = await tokenFor(t.db, me.id);
  albumId = await makeAlbum(t.db, me.id);
  const posted = await call(t.app, token, { method: 'POST', url: '/api/v1/activities', ...multipartBody({ body: 'Hello' }) });
  activityId = posted.body.data.id;
});

const count = async (table: 'activities' | 'photos') =>
  (await t.db.selectFrom(table).select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;

const expectInvalid = (res: Answer, name: string) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, data: { error_text: 'invalid_parameters', error_code: 400 } });
  expect(res.body.data.error_params.map((p: { name: string }) => p.name)).toContain(name);
};

describe('numbers are safe integers at the schema', () => {
  const LISTS = [
    '/api/v1/albums',
    '/api/v1/albums/my',
    '/api/v1/blogs',
    '/api/v1/blogs/my',
    '/api/v1/classifieds',
    '/api/v1/classifieds/my',
    '/api/v1/events',
    '/api/v1/events/my',
    '/api/v1/activities/notifications',
  ];

  it.each(LISTS)('%s answers 400 naming page or limit for huge and non-finite values', async (url) => {
    for (const [name, value] of [
      ['page', '99999999999999999999999'],
      ['page', '1e309'],
      ['page', 'Infinity'],
      ['limit', '1e309'],
      ['limit', '-1e400'],
    ]) {
      const res = await call(t.app, token, { url: `${url}?${name}=${value}` });
      expectInvalid(res, name!);
    }
  });

  it.each(LISTS)('%s answers a page past the end with an empty list', async (url) => {
    const res = await call(t.app, token, { url: `${url}?page=2147483647&limit=50` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('refuses a huge or non-finite photo_page and photo_limit of an album', async () => {
    for (const name of ['photo_page', 'photo_limit']) {
      for (const value of ['1e309', '99999999999999999999999', 'NaN']) {
        expectInvalid(await call(t.app, token, { url: `/api/v1/albums/${albumId}?${name}=${value}` }), name);
      }
    }
    const past = await call(t.app, token, { url: `/api/v1/albums/${albumId}?photo_page=2147483647` });
    expect(past.status).toBe(200);
    expect(past.body.data.photos).toEqual([]);
  });

  it('refuses ids in paths and bounds beyond a safe integer, and non-finite ones', async () => {
    for (const id of ['99999999999999999999999', '9007199254740993', '1e309', 'Infinity']) {
      expectInvalid(await call(t.app, token, { url: `/api/v1/albums/${id}` }), 'id');
      expectInvalid(await call(t.app, token, { url: `/api/v1/activities?maxid=${id}` }), 'maxid');
    }
  });
});

describe('malformed multipart bodies answer 400 naming body, and store nothing', () => {
  const boundary = 'xyz';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n`;
  const cases: Array<[string, string, string]> = [
    ['without a boundary', 'multipart/form-data', `${part}hello\r\n--${boundary}--\r\n`],
    ['with another boundary', 'multipart/form-data; boundary=other', `${part}hello\r\n--${boundary}--\r\n`],
    ['cut off', `multipart/form-data; boundary=${boundary}`, `${part}hel`],
  ];

  for (const url of ['/api/v1/activities', '/api/v1/activities/share']) {
    it.each(cases)(`POST ${url} %s`, async (_, type, payload) => {
      const before = await count('activities');
      const res = await call(t.app, token, { method: 'POST', url, headers: { 'content-type': type }, payload });
      expectInvalid(res, 'body');
      expect(res.body.data.message).toMatch(/^body: is not a complete multipart\/form-data body/);
      expect(await count('activities')).toBe(before);
    });
  }

  it('a cut-off photo upload answers 400 and leaves no file', async () => {
    const files = () => fs.readdirSync(path.join(t.dataDir, 'files', 'img'));
    const stored = files();
    const before = await count('photos');
    const res = await call(t.app, token, {
      method: 'POST',
      url: '/api/v1/albums/compose_upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
    });
    expectInvalid(res, 'body');
    expect(await count('photos')).toBe(before);
    expect(files()).toEqual(stored);
  });

  it('a field over the size limit answers 413 instead of being cut short silently', async () => {
    const res = await call(t.app, token, { method: 'POST', url: '/api/v1/activities', ...multipartBody({ body: 'x'.repeat(5000) }) });
    expect(res.status).toBe(413);
    expect(res.body.data).toMatchObject({ error_text: 'request_too_large', error_code: 413 });
  });
});

describe("Fastify's own refusals answer in the envelope", () => {
  it('an over-long path parameter is 404 not_found', async () => {
    const res = await call(t.app, token, { url: `/api/v1/albums/${'1'.repeat(200)}` });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: { error_text: 'not_found', error_code: 404 } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a path that is not valid percent-encoding is 404 not_found', async () => {
    const res = await call(t.app, token, { url: '/api/v1/albums/%E0%A4%A' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, data: { error_text: 'not_found', error_code: 404 } });
  });

  it('a body the JSON parser refuses is 400 invalid_parameters naming body', async () => {
    const res = await call(t.app, token, {
      method: 'POST',
      url: '/api/v1/activities',
      headers: { 'content-type': 'application/json' },
      payload: '{"body":',
    });
    expectInvalid(res, 'body');
  });

  it('a content type no parser takes is 415 unsupported_media_type', async () => {
    const res = await call(t.app, token, {
      method: 'POST',
      url: '/api/v1/activities',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.status).toBe(415);
    expect(res.body.data).toMatchObject({ error_text: 'unsupported_media_type', error_code: 415 });
  });

  it('an id that is not a number still names the parameter', async () => {
    expectInvalid(await call(t.app, token, { method: 'DELETE', url: '/api/v1/activities/abc' }), 'id');
    expect((await call(t.app, token, { url: `/api/v1/activities/${activityId}` })).status).toBe(200);
  });
});

describe('docs/api.md', () => {
  it('names every error_text the API answers, with its statuses', () => {
    const doc = fs.readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const errors = doc.slice(doc.indexOf('- **Errors**'), doc.indexOf('- **Access tokens**'));
    for (const [text, statuses] of Object.entries(ERROR_TEXTS)) {
      const at = errors.indexOf(`\`${text}\` (`);
      expect(at, text).toBeGreaterThan(-1);
      // Its statuses follow in its parenthesis.
      const said = errors.slice(at, errors.indexOf(')', at));
      for (const status of statuses) expect(said, text).toMatch(new RegExp(`\\b${status}\\b`));
    }
  });
});

describe('text with a NUL character is invalid text, on either database', () => {
  it('a form field, a query parameter and a JSON body holding U+0000 answer 400 naming it, and nothing is stored', async () => {
    const before = await count('activities');
    const posted = await call(t.app, token, {
      method: 'POST',
      url: '/api/v1/activities',
      ...multipartBody({ body: 'Hello\u0000world' }),
    });
    expectInvalid(posted, 'body');
    expect(posted.body.data.error_params[0].message).toMatch(/NUL/);

    const searched = await call(t.app, token, { url: '/api/v1/albums?keywords=a%00b' });
    expectInvalid(searched, 'keywords');

    const json = await call(t.app, token, {
      method: 'POST',
      url: '/api/v1/core/comments',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ item_type: 'activity', item_id: activityId, body: 'nul \u0000 here' }),
    });
    expectInvalid(json, 'body');
    expect(await count('activities')).toBe(before);
  });

  it('the same text without the NUL is taken', async () => {
    const posted = await call(t.app, token, { method: 'POST', url: '/api/v1/activities', ...multipartBody({ body: 'Hello world' }) });
    expect(posted.status).toBe(200);
  });
});
