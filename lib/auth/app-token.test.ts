import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureWebClient } from '../../api-server/src/oauth/clients.ts';
import { loadConfig } from '../../api-server/src/config.ts';
import { setupRealApi } from '../testing/real-api.ts';
import { createAppTokenCache } from './app-token.ts';

// The real api-server's token endpoint, behind a loopback relay that counts the token requests
// and holds each one a little, so that concurrent callers really overlap with it.
const api = setupRealApi();
let relay: http.Server;
let relayUrl: string;
let requests = 0;
const SECRET = 'app-token-test-secret';

beforeAll(async () => {
  await ensureWebClient(api.db, loadConfig({ OAUTH_CLIENT_SECRET: SECRET }, { dataDir: '/tmp' }));
  const target = new URL(`${api.baseUrl}/oauth/token`);
  relay = http.createServer((req, res) => {
    requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const up = http.request(target, { method: 'POST', headers: { ...req.headers, host: target.host } }, (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        });
        up.end(Buffer.concat(chunks));
      }, 50);
    });
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/token`;
});
afterAll(async () => {
  await new Promise<void>((r) => relay.close(() => r()));
});
beforeEach(() => {
  requests = 0;
});

const endpoint = (secret = SECRET) => ({ url: relayUrl, clientId: 'web', clientSecret: secret, timeoutMs: 5000 });

/** What the API lets the token do: GET /blogs/{id} of a post for everyone, and of one for friends only. */
async function status(token: string, path: string): Promise<number> {
  return (await fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe('the client-credentials token cache', () => {
  it('asks once for many concurrent renders, and they all get the same token', async () => {
    const cache = createAppTokenCache({ endpoint: endpoint() });
    const tokens = await Promise.all(Array.from({ length: 25 }, () => cache.get()));
    expect(requests).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    // Later renders use the cached token without asking again.
    expect(await cache.get()).toBe(tokens[0]);
    expect(requests).toBe(1);
  });

  it('renews the token shortly before it expires (once, however many ask), not after', async () => {
    let clock = Date.now();
    const cache = createAppTokenCache({ endpoint: endpoint(), skewMs: 60_000, now: () => clock });
    const first = await cache.get();
    // The API's tokens live an hour: 58 minutes on, it is still used…
    clock += 58 * 60_000;
    expect(await cache.get()).toBe(first);
    expect(requests).toBe(1);
    // …59.5 minutes on, within the minute before it expires, a new one is asked for, once.
    clock += 90_000;
    const renewed = await Promise.all([cache.get(), cache.get(), cache.get()]);
    expect(requests).toBe(2);
    expect(new Set(renewed).size).toBe(1);
    expect(renewed[0]).not.toBe(first);
  });

  it('gives a token that reads what everyone may see and nothing else', async () => {
    const token = await createAppTokenCache({ endpoint: endpoint() }).get();
    const rows = await api.db.selectFrom('blogs').select(['id', 'auth_view']).where('is_draft', '=', 0).execute();
    const open = rows.find((r) => r.auth_view === 'everyone')!;
    const friends = rows.find((r) => r.auth_view === 'owner_member')!;
    expect(await status(token, `/blogs/${open.id}`)).toBe(200);
    expect(await status(token, `/blogs/${friends.id}`)).toBe(404);
    expect(await status(token, '/users/me')).toBe(403);
  });

  it('forgets a token the API stopped accepting, and a refused request is not kept', async () => {
    const cache = createAppTokenCache({ endpoint: endpoint() });
    const first = await cache.get();
    cache.invalidate(first);
    const second = await cache.get();
    expect(second).not.toBe(first);
    expect(requests).toBe(2);

    const wrong = createAppTokenCache({ endpoint: endpoint('not-the-secret') });
    await expect(wrong.get()).rejects.toMatchObject({ status: 502 });
    await expect(wrong.get()).rejects.toMatchObject({ status: 502 });
    expect(requests).toBe(4);
  });
});
