import { sql } from 'kysely';
import type { DB } from '../db/index.ts';
import { dialectOf } from '../db/dialect.ts';

/**
 * On PostgreSQL, the indexes no write needs and the foreign keys set aside for a bulk load, and
 * made again after it: PostgreSQL's manual, "Populating a Database" (14.4.3, 14.4.4). A row
 * written into a table with its indexes costs one insertion into each (the search index's GIN
 * indexes a tree walk for each word, notifications' five a random page each), and a row with a
 * foreign key a query of the table it names; an index built at the end sorts its rows once, and a
 * foreign key added at the end is checked in one join. At scale 1 the seed wrote a million
 * activities in 248 s and 2.9 million notifications in 147 s this way, of 728 s in all.
 *
 * Kept while loading: unique and primary-key indexes (what `on conflict` and the triggers' lookups
 * by key need, and what makes a duplicate fail as it is written) and the triggers (the search
 * index, the counts and the feed written ahead are written as on any other day). The rest is
 * restored by `restore()`, from the definitions PostgreSQL gives of what was there, and in a
 * `finally` of the caller's: a load that fails leaves the schema whole. Meant for a database no
 * server is using meanwhile (the benches' own, `npm run seed` with the servers stopped): their reads
 * would go without the indexes, and a delete without its cascade. On SQLite nothing is set
 * aside: its index insertions are page writes in the process (the seed loads in about 9 minutes,
 * inside its 20).
 */
export async function setAsideForLoad(db: DB): Promise<{ count: number; restore: () => Promise<void> }> {
  if (dialectOf(db) !== 'postgres') return { count: 0, restore: async () => {} };
  const { rows: keys } = await sql<{ relation: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as relation, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
    order by c.conrelid::regclass::text, c.conname`.execute(db);
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relnamespace = current_schema()::regnamespace and not i.indisunique and not i.indisprimary and not i.indisexclusion
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by i.indexrelid::regclass::text`.execute(db);
  for (const k of keys) await sql`alter table ${sql.raw(k.relation)} drop constraint ${sql.id(k.name)}`.execute(db);
  for (const i of indexes) await sql`drop index ${sql.raw(i.name)}`.execute(db);
  return {
    count: keys.length + indexes.length,
    async restore() {
      // One session, with room to sort an index's rows in memory (the default 64 MB spills).
      await db.connection().execute(async (c) => {
        await sql`set maintenance_work_mem = '512MB'`.execute(c);
        try {
          for (const i of indexes) await sql.raw(i.definition).execute(c);
          for (const k of keys)
            await sql`alter table ${sql.raw(k.relation)} add constraint ${sql.id(k.name)} ${sql.raw(k.definition)}`.execute(c);
        } finally {
          await sql`reset maintenance_work_mem`.execute(c);
        }
      });
    },
  };
}
