import type { DB } from '../db/index.ts';
import { hashSecret, randomToken, verifySecret } from './crypto.ts';

let dummy: Promise<string> | undefined;

/**
 * A hash nobody knows the secret of. Checking against it when the user or client does not
 * exist keeps the answer as slow as for a wrong password, so timing does not reveal who exists.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashSecret(randomToken());
  return dummy;
}

/** The id of the user with this email and password, or null. Emails match case-insensitively. */
export async function checkPassword(db: DB, email: string, password: string): Promise<number | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  const ok = await verifySecret(password, user?.password_hash ?? (await dummyHash()));
  return user && ok ? user.id : null;
}

/** The user linked to an identity at an external provider (password grant with provider + uid). */
export async function findIdentity(db: DB, provider: string, uid: string): Promise<number | null> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
