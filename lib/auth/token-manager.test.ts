import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteSessionStore, type SessionRecord } from './session-store.ts';
import { createTokenManager, SessionEndedError } from './token-manager.ts';

// A test token endpoint on loopback that, like the real one, accepts each refresh token once.
let server: http.Server;
let url: string;
let calls = 0;
let used = new Set<string>();
let gen = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls += 1;
      const form = new URLSearchParams(body);
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const rt = form.get('refresh_token') ?? '';
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      // Answer slowly so that concurrent callers really overlap with the refresh.
      setTimeout(() => {
        if (auth !== 'web:s3cret' || form.get('grant_type') !== 'refresh_token') return send(401, { error: 'invalid_client' });
        if (!rt.startsWith('rt-') || used.has(rt)) return send(400, { error: 'invalid_grant' });
        used.add(rt);
        gen += 1;
        send(200, {
          access_token: `at-${gen}`,
          expires_in: 3600,
          token_type: 'bearer',
          refresh_token: `rt-${gen}`,
          scope: 'basic activities',
        });
      }, 50);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let dir: string;
let store: SqliteSessionStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokens-'));
  store = new SqliteSessionStore(path.join(dir, 'sessions.sqlite'), 'x'.repeat(32));
  calls = 0;
  used = new Set();
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const expired = (refreshToken: string | null = 'rt-0'): SessionRecord => ({
  userId: 1,
  accessToken: 'at-old',
  accessExpiresAt: Date.now() - 1000,
  refreshToken,
  scope: 'basic',
  createdAt: Date.now(),
});
const manager = (s = store) =>
  createTokenManager({ store: s, endpoint: { url, clientId: 'web', clientSecret: 's3cret', timeoutMs: 2000 }, sessionTtl: 3600 });

describe('token manager', () => {
  it('hands out a fresh access token without calling the token endpoint', async () => {
    await store.set('sid', { ...expired(), accessToken: 'at-live', accessExpiresAt: Date.now() + 3_600_000 }, 3600);
    expect((await manager().session('sid'))?.accessToken).toBe('at-live');
    expect(calls).toBe(0);
  });

  it('20 concurrent requests with an expired access token cause exactly one refresh and all succeed', async () => {
    await store.set('sid', expired(), 3600);
    const m = manager();
    const results = await Promise.all(Array.from({ length: 20 }, () => m.session('sid')));
    expect(calls).toBe(1);
    const tokens = new Set(results.map((r) => r?.accessToken));
    expect(tokens.size).toBe(1);
    const [token] = tokens;
    expect(token).toMatch(/^at-\d+$/);
    // The rotated refresh token is what the store now holds.
    const stored = await store.get('sid');
    expect(stored?.accessToken).toBe(token);
    expect(stored?.refreshToken).toBe(token!.replace('at-', 'rt-'));
  });

  it('two web instances sharing the store also refresh only once', async () => {
    await store.set('sid', expired(), 3600);
    const other = new SqliteSessionStore(path.join(dir, 'sessions.sqlite'), 'x'.repeat(32));
    try {
      const a = manager();
      const b = manager(other);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).session('sid')));
      expect(calls).toBe(1);
      expect(new Set(results.map((r) => r?.accessToken)).size).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('invalid_grant ends the session: every waiting request is told, and the record is gone', async () => {
    used.add('rt-0');
    await store.set('sid', expired('rt-0'), 3600);
    const m = manager();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => m.session('sid')));
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof SessionEndedError)).toBe(true);
    expect(calls).toBe(1);
    expect(await store.get('sid')).toBeUndefined();
    expect(await m.session('sid')).toBeUndefined();
    // Every later request of that browser (not only those that saw the refusal) can tell, also
    // through another web instance sharing the store.
    expect(await m.wasEnded('sid')).toBe(true);
    expect(await manager().wasEnded('sid')).toBe(true);
  });

  it('a changed name or picture is written into the record, during a refresh too, without losing the rotated token', async () => {
    await store.set('sid', { ...expired(), user: { name: 'Old', image: 'http://x/old.png' } }, 3600);
    const m = manager();
    const [refreshed] = await Promise.all([m.session('sid'), m.updateUser('sid', { name: 'New', image: 'http://x/new.png' })]);
    const stored = await store.get('sid');
    expect(stored?.user).toEqual({ name: 'New', image: 'http://x/new.png' });
    expect(stored?.accessToken).toBe(refreshed?.accessToken);
    expect(stored?.refreshToken).toBe(refreshed!.accessToken.replace('at-', 'rt-'));
    // A session that is gone is not brought back.
    await m.updateUser('gone', { name: 'X', image: '' });
    expect(await store.get('gone')).toBeUndefined();
  });

  it('an unknown session is simply absent, and was not ended', async () => {
    expect(await manager().session('nope')).toBeUndefined();
    expect(await manager().wasEnded('nope')).toBe(false);
  });
});

describe('session store', () => {
  it('keeps records sealed: the file holds neither tokens nor session ids', async () => {
    await store.set('the-session-id', { ...expired('rt-secret-value'), accessToken: 'at-secret-value' }, 3600);
    const raw =
      fs.readFileSync(path.join(dir, 'sessions.sqlite')).toString('latin1') +
      (fs.existsSync(path.join(dir, 'sessions.sqlite-wal'))
        ? fs.readFileSync(path.join(dir, 'sessions.sqlite-wal')).toString('latin1')
        : '');
    expect(raw).not.toContain('at-secret-value');
    expect(raw).not.toContain('rt-secret-value');
    expect(raw).not.toContain('the-session-id');
    expect((await store.get('the-session-id'))?.accessToken).toBe('at-secret-value');
  });

  it('survives a restart: a new store on the same file finds the session', async () => {
    await store.set('sid', expired(), 3600);
    const again = new SqliteSessionStore(path.join(dir, 'sessions.sqlite'), 'x'.repeat(32));
    expect((await again.get('sid'))?.userId).toBe(1);
    await again.close();
  });
});
