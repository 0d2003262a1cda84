import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { DIST_DIR } from './servers.ts';

// The BFF fuzz suite's tools (bff-fuzz.spec.ts): what the build says the web app answers, and
// what a person's data in the API's database looks like, to tell whether a request changed it.

export interface ServerAction {
  id: string;
  /** "components/feed/actions.ts#createPost" */
  name: string;
  /** A page whose bundle carries the action: where a browser posts it. */
  page: string;
}

/** An app path as a URL: route groups out, `[id]` as `id`, a catch-all as one segment. */
export function urlOf(appPath: string, id = '1'): string {
  const url = appPath
    .replace(/^\/?app/, '')
    .replace(/\/(page|route)$/, '')
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => (/^\[\.\.\..+\]$/.test(s) ? 'x' : /^\[.+\]$/.test(s) ? id : s))
    .join('/');
  return `/${url}`;
}

/** Every server action of the build (server-reference-manifest.json), with a page that can run it. */
export function serverActions(): ServerAction[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, a]) => {
    // The simplest page that carries it: no catch-all, fewest segments.
    const pages = Object.keys(a.workers)
      .filter((w) => w.endsWith('/page') && !w.includes('[...'))
      .sort((x, y) => x.split('/').length - y.split('/').length);
    return { id, name: `${a.filename ?? '?'}#${a.exportedName ?? id}`, page: urlOf(pages[0] ?? Object.keys(a.workers)[0]!) };
  });
}

/** The app's route handlers and pages, as app paths ("/api/upload/compose/route", "/(site)/users/[id]/page"). */
export function appPaths(): { routes: string[]; pages: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'app-path-routes-manifest.json'), 'utf8')) as Record<string, string>;
  const keys = Object.keys(manifest).filter((k) => !k.startsWith('/_'));
  return { routes: keys.filter((k) => k.endsWith('/route')), pages: keys.filter((k) => k.endsWith('/page')) };
}

/** The API's database of this run (playwright.config.ts makes it and hands it on in E2E_DATA_DIR). */
export function apiDatabaseFile(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return path.join(dir, 'api', 'social.sqlite');
}

/**
 * A member of the site no other spec knows: made here, with the demo users' password, and no
 * friends, so that nothing of theirs reaches anyone's feed and nobody else's test touches it.
 */
export function createMember(label: string): { email: string; password: string; name: string } {
  const db = new DatabaseSync(apiDatabaseFile());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const demo = db.prepare("SELECT password_hash FROM users WHERE email = 'demo@example.com'").get() as { password_hash: string };
    const email = `${label}-${stamp}@example.com`;
    const name = `Fuzz ${stamp}`;
    db.prepare(
      'INSERT INTO users (email, password_hash, full_name, user_name, gender, country_iso, joined, avatar_key) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
    ).run(email, demo.password_hash, name, `${label}_${stamp}`, '', 'US', Math.floor(Date.now() / 1000));
    return { email, password: 'demo-password', name };
  } finally {
    db.close();
  }
}

/** Columns that name the person who owns, did or receives a row. */
const PERSON_COLUMNS = new Set(['user_id', 'owner_id', 'actor_id', 'friend_id', 'recipient_id', 'reporter_id', 'sender_id', 'tagger_id']);
/** Sign-in bookkeeping (tokens, sessions), not the person's data. */
const BOOKKEEPING = /^(oauth_|site_sessions|legacy_|sqlite_|kysely_)/;

/** Every row of the database that is the member's or names them: what any of their requests could change. */
export function footprint(email: string): string {
  const db = new DatabaseSync(apiDatabaseFile(), { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const { id } = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number };
    const out: Record<string, unknown[]> = { users: db.prepare('SELECT * FROM users WHERE id = ?').all(id) };
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    for (const { name } of tables) {
      if (BOOKKEEPING.test(name)) continue;
      const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((c) => PERSON_COLUMNS.has(c));
      if (!columns.length) continue;
      out[name] = db
        .prepare(`SELECT * FROM "${name}" WHERE ${columns.map((c) => `"${c}" = ?`).join(' OR ')} ORDER BY rowid`)
        .all(...columns.map(() => id));
    }
    return JSON.stringify(out);
  } finally {
    db.close();
  }
}

/** A stack frame, a file path of the server, or a database's words: nothing an answer may carry. */
export const LEAK =
  /\bat \S+ \(|\/(?:home|work|root|usr|tmp)\/\w|node_modules|file:\/\/|\.(?:ts|tsx|js):\d+|SQLITE_|TypeError|ReferenceError/;

/** Tallies every answer by status, for the summary line. */
export class Tally {
  requests = 0;
  byStatus = new Map<number, number>();
  count(res: APIResponse): APIResponse {
    this.requests += 1;
    this.byStatus.set(res.status(), (this.byStatus.get(res.status()) ?? 0) + 1);
    return res;
  }
  summary(): string {
    const all = [...this.byStatus].sort(([a], [b]) => a - b);
    const refused = all.filter(([s]) => s >= 400);
    return `${this.requests} requests; ${refused.reduce((n, [, c]) => n + c, 0)} refused: ${refused.map(([s, c]) => `${s}×${c}`).join(', ')}; others: ${all
      .filter(([s]) => s < 400)
      .map(([s, c]) => `${s}×${c}`)
      .join(', ')}`;
  }
}

/** Calls a server action as React does from script: its id in Next-Action, the arguments as the body. */
export function callAction(
  request: APIRequestContext,
  action: ServerAction,
  body: string | Buffer,
  headers: Record<string, string> = {},
  contentType = 'text/plain;charset=UTF-8',
): Promise<APIResponse> {
  return request.post(action.page, {
    headers: { 'next-action': action.id, accept: 'text/x-component', 'content-type': contentType, ...headers },
    data: body,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
}
