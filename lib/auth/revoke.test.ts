import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeToken } from './revoke.ts';

// A test revocation endpoint on loopback, recording what it was sent.
let server: http.Server;
let url: string;
const seen: Array<{ auth?: string; type?: string; body: URLSearchParams }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: new URLSearchParams(body) });
      const ok = req.headers.authorization === `Basic ${Buffer.from('web:s3cret').toString('base64')}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? '' : JSON.stringify({ error: 'invalid_client' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/revoke`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('revoking a token at sign-out (RFC 7009)', () => {
  it('posts the token with its type hint, authenticated with HTTP Basic', async () => {
    expect(await revokeToken({ url, clientId: 'web', clientSecret: 's3cret', timeoutMs: 2000 }, 'rt-1', 'refresh_token')).toBe(true);
    const req = seen.at(-1)!;
    expect(req.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(req.body)).toEqual({ token: 'rt-1', token_type_hint: 'refresh_token' });
  });

  it('reports a refusal or an unreachable API as false, without throwing', async () => {
    expect(await revokeToken({ url, clientId: 'web', clientSecret: 'wrong', timeoutMs: 2000 }, 'rt-1', 'refresh_token')).toBe(false);
    expect(
      await revokeToken(
        { url: 'http://127.0.0.1:9/oauth/revoke', clientId: 'web', clientSecret: 's3cret', timeoutMs: 2000 },
        'rt-1',
        'refresh_token',
      ),
    ).toBe(false);
  });
});
