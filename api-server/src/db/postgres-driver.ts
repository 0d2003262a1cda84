import pg from 'pg';
import { PostgresDialect } from 'kysely';

// PostgreSQL through `pg`'s pool. Integers are 64-bit there (dialect.ts) and pg hands `bigint`
// (and `numeric`, what sum() of one gives) back as strings, since not every one fits a JS
// number; the API's integers are at most 2^53 (http/safe-numbers.ts), so they read back as
// numbers, as SQLite's do.
const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * Session settings of every connection. `jit=off`: PostgreSQL compiles a statement whose estimated
 * cost passes `jit_above_cost` (100,000) to machine code first, which takes longer than the
 * API's reads run: a common-word search at a million rows, whose estimate (a limit over each
 * type's rows) passes it, spent 167 ms compiling and 40 running. The reads here are short
 * (OLTP), the case the PostgreSQL documentation names for turning JIT off.
 *
 * `enable_mergejoin=off`: the planner then never weighs a merge join, which none of these short
 * reads runs (each joins a page of rows by key: nested loops, or a hash of a few), and weighing
 * one is what made planning grow with a busy table. To cost a merge join PostgreSQL estimates
 * where the join's keys overlap by reading the ends of both sides' indexes
 * (`get_actual_variable_range`), stepping over every entry at the end no vacuum has cleared yet.
 * On a kept million-row site, after some hours of probes' posts, deleted posts and unlikes, the
 * popular member's inbox read (feed_inbox joined to activities) planned in 1.39 ms, 448 buffers read
 * to plan it; vacuumed, 0.43 ms; with merge joins off, 0.33 ms either way (2026-12-06,
 * docs/performance.md). None of the 201 statements of the bench's reads chose a merge join when
 * allowed, and their planning took 7% less without.
 */
const SESSION = '-c jit=off -c enable_mergejoin=off';

export function postgresDialect(connectionString: string, max = 10): { dialect: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, types, options: SESSION });
  // An idle connection the server drops (restart, failover) is replaced, not a crash.
  pool.on('error', () => {});
  return { dialect: new PostgresDialect({ pool }), pool };
}
