import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { Kysely } from 'kysely';
import { openDatabase, type DatabaseLocation, type DB } from '../src/db/index.ts';
import { migrate } from '../src/db/migrations.ts';
import { postgresDialect } from '../src/db/postgres-driver.ts';
import { nodeSqliteDialect, openSqlite } from '../src/db/sqlite-driver.ts';
import type { Database } from '../src/db/types.ts';
import { admin } from './postgres-cluster.ts';
import { MIGRATED_TEMPLATE } from './seed-cache.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { tokenFor } from './helpers.ts';

// The one way a test gets a real API on a real database: `setupApi()` in a test file (or a
// describe) starts it before the file's tests and removes it after them; `startApi()` is the same
// for the few tests that need one of their own inside a test.

interface ApiOptions {
  /** Settings over the defaults of loadConfig (the process's environment is not read); the data directory is the fixture's. */
  config?: Partial<Omit<Config, 'dataDir'>>;
  /** Start from the demo data (`npm run seed`: the demo users and their posts, albums, blogs, listings, events) instead of an empty database. */
  seed?: boolean;
  /**
   * Listen on a loopback port, for clients that speak real HTTP (`baseUrl`); the public URL is
   * then that address unless `config` sets one. Otherwise requests go through `app.inject()`.
   */
  listen?: boolean;
  /** Told of every route as it is registered (the fuzz suite reads the routes so). */
  onRoute?: BuildOptions['onRoute'];
}

export interface TestApp {
  app: FastifyInstance;
  db: DB;
  config: Config;
  dataDir: string;
  /** The v1 base URL over loopback HTTP, as the web client's SOCIAL_API_URL (with `listen` only). */
  baseUrl: string;
  /** A user's id by email (the demo users': `demo@example.com`, `alice@example.com`, …). */
  userId(email: string): Promise<number>;
  /** An access token for a user by email, with every scope unless `scopes`. */
  tokenOf(email: string, scopes?: readonly string[]): Promise<string>;
}

interface StartedApi extends TestApp {
  close(): Promise<void>;
}

/** What a test database starts as: migrated and empty, the demo data, or no schema at all. */
type Start = 'migrated' | 'demo' | 'bare';

export interface TestDatabase {
  db: DB;
  /** Where it is, as the api-server's config says it (DATA_DIR / DATABASE_URL). */
  location: DatabaseLocation;
  drop(): Promise<void>;
}

/**
 * A migration's test: a bare database brought up to the migration `before` it, given by `fill` the
 * rows a database of that time held, then migrated to the end; dropped after the file's tests.
 */
export function setupMigration(before: string, fill: (db: DB) => Promise<void>): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-migration-'));
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(dir, 'bare');
    await migrate(database.db, before);
    await fill(database.db);
    await migrate(database.db);
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * The database the tests' API runs on, opened through the api-server's own layer (migrations
 * included). The one place that chooses it: SQLite in the test's data directory, or with
 * TEST_DB=postgres a database of its own on the run's PostgreSQL (seed-cache.ts), copied from a
 * template (migrated, or with the demo data) and dropped with the test's data directory.
 * 'bare': no schema at all, for tests of migrations (opened without migrating).
 */
