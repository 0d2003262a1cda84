import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisCountCache } from '../notifications/count.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import type { SessionRecord } from './session-store.ts';
import { createTokenManager, SessionEndedError } from './token-manager.ts';

// A real redis-server, started for this file on a Unix socket in a temporary directory (no
// port to collide with), without persistence. It must be installed (Debian: redis-server;
// .ci/run installs it); REDIS_SERVER_BIN names another binary.
function findRedisServer(): string {
  const given = process.env.REDIS_SERVER_BIN;
  if (given) return given;
  for (const dir of ['/usr/bin', '/usr/local/bin', ...(process.env.PATH ?? '').split(path.delimiter)]) {
    const file = path.join(dir, 'redis-server');
    if (fs.existsSync(file)) return file;
  }
  throw new Error(
    'redis-server is not installed (apt-get install redis-server, or set REDIS_SERVER_BIN); the Redis session store is tested against a real one.',
  );
}

const SECRET = 'r'.repeat(32);
let dir: string;
let socket: string;
let server: ChildProcess;
let raw: Redis;
const stores: RedisSessionStore[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const bin = findRedisServer();
  expect(spawnSync(bin, ['--version']).status).toBe(0);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-store-'));
  socket = path.join(dir, 'redis.sock');
  server = spawn(
    bin,
    ['--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  // Ready when it answers PING (bounded: a server that never starts fails the file).
  raw = new Redis(socket, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  raw.on('error', () => {});
  for (let i = 0; ; i++) {
    try {
      if (fs.existsSync(socket)) {
        await raw.connect();
        if ((await raw.ping()) === 'PONG') break;
      }
    } catch {
      raw.disconnect();
    }
    if (i > 200) throw new Error('redis-server did not start');
    await sleep(50);
  }
});

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  raw?.disconnect();
  server?.kill('SIGTERM');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await raw.flushall();
});

function store(): RedisSessionStore {
  const s = new RedisSessionStore(socket, SECRET);
  stores.push(s);
  return s;
}

const record = (over: Partial<SessionRecord> = {}): SessionRecord => ({
  userId: 7,
  accessToken: 'at-secret-value',
  accessExpiresAt: Date.now() + 3_600_000,
  refreshToken: 'rt-secret-value',
  scope: 'basic',
  createdAt: Date.now(),
  user: { name: 'Demo User', image: '' },
  ...over,
});

