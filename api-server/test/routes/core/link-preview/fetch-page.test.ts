import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS, fetchPage, type FetchLimits } from '../../../../src/routes/core/link-preview/fetch-page.ts';
import { html, redirect, startPageServer } from './page-server.ts';

let site: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  site = await startPageServer({
    '/page': html('<title>Hello</title>'),
    '/silent': () => {},
    '/stall': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<title>Start');
    },
    '/self': redirect('/page'),
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await site.close();
});

// The test server is on 127.0.0.1; these tests pretend that only that address is public.
const only127001: FetchLimits = { ...DEFAULT_LIMITS, allowAddress: (ip) => ip === '127.0.0.1' };

describe('fetchPage', () => {
  it('times out as configured while waiting for an answer (504)', async () => {
    const started = Date.now();
    await expect(fetchPage(`${site.origin}/silent`, { ...only127001, timeoutMs: 300 })).rejects.toMatchObject({ status: 504 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out while the body is being read, too', async () => {
    await expect(fetchPage(`${site.origin}/stall`, { ...only127001, timeoutMs: 300 })).rejects.toMatchObject({ status: 504 });
  });

  it('a redirect limit of 0 refuses the first redirect', async () => {
    await expect(fetchPage(`${site.origin}/self`, { ...only127001, maxRedirects: 0 })).rejects.toMatchObject({ status: 502 });
  });

  it('resolves a host name once and connects to exactly the checked address (no DNS rebinding)', async () => {
    // First answer: the allowed address; any later answer would point elsewhere.
    let calls = 0;
    const lookup = vi.spyOn(dns.promises, 'lookup').mockImplementation((async () => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    }) as never);
    const before = site.requests.length;
    const page = await fetchPage(`http://preview.test:${site.port}/page`, only127001);
    expect(page.url).toBe(`http://preview.test:${site.port}/page`);
    expect(page.body?.toString()).toBe('<title>Hello</title>');
    expect(calls).toBe(1);
    // The request went to the test server and still names the host it asked for.
    expect(site.requests.slice(before)).toEqual([{ path: '/page', host: `preview.test:${site.port}` }]);
    lookup.mockRestore();
  });

  it('an unknown host answers 502', async () => {
    const lookup = vi
      .spyOn(dns.promises, 'lookup')
      .mockRejectedValue(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    await expect(fetchPage('http://nowhere.test/', only127001)).rejects.toMatchObject({
      status: 502,
      message: 'The address of nowhere.test could not be found.',
    });
    lookup.mockRestore();
  });
});
