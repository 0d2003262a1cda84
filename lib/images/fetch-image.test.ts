import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../testing/pictures.ts';
import { fetchImage, ImageRefusal } from './fetch-image.ts';
import { imageSrc, validImageSignature } from './image-src.ts';

// The image route's refusals, against a real HTTP server on loopback. Which addresses and URLs
// it may fetch is the one table of shared/net/safe-fetch.test.ts.

const PICTURE = png(40, 30);
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const send = (type: string, body: Buffer | string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (req.url) {
      case '/pic.png':
        return send('image/png', PICTURE, { 'x-cookie-seen': String(req.headers.cookie ?? '') });
      case '/page.html':
        return send('text/html', '<!doctype html><title>not a picture</title>');
      case '/liar.png':
        return send('image/png', '<!doctype html><title>not a picture either</title>');
      case '/drawing.svg':
        return send('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/big-declared.png':
        return send('image/png', PICTURE, { 'content-length': String(PICTURE.length) });
      case '/big-streamed.png': {
        // No Content-Length: the size shows only while it arrives.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PICTURE);
        const more = setInterval(() => {
          if (!res.write(Buffer.alloc(64 * 1024))) return;
        }, 5);
        res.on('close', () => clearInterval(more));
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The refusal's status (and that it is one). */
async function refusal(promise: Promise<unknown>): Promise<number> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageRefusal);
  return (err as ImageRefusal).status;
}

const LIMIT = 1024 * 1024;

describe('fetchImage refusals', () => {
  it('refuses what is not a picture: another type, a picture type with other bytes, SVG', async () => {
    const allowAddress = () => true;
    expect(await refusal(fetchImage(`${base}/page.html`, { maxBytes: LIMIT, allowAddress }))).toBe(415);
    expect(await refusal(fetchImage(`${base}/liar.png`, { maxBytes: LIMIT, allowAddress }))).toBe(415);
    expect(await refusal(fetchImage(`${base}/drawing.svg`, { maxBytes: LIMIT, allowAddress }))).toBe(415);
  });

  it('refuses a picture over the size limit, declared or found while it streams', async () => {
    const allowAddress = () => true;
    expect(await refusal(fetchImage(`${base}/big-declared.png`, { maxBytes: PICTURE.length - 1, allowAddress }))).toBe(413);
    expect(await refusal(fetchImage(`${base}/big-streamed.png`, { maxBytes: 512 * 1024, allowAddress }))).toBe(413);
  });

  it('passes a picture on, typed by its bytes, where the address is allowed (development)', async () => {
    const image = await fetchImage(`${base}/pic.png`, { maxBytes: LIMIT, allowAddress: () => true });
    expect(image.contentType).toBe('image/png');
    expect(image.body.equals(PICTURE)).toBe(true);
  });
});

// The route itself (what it fetches at all): app/api/image/route.test.ts.
describe('the image addresses', () => {
  it('puts pictures of other sites behind the route and leaves the API’s alone', () => {
    expect(imageSrc('http://localhost:4000/files/a.png')).toBe('http://localhost:4000/files/a.png');
    const src = imageSrc('https://example.org/a.png?x=1');
    const params = new URL(src, 'http://localhost:3000').searchParams;
    expect(src.startsWith('/api/image?')).toBe(true);
    expect(params.get('url')).toBe('https://example.org/a.png?x=1');
    expect(validImageSignature('https://example.org/a.png?x=1', params.get('sig')!)).toBe(true);
    expect(validImageSignature('https://example.org/b.png', params.get('sig')!)).toBe(false);
    expect(imageSrc('javascript:alert(1)')).toBe('');
    // No picture, or an address that is none: no src.
    expect(imageSrc('')).toBe('');
    expect(imageSrc('not an address')).toBe('');
    expect(imageSrc('https://')).toBe('');
  });
});

describe('the image cache', () => {
  const picture = (n: number) => ({ contentType: 'image/png' as const, body: Buffer.alloc(n) });

  it('keeps at most its size in bytes, dropping the least recently used first', async () => {
    const { ImageCache } = await import('./image-cache.ts');
    const cache = new ImageCache(300, 60_000);
    cache.set('a', picture(100));
    cache.set('b', picture(100));
    cache.set('c', picture(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('d', picture(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(300);
    cache.set('huge', picture(301));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('forgets a picture after its time, and a refusal sooner', async () => {
    const { ImageCache } = await import('./image-cache.ts');
    const cache = new ImageCache(1000, 60_000, 1_000);
    cache.set('p', picture(10), 0);
    cache.set('r', { status: 415, message: 'no' }, 0);
    expect(cache.get('r', 999)).toEqual({ status: 415, message: 'no' });
    expect(cache.get('r', 1_000)).toBeUndefined();
    expect(cache.get('p', 59_999)).toBeDefined();
    expect(cache.get('p', 60_000)).toBeUndefined();
  });
});
