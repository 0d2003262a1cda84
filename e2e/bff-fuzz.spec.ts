import net from 'node:net';
import { expect, type APIRequestContext, type APIResponse, type Page, test } from '@playwright/test';
import { appPaths, callAction, createMember, footprint, LEAK, serverActions, Tally, urlOf, type ServerAction } from './bff-harness.ts';
import { PREPARED_HEADER } from '../lib/page-headers.ts';
import { WEB_ORIGIN, WEB_PORT } from './servers.ts';
import { signIn } from './sign-in.ts';

// The BFF's fuzz suite. What it calls comes from the build itself: every server action
// (server-reference-manifest.json) and every route handler and page (app-path-routes-manifest.json),
// so a module that adds actions or routes is covered by the next run without editing this file.
// It runs as a member made for it (bff-harness.ts), whose data nobody else's test touches, and
// checks:
// - every action and route handler called cross-site with a valid session is refused (4xx) and
//   changes nothing of the member's (their footprint in the API's database, their session);
// - every one answers malformed input without a 5xx and without internals, with the pages'
//   security headers;
// - a tampered session cookie is a signed-out visitor, and an [id] that is not a positive
//   integer is the 404 page;
// - Next's own protocol answers no malformed request with a 5xx: a method no route takes, an RSC
//   request whose router state header is no tree, the image optimizer the product does not use.

test.describe.configure({ mode: 'serial' });

const tally = new Tally();
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const actions = serverActions();
const { routes, pages } = appPaths();
let member: ReturnType<typeof createMember>;
let page: Page;
let api: APIRequestContext;
/** The member's own activity and comment, made through the BFF (the control: a same-origin call does change things). */
let activityId = 0;
let commentId = 0;

