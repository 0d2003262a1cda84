import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { afterEach, describe, expect, it } from 'vitest';
import { rewritePageScripts, scriptsAfterPaint } from './scripts-after-paint.ts';

// A page as React and Next write it: the client components' chunks as async scripts in the head
// (after the stylesheet), React's preloads of its entry and of a chunk it will ask for, the
// polyfills for old browsers, and Next's entry in the body after the page's content.
const N = 'nonce="abc=="';
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" ${N} data-precedence="next"/>` +
  `<link rel="preload" as="script" fetchPriority="low" ${N} href="/_next/static/chunks/entry.js"/>` +
  `<script src="/_next/static/chunks/one.js" async="" ${N}></script>` +
  `<script src="/_next/static/chunks/turbopack-two.js" async="" ${N}></script>` +
  `<link rel="preload" href="/_next/static/chunks/later.js" as="script" ${N} fetchPriority="low"/>` +
  '<link rel="icon" href="/icon.svg"/>' +
  `<script src="/_next/static/chunks/polyfills.js" noModule="" ${N}></script></head>` +
  '<body><main><p>Hello</p><p>&lt;script src=&quot;/_next/static/chunks/x.js&quot; async=&quot;&quot;&gt;</p></main>' +
  `<script ${N}>self.__next_f.push([1,"\\u003cscript"])</script>` +
  `<script src="/_next/static/chunks/entry.js" ${N} async=""></script>` +
  '<script src="https://elsewhere.example/widget.js" async=""></script></body></html>';

const whole = (html: string) => {
  const r = scriptsAfterPaint();
  return r.write(html) + r.end();
};
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const body = (html: string) => html.slice(html.indexOf('</head>'));
/** The build's scripts a browser fetches as it parses: async ones, and script preloads. */
const fetchedWhileParsing = (html: string) => [
  ...[...html.matchAll(/<script src="(\/_next\/[^"]+)"([^>]*)>/g)].filter(([, , rest]) => !/nomodule/i.test(rest!)).map(([, src]) => src),
  ...[...html.matchAll(/<link rel="preload"[^>]*href="(\/_next\/[^"]+\.js)"/g)].map(([, src]) => src),
];

