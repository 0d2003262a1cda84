import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSignature } from '@/lib/images/image-src';

// GET /api/image, the route itself: what it fetches at all. The fetch's own refusals (types,
// sizes) are lib/images/fetch-image.test.ts's; the addresses it may reach, the one table of
// shared/net/safe-fetch.test.ts.

let server: http.Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the image route', () => {
  it('fetches only addresses this server signed, and refuses private ones outside development', async () => {
    const { GET } = await import('./route');
    const ask = (query: Record<string, string>) =>
      GET(new Request(`http://localhost:3000/api/image?${new URLSearchParams(query)}`, { headers: { cookie: 'a=b' } }), undefined);
    const url = `${base}/pic.png`;
    expect((await ask({ url, sig: 'forged' })).status).toBe(404);
    expect((await ask({ url })).status).toBe(404);
    const refused = await ask({ url, sig: imageSignature(url) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hits).toBe(0);
  });
});
