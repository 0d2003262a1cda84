import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  ACTION_BODY_LIMIT,
  actionBodyRefusal,
  crossSiteRefusal,
  edgeRefusal,
  formActionRefusal,
  textActionRefusal,
} from './request-guard.ts';

// React's own reply encoder (the one Next ships), so that what a real page sends is what passes.
const { encodeReply } = createRequire(import.meta.url)('next/dist/compiled/react-server-dom-turbopack/client.node.js') as {
  encodeReply(value: unknown): Promise<string | FormData>;
};

const SITE = 'http://localhost:3000';
const req = (method: string, headers: Record<string, string> = {}, body?: BodyInit) =>
  new Request(`${SITE}/`, { method, headers, body, ...(body ? { duplex: 'half' } : {}) } as RequestInit);

describe('crossSiteRefusal', () => {
  it('lets reads through from anywhere', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(crossSiteRefusal(req(method, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), SITE)).toBeUndefined();
    }
  });

  it('refuses a write with another origin, or that the browser calls cross-site or same-site', () => {
    const refused: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3001' },
      { origin: SITE, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of refused) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        expect(crossSiteRefusal(req(method, headers), SITE), JSON.stringify(headers)).toEqual({
          status: 403,
          message: 'This request did not come from this site.',
        });
      }
    }
  });

  it('lets this site’s own writes through, and one without either header unless Origin is required', () => {
    expect(crossSiteRefusal(req('POST', { origin: SITE, 'sec-fetch-site': 'same-origin' }), SITE)).toBeUndefined();
    expect(crossSiteRefusal(req('POST'), SITE)).toBeUndefined();
    expect(crossSiteRefusal(req('POST'), SITE, { requireOrigin: true })?.status).toBe(403);
  });
});

