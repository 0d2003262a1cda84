import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { createLegacyKey, upsertLegacyApp, type LegacyApp } from '../data/legacy.ts';
import { randomToken, sha256 } from '../oauth/crypto.ts';

/** The web client's embedded application: app id 1 (DESIGN.md). */
export const WEB_APP_ID = 1;
const KEY_TTL = 60;

/** Registers (or brings up to date) the web client's embedded app, id 1, at start. */
export async function ensureLegacyApp(db: DB, config: Config): Promise<void> {
  await upsertLegacyApp(db, { id: WEB_APP_ID, name: 'Social web', frameUrl: `${config.webOrigin}/apps/legacy`, at: now() });
}

/**
 * A fresh one-time key that lets the app act for this user: random, stored only as its hash,
 * valid KEY_TTL seconds, exchanged at most once (token.php). `siteSessionHash`: the site session
 * whose page hands it over, which the token will end with (legacy/tokens.ts).
 */
export async function issueKey(db: DB, appId: number, userId: number, siteSessionHash: string | null = null): Promise<string> {
  const key = randomToken();
  const t = now();
  await createLegacyKey(db, { keyHash: sha256(key), appId, userId, expiresAt: t + KEY_TTL, siteSessionHash, at: t });
  return key;
}

/** The app's page URL carrying the key as query parameter `key` (the spec's handover). */
export function frameSrc(app: LegacyApp, key: string): string {
  const url = new URL(app.frame_url);
  url.searchParams.set('key', key);
  return url.href;
}
