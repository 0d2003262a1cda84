import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { randomToken, sha256 } from '../oauth/crypto.ts';
import { LEGACY_ERRORS, LegacyError } from './envelope.ts';
import { deleteLegacyToken, exchangeLegacyKey, getLegacyToken } from '../data/legacy.ts';

/** Legacy tokens live two hours (the spec leaves it open); the app asks for a new key after that. */
export const TOKEN_TTL = 2 * 3600;

/**
 * Exchanges a one-time key for a token; a used, expired or unknown key is refused (error 10).
 * The token belongs to the site session the key does (issueKey): it ends when that session ends.
 */
export async function exchangeKey(db: DB, key: string): Promise<string> {
  const t = now();
  const token = randomToken();
  const issued = await exchangeLegacyKey(db, { keyHash: sha256(key), tokenHash: sha256(token), at: t, expiresAt: t + TOKEN_TTL });
  if (!issued)
    throw new LegacyError(
      LEGACY_ERRORS.KEY_INVALID,
      'The key is unknown, was already used or has expired. Open the application from the site again.',
    );
  return token;
}

export interface LegacySession {
  appId: number;
  userId: number;
  /** The token's hash: what ends it (auth.expireSession). */
  tokenHash: string;
}

/**
 * Who a token acts for (errors 2 and 3 otherwise). A token bound to a site session is no
 * longer good once that session is over: signed out, replaced by another sign-in, expired.
 */
export async function authenticateToken(db: DB, token: string | undefined): Promise<LegacySession> {
  if (!token) throw new LegacyError(LEGACY_ERRORS.TOKEN_MISSING, 'The parameter token is required.');
  const t = now();
  const tokenHash = sha256(token);
  const row = await getLegacyToken(db, tokenHash, t);
  const sessionOver = row?.site_session_hash != null && !(row.session_ends != null && row.session_ends > t);
  if (!row || sessionOver) throw new LegacyError(LEGACY_ERRORS.TOKEN_INVALID, 'The token is invalid or has expired.');
  return { appId: row.app_id, userId: row.user_id, tokenHash };
}

/** Ends a token at once (auth.expireSession). */
export async function expireToken(db: DB, tokenHash: string): Promise<void> {
  await deleteLegacyToken(db, tokenHash);
}