const CROSS_SITE: Array<Record<string, string>> = [
  { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  { origin: 'https://evil.example' },
  { origin: 'null', 'sec-fetch-site': 'cross-site' },
  { origin: WEB_ORIGIN, 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  // The header by which the production server tells Next to skip the proxy for a page read it
  // prepared (web-server/prepare-page.ts): sent by a client, it is removed, and the proxy still refuses.
  { origin: 'https://evil.example', [PREPARED_HEADER]: '1' },
];
const SAME_ORIGIN = { origin: WEB_ORIGIN, 'sec-fetch-site': 'same-origin' };

const item = () => ({ type: 'activity', id: activityId });
/**
 * Arguments that the action would act on were the call not refused, by action. An action not
 * listed here (a module added later) is still called cross-site, with the generic arguments.
 */
const VALID_ARGS: Record<string, () => unknown[]> = {
  'components/feed/actions.ts#createPost': () => [{ body: 'A post from another site' }],
  'components/feed/actions.ts#deletePost': () => [{ activityId }],
  'components/feed/actions.ts#loadOlderActivities': () => [{ maxid: activityId + 1 }],
  'components/feed/actions.ts#checkForUpdates': () => [{ minid: 0 }],
  'components/feed/actions.ts#loadNewerActivities': () => [{ minid: 0 }],
  'components/feed/actions.ts#loadActivity': () => [{ id: activityId }],
  'components/social/actions.ts#setLike': () => [{ item: item(), like: true }],
  'components/social/actions.ts#loadLikers': () => [{ item: item(), page: 1 }],
  'components/social/actions.ts#loadComments': () => [{ item: item(), page: 1 }],
  'components/social/actions.ts#postComment': () => [{ item: item(), body: 'A comment from another site' }],
  'components/social/actions.ts#removeComment': () => [{ item: item(), commentId }],
  'components/social/actions.ts#share': () => [{ item: item(), body: 'Shared from another site' }],
  'components/social/actions.ts#report': () => [{ item: item(), type: 'spam', description: 'From another site' }],
  'components/notifications/actions.ts#markRead': () => [{ maxId: Number.MAX_SAFE_INTEGER }],
};
const GENERIC_ARGS: unknown[][] = [[], [{ id: 1 }], [{ item: { type: 'activity', id: 1 }, body: 'x', id: 1, page: 1 }]];

/** Bodies no page of ours sends: not JSON, references to parts that are not there, wrong shapes, huge values. */
const MALFORMED_ACTION_BODIES: Array<[string, string | Buffer, string?]> = [
  ['not JSON', 'not json'],
  ['an empty body', ''],
  ['an unclosed array', '[{"id":1'],
  ['an object, not an argument list', '{"id":1}'],
  ['null', '[null]'],
  ['an empty object', '[{}]'],
  ['a string', '["x"]'],
  ['wrong types', '[{"id":"1","maxid":true,"minid":[],"item":"activity","body":{"a":1},"like":"yes","page":"1"}]'],
  [
    'huge and non-finite numbers',
    '[{"id":1e309,"maxid":-1e309,"minid":99999999999999999999,"activityId":9007199254740993,"maxId":-1,"page":1e400}]',
  ],
  ['an item type that is not one', '[{"item":{"type":"__proto__","id":1},"body":"x","like":true}]'],
  ['a prototype-polluting object', '[{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}]'],
  ['control characters and markup', `[{"body":"\\u0000\\u001b[31m<script>alert(1)</script>","text":"${'\\u202e'.repeat(10)}"}]`],
  ['a 200,000-character string', JSON.stringify([{ body: 'x'.repeat(200_000), description: 'x'.repeat(200_000) }])],
  ['deep nesting', `${'['.repeat(2000)}${']'.repeat(2000)}`],
  ['a reference to a part that is not there', '["$Q1"]'],
  ['a promise reference', '[{"id":"$@1"}]'],
  ['a server reference', '["$h1"]'],
  ['a temporary reference', '["$T"]'],
  ['a huge BigInt', `["$n${'9'.repeat(500)}"]`],
  ['a body over the limit', `["${'x'.repeat(1024 * 1024 + 10)}"]`],
  ['multipart without a boundary', '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--x--\r\n', 'multipart/form-data'],
  ['multipart cut off', '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[', 'multipart/form-data; boundary=x'],
  [
    'multipart without its root part',
    '--x\r\nContent-Disposition: form-data; name="1"\r\n\r\n[]\r\n--x--\r\n',
    'multipart/form-data; boundary=x',
  ],
  [
    'multipart with a dangling reference',
    '--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$Q5"]\r\n--x--\r\n',
    'multipart/form-data; boundary=x',
  ],
  ['JSON as application/json', '[{"id":1}]', 'application/json'],
  ['a urlencoded form', 'id=1&%ZZ', 'application/x-www-form-urlencoded'],
];

const sessionWorks = async () => {
  const res = tally.count(await api.get('/api/auth/session', { failOnStatusCode: false }));
  return ((await res.json()) as { user?: { name?: string } }).user?.name === member.name;
};

/** Problems with one answer: a 5xx, internals, missing security headers. */
async function problemsOf(label: string, res: APIResponse, { allow5xx = false, signedIn = true } = {}): Promise<string[]> {
  tally.count(res);
  const problems: string[] = [];
  const body = await res.text().catch(() => '');
  if (res.status() >= 500 && !allow5xx) problems.push(`answered ${res.status()}: ${body.slice(0, 120)}`);
  if (LEAK.test(body)) problems.push(`leaks internals: ${body.slice(Math.max(0, body.search(LEAK) - 40), body.search(LEAK) + 80)}`);
  const h = res.headers();
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (h['referrer-policy'] !== 'strict-origin-when-cross-origin') problems.push(`Referrer-Policy ${h['referrer-policy']}`);
  if (!h['content-security-policy']) problems.push('no Content-Security-Policy');
  if (signedIn && !/no-store/.test(h['cache-control'] ?? '')) problems.push(`Cache-Control ${h['cache-control']} for a signed-in person`);
  return problems.map((p) => `${label} → ${res.status()}: ${p}`);
}

const argsFor = (a: ServerAction): unknown[][] => (VALID_ARGS[a.name] ? [VALID_ARGS[a.name]!()] : GENERIC_ARGS);

test.beforeAll(async ({ browser }) => {
  member = createMember('bff-fuzz');
  page = await browser.newPage();
  await signIn(page, member);
  api = page.request;
});

test.afterAll(async () => {
  console.log(`[bff-fuzz] ${actions.length} server actions, ${routes.length} route handlers, ${pages.length} pages: ${tally.summary()}`);
  await page?.close();
});

test('finds the server actions, route handlers and pages in the build', () => {
  const names = actions.map((a) => a.name);
  expect(names).toEqual(
    expect.arrayContaining([
      'components/feed/actions.ts#createPost',
      'components/social/actions.ts#setLike',
      'components/auth/actions.ts#signOut',
    ]),
  );
  expect(routes).toEqual(expect.arrayContaining(['/api/upload/compose/route', '/api/auth/[...nextauth]/route']));
  expect(pages.some((p) => p.includes('[id]'))).toBe(true);
  const generic = names.filter((n) => !VALID_ARGS[n] && !n.endsWith('#signOut') && !n.endsWith('#loadReportTypes'));
  if (generic.length) console.log(`[bff-fuzz] called cross-site with generic arguments only: ${generic.join(', ')}`);
});

test('a same-origin call does change things (the control for the checks below)', async () => {
  const create = actions.find((a) => a.name === 'components/feed/actions.ts#createPost')!;
  const comment = actions.find((a) => a.name === 'components/social/actions.ts#postComment')!;
  const before = footprint(member.email);
  const res = tally.count(await callAction(api, create, JSON.stringify([{ body: 'The fuzz suite’s own post' }]), SAME_ORIGIN));
  expect(res.status()).toBe(200);
  activityId = Number(/"data":\{[^]*?"id":(\d+)/.exec(await res.text())?.[1]);
  expect(activityId).toBeGreaterThan(0);
  const commented = tally.count(
    await callAction(api, comment, JSON.stringify([{ item: item(), body: 'The fuzz suite’s own comment' }]), SAME_ORIGIN),
  );
  commentId = Number(/"data":\{[^]*?"id":(\d+)/.exec(await commented.text())?.[1]);
  expect(commentId).toBeGreaterThan(0);
  expect(footprint(member.email)).not.toBe(before);
});

test('every server action called cross-site with a valid session is refused, and changes nothing', async () => {
  test.setTimeout(120_000);
  const before = footprint(member.email);
  const problems: string[] = [];
  for (const action of actions) {
    for (const args of argsFor(action)) {
      for (const headers of CROSS_SITE) {
        const res = await callAction(api, action, JSON.stringify(args), headers);
        problems.push(...(await problemsOf(`${action.name} ${JSON.stringify(headers)}`, res)));
        if (res.status() !== 403) problems.push(`${action.name} ${JSON.stringify(headers)} → ${res.status()}, not refused`);
      }
    }
  }
  expect(problems).toEqual([]);
  expect(footprint(member.email)).toBe(before);
  expect(await sessionWorks()).toBe(true);
});

/** Concrete addresses for a route handler: catch-alls get the paths a client would call. */
function routeUrls(appPath: string): string[] {
  if (appPath.includes('[...nextauth]')) {
    return ['session', 'csrf', 'providers', 'signin', 'signin/social', 'signout', 'callback/social', 'error', 'nope', 'x'.repeat(300)].map(
      (p) => `/api/auth/${p}`,
    );
  }
  return [urlOf(appPath)];
}

test('every route handler called cross-site with a valid session is refused, and changes nothing', async () => {
  test.setTimeout(120_000);
  const before = footprint(member.email);
  const problems: string[] = [];
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
  for (const appPath of routes) {
    for (const url of routeUrls(appPath)) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        for (const headers of CROSS_SITE) {
          // What a real request to it would carry: next-auth's CSRF token, a photo for the upload.
          const res = await api.fetch(url, {
            method,
            headers,
            maxRedirects: 0,
            failOnStatusCode: false,
            ...(url.startsWith('/api/auth/')
              ? { form: { csrfToken, callbackUrl: '/', json: 'true' } }
              : { multipart: { type: 'wall', Filedata: { name: 'p.png', mimeType: 'image/png', buffer: TINY_PNG } } }),
          });
          problems.push(...(await problemsOf(`${method} ${url.slice(0, 60)} ${JSON.stringify(headers)}`, res)));
          if (res.status() < 400) problems.push(`${method} ${url.slice(0, 60)} ${JSON.stringify(headers)} → ${res.status()}, not refused`);
        }
      }
    }
  }
  expect(problems).toEqual([]);
  expect(footprint(member.email)).toBe(before);
  expect(await sessionWorks()).toBe(true);
});

test('every server action answers malformed input cleanly', async () => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  // Sign-out last: it takes no arguments, so it signs out whatever it is given.
  const ordered = [...actions].sort((a, b) => Number(a.name.endsWith('#signOut')) - Number(b.name.endsWith('#signOut')));
  for (const action of ordered) {
    for (const [label, body, type] of MALFORMED_ACTION_BODIES) {
      const res = await callAction(api, action, body, SAME_ORIGIN, type);
      problems.push(...(await problemsOf(`${action.name} with ${label}`, res, { signedIn: !action.name.endsWith('#signOut') })));
    }
  }
  // An action id that is not one of the build's.
  for (const id of ['7f00000000000000000000000000000000000000aa', 'zzz', 'x'.repeat(500)]) {
    const res = await callAction(api, { ...actions[0]!, id }, '[]', SAME_ORIGIN);
    problems.push(...(await problemsOf(`unknown action ${id.slice(0, 20)}`, res, { signedIn: false })));
  }
  expect(problems).toEqual([]);
});

/** Signs the member in again where a test before signed them out (sign-out with any arguments does). */
async function signedIn() {
  if (!(await sessionWorks())) await signIn(page, member);
}

/** Malformed bodies for a route handler that takes a form or an upload: [label, content type, body]. */
const MALFORMED_BODIES: Array<[string, string | undefined, string | Buffer]> = [
  ['no content type', undefined, 'x'],
  ['text', 'text/plain', 'hello'],
  ['JSON', 'application/json', '{"a":'],
  [
    'multipart without a boundary',
    'multipart/form-data',
    '--x\r\nContent-Disposition: form-data; name="Filedata"; filename="a.png"\r\n\r\nx\r\n--x--\r\n',
  ],
  [
    'multipart with another boundary',
    'multipart/form-data; boundary=other',
    '--x\r\nContent-Disposition: form-data; name="Filedata"; filename="a.png"\r\n\r\nx\r\n--x--\r\n',
  ],
  [
    'a cut-off photo',
    'multipart/form-data; boundary=x',
    Buffer.concat([
      Buffer.from('--x\r\nContent-Disposition: form-data; name="Filedata"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
      TINY_PNG.subarray(0, 30),
    ]),
  ],
  [
    'a text file as the photo',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="Filedata"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--x--\r\n',
  ],
  [
    'a form without the photo',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nwall\r\n--x--\r\n',
  ],
  ['binary noise', 'multipart/form-data; boundary=x', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 131) % 256))],
  ['a malformed form', 'application/x-www-form-urlencoded', 'csrfToken=%ZZ&&callbackUrl=javascript:alert(1)&json=true'],
];

