import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../fixture.ts';

// Instances of the API started at the same moment on a new, empty database (a deployment of
// several): real server processes, each of which migrates it and registers the web client and
// the legacy app at start. None may fail, and each migration runs once.

const SERVER = path.resolve(import.meta.dirname, '../../src/server.ts');

/** Starts a server process; resolves when it listens, rejects with its output when it exits first. */
function startServer(env: Record<string, string>): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, ...env, API_PORT: '0', API_HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const stop = () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    const read = (d: Buffer) => {
      out += d.toString();
      if (out.includes('Server listening')) resolve(stop);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${out}`)));
  });
}

let dir: string;
let database: TestDatabase;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-start-'));
  database = await openTestDatabase(dir, 'bare');
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('three instances starting at once on an empty database all start, and each migration runs once', { timeout: 60_000 }, async () => {
  const env = { DATA_DIR: dir, DATABASE_URL: database.location.databaseUrl ?? '' };
  const started = await Promise.allSettled(Array.from({ length: 3 }, () => startServer(env)));
  await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value() : undefined)));
  expect(started.filter((s) => s.status === 'rejected')).toEqual([]);

  const db = database.db;
  const migrations = await db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  const names = migrations.map((m) => (m as { name: string }).name);
  expect(names.length).toBeGreaterThan(10);
  expect(new Set(names).size).toBe(names.length);
  // The categories a migration adds are there once.
  const albumCategories = await db.selectFrom('categories').select('title').where('module', '=', 'album').execute();
  expect(albumCategories.map((c) => c.title).sort()).toEqual(['Art', 'Events', 'Family', 'Food', 'Nature', 'Travel']);
  expect(await db.selectFrom('oauth_clients').select('id').execute()).toEqual([{ id: 'web' }]);
  expect(await db.selectFrom('legacy_apps').select('id').execute()).toEqual([{ id: 1 }]);
});
