import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api-server/src/errors.ts';
import { DEFAULT_LIMITS, fetchPage } from '../../api-server/src/routes/core/link-preview/fetch-page.ts';
import { fetchImage, ImageRefusal } from '../../lib/images/fetch-image.ts';
import { png } from '../../lib/testing/pictures.ts';
import { isPublicAddress } from './addresses.ts';
import { readBody, safeFetch, SafeFetchError } from './safe-fetch.ts';

// One table of the addresses and URLs an outbound fetch may reach, run against the module
// (shared/net) and against both of its callers with their default policy: the web's image route
// (fetchImage) and the API's link preview (fetchPage). A row that is allowed must be fetched by
// all three, a row that is refused refused by all three, before any connection is made.

type Verdict = 'allowed' | 'address' | 'form';

/** [address, allowed?, why] */
const ADDRESSES: Array<[string, boolean, string]> = [
  ['127.0.0.1', false, 'loopback'],
  ['127.8.9.10', false, 'loopback'],
  ['10.1.2.3', false, 'private'],
  ['172.16.0.1', false, 'private'],
  ['172.31.255.255', false, 'private'],
  ['192.168.1.1', false, 'private'],
  ['169.254.169.254', false, 'link-local (cloud metadata)'],
  ['0.0.0.0', false, 'unspecified'],
  ['100.64.0.1', false, 'CGNAT'],
  ['100.127.255.254', false, 'CGNAT'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast'],
  ['255.255.255.255', false, 'broadcast'],
  ['240.0.0.1', false, 'reserved'],
  ['192.0.0.8', false, 'IETF protocol assignments'],
  ['192.0.2.1', false, 'documentation'],
  ['198.51.100.7', false, 'documentation'],
  ['203.0.113.9', false, 'documentation'],
  ['198.18.0.1', false, 'benchmarking'],
  ['192.88.99.1', false, '6to4 relay anycast'],
  ['::', false, 'unspecified'],
  ['::1', false, 'loopback'],
  ['fe80::1', false, 'link-local'],
  ['fe80::1%eth0', false, 'link-local with a zone'],
  ['fc00::1', false, 'unique-local'],
  ['fd12:3456::1', false, 'unique-local'],
  ['fec0::1', false, 'site-local'],
  ['ff02::1', false, 'multicast'],
  ['2001:db8::1', false, 'documentation'],
  ['100::1', false, 'discard-only'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex form'],
  ['0:0:0:0:0:ffff:7f00:1', false, 'IPv4-mapped loopback, written out'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
  ['::ffff:a9fe:a9fe', false, 'IPv4-mapped link-local'],
  ['::ffff:0:a00:1', false, 'IPv4-translated private'],
  ['::127.0.0.1', false, 'IPv4-compatible (deprecated, refused whole)'],
  ['::808:808', false, 'IPv4-compatible of a public address (refused whole)'],
  ['64:ff9b::7f00:1', false, 'NAT64 of loopback'],
  ['64:ff9b::a00:1', false, 'NAT64 of a private address'],
  ['64:ff9b::169.254.169.254', false, 'NAT64 of link-local, dotted form'],
  ['64:ff9b:1::808:808', false, 'local-use NAT64 (refused whole)'],
  ['2002:7f00:1::1', false, '6to4 of loopback'],
  ['2002:c0a8:101::1', false, '6to4 of a private address'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false, 'Teredo (refused whole)'],
  ['not an address', false, 'not an address'],
  ['93.184.216.34', true, 'public'],
  ['8.8.8.8', true, 'public'],
  ['100.128.0.1', true, 'public, just past CGNAT'],
  ['172.32.0.1', true, 'public, just past 172.16/12'],
  ['2606:4700:4700::1111', true, 'public'],
  ['2a00:1450::200e', true, 'public'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
  ['64:ff9b::808:808', true, 'NAT64 of a public address (a DNS64 network)'],
  ['2002:808:808::1', true, '6to4 of a public address'],
];

/** The names the tests resolve (dns.promises.lookup is replaced: no real DNS). */
const NAMES: Record<string, string[]> = {
  'site.test': ['93.184.216.34'],
  'v6.test': ['2606:4700:4700::1111'],
  localhost: ['127.0.0.1', '::1'],
  'mixed.test': ['93.184.216.34', '10.0.0.1'],
};

/** [URL, verdict, why]: 'form' is a URL refused for what it is, whatever its address. */
const URLS: Array<[string, Verdict, string]> = [
  ['http://site.test/', 'allowed', 'a name with a public address'],
  ['http://v6.test:8443/', 'allowed', 'a port, a name with a public IPv6 address'],
  ['http://93.184.216.34/', 'allowed', 'a public IPv4 literal'],
  ['http://[64:ff9b::808:808]/', 'allowed', 'NAT64 of a public address'],
  ['http://localhost/', 'address', 'a name for loopback'],
  ['http://mixed.test/', 'address', 'a name with a private address among public ones'],
  ['http://127.0.0.1:4000/', 'address', 'loopback'],
  ['http://2130706433/', 'address', 'loopback as one decimal number'],
  ['http://0x7f.1/', 'address', 'loopback in hex, short form'],
  ['http://[::1]/', 'address', 'IPv6 loopback'],
  ['http://[::ffff:127.0.0.1]/', 'address', 'IPv4-mapped loopback'],
  ['http://169.254.169.254/latest/meta-data/', 'address', 'cloud metadata'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'address', 'NAT64 of cloud metadata'],
  ['http://10.0.0.1/', 'address', 'private'],
  ['http://[fd00::1]/', 'address', 'unique-local'],
  ['file:///etc/passwd', 'form', 'a file'],
  ['ftp://example.org/a.png', 'form', 'not http(s)'],
  ['javascript:alert(1)', 'form', 'not http(s)'],
  ['data:text/html,hi', 'form', 'not http(s)'],
  ['http://user:pw@example.org/', 'form', 'credentials'],
  ['not a url', 'form', 'not an absolute URL'],
];

const PICTURE = png(8, 8);
let server: http.Server;
/** The address each outbound connection was pinned to, in order. */
const connectedTo: string[] = [];
const lookups: string[] = [];

beforeAll(async () => {
  // Answers a picture to the image route and a page to the link preview, whatever the path;
  // /redirect?to=… redirects there.
  server = http.createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
    if (to !== null) return void res.writeHead(302, { location: to }).end();
    if (String(req.headers.accept).startsWith('image/')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Hello</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    lookups.push(host);
    const answers = NAMES[host];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: net.isIP(address) || 4 }));
  }) as never);

  // Every outbound connection goes to the test server instead, and the address it was pinned
  // to is recorded: the table's public addresses are fetched without leaving this machine, and
  // a test sees where each fetch connected. (http.request with agent: false, as safe-fetch
  // makes it, opens its socket with net.createConnection.)
  const createConnection = net.createConnection;
  vi.spyOn(net, 'createConnection').mockImplementation(((options: { host?: string; lookup?: net.LookupFunction }, ...rest: unknown[]) => {
    const host = options.host ?? '';
    const lookup: net.LookupFunction = (_name, opts, done) => {
      const connect = () => {
        if (opts.all) (done as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
        else done(null, '127.0.0.1', 4);
      };
      if (net.isIP(host) || !options.lookup) {
        connectedTo.push(host);
        return connect();
      }
      options.lookup(host, { all: true }, (err, answers) => {
        connectedTo.push(err ? `error ${err.message}` : (answers as unknown as dns.LookupAddress[])[0]!.address);
        connect();
      });
    };
    return (createConnection as (...a: unknown[]) => net.Socket).call(net, { ...options, host: 'intercepted.test', port, lookup }, ...rest);
  }) as never);
});