/** Queries no page of ours sends. */
const MALFORMED_QUERIES = [
  '?%ZZ=1',
  `?q=${'y'.repeat(5000)}`,
  '?status=abc&from=javascript:alert(1)',
  '?status=500&from=//evil.example',
  '?code=nope&state=nope',
  '?error=%3Cscript%3Ealert(1)%3C/script%3E',
  '?callbackUrl=https://evil.example',
  '?a[]=1&a[b]=2&__proto__[x]=1',
];

test('every route handler answers malformed input cleanly, with the pages’ security headers', async () => {
  test.setTimeout(180_000);
  await signedIn();
  const problems: string[] = [];
  for (const appPath of routes) {
    // /unavailable answers 502/503/504 by design: it is the page that says the API is down.
    const allow5xx = appPath === '/unavailable/route';
    for (const url of routeUrls(appPath)) {
      for (const query of ['', ...MALFORMED_QUERIES]) {
        const res = await api.get(url + query, { maxRedirects: 0, failOnStatusCode: false });
        problems.push(...(await problemsOf(`GET ${url.slice(0, 60)}${query.slice(0, 40)}`, res, { allow5xx })));
        if (allow5xx && res.status() >= 500 && ![502, 503, 504].includes(res.status()))
          problems.push(`GET ${url}${query} → ${res.status()}`);
      }
      for (const [label, type, body] of MALFORMED_BODIES) {
        const res = await api.post(url, {
          headers: { ...SAME_ORIGIN, ...(type ? { 'content-type': type } : {}) },
          data: body,
          maxRedirects: 0,
          failOnStatusCode: false,
        });
        problems.push(...(await problemsOf(`POST ${url.slice(0, 60)} with ${label}`, res)));
      }
    }
  }
  expect(problems).toEqual([]);
});

