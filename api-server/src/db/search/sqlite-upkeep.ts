import { sql } from 'kysely';
import type { DB } from '../index.ts';
import { SEARCH_CODES } from './codes.ts';
import { ftsTableName } from './sqlite-fts.ts';

// The upkeep of SQLite's search tables (one FTS5 table a type: sqlite-fts.ts). FTS5 keeps a
// table's index as segments: each transaction that writes to it adds a small one, and FTS5's own
// automerge joins four of a level into one of the next. A site grown by inserts so ends with
// several large segments (the seeded site at a million: the posts' index in 16, two of them of
// 20,000 pages and four more of 5,000), and a search walks each of them for every word: a
// common word's statement 1.25 ms against 0.78 with one segment, "coffee lake" 5.3 ms against
// 2.8 over HTTP (docs/performance.md). FTS5's 'merge' command merges them into one, a bounded
// number of pages a step, so that the work goes in steps of a few milliseconds between requests
// (node:sqlite runs on the server's one thread): a step starts when the segments beside the
// largest hold an eighth of the index's pages, and a table goes on being merged while FTS5's
// structure says a merge is under way. Each cycle rewrites the table's index once; at an eighth
// that is once per eighth of growth. Nothing is kept in memory: the state is FTS5's structure
// record, which every process on the file reads alike. PostgreSQL's GIN indexes need no such
// work (autovacuum flushes their pending lists).

/** The leaf pages one step merges: about 5 ms of the writer's lock at a million (docs/performance.md). */
const UPKEEP_PAGES = 100;
/** How often a table is looked at while none is being merged, and between the steps of a merge (ms). */
const IDLE_MS = 30_000;
const MERGING_MS = 1_000;

export const SEARCH_TABLES: readonly string[] = Object.keys(SEARCH_CODES).map(ftsTableName);

/** A table's index as FTS5's structure record tells it. */
export interface FtsShape {
  /** Leaf pages of each segment, largest first. */
  segments: number[];
  /** Whether an incremental merge is under way on some level. */
  merging: boolean;
}

/**
 * SQLite's variable-length integer (as FTS5 writes its records): big-endian groups of seven bits,
 * the high bit set on every byte but the last, and a ninth byte of eight bits.
 */
function varint(bytes: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 8; i += 1) {
    const b = bytes[at + i] ?? 0;
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) return [value, at + i + 1];
  }
  return [value * 256 + (bytes[at + 8] ?? 0), at + 9];
}

/**
 * Decodes FTS5's structure record (row 10 of `<table>_data`; its format is described at the top of
 * SQLite's ext/fts5/fts5_index.c): a 4-byte cookie, then varints — levels, segments, write
 * counter, and for each level the segments in an ongoing merge, the level's segments and each
 * segment's id, first and last leaf page. The V2 form (contentless_delete tables, which these are
 * not) is refused rather than misread.
 */
function decodeStructure(record: Uint8Array): FtsShape {
  if (record[4] === 0xff) throw new Error('search upkeep: a V2 FTS5 structure record (contentless_delete) is not read here');
  let at = 4;
  const next = () => {
    const [value, after] = varint(record, at);
    at = after;
    return value;
  };
  const levels = next();
  next(); // segments, counted below
  next(); // write counter
  const segments: number[] = [];
  let merging = false;
  for (let level = 0; level < levels; level += 1) {
    if (next() > 0) merging = true; // segments in a merge under way
    const count = next();
    for (let s = 0; s < count; s += 1) {
      next(); // segment id
      const first = next();
      const last = next();
      segments.push(last - first + 1);
    }
  }
  return { segments: segments.sort((a, b) => b - a), merging };
}

export async function shapeOf(db: DB, table: string): Promise<FtsShape> {
  const { rows } = await sql<{ block: Uint8Array }>`select block from ${sql.table(`${table}_data`)} where id = 10`.execute(db);
  return rows[0] ? decodeStructure(rows[0].block) : { segments: [], merging: false };
}

/** Whether the segments beside the largest hold an eighth of the index's pages or more. */
export function outOfShape(shape: FtsShape): boolean {
  const pages = shape.segments.reduce((a, b) => a + b, 0);
  return shape.segments.length > 1 && (pages - shape.segments[0]!) * 8 >= pages;
}

/**
 * One step of a table's upkeep: goes on with a merge under way, or starts one when the table is
 * out of shape (FTS5: a negative page count puts every segment on one level and begins merging
 * them; a positive one goes on with the merge begun, even when new segments came meanwhile).
 * Answers whether it merged anything.
 */
export async function upkeepStep(db: DB, table: string, pages = UPKEEP_PAGES): Promise<boolean> {
  const shape = await shapeOf(db, table);
  const t = sql.table(table);
  if (shape.merging) await sql`insert into ${t} (${t}, rank) values ('merge', ${sql.lit(pages)})`.execute(db);
  else if (outOfShape(shape)) await sql`insert into ${t} (${t}, rank) values ('merge', ${sql.lit(-pages)})`.execute(db);
  else return false;
  return true;
}

/**
 * The server's own upkeep of the search tables (SQLite only): one step of one table at a time,
 * a second apart while there is work (the tables in turn, each until it is in shape), a look at
 * every table each IDLE_MS otherwise. The timer never keeps the process alive; stop() lets a step
 * under way finish.
 */
export function searchTablesUpkeep(db: DB, warn: (err: unknown) => void): { start: () => void; stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = (async () => {
      for (const table of SEARCH_TABLES) if (await upkeepStep(db, table)) return true;
      return false;
    })()
      .catch((err: unknown) => {
        warn(err);
        return false;
      })
      .then((worked) => {
        running = undefined;
        schedule(worked ? MERGING_MS : IDLE_MS);
      });
  };
  return {
    start: () => schedule(MERGING_MS),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Merges every search table into one segment at once: the last step of a bulk load (seed/world.ts). */
export async function optimizeSearchTables(db: DB): Promise<void> {
  for (const table of SEARCH_TABLES) {
    const t = sql.table(table);
    await sql`insert into ${t} (${t}) values ('optimize')`.execute(db);
  }
}
