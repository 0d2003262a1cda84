import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type LimitNode,
  type QueryCompiler,
  sql,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  type SqliteDatabase,
  type SqliteStatement,
  ValueNode,
} from 'kysely';
import { plainText } from '../domain/format.ts';
import { fold } from './text.ts';

/**
 * Kysely's SqliteDialect expects better-sqlite3's shape. Node 24 ships SQLite as `node:sqlite`,
 * which saves a native build on every install; this adapter gives it that shape
 * (`reader` is not a property of node:sqlite statements, `columns()` tells the same).
 */
const BUSY_TIMEOUT_MS = 5000;

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // The search index's triggers (migration 010) index the text of bodies stored as HTML.
  db.function('search_text', { deterministic: true }, (html) => (typeof html === 'string' ? plainText(html, Infinity) : ''));
  // Keyword filters (text.ts containsText) compare folded text.
  db.function('search_fold', { deterministic: true }, (text) => (typeof text === 'string' ? fold(text) : null));
  return db;
}

/**
 * Prepared statements kept per connection, by their text. Kysely prepares each query anew, and
 * SQLite's parsing and planning of a statement is a tenth to a fifth of a typical read's time
 * here (a search's statement is 11 KB of SQL); a statement is reused once its last run has
 * ended (node:sqlite resets it after all() and run()). SQLite prepares a kept statement again by
 * itself when the schema changes.
 */
const KEPT_STATEMENTS = 256;

export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  const kept = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const statement = (sql: string) => {
    let hit = kept.get(sql);
    if (hit) {
      // Most recently used last: the first entry is the one to let go.
      kept.delete(sql);
    } else {
      const stmt = db.prepare(sql);
      hit = { stmt, reader: stmt.columns().length > 0 };
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, hit);
    return hit;
  };
  const adapter: SqliteDatabase = {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const { stmt, reader } = statement(sql);
      return {
        reader,
        all: (params: ReadonlyArray<unknown>) => stmt.all(...(params as never[])) as unknown[],
        run: (params: ReadonlyArray<unknown>) => {
          const r = stmt.run(...(params as never[]));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        // A stream is read a row at a time, perhaps beside another run of the same text: a statement of its own.
        iterate: (params: ReadonlyArray<unknown>) => db.prepare(sql).iterate(...(params as never[])) as IterableIterator<unknown>,
      };
    },
  };
  return new NodeSqliteDialect({ database: adapter });
}

/** How long an instance waits for another one's migrations (busy_timeout's usual 5 s is too short for a big one). */
const MIGRATION_WAIT_MS = 10 * 60_000;

/**
 * Kysely's SQLite adapter takes no migration lock (it assumes one connection), and runs
 * migrations outside any transaction: two processes starting at once on a new file would both
 * run them. Here the lock is an immediate transaction around the whole run: the first process
 * holds SQLite's write lock until its migrations are done; the others wait for it, then find
 * nothing left to run.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql.raw(`pragma busy_timeout = ${MIGRATION_WAIT_MS}`).execute(db);
    await sql`begin immediate`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`commit`.execute(db);
    await sql.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).execute(db);
  }
}

/**
 * Every transaction takes SQLite's write lock when it begins (BEGIN IMMEDIATE), not at its first
 * write as Kysely's plain BEGIN does. A transaction that read first and then wrote failed at
 * once (SQLITE_BUSY, which busy_timeout does not wait out) whenever another connection had
 * written since its read: another process on the same file (`npm run seed`, the api:client CLI,
 * a test's fixture) made a member's "Request to join" answer 500. Begun immediate, it waits for
 * the other writer (busy_timeout) and then reads what that one wrote. Within one process
 * nothing changes: its one connection runs one transaction at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * A LIMIT is written into the statement's text when it is a whole number, never bound. SQLite
 * prepares a statement again on every run whose LIMIT is a bound parameter (measured with
 * node:sqlite's SQLite 3.53 at a million rows: the run of a kept statement with `limit ?` costs
 * its run with `limit 16` plus one whole prepare — 0.06 ms for the feed's range read, 1.3 ms for
 * a site search's 11 KB statement), which undid the kept statements above for every paged read.
 * An OFFSET costs nothing bound and stays a parameter (the page number varies, the page size
 * hardly, so the texts kept stay few).
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && typeof limit.value === 'number' && Number.isSafeInteger(limit.value)) {
      this.append(`limit ${limit.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