test('a tampered session cookie is a signed-out visitor on every page and route', async ({ playwright }) => {
  test.setTimeout(120_000);
  await signedIn();
  const real = (await page.context().cookies(WEB_ORIGIN)).find((c) => c.name.endsWith('social-web.session'))!;
  const flipped = real.value.slice(0, 20) + (real.value[20] === 'a' ? 'b' : 'a') + real.value.slice(21);
  const problems: string[] = [];
  const urls = [...pages.map((p) => urlOf(p)), ...routes.flatMap((r) => routeUrls(r).slice(0, 1))];
  for (const value of [flipped, real.value.slice(0, real.value.length / 2), 'garbage', 'x'.repeat(4000), '', '%ZZ%00']) {
    const visitor = await playwright.request.newContext({ baseURL: WEB_ORIGIN, extraHTTPHeaders: { cookie: `${real.name}=${value}` } });
    for (const url of urls) {
      const res = await visitor.get(url, { maxRedirects: 0, failOnStatusCode: false });
      const body = await res.text();
      problems.push(
        ...(await problemsOf(`GET ${url} with the cookie ${value.slice(0, 12)}…`, res, {
          allow5xx: url === '/unavailable',
          signedIn: false,
        })),
      );
      if (body.includes(member.name)) problems.push(`GET ${url} with a tampered cookie shows the member's name`);
    }
    const action = actions.find((a) => a.name === 'components/feed/actions.ts#createPost')!;
    const res = await callAction(visitor, action, JSON.stringify([{ body: 'posted with a tampered cookie' }]), SAME_ORIGIN);
    problems.push(...(await problemsOf('createPost with a tampered cookie', res, { signedIn: false })));
    if (!(await res.text()).includes('"signedOut":true')) problems.push('createPost with a tampered cookie was not answered as signed out');
    await visitor.dispose();
  }
  expect(problems).toEqual([]);
});

