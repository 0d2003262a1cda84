import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { afterExplicitIds } from '../db/dialect.ts';
import { randomToken, sha256 } from '../oauth/crypto.ts';

/** The web client's embedded application: app id 1 (DESIGN.md). */
export const WEB_APP_ID = 1;
const KEY_TTL = 60;

/** Registers (or brings up to date) the web client's embedded app, id 1, at start. */
export async function ensureLegacyApp(db: DB, config: Config): Promise<void> {
  const values = { name: 'Social web', frame_url: `${config.webOrigin}/apps/legacy` };
  await db
    .insertInto('legacy_apps')
    .values({ id: WEB_APP_ID, ...values, created_at: now() })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  await afterExplicitIds(db, 'legacy_apps');
}

export interface LegacyApp {
  id: number;
  name: string;
  frame_url: string;
}

export function getLegacyApp(db: DB, id: number): Promise<LegacyApp | undefined> {
  return db.selectFrom('legacy_apps').select(['id', 'name', 'frame_url']).where('id', '=', id).executeTakeFirst();
}

/**
 * A fresh one-time key that lets the app act for this user: random, stored only as its hash,
 * valid KEY_TTL seconds, exchanged at most once (token.php). `siteSessionHash`: the site session
 * whose page hands it over, which the token will end with (legacy/tokens.ts).
 */
export async function issueKey(db: DB, appId: number, userId: number, siteSessionHash: string | null = null): Promise<string> {
  const key = randomToken();
  const t = now();
  await db.deleteFrom('legacy_keys').where('expires_at', '<=', t).execute();
  await db
    .insertInto('legacy_keys')
    .values({
      key_hash: sha256(key),
      app_id: appId,
      user_id: userId,
      expires_at: t + KEY_TTL,
      used_at: null,
      site_session_hash: siteSessionHash,
    })
    .execute();
  return key;
}

/** The app's page URL carrying the key as query parameter `key` (the spec's handover). */
export function frameSrc(app: LegacyApp, key: string): string {
  const url = new URL(app.frame_url);
  url.searchParams.set('key', key);
  return url.href;
}