describe('scriptsAfterPaint', () => {
  const out = whole(PAGE);

  it('leaves none of the build’s scripts for the browser to fetch or run while it parses', () => {
    expect(fetchedWhileParsing(PAGE)).toHaveLength(5);
    expect(fetchedWhileParsing(out)).toEqual([]);
  });

  it('keeps every chunk, in React’s order, with its nonce, for the loader to add after the first paint', () => {
    const waiting = [...out.matchAll(/<script type="after-paint" data-src="([^"]+)" nonce="abc=="><\/script>/g)].map(([, src]) => src);
    expect(waiting).toEqual(['/_next/static/chunks/one.js', '/_next/static/chunks/turbopack-two.js', '/_next/static/chunks/entry.js']);
    const preloads = [...out.matchAll(/<link rel="after-paint-preload"[^>]* href="([^"]+)"[^>]*\/>/g)].map(([, href]) => href);
    expect(preloads).toEqual(['/_next/static/chunks/entry.js', '/_next/static/chunks/later.js']);
  });

  it('writes no inline script in the head (it would wait for the stylesheet), and the loader once, after the body’s first chunk', () => {
    expect(head(out)).not.toMatch(/<script(?! type="after-paint")(?! src="\/_next\/static\/chunks\/polyfills)/);
    expect(out.match(/self\.\$afterPaint\|\|/g)).toHaveLength(1);
    expect(body(out)).toMatch(
      /<script type="after-paint" data-src="\/_next\/static\/chunks\/entry.js"[^>]*><\/script><script nonce="abc==">self\.\$afterPaint\|\|/,
    );
  });

  it('leaves everything else as it was: the polyfills, other sites’ scripts, inline scripts, text', () => {
    expect(out).toContain(`<script src="/_next/static/chunks/polyfills.js" noModule="" ${N}></script>`);
    expect(out).toContain('<script src="https://elsewhere.example/widget.js" async=""></script>');
    expect(out).toContain(`<script ${N}>self.__next_f.push([1,"\\u003cscript"])</script>`);
    expect(out).toContain('<p>&lt;script src=&quot;/_next/static/chunks/x.js&quot; async=&quot;&quot;&gt;</p>');
    expect(out).toContain(`<link rel="stylesheet" href="/_next/static/chunks/a.css" ${N} data-precedence="next"/>`);
  });

  it('gives the same page however the stream cuts it, a tag split between two writes included', () => {
    for (const size of [1, 2, 7, 64, 333]) {
      const r = scriptsAfterPaint();
      let streamed = '';
      for (let i = 0; i < PAGE.length; i += size) streamed += r.write(PAGE.slice(i, i + size));
      expect(streamed + r.end()).toBe(out);
    }
  });

  it('writes the loader before </body> when the body names no chunk', () => {
    const page = `<html><head><script src="/_next/static/chunks/one.js" async="" ${N}></script></head><body><p>Hi</p></body></html>`;
    expect(whole(page)).toMatch(/<p>Hi<\/p><script nonce="abc==">self\.\$afterPaint\|\|[^<]*<\/script><\/body>/);
  });

  it('leaves a page without the build’s scripts as it is', () => {
    const page = '<html><head><title>x</title></head><body><script>1</script></body></html>';
    expect(whole(page)).toBe(page);
  });
});

describe('rewritePageScripts', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A server that compresses, rewrites, then answers `answer` (as web-server/server.ts does with Next). */
  async function serve(answer: http.RequestListener): Promise<string> {
    const compress = compression() as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    server = http.createServer((req, res) => {
      compress(req, res, () => {});
      rewritePageScripts(res);
      answer(req, res);
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('rewrites a page streamed in pieces, compressed, without the length it was given', async () => {
    const origin = await serve((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.flushHeaders();
      const bytes = Buffer.from(PAGE);
      res.write(bytes.subarray(0, 300));
      res.write(bytes.subarray(300, 301).toString('latin1'), 'latin1');
      res.end(bytes.subarray(301));
    });
    const res = await fetch(origin, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(whole(PAGE));
  });

  it('gives a page sent whole with its length the rewritten page’s', async () => {
    const origin = await serve((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.end(PAGE);
    });
    const res = await fetch(origin, { headers: { 'accept-encoding': 'identity' } });
    expect(await res.text()).toBe(whole(PAGE));
  });

  it('keeps UTF-8 text whole, a character split between two writes included', async () => {
    const page = `<html><head></head><body><p>Zoë — 日本 🙂</p><script src="/_next/static/chunks/e.js" async=""></script></body></html>`;
    const origin = await serve((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const bytes = Buffer.from(page);
      const at = bytes.indexOf(Buffer.from('本')) + 1;
      res.write(bytes.subarray(0, at));
      res.end(bytes.subarray(at));
    });
    const text = await (await fetch(origin)).text();
    expect(text).toContain('<p>Zoë — 日本 🙂</p>');
    expect(text).toContain('<script type="after-paint" data-src="/_next/static/chunks/e.js"></script>');
  });

  it('answers a HEAD request of a page, which Next ends with end(null), with its headers and no body', async () => {
    const origin = await serve((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(null);
    });
    const res = await fetch(origin, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('passes every other answer as it is (JSON, a script), compressed as before', async () => {
    const js = `document.write('<script src="/_next/static/chunks/one.js" async=""></script>');`.repeat(40);
    const origin = await serve((req, res) => {
      res.setHeader('content-type', req.url === '/a.js' ? 'application/javascript' : 'application/json');
      res.end(req.url === '/a.js' ? js : JSON.stringify({ html: PAGE }));
    });
    const script = await fetch(`${origin}/a.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(await script.text()).toBe(js);
    expect(await (await fetch(`${origin}/x`)).json()).toEqual({ html: PAGE });
  });
});