describe('Redis session store', () => {
  it('gives back what it was given, while Redis holds neither tokens nor session ids', async () => {
    const s = store();
    await s.set('the-session-id', record(), 3600);
    expect(await s.get('the-session-id')).toEqual(record({ accessExpiresAt: expect.any(Number), createdAt: expect.any(Number) }));
    const keys = await raw.keys('*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('the-session-id');
    const value = (await raw.get(keys[0]!))!;
    expect(value).not.toContain('at-secret-value');
    expect(value).not.toContain('rt-secret-value');
    expect(value).not.toContain('Demo User');
  });

  it('is shared: another instance (another web server) finds the session', async () => {
    await store().set('sid', record(), 3600);
    expect((await store().get('sid'))?.userId).toBe(7);
  });

  it('lets Redis expire a record after its time to live', async () => {
    await store().set('sid', record(), 60);
    const [key] = await raw.keys('social-web:session:*');
    const ttl = await raw.pttl(key!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('treats a record sealed under another secret as absent', async () => {
    await store().set('sid', record(), 3600);
    const other = new RedisSessionStore(socket, 'o'.repeat(32));
    stores.push(other);
    expect(await other.get('sid')).toBeUndefined();
  });

  it('deletes a session', async () => {
    const s = store();
    await s.set('sid', record(), 3600);
    await s.delete('sid');
    expect(await s.get('sid')).toBeUndefined();
    expect(await raw.keys('*')).toEqual([]);
  });

  it('hands the refresh lock to one holder at a time, and only the holder releases it', async () => {
    const a = store();
    const b = store();
    await a.set('sid', record(), 3600);
    expect(await a.lock('sid', 10_000)).toBe(true);
    expect(await b.lock('sid', 10_000)).toBe(false);
    await b.unlock('sid'); // not b's lock: nothing happens
    expect(await b.lock('sid', 10_000)).toBe(false);
    await a.unlock('sid');
    expect(await b.lock('sid', 10_000)).toBe(true);
    await b.unlock('sid');
  });

  it('a lock whose holder vanished expires by itself', async () => {
    const a = store();
    expect(await a.lock('sid', 1)).toBe(true);
    let again = false;
    for (let i = 0; i < 100 && !again; i++) {
      await sleep(10);
      again = await store().lock('sid', 10_000);
    }
    expect(again).toBe(true);
  });
});

describe('token manager on the Redis store', () => {
  // A test token endpoint that, like the real one, accepts each refresh token once.
  let endpoint: http.Server;
  let url: string;
  let calls = 0;
  let used = new Set<string>();
  let gen = 0;

  beforeAll(async () => {
    endpoint = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls += 1;
        const rt = new URLSearchParams(body).get('refresh_token') ?? '';
        setTimeout(() => {
          res.writeHead(used.has(rt) ? 400 : 200, { 'content-type': 'application/json' });
          if (used.has(rt)) return res.end(JSON.stringify({ error: 'invalid_grant' }));
          used.add(rt);
          gen += 1;
          res.end(JSON.stringify({ access_token: `at-${gen}`, expires_in: 3600, token_type: 'bearer', refresh_token: `rt-${gen}` }));
        }, 50);
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/token`;
  });
  afterAll(() => new Promise<void>((r) => endpoint.close(() => r())));
  beforeEach(() => {
    calls = 0;
    used = new Set();
  });

  const manager = (s: RedisSessionStore) =>
    createTokenManager({ store: s, endpoint: { url, clientId: 'web', clientSecret: 's', timeoutMs: 2000 }, sessionTtl: 3600 });

  it('20 concurrent requests on two web instances with an expired access token cause exactly one refresh and all succeed', async () => {
    const a = store();
    const b = store();
    await a.set('sid', record({ accessToken: 'at-old', accessExpiresAt: Date.now() - 1000, refreshToken: 'rt-0' }), 3600);
    const [ma, mb] = [manager(a), manager(b)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? ma : mb).session('sid')));
    expect(calls).toBe(1);
    const tokens = new Set(results.map((r) => r?.accessToken));
    expect(tokens.size).toBe(1);
    const stored = await store().get('sid');
    expect(stored?.accessToken).toBe([...tokens][0]);
    expect(stored?.refreshToken).toBe(stored!.accessToken.replace('at-', 'rt-'));
  });

  it('invalid_grant ends the session and removes it from Redis', async () => {
    used.add('rt-0');
    const s = store();
    await s.set('sid', record({ accessExpiresAt: Date.now() - 1000, refreshToken: 'rt-0' }), 3600);
    await expect(manager(s).session('sid')).rejects.toBeInstanceOf(SessionEndedError);
    expect(await s.get('sid')).toBeUndefined();
  });
});

describe('the header counts cache on the same Redis (lib/notifications/count.ts)', () => {
  it('counts one instance learns are what another reads, per user, until they expire', async () => {
    const one = redisCountCache(socket, 'social-web:', 300);
    const two = redisCountCache(socket, 'social-web:', 300);
    try {
      expect(await two.get(7)).toBeUndefined();
      await one.set(7, { notifications: 3, messages: 2 });
      await one.set(8, { notifications: 5, messages: null });
      expect(await two.get(7)).toEqual({ notifications: 3, messages: 2 });
      expect(await two.get(8)).toEqual({ notifications: 5, messages: null });
      // Marked read on the second instance: the first sees 0 at once.
      await two.set(7, { notifications: 0, messages: 0 });
      expect(await one.get(7)).toEqual({ notifications: 0, messages: 0 });
      await sleep(400);
      expect(await one.get(7)).toBeUndefined();
    } finally {
      one.close();
      two.close();
    }
  });

  it('a Redis that does not answer is a miss, not an error', async () => {
    const gone = redisCountCache(path.join(dir, 'nobody.sock'));
    try {
      expect(await gone.get(7)).toBeUndefined();
      await expect(gone.set(7, { notifications: 1, messages: 1 })).resolves.toBeUndefined();
    } finally {
      gone.close();
    }
  });
});
