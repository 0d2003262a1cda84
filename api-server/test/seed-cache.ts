import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/index.ts';
import { admin, startCluster } from './postgres-cluster.ts';

// Vitest's global setup: one folder for the run, in which the fixture's first file that wants
// the demo data seeds it once for all (fixture.ts), removed when the run ends. With
// the postgres project (vitest.config.ts), also the run's own PostgreSQL (postgres-cluster.ts), holding a migrated
// template database each test file's database is a copy of; stopped when the run ends.

declare module 'vitest' {
  export interface ProvidedContext {
    seedCacheDir: string;
    /** The test cluster's address of a database, `{db}` standing for its name; '' on SQLite. */
    postgresUrl: string;
  }
}

/** The migrated, empty template database (TEST_DB=postgres). */
export const MIGRATED_TEMPLATE = 'template_migrated';

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-seed-'));
  project.provide('seedCacheDir', dir);
  let stopCluster = async () => {};
  if (project.name === 'postgres') {
    const cluster = await startCluster();
    stopCluster = () => cluster.stop();
    await admin(cluster.url('postgres'), `create database ${MIGRATED_TEMPLATE}`);
    const { db } = await openDatabase({ dataDir: dir, databaseUrl: cluster.url(MIGRATED_TEMPLATE) });
    await db.destroy();
    project.provide('postgresUrl', cluster.url('{db}'));
  } else {
    project.provide('postgresUrl', '');
  }
  return async () => {
    await stopCluster();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
