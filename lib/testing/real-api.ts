import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// The real api-server, in process, for the web client's tests (never part of the web build:
// tsconfig.web.json leaves lib/testing and the tests out).
import { buildApp } from '../../api-server/src/app.ts';
import { loadConfig } from '../../api-server/src/config.ts';
import { openDatabase, type DB } from '../../api-server/src/db/index.ts';
import { seedDemo } from '../../api-server/src/seed/demo.ts';
import { tokenFor } from '../../api-server/test/helpers.ts';

export interface RealApi {
  /** The v1 base URL, as SOCIAL_API_URL. */
  baseUrl: string;
  db: DB;
  /** A user id by demo email. */
  userId(email: string): Promise<number>;
  /** An access token for a demo user, with every scope. */
  tokenOf(email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the api-server on a random loopback port with a fresh data directory seeded with the
 * demo data, and points the web client's configuration (SOCIAL_API_URL) at it. Call it before
 * the first env() of the test file: env() is read once per process.
 */
export async function startRealApi(): Promise<RealApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-lib-test-'));
  const { db } = await openDatabase(dataDir);
  // File URLs in answers use the default public URL; the tests do not fetch them.
  const config = loadConfig({}, { dataDir });
  await seedDemo(db, config);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  process.env.SOCIAL_API_URL = baseUrl;
  process.env.API_TIMEOUT_MS = '10000';

  const userId = async (email: string) =>
    (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  return {
    baseUrl,
    db,
    userId,
    tokenOf: async (email) => tokenFor(db, await userId(email)),
    async close() {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
