import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE_HEADER, PREPARED_HEADER } from '../lib/page-headers.ts';
import { renderNotFoundPages } from './not-found-page.ts';

// A stand-in for Next behind web-server/server.ts: a page read it answers 404 is written as Next
// writes a page's notFound() (its error shell, an empty body), and the same address asked with
// NOT_FOUND_PAGE_HEADER is the not-found page (next.config.js's rewrite), written with status 200.

const SHELL = '<!DOCTYPE html><html id="__next_error__"><head><meta charSet="utf-8"/></head><body></body></html>';
const arrival = new AsyncLocalStorage<string>();
let server: http.Server | undefined;
afterEach(() => server?.close());

/** `next` answers as Next would; every request is prepared (a page read as Next reads it) unless `prepared` says not. */
async function serve(
  next: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  prepared = () => true,
  renderedAgainIn: Array<string | undefined> = [],
): Promise<string> {
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (prepared()) req.headers[PREPARED_HEADER] = '1';
    // Next's render runs in contexts of its own; a second render must not inherit them.
    arrival.run('the first render', () => setTimeout(() => next(req, res), 1));
  };
  server = http.createServer((req, res) => {
    arrival.run(`arrived for ${req.url}`, () => {
      renderNotFoundPages(req, res, (again) => {
        renderedAgainIn.push(arrival.getStore());
        handle(again, res);
      });
      handle(req, res);
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const html = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.write(body.slice(0, 20));
  res.end(body.slice(20));
};

describe('renderNotFoundPages', () => {
  it('answers a page read Next answered with its error shell with the not-found page, 404, in the context it arrived in', async () => {
    const seen: Array<string | undefined> = [];
    const origin = await serve(
      (req, res) => {
        if (req.headers[NOT_FOUND_PAGE_HEADER] === '1') {
          html(res, 200, '<!DOCTYPE html><html><body><h1>This post is not here</h1></body></html>', { 'x-render': 'second' });
        } else html(res, 404, SHELL, { 'x-render': 'first', 'x-first-only': '1', 'set-cookie': 'renewed=1' });
      },
      () => true,
      seen,
    );
    const res = await fetch(`${origin}/blogs/7`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<!DOCTYPE html><html><body><h1>This post is not here</h1></body></html>');
    expect(res.headers.get('x-render')).toBe('second');
    expect(res.headers.get('x-first-only')).toBeNull();
    expect(res.headers.get('set-cookie')).toBe('renewed=1');
    expect(seen).toEqual(['arrived for /blogs/7']);
  });

  it('passes every other answer as it was written: a route handler’s own 404 page, a page, JSON, a HEAD', async () => {
    const embed = '<!doctype html><title>Not available</title><p>This video is not available.</p>';
    const origin = await serve((req, res) => {
      if (req.url === '/embed/videos/7') html(res, 404, embed);
      else if (req.url === '/json') {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/json');
        res.end('{"message":"Not found"}');
      } else if (req.method === 'HEAD') {
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(null);
      } else html(res, 200, '<!DOCTYPE html><html><body><h1>Feed</h1></body></html>');
    });
    const embedded = await fetch(`${origin}/embed/videos/7`);
    expect([embedded.status, await embedded.text()]).toEqual([404, embed]);
    const page = await fetch(`${origin}/`);
    expect([page.status, await page.text()]).toEqual([200, '<!DOCTYPE html><html><body><h1>Feed</h1></body></html>']);
    const json = await fetch(`${origin}/json`);
    expect([json.status, await json.text()]).toEqual([404, '{"message":"Not found"}']);
    expect((await fetch(`${origin}/gone`, { method: 'HEAD' })).status).toBe(404);
  });

  it('leaves Next’s answer to a client navigation, to an address Next reads otherwise, and to a client that sends the header', async () => {
    const asked: string[] = [];
    let prepared = true;
    const origin = await serve(
      (req, res) => {
        asked.push(`${req.url} ${req.headers[NOT_FOUND_PAGE_HEADER] ?? '-'}`);
        html(res, 404, SHELL);
      },
      () => prepared,
    );
    expect(await (await fetch(`${origin}/blogs/7`, { headers: { rsc: '1' } })).text()).toBe(SHELL);
    expect(await (await fetch(`${origin}/blogs/7?_rsc=abc`)).text()).toBe(SHELL);
    // A client's own NOT_FOUND_PAGE_HEADER is removed before Next sees the request.
    expect(await (await fetch(`${origin}/blogs/8`, { headers: { rsc: '1', [NOT_FOUND_PAGE_HEADER]: '1' } })).text()).toBe(SHELL);
    prepared = false;
    expect(await (await fetch(`${origin}/blogs/%ZZ`)).text()).toBe(SHELL);
    expect(asked).toEqual(['/blogs/7 -', '/blogs/7?_rsc=abc -', '/blogs/8 -', '/blogs/%ZZ -']);
  });
});
