import type { SelectQueryBuilder } from 'kysely';
import type { DB } from './index.ts';
import type { Database } from './types.ts';

// SQLite allows 500 terms in a compound SELECT.
const PARTS_PER_QUERY = 100;

/**
 * The rows of one ordered, limited query a key — each key's newest likers, its latest comments,
 * a feed source's next posts — read as UNION ALLs of those queries, a hundred at a time.
 * Each member is wrapped, so that its ORDER BY and LIMIT apply to it alone: the database reads
 * each key's first rows on its own index and stops, whatever the key holds in all. One query over
 * every key instead (a window's row_number, or IN … ORDER BY) reads and sorts all their rows.
 */
export async function eachLimited<K, QDB, QTB extends keyof QDB, O>(
  db: DB,
  keys: readonly K[],
  part: (key: K) => SelectQueryBuilder<QDB, QTB, O>,
): Promise<O[]> {
  const out: O[] = [];
  for (let start = 0; start < keys.length; start += PARTS_PER_QUERY) {
    // Kysely types a derived table's columns from its alias; every member has the same columns.
    const members = keys
      .slice(start, start + PARTS_PER_QUERY)
      .map(
        (key, i) =>
          db
            .selectFrom((part(key) as unknown as SelectQueryBuilder<Database, keyof Database, O>).as(`m${i}`))
            .selectAll() as unknown as SelectQueryBuilder<Database, never, O>,
      );
    const query = members.slice(1).reduce((acc, m) => acc.unionAll(m), members[0]!);
    out.push(...(await query.execute()));
  }
  return out;
}
