import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { seal, sessionKey, unseal } from './seal.ts';

/** What the BFF keeps for one signed-in browser. Never sent to the browser. */
export interface SessionRecord {
  userId: number;
  accessToken: string;
  /** Epoch milliseconds. */
  accessExpiresAt: number;
  refreshToken: string | null;
  scope: string;
  createdAt: number;
  /** The person as they were at sign-in (GET /users/me), for places that need no fresh copy. */
  user?: { name: string; image: string };
}

export interface SessionStore {
  get(sid: string): Promise<SessionRecord | undefined>;
  set(sid: string, record: SessionRecord, ttlSeconds: number): Promise<void>;
  delete(sid: string): Promise<void>;
  /**
   * Takes the refresh lock of a session for `ms` milliseconds; false when another holder
   * (another request, or another web instance sharing the store) has it.
   */
  lock(sid: string, ms: number): Promise<boolean>;
  unlock(sid: string): Promise<void>;
  close(): Promise<void>;
}

/** The default store: a SQLite file in DATA_DIR (WAL, so reads do not wait on writes). */
export class SqliteSessionStore implements SessionStore {
  private readonly db: DatabaseSync;
  private readonly secret: string;
  // Compiled once: every page render reads its session.
  private readonly statements = new Map<string, StatementSync>();

  constructor(file: string, secret: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.secret = secret;
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;');
    this.db.exec(`CREATE TABLE IF NOT EXISTS web_sessions (
      key TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL, locked_until INTEGER NOT NULL DEFAULT 0)`);
    this.db.prepare('DELETE FROM web_sessions WHERE expires_at < ?').run(Date.now());
  }

  private prepare(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async get(sid: string) {
    const row = this.prepare('SELECT data, expires_at FROM web_sessions WHERE key = ?').get(sessionKey(sid)) as
      { data: string; expires_at: number } | undefined;
    if (!row || row.expires_at < Date.now()) return undefined;
    return unseal<SessionRecord>(this.secret, row.data);
  }

  async set(sid: string, record: SessionRecord, ttlSeconds: number) {
    this.prepare(
      `INSERT INTO web_sessions (key, data, expires_at) VALUES (?, ?, ?)
        ON CONFLICT(key) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
    ).run(sessionKey(sid), seal(this.secret, record), Date.now() + ttlSeconds * 1000);
  }

  async delete(sid: string) {
    this.prepare('DELETE FROM web_sessions WHERE key = ?').run(sessionKey(sid));
  }

  async lock(sid: string, ms: number) {
    const t = Date.now();
    const r = this.prepare('UPDATE web_sessions SET locked_until = ? WHERE key = ? AND locked_until < ?').run(t + ms, sessionKey(sid), t);
    return r.changes === 1;
  }

  async unlock(sid: string) {
    this.prepare('UPDATE web_sessions SET locked_until = 0 WHERE key = ?').run(sessionKey(sid));
  }

  async close() {
    this.db.close();
  }
}
