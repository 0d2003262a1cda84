import { sql } from 'kysely';
import type { DB } from '../../src/db/index.ts';
import { dialectOf } from '../../src/db/dialect.ts';

/**
 * A count of the rows written to the database so far, by any connection, for the fuzz suite's
 * "a refused request changed nothing". SQLite tells it: total_changes() (rows inserted, updated
 * or deleted, a rolled-back statement's too). On PostgreSQL a row trigger on every table of the
 * test's own database draws a number from a sequence, which no rollback takes back either.
 */
export async function changeCounter(db: DB): Promise<() => Promise<number>> {
  if (dialectOf(db) === 'sqlite') {
    return async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n);
  }
  await sql`create sequence test_changes`.execute(db);
  await sql`create function test_count_change() returns trigger language plpgsql as $$
      begin perform nextval('test_changes'); return null; end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db);
  for (const { name } of rows) {
    await sql`create trigger test_count_change after insert or update or delete on ${sql.table(name)}
      for each row execute function test_count_change()`.execute(db);
  }
  return async () =>
    Number(
      (await sql<{ n: number }>`select last_value + case when is_called then 1 else 0 end as n from test_changes`.execute(db)).rows[0]!.n,
    );
}