afterEach(() => {
  connectedTo.length = 0;
  lookups.length = 0;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const LIMITS = { timeoutMs: 5000, maxRedirects: 3 };
const bracket = (ip: string) => (net.isIPv6(ip.split('%')[0]!) ? `[${ip}]` : ip);

/** What each fetcher made of a URL, as a verdict (or what else it answered). */
const fetchers: Record<string, (url: string) => Promise<Verdict | string>> = {
  'the module (safeFetch)': async (url) => {
    try {
      return await safeFetch(url, LIMITS, async (res) => (res.status === 200 ? 'allowed' : `status ${res.status}`));
    } catch (err) {
      if (!(err instanceof SafeFetchError)) throw err;
      return err.reason === 'address' ? 'address' : ['url', 'scheme', 'credentials'].includes(err.reason) ? 'form' : err.reason;
    }
  },
  'the image route (fetchImage)': async (url) => {
    try {
      const image = await fetchImage(url, { maxBytes: 1024 * 1024 });
      return image.body.equals(PICTURE) ? 'allowed' : 'another body';
    } catch (err) {
      if (!(err instanceof ImageRefusal)) throw err;
      return err.status === 403 ? 'address' : err.status === 400 ? 'form' : `status ${err.status}`;
    }
  },
  'the link preview (fetchPage)': async (url) => {
    try {
      const page = await fetchPage(url, DEFAULT_LIMITS);
      return page.body?.toString() === '<title>Hello</title>' ? 'allowed' : 'another body';
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status !== 400) return `status ${err.status}`;
      return /private or local network address/.test(err.message) ? 'address' : 'form';
    }
  },
};

describe('the address policy (isPublicAddress)', () => {
  it.each(ADDRESSES)('%s: allowed %s (%s)', (ip, allowed) => {
    expect(isPublicAddress(ip)).toBe(allowed);
  });
});

describe.each(Object.entries(fetchers))('%s', (_name, fetcher) => {
  it.each(ADDRESSES)('a name resolving to %s: allowed %s (%s), and connected to that address only if allowed', async (ip, allowed) => {
    NAMES['table.test'] = [ip];
    expect(await fetcher('http://table.test/')).toBe(allowed ? 'allowed' : 'address');
    expect(connectedTo).toEqual(allowed ? [ip] : []);
  });

  it.each(ADDRESSES.filter(([ip]) => !ip.includes('%') && net.isIP(ip)))('the literal address %s: allowed %s (%s)', async (ip, allowed) => {
    expect(await fetcher(`http://${bracket(ip)}/`)).toBe(allowed ? 'allowed' : 'address');
    expect(connectedTo.length).toBe(allowed ? 1 : 0);
  });

  it.each(URLS)('%s: %s (%s)', async (url, verdict) => {
    expect(await fetcher(url)).toBe(verdict);
    expect(connectedTo.length).toBe(verdict === 'allowed' ? 1 : 0);
  });

  it.each(URLS.filter(([url]) => URL.canParse(url)))('a redirect to %s: %s (%s), checked before connecting', async (url, verdict) => {
    expect(await fetcher(`http://site.test/redirect?to=${encodeURIComponent(url)}`)).toBe(verdict);
    expect(connectedTo.length).toBe(verdict === 'allowed' ? 2 : 1);
  });
});

describe('safeFetch', () => {
  const status = (res: { status: number }) => Promise.resolve(res.status);
  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fetched',
      (err: unknown) => (err instanceof SafeFetchError ? err.reason : err),
    );

  it('resolves a name once per hop and connects to the address it checked', async () => {
    expect(await safeFetch('http://site.test/redirect?to=http://v6.test/', LIMITS, status)).toBe(200);
    expect(lookups).toEqual(['site.test', 'v6.test']);
    expect(connectedTo).toEqual(['93.184.216.34', '2606:4700:4700::1111']);
  });

  it('follows at most maxRedirects redirects', async () => {
    const twice = `http://site.test/redirect?to=${encodeURIComponent('http://site.test/redirect?to=/page')}`;
    expect(await safeFetch(twice, { ...LIMITS, maxRedirects: 2 }, status)).toBe(200);
    expect(await reason(safeFetch(twice, { ...LIMITS, maxRedirects: 1 }, status))).toBe('redirects');
    expect(connectedTo.length).toBe(3 + 2);
  });

  it('an unknown name is a dns failure naming the host', async () => {
    const err = await safeFetch('http://nowhere.test/', LIMITS, status).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'dns', detail: 'nowhere.test' });
  });

  it('allowAddress replaces the policy (the "allow private" switches)', async () => {
    expect(await safeFetch('http://localhost/', { ...LIMITS, allowAddress: () => true }, status)).toBe(200);
    expect(connectedTo).toEqual(['127.0.0.1']);
  });

  it('times out as a whole, while reading the body too', async () => {
    const never = () => new Promise<never>(() => {});
    expect(await reason(safeFetch('http://site.test/', { ...LIMITS, timeoutMs: 50 }, never))).toBe('timeout');
  });

  it('counts the body while it streams: cut at the limit, or refused over it', async () => {
    const body = () => Readable.from([Buffer.from('abcd'), Buffer.from('efgh'), Buffer.from('ijkl')]);
    expect((await readBody(body(), 6, 'cut')).toString()).toBe('abcdef');
    expect((await readBody(body(), 12, 'refuse')).toString()).toBe('abcdefghijkl');
    expect(await reason(readBody(body(), 11, 'refuse'))).toBe('too-large');
  });
});
