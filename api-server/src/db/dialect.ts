import {
  ColumnDefinitionNode,
  DataTypeNode,
  OperationNodeTransformer,
  PostgresAdapter,
  RawNode,
  sql,
  type Kysely,
  type KyselyPlugin,
  type Transaction,
} from 'kysely';

/**
 * What differs between the api-server's two databases — SQLite (embedded, the default) and
 * PostgreSQL (DATABASE_URL) — said once, here, so that migrations, routes and domain code write
 * one Kysely query for both (DESIGN.md: dialect-neutral SQL).
 */

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf<T>(db: Kysely<T>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The migrations' column types as PostgreSQL reads them. They are written as SQLite declares
 * them; on PostgreSQL:
 * - `integer` is 64 bits (`bigint`): SQLite's integers are, and the API takes ids, limits and
 *   prices up to 2^53 (read back as numbers: postgres-driver.ts);
 * - `integer primary key autoincrement` (which PostgreSQL cannot parse) is a `bigserial`;
 * - `text` compares and orders by code point (`collate "C"`), as SQLite's BINARY does, so that
 *   `=`, unique constraints and `order by` give the same answers on both.
 */
class PostgresColumns extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode, queryId?: never): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node, queryId);
    const type = DataTypeNode.is(column.dataType) ? column.dataType.dataType : null;
    if (column.autoIncrement) {
      return { ...column, autoIncrement: false, dataType: DataTypeNode.create('bigserial') };
    }
    if (type === 'text') return ColumnDefinitionNode.cloneWithEndModifier(column, RawNode.createWithSql('collate "C"'));
    return column;
  }

  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    return node.dataType === 'integer' ? DataTypeNode.create('bigint') : node;
  }
}

const postgresColumns: KyselyPlugin = {
  transformQuery: (args) => new PostgresColumns().transformNode(args.node, args.queryId as never),
  transformResult: async (args) => args.result,
};

/** The database as its migrations write to it (column types above). */
export function forMigrations<T>(db: Kysely<T>): Kysely<T> {
  return dialectOf(db) === 'postgres' ? db.withPlugin(postgresColumns) : db;
}

/**
 * After rows were inserted with ids of their own (legacy app 1): on PostgreSQL the table's id
 * sequence moves past them, so that the next generated id is not one of theirs (SQLite's
 * autoincrement takes the largest id by itself).
 */
export async function afterExplicitIds<T>(db: Kysely<T>, table: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
}

/** PostgreSQL's SQLSTATEs for a transaction that lost a race and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A unique constraint (or primary key) refused a row, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = sqlState(err);
  if (code === '23505') return true;
  const errcode = (err as { errcode?: unknown } | null)?.errcode;
  // SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY
  return errcode === 2067 || errcode === 1555;
}

/** The transaction could not be made serializable against concurrent ones, every attempt. */
export function isSerializationFailure(err: unknown): boolean {
  return RETRYABLE.has(sqlState(err) ?? '');
}

/**
 * Runs `work` in one transaction. On SQLite the database takes one writer at a time, so every
 * check-then-act inside `work` sees what it acts on unchanged. On PostgreSQL several API
 * instances write at once: the transaction is serializable, and one that loses a race (the
 * database refuses it rather than let two checks pass on the same state) runs again from the
 * start, a few times, after a short random pause. `work` must do nothing outside the database
 * that it cannot do twice.
 */
export async function transact<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return db.transaction().execute(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (err) {
      if (!isSerializationFailure(err) || attempt >= ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}