test('a page [id] that is not a positive integer is the 404 page', async () => {
  await signedIn();
  const problems: string[] = [];
  const dynamic = pages.filter((p) => /\[(?!\.\.\.)[^\]]+\]/.test(p));
  for (const appPath of dynamic) {
    for (const id of [
      '0',
      '-1',
      '1.5',
      'abc',
      '1e3',
      '0x10',
      '01',
      '+1',
      '1e309',
      '99999999999999999999',
      '9007199254740993',
      '%00',
      '%ZZ',
      '1%2F..%2F..',
      '１',
      'x'.repeat(300),
    ]) {
      const url = urlOf(appPath, id);
      const res = await api.get(url, { maxRedirects: 0, failOnStatusCode: false });
      problems.push(...(await problemsOf(`GET ${url.slice(0, 60)}`, res)));
      if (res.status() !== 404) problems.push(`GET ${url.slice(0, 60)} → ${res.status()}, not 404`);
    }
  }
  expect(problems).toEqual([]);
});

test('a cut-off photo upload answers 400 with the pages’ security headers (it answered the API’s 500, without nosniff)', async () => {
  await signedIn();
  const before = footprint(member.email);
  const b = 'cutoff';
  const body = Buffer.concat([
    Buffer.from(
      `--${b}\r\nContent-Disposition: form-data; name="type"\r\n\r\nwall\r\n--${b}\r\nContent-Disposition: form-data; name="Filedata"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    TINY_PNG.subarray(0, 40),
  ]);
  const res = tally.count(
    await api.post('/api/upload/compose', {
      headers: { ...SAME_ORIGIN, 'content-type': `multipart/form-data; boundary=${b}` },
      data: body,
      failOnStatusCode: false,
    }),
  );
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ message: 'The upload did not arrive whole. Please retry.' });
  expect(res.headers()).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  });
  expect(footprint(member.email)).toBe(before);
});

/** Methods Node's parser takes that no page or route handler answers (TRACE made Next fail with a 500; the others rendered pages). */
const UNANSWERED_METHODS = [
  'TRACE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'SEARCH',
  'REPORT',
  'PURGE',
  'LINK',
  'QUERY',
];

/** The status line of a CONNECT request, sent on a socket of its own (no HTTP client sends one to a server). */
function connectStatus(): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(WEB_PORT, '127.0.0.1', () => {
      socket.write(`CONNECT localhost:${WEB_PORT} HTTP/1.1\r\nHost: localhost:${WEB_PORT}\r\n\r\n`);
    });
    let answer = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer to CONNECT')));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

test('a method no page or route answers is refused with 405 and Allow, never a 500 (TRACE / answered 500)', async () => {
  await signedIn();
  const problems: string[] = [];
  for (const url of [
    '/',
    '/sign-in',
    '/notifications',
    `/activities/${activityId}`,
    '/api/auth/session',
    '/api/upload/compose',
    '/apps/legacy',
  ]) {
    for (const method of UNANSWERED_METHODS) {
      const res = await api.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false });
      problems.push(...(await problemsOf(`${method} ${url}`, res)));
      if (res.status() !== 405 || res.headers()['allow'] !== 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS') {
        problems.push(`${method} ${url} → ${res.status()}, Allow: ${res.headers()['allow']}`);
      }
    }
  }
  expect(problems).toEqual([]);
  // CONNECT (Node closed the connection without a word).
  expect(await connectStatus()).toBe('HTTP/1.1 405 Method Not Allowed');
});

const routerState = (tree: unknown) => encodeURIComponent(JSON.stringify(tree));

/** Next-Router-State-Tree values that are no router state: Next threw on each, a 500 for any page. */
const BAD_ROUTER_STATES: Array<[string, string]> = [
  ['not JSON', 'garbage'],
  ['not percent-encoding', '%ZZ'],
  ['JSON cut off', routerState(['', {}]).slice(0, -3)],
  ['an empty array', routerState([])],
  ['an object', routerState({ children: ['', {}] })],
  ['null', 'null'],
  ['a number segment', routerState([1, {}])],
  ['children not an object', routerState(['', { children: 'x' }])],
  ['a child that is no tree', routerState(['', { children: ['__PAGE__', { x: 1 }] }])],
  ['a dynamic segment of an unknown type', routerState([['id', '1', 'zz', null], {}])],
  ['a URL that is not a pair', routerState(['', {}, ['/only']])],
  ['a refresh marker that is not one', routerState(['', {}, null, 'everything'])],
  ['a number that is a string', routerState(['', {}, null, null, 'one'])],
  ['one element too many', routerState(['', {}, null, null, null, 'x', 'more'])],
  ['nested deeply, then wrong', routerState(Array.from({ length: 40 }).reduce<unknown>((tree) => ['', { children: tree }], ['', 1]))],
];

test('an RSC request whose router state header is not a tree answers 400 on every page, signed in or not (it answered 500)', async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  await signedIn();
  // The control: a router state a real navigation sends passes, and a made one in the same shape.
  const sent = page.waitForRequest((r) => r.headers()['next-router-state-tree'] !== undefined);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Notifications' }).click();
  const real = (await sent).headers()['next-router-state-tree']!;
  for (const tree of [real, routerState(['', { children: ['__PAGE__', {}] }, null, null])]) {
    const res = tally.count(
      await api.get('/notifications', { headers: { rsc: '1', 'next-router-state-tree': tree }, failOnStatusCode: false }),
    );
    expect(res.status(), tree).toBe(200);
    expect(res.headers()['content-type']).toContain('text/x-component');
  }

  const visitor = await playwright.request.newContext({ baseURL: WEB_ORIGIN });
  const problems: string[] = [];
  const named = ['/sign-in', `/activities/${activityId}`, '/notifications'];
  const every = pages.map((p) => urlOf(p)).filter((u) => !named.includes(u));
  for (const [who, request] of [
    ['a member', api],
    ['a visitor', visitor],
  ] as const) {
    for (const url of [...named, ...every]) {
      // Every malformed value on the pages the issue names, three of them on every other page.
      for (const [label, tree] of named.includes(url) ? BAD_ROUTER_STATES : BAD_ROUTER_STATES.slice(0, 3)) {
        const res = await request.get(url, { headers: { rsc: '1', 'next-router-state-tree': tree }, failOnStatusCode: false });
        problems.push(...(await problemsOf(`${who}: RSC ${url} with ${label}`, res, { signedIn: who === 'a member' })));
        if (res.status() !== 400) problems.push(`${who}: RSC ${url} with ${label} → ${res.status()}, not 400`);
      }
    }
  }
  await visitor.dispose();
  expect(problems).toEqual([]);
});

test('Next’s image optimizer is off: /_next/image answers 404 for any address (a crafted local one answered 500)', async () => {
  await signedIn();
  const problems: string[] = [];
  const crafted = ['/\\evil.example', '/%ZZ', '/%E0%A4%A', '/unavailable', '/', '/api/auth/session', `${WEB_ORIGIN}/`, '//evil.example'];
  const urls = [
    ...crafted.map((u) => `/_next/image?url=${encodeURIComponent(u)}&w=64&q=75`),
    '/_next/image',
    '/_next/image?url=%2Ficon.svg&w=3840&q=100',
    '/_next/imagex?url=%2F&w=64&q=75',
  ];
  for (const url of urls) {
    for (const method of ['GET', 'HEAD']) {
      const res = await api.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false });
      problems.push(...(await problemsOf(`${method} ${url}`, res)));
      if (res.status() !== 404) problems.push(`${method} ${url} → ${res.status()}, not 404`);
    }
  }
  expect(problems).toEqual([]);
});
