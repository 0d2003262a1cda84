import type http from 'node:http';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PATH, PREPARED_HEADER } from '../lib/page-headers.ts';
import { config, proxy } from '../proxy.ts';
import { PROXIED_PATHS, preparePage } from './prepare-page.ts';

// The production server prepares a page read itself and Next then skips proxy.ts for it: what it
// does must be what the proxy does, header for header, and it must leave to the proxy whatever
// the proxy answers otherwise (a redirect, a 404 rewrite, a refusal).

const SESSION = 'social-web.session=abc';

interface Prepared {
  prepared: boolean;
  request: Record<string, string | string[] | undefined>;
  response: Record<string, string>;
}

function prepare(method: string, url: string, headers: Record<string, string> = {}): Prepared & { url: string } {
  const req = { method, url, headers: { host: 'localhost:3000', ...headers } } as unknown as http.IncomingMessage;
  const response: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (response[name.toLowerCase()] = value) } as unknown as http.ServerResponse;
  const prepared = preparePage(req, res);
  return { prepared, request: req.headers, response, url: req.url! };
}

/** What the proxy gives the same request: the answer's headers and the request headers it sets. */
async function viaProxy(method: string, url: string, headers: Record<string, string> = {}) {
  const answer = await proxy(new NextRequest(`http://localhost:3000${url}`, { method, headers }));
  const response: Record<string, string> = {};
  const request: Record<string, string> = {};
  for (const [name, value] of answer.headers) {
    if (name.startsWith('x-middleware-request-')) request[name.slice('x-middleware-request-'.length)] = value;
    else if (!name.startsWith('x-middleware-')) response[name] = value;
  }
  return {
    status: answer.status,
    next: answer.headers.get('x-middleware-next') === '1',
    rewrite: answer.headers.get('x-middleware-rewrite'),
    response,
    request,
  };
}

const NONCE = /'nonce-[^']+'/;
const withoutNonce = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, k === 'x-nonce' ? 'NONCE' : v.replace(NONCE, "'nonce-NONCE'")]));

describe('a page read prepared by the production server', () => {
  it.each([
    ['GET', '/', SESSION],
    ['GET', '/', ''],
    ['HEAD', '/listings', SESSION],
    ['GET', '/listings?q=bike&sort=newest', SESSION],
    ['GET', '/search?q=a%20b&_rsc=1x2', SESSION],
    ['GET', '/?_rsc=abc', SESSION],
    ['GET', '/apps/legacy/home', SESSION],
    ['GET', '/og/activity/1/card.png', SESSION],
    ['GET', '/api/notifications/count', SESSION],
    ['GET', '/api/auth/session', ''],
    ['GET', '/p/blog/3', ''],
  ])('%s %s (cookie "%s") gets the headers the proxy gives it', async (method, url, cookie) => {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    const ours = prepare(method, url, headers);
    const theirs = await viaProxy(method, url, headers);
    expect(ours.prepared).toBe(true);
    expect(theirs.next).toBe(true);
    expect(withoutNonce(ours.response)).toEqual(withoutNonce(theirs.response));
    const set = Object.fromEntries(
      Object.keys(theirs.request)
        .filter((n) => n.startsWith('x-') || n === 'content-security-policy')
        .map((n) => [n, ours.request[n] as string]),
    );
    expect(withoutNonce(set)).toEqual(withoutNonce(Object.fromEntries(Object.entries(theirs.request).filter(([n]) => n in set))));
    // The nonce is fresh, and the request's policy is the answer's.
    expect(ours.request['content-security-policy']).toBe(ours.response['content-security-policy']);
    expect(ours.response['content-security-policy']).toContain(`'nonce-${ours.request['x-nonce'] as string}'`);
    expect(ours.request[PREPARED_HEADER]).toBe('1');
  });

  it('gives an embedded video player the policy of a page any site may frame, which runs no script', async () => {
    const ours = prepare('GET', '/embed/videos/3', { cookie: SESSION });
    const theirs = await viaProxy('GET', '/embed/videos/3', { cookie: SESSION });
    expect(ours.response).toEqual(theirs.response);
    const csp = ours.response['content-security-policy']!;
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("media-src 'self'");
    expect(csp).not.toContain('script-src');
    expect(ours.response['x-frame-options']).toBeUndefined();
    // Every other page may still be framed by nobody.
    const page = prepare('GET', '/videos/3', { cookie: SESSION });
    expect(page.response['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.response['x-frame-options']).toBe('DENY');
  });

  it.each(['/%E0%A4%A', '/activities/%ZZ', '/blogs/%ZZ/edit?x=1'])(
    'reads %s, not valid percent-encoding, as the 404 page, with the headers the proxy gives it as it rewrites it there',
    async (url) => {
      const ours = prepare('GET', url, { cookie: SESSION });
      const theirs = await viaProxy('GET', url, { cookie: SESSION });
      expect(ours.prepared).toBe(true);
      expect(ours.url).toBe(NOT_FOUND_PATH);
      expect(theirs.rewrite).toBe(`http://localhost:3000${NOT_FOUND_PATH}`);
      expect(withoutNonce(ours.response)).toEqual(withoutNonce(theirs.response));
      expect(ours.request['x-request-path']).toBe(theirs.request['x-request-path']);
    },
  );

  it('names the page without the navigation parameter', () => {
    expect(prepare('GET', '/search?q=a&_rsc=1x2').request['x-request-path']).toBe('/search?q=a');
    expect(prepare('GET', '/?_rsc=abc').request['x-request-path']).toBe('/');
  });

  it('gives each answer a nonce of its own', () => {
    expect(prepare('GET', '/').request['x-nonce']).not.toBe(prepare('GET', '/').request['x-nonce']);
  });

  it.each([
    ['POST', '/', 'a change: its checks read the body'],
    ['DELETE', '/api/notifications/count', 'a change'],
    ['OPTIONS', '/', 'not a read'],
    ['GET', '/albums?keywords=x&category_id=2', "a list's old words: redirected"],
    ['GET', '/a/../listings', 'dot segments Next reads otherwise'],
    ['GET', '/listings?', 'an empty query Next reads otherwise'],
    ['GET', '//evil.example/x', 'not a path'],
    ['GET', '/_next/static/chunks/a.js', 'outside the proxy'],
    ['GET', '/api/upload/photo', 'outside the proxy'],
    ['GET', '/api/image?url=x', 'outside the proxy'],
  ])('leaves %s %s to the proxy (%s)', (method, url) => {
    const ours = prepare(method, url, { cookie: SESSION, [PREPARED_HEADER]: '1' });
    expect(ours.prepared).toBe(false);
    expect(ours.response).toEqual({});
    expect(ours.request['x-nonce']).toBeUndefined();
    // A client's own PREPARED_HEADER never reaches Next: the proxy runs.
    expect(ours.request[PREPARED_HEADER]).toBeUndefined();
  });

  it('the proxy answers those it leaves otherwise than with headers alone', async () => {
    expect((await viaProxy('GET', '/albums?keywords=x&category_id=2')).status).toBe(308);
    expect((await viaProxy('POST', '/', { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('and the proxy is skipped only for requests that carry the header, on the paths it covers', () => {
    expect(config.matcher).toHaveLength(1);
    const matcher = config.matcher[0]!;
    expect(matcher.source).toBe(PROXIED_PATHS);
    expect(matcher.missing).toEqual([{ type: 'header', key: PREPARED_HEADER }]);
  });
});
