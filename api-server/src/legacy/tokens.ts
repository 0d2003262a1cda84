import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { randomToken, sha256 } from '../oauth/crypto.ts';
import { LEGACY_ERRORS, LegacyError } from './envelope.ts';
import { transact } from '../db/dialect.ts';

/** Legacy tokens live two hours (the spec leaves it open); the app asks for a new key after that. */
export const TOKEN_TTL = 2 * 3600;

/** Exchanges a one-time key for a token; a used, expired or unknown key is refused (error 10). */
export async function exchangeKey(db: DB, key: string): Promise<string> {
  const t = now();
  const token = randomToken();
  const issued = await transact(db, async (trx) => {
    // Marking the key used and checking it in one statement: of two racing requests, one wins.
    const used = await trx
      .updateTable('legacy_keys')
      .set({ used_at: t })
      .where('key_hash', '=', sha256(key))
      .where('used_at', 'is', null)
      .where('expires_at', '>', t)
      .returning(['app_id', 'user_id'])
      .executeTakeFirst();
    if (!used) return false;
    await trx.deleteFrom('legacy_tokens').where('expires_at', '<=', t).execute();
    await trx
      .insertInto('legacy_tokens')
      .values({
        token_hash: sha256(token),
        app_id: used.app_id,
        user_id: used.user_id,
        expires_at: t + TOKEN_TTL,
        created_at: t,
      })
      .execute();
    return true;
  });
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
}

/** Who a token acts for (errors 2 and 3 otherwise). */
export async function authenticateToken(db: DB, token: string | undefined): Promise<LegacySession> {
  if (!token) throw new LegacyError(LEGACY_ERRORS.TOKEN_MISSING, 'The parameter token is required.');
  const row = await db
    .selectFrom('legacy_tokens')
    .select(['app_id', 'user_id'])
    .where('token_hash', '=', sha256(token))
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!row) throw new LegacyError(LEGACY_ERRORS.TOKEN_INVALID, 'The token is invalid or has expired.');
  return { appId: row.app_id, userId: row.user_id };
}
