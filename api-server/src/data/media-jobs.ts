import { sql } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { dialectOf } from '../db/dialect.ts';
import type { MediaJobsTable } from '../db/types.ts';

// The media jobs (table `media_jobs`, migration 018) that every API instance's worker claims from
// (media/worker.ts). A claim is one statement: on PostgreSQL the row is locked with
// `FOR UPDATE SKIP LOCKED`, so two instances claiming at once take two different jobs; on SQLite,
// which takes one writer at a time, the conditional UPDATE is atomic by itself. A job whose claim
// has had no heartbeat for `staleSeconds` (its worker died) is claimable again.

export interface ClaimedJob {
  id: number;
  kind: MediaJobsTable['kind'];
  subject_id: number;
  attempts: number;
  /** This claim's token: the job's results count only while it still holds it. */
  claimed_by: string;
}

/** Adds a job to be claimed. */
export async function insertMediaJob(db: DB, kind: MediaJobsTable['kind'], subjectId: number): Promise<number> {
  const row = await db
    .insertInto('media_jobs')
    .values({
      kind,
      subject_id: subjectId,
      status: 'to_be_processed',
      claimed_by: null,
      claimed_at: null,
      heartbeat_at: null,
      error: null,
      created_at: now(),
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Claims the oldest claimable job for `token` (waiting, or claimed by a worker gone silent); undefined when none is. */
export async function claimMediaJob(db: DB, token: string, staleSeconds: number): Promise<ClaimedJob | undefined> {
  const t = now();
  const stale = t - staleSeconds;
  const claimable = sql`(status = 'to_be_processed' or (status = 'being_processed' and heartbeat_at < ${stale}))`;
  const lock = dialectOf(db) === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<ClaimedJob>`update media_jobs
    set status = 'being_processed', claimed_by = ${token}, claimed_at = ${t}, heartbeat_at = ${t}, attempts = attempts + 1
    where id = (select id from media_jobs where ${claimable} order by id limit 1 ${lock}) and ${claimable}
    returning id, kind, subject_id, attempts, claimed_by`.execute(db);
  const job = rows[0];
  return job && { ...job, id: Number(job.id), subject_id: Number(job.subject_id), attempts: Number(job.attempts) };
}

/** The worker holding `token` is alive; false when the job is no longer its own (claimed again after it went silent). */
export async function beatMediaJob(db: DB, id: number, token: string): Promise<boolean> {
  const res = await db
    .updateTable('media_jobs')
    .set({ heartbeat_at: now() })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .where('status', '=', 'being_processed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ends the job claimed with `token` (done, or failed with `error`); false when the claim is no longer its own. */
export async function finishMediaJob(db: DB, id: number, token: string, error: string | null): Promise<boolean> {
  const res = await db
    .updateTable('media_jobs')
    .set({ status: error === null ? 'done' : 'failed', error, finished_at: now() })
    .where('id', '=', id)
    .where('claimed_by', '=', token)
    .where('status', '=', 'being_processed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Drops the jobs of subjects that are gone (a video deleted while waiting). */
export async function deleteMediaJobs(db: DB, kind: MediaJobsTable['kind'], subjectIds: readonly number[]): Promise<void> {
  if (!subjectIds.length) return;
  await db.deleteFrom('media_jobs').where('kind', '=', kind).where('subject_id', 'in', subjectIds).execute();
}
