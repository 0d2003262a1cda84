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

export function postgresDialect(connectionString: string, max = 10): { dialect: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle connection the server drops (restart, failover) is replaced, not a crash.
  pool.on('error', () => {});
  return { dialect: new PostgresDialect({ pool }), pool };
}