describe('server action bodies', () => {
  it('passes what React encodes for plain arguments', async () => {
    for (const args of [
      [{ maxid: 12, wallId: undefined }],
      [{ body: '$5 off', photoId: 3, linkUrl: 'https://example.com' }],
      [{ n: Number.NaN, i: Number.POSITIVE_INFINITY, z: -0, d: new Date(0) }],
      [],
      [{ item: { type: 'activity', id: 1 }, liked: true }],
    ]) {
      const body = await encodeReply(args);
      expect(typeof body).toBe('string');
      expect(textActionRefusal(body as string), JSON.stringify(body)).toBeUndefined();
    }
  });

  it('passes what React encodes for a form', async () => {
    const fd = new FormData();
    fd.append('title', '$ not a reference');
    const body = await encodeReply([fd]);
    expect(body).toBeInstanceOf(FormData);
    expect(formActionRefusal(body as FormData, true)).toBeUndefined();
  });

  it('refuses what the decoder would fail on', async () => {
    for (const text of [
      'not json',
      '',
      '{',
      '{"a":1}',
      '"$Q1"',
      '["$Q1"]',
      '["$@1"]',
      '[{"a":"$1"}]',
      '["$h1"]',
      '["$T"]',
      '["$K1"]',
      '["$B1"]',
      `["$n${'9'.repeat(400)}"]`,
      '["$R1"]',
      '["$S"]',
      `${'['.repeat(100)}${']'.repeat(100)}`,
      await encodeReply([new Map([[1, 2]])]).then((b) => (typeof b === 'string' ? b : '["$Q1"]')),
    ]) {
      expect(textActionRefusal(text), text.slice(0, 40)).toEqual({ status: 400, message: expect.any(String) });
    }
    expect(textActionRefusal(`["${'x'.repeat(ACTION_BODY_LIMIT)}"]`)?.status).toBe(413);
  });

  it('refuses a form without its root part, with a root that is not plain, or bound arguments that are not', () => {
    const form = (entries: Record<string, string>) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(entries)) fd.append(k, v);
      return fd;
    };
    expect(formActionRefusal(form({ x: '1' }), true)?.status).toBe(400);
    expect(formActionRefusal(form({ 0: '["$Q1"]', 1: '[]' }), true)?.status).toBe(400);
    expect(formActionRefusal(form({ 0: 'nope' }), true)?.status).toBe(400);
    expect(formActionRefusal(form({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"$@9"}' }), false)?.status).toBe(400);
    expect(formActionRefusal(form({ $ACTION_ID_abc: '', title: 'hello' }), false)).toBeUndefined();
    // A bound action's metadata naming a part that is not there, or one that is not plain.
    expect(formActionRefusal(form({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"abc","bound":"$@2"}' }), false)?.status).toBe(400);
    expect(
      formActionRefusal(form({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"abc","bound":"$@1"}', '$ACTION_1:1': '["$Q1"]' }), false)?.status,
    ).toBe(400);
    expect(
      formActionRefusal(form({ $ACTION_REF_1: '', '$ACTION_1:0': '{"id":"abc","bound":"$@1","x":"$Q2"}', '$ACTION_1:1': '[]' }), false)
        ?.status,
    ).toBe(400);
  });

  it('passes a form posted without script whose action has bound arguments (useActionState), as React encodes it', async () => {
    // What React's encodeFormAction writes for a server action bound to the previous state: the
    // reply of {id, bound} under the form's prefix, beside the form's own fields.
    for (const state of [null, { ok: false, message: 'Write a message first.', typed: '$ten dollars' }]) {
      const reply = await encodeReply({ id: '7f3a', bound: Promise.resolve([state]) });
      expect(reply).toBeInstanceOf(FormData);
      const fd = new FormData();
      fd.append('$ACTION_REF_1', '');
      for (const [k, v] of (reply as FormData).entries()) fd.append(`$ACTION_1:${k}`, v);
      fd.append('$ACTION_KEY', 'k1a2b');
      fd.append('body', 'Hello');
      expect(formActionRefusal(fd, false), JSON.stringify([...fd.entries()])).toBeUndefined();
    }
  });

  it('reads only POSTs that are server actions, and refuses a multipart body that does not parse', async () => {
    expect(await actionBodyRefusal(req('POST', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=%ZZ'))).toBeUndefined();
    expect(await actionBodyRefusal(req('POST', { 'next-action': 'abc', 'content-type': 'text/plain' }, 'nope'))).toMatchObject({
      status: 400,
    });
    expect(
      await actionBodyRefusal(req('POST', { 'next-action': 'abc', 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken')),
    ).toMatchObject({ status: 400 });
    expect(await actionBodyRefusal(req('POST', { 'content-type': 'multipart/form-data' }, 'no boundary'))).toMatchObject({ status: 400 });
    expect(
      await actionBodyRefusal(req('POST', { 'next-action': 'abc', 'content-length': String(ACTION_BODY_LIMIT + 1) }, 'x')),
    ).toMatchObject({ status: 413 });
    expect(await actionBodyRefusal(req('POST', { 'next-action': 'abc', 'content-type': 'text/plain' }, '[{"id":1}]'))).toBeUndefined();
  });
});

describe('edgeRefusal', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  const tree = (t: unknown) => encodeURIComponent(JSON.stringify(t));

  it('refuses a method no page or route answers with 405 and Allow; lets the others through', () => {
    for (const method of ['TRACE', 'TRACK', 'PROPFIND', 'MKCOL', 'CONNECT', 'get', '']) {
      expect(edgeRefusal(method, '/', headers({})), method).toEqual({
        status: 405,
        message: 'This site does not answer that method.',
        headers: { Allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
      });
    }
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(edgeRefusal(method, '/', headers({}))).toBeUndefined();
  });

  it('answers 404 for Next’s image optimizer, under any address Next takes for it', () => {
    for (const path of ['/_next/image', '/_next/imagex', '/_next/image/x']) expect(edgeRefusal('GET', path, headers({}))?.status).toBe(404);
    expect(edgeRefusal('GET', '/_next/static/chunks/a.js', headers({}))).toBeUndefined();
  });

  it('refuses an RSC request whose router state Next could not parse, exactly as Next decides', () => {
    const good = [
      tree(['', {}]),
      tree(['', { children: ['__PAGE__', {}] }, null, null]),
      tree([['id', '3', 'd', null], {}, ['/a', '/a'], 'refetch', 5, 'x']),
    ];
    for (const t of good) expect(edgeRefusal('GET', '/albums', headers({ rsc: '1', 'next-router-state-tree': t })), t).toBeUndefined();
    const bad = [
      'garbage',
      '%ZZ',
      '',
      tree([]),
      tree({}),
      tree(['', { children: 1 }]),
      tree([['id', '3', 'nope', null], {}]),
      tree(['', {}, null, null, null, 'x', 'y']),
      'x'.repeat(40_001),
    ];
    for (const t of bad)
      expect(edgeRefusal('GET', '/albums', headers({ rsc: '1', 'next-router-state-tree': t })), t.slice(0, 40)).toEqual({
        status: 400,
        message: expect.any(String),
      });
    // Without `RSC: 1` Next does not read the header; nor does the guard.
    expect(edgeRefusal('GET', '/albums', headers({ rsc: '0', 'next-router-state-tree': 'garbage' }))).toBeUndefined();
    expect(edgeRefusal('GET', '/albums', headers({ 'next-router-state-tree': 'garbage' }))).toBeUndefined();
  });
});
