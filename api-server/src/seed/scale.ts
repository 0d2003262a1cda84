import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { bodyHtml } from '../domain/text.ts';
import { rng } from './random.ts';

const WORDS =
  'the a quick brown fox jumps over lazy dog river mountain coffee music friends weekend city garden book train sunny rain'.split(' ');

/**
 * Adds `count` text activities spread over every user (for benchmarks), in batched
 * transactions. Their times lie between the newest activity and now, so ids still grow with time.
 */
export async function seedScale(db: DB, count: number, log: (msg: string) => void = () => {}): Promise<number> {
  const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  if (!users.length) throw new Error('seed the demo users first');
  const newest = await db
    .selectFrom('activities')
    .select(({ fn }) => fn.max('created_at').as('t'))
    .executeTakeFirst();
  const start = Math.max(Number(newest?.t ?? 0), now() - 30 * 86400);
  const span = Math.max(1, now() - start);
  const r = rng(count);
  const BATCH = 500;
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const rows = Array.from({ length: n }, (_, k) => {
      const i = done + k;
      const owner = users[i % users.length]!;
      const words = Array.from({ length: r.int(4, 14) }, () => r.pick(WORDS)).join(' ');
      return {
        owner_id: owner,
        subject_type: 'user',
        subject_id: owner,
        content: bodyHtml(`${words} #${i + 1}`),
        auth_view: 'everyone' as const,
        is_share: 0,
        created_at: start + Math.floor((span * i) / count),
      };
    });
    await db.transaction().execute((trx) => trx.insertInto('activities').values(rows).execute());
    if ((done / BATCH) % 40 === 0 && done) log(`  ${done} / ${count}`);
  }
  log(`added ${count} activities`);
  return count;
}