export async function openTestDatabase(dataDir: string, start: Start = 'migrated'): Promise<TestDatabase> {
  const postgres = inject('postgresUrl');
  if (!postgres) {
    if (start === 'bare') {
      fs.mkdirSync(dataDir, { recursive: true });
      const db = new Kysely<Database>({ dialect: nodeSqliteDialect(openSqlite(path.join(dataDir, 'social.sqlite'))) });
      return { db, location: { dataDir }, drop: () => db.destroy() };
    }
    const { db } = await openDatabase({ dataDir });
    // The file goes with the data directory.
    return { db, location: { dataDir }, drop: () => db.destroy() };
  }
  const url = (name: string) => postgres.replace('{db}', name);
  const name = `test_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  const template = start === 'bare' ? 'template0' : start === 'demo' ? DEMO_TEMPLATE : MIGRATED_TEMPLATE;
  // FILE_COPY copies the template's files as they are; PostgreSQL's default (WAL_LOG) writes every page
  // of it through the WAL: 140 → 56 ms and 139 → 53 ms of the server's CPU a copy of the migrated
  // template (2026-12-05), once for each test file.
  await admin(url('postgres'), `create database ${name} template ${template} strategy file_copy`);
  const location = { dataDir, databaseUrl: url(name) };
  const db =
    start === 'bare' ? new Kysely<Database>({ dialect: postgresDialect(location.databaseUrl).dialect }) : (await openDatabase(location)).db;
  return {
    db,
    location,
    async drop() {
      await db.destroy();
      await admin(url('postgres'), `drop database if exists ${name} with (force)`);
    },
  };
}
let databases = 0;
/** The demo data's template database on PostgreSQL, made by the first file that needs it. */
const DEMO_TEMPLATE = 'template_demo';

/**
 * Puts the demo data into a new data directory. Seeding draws every picture with sharp and takes
 * seconds, so the run seeds once (the first file that asks) and each file gets a copy of that
 * directory: database and files, as `npm run seed` leaves them (on PostgreSQL, the database is
 * a template the file's own is copied from).
 */
async function copyDemoData(dataDir: string): Promise<void> {
  const seeded = await seededDirectory();
  fs.cpSync(seeded, dataDir, { recursive: true });
}

/** The seeding of each project's folder (a worker runs many files of one project: vitest.config.ts, `isolate: false`). */
const seeding = new Map<string, Promise<string>>();
function seededDirectory(): Promise<string> {
  // Shared by the run's worker processes (seed-cache.ts makes and removes the folder).
  const root = inject('seedCacheDir');
  let seeded = seeding.get(root);
  if (!seeded) seeding.set(root, (seeded = seed(root)));
  return seeded;
}

async function seed(root: string): Promise<string> {
  const seeded = path.join(root, 'demo');
  if (fs.existsSync(seeded)) return seeded;
  const staging = fs.mkdtempSync(path.join(root, 'staging-'));
  const { db, location, drop } = await openTestDatabase(staging);
  await seedDemo(db, loadConfig({}, { dataDir: staging }));
  const postgres = inject('postgresUrl');
  if (postgres) {
    await db.destroy();
    // The files and the database appear together: the database first, under its final name
    // (a worker that seeded at the same time has taken the name first: this copy goes).
    const name = new URL(location.databaseUrl!).pathname.slice(1);
    const server = postgres.replace('{db}', 'postgres');
    try {
      await admin(server, `alter database ${name} rename to ${DEMO_TEMPLATE}`);
    } catch {
      await admin(server, `drop database if exists ${name} with (force)`);
    }
  } else {
    await drop();
  }
  try {
    // Atomic: another worker that seeded at the same time has put the same data there first.
    fs.renameSync(staging, seeded);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return seeded;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Starts an API on a fresh temporary data directory; the caller closes it. Prefer `setupApi()`. */
export async function startApi(options: ApiOptions = {}): Promise<StartedApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  if (options.seed) await copyDemoData(dataDir);
  const port = options.listen ? await freePort() : undefined;
  const { db, location, drop } = await openTestDatabase(dataDir, options.seed ? 'demo' : 'migrated');
  const config = loadConfig(
    {},
    { ...(port !== undefined ? { publicUrl: `http://127.0.0.1:${port}` } : {}), ...options.config, ...location },
  );
  const app = await buildApp({ config, db, onRoute: options.onRoute });
  if (port !== undefined) await app.listen({ host: '127.0.0.1', port });
  else await app.ready();

  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  return {
    app,
    db,
    config,
    dataDir,
    get baseUrl() {
      if (port === undefined) throw new Error('baseUrl: this API does not listen (setupApi({ listen: true }))');
      return `http://127.0.0.1:${port}/api/v1`;
    },
    userId,
    tokenOf: async (email, scopes) => tokenFor(db, await userId(email), scopes),
    async close() {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another API instance on `t`'s database, as behind a load balancer (a pool of its own); the caller closes it. */
export async function secondInstance(t: TestApp): Promise<{ app: FastifyInstance; db: DB; close(): Promise<void> }> {
  const { db } = await openDatabase(t.config);
  const app = await buildApp({ config: t.config, db });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * A real API for the tests of this file (or of the describe it is called in): started before
 * them, closed and deleted after them. The answer is usable from the first hook or test on.
 */
export function setupApi(options: ApiOptions = {}): TestApp {
  let api: StartedApi | undefined;
  // Seeding the first copy of the demo data takes a while.
  beforeAll(async () => {
    api = await startApi(options);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  const started = (): StartedApi => {
    if (!api) throw new Error('setupApi(): the API starts in beforeAll; use it in a hook or a test');
    return api;
  };
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    get config() {
      return started().config;
    },
    get dataDir() {
      return started().dataDir;
    },
    get baseUrl() {
      return started().baseUrl;
    },
    userId: (email) => started().userId(email),
    tokenOf: (email, scopes) => started().tokenOf(email, scopes),
  };
}
