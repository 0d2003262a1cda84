import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/index.ts';

// Members as the routes read and change them (tables `users`, with the settings kept on it, and
// `user_blocks`), and the rows a profile picture writes (its photo in the "Profile Pictures"
// album). The rules every module shares stay in domain/ (owners.ts, blocks.ts, messages.ts).

/** A member's id and name, undefined when there is none with that id. */
export function getMemberName(db: DB, id: number): Promise<{ id: number; full_name: string } | undefined> {
  return db.selectFrom('users').select(['id', 'full_name']).where('id', '=', id).executeTakeFirst();
}

/** The signed-in user's summary fields and email. */
export function getAccount(
  db: DB,
  id: number,
): Promise<{ id: number; full_name: string; avatar_key: string | null; email: string } | undefined> {
  return db.selectFrom('users').select(['id', 'full_name', 'avatar_key', 'email']).where('id', '=', id).executeTakeFirst();
}

/** A member's summary fields and who may message them. */
export function getMember(
  db: DB,
  id: number,
): Promise<{ id: number; full_name: string; avatar_key: string | null; privacy_message: string } | undefined> {
  return db.selectFrom('users').select(['id', 'full_name', 'avatar_key', 'privacy_message']).where('id', '=', id).executeTakeFirst();
}

/**
 * How many of a member's rows of `table` (read as `alias`) pass `listed`, a module's list
 * filter written against that alias.
 */
export async function countListedOf(
  db: DB,
  {
    table,
    alias,
    ownerId,
    listed,
  }: { table: 'albums' | 'blogs' | 'classifieds' | 'events'; alias: string; ownerId: number; listed: RawBuilder<SqlBool> },
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} as ${sql.id(alias)}
        where ${sql.ref(`${alias}.owner_id`)} = ${ownerId} and ${listed}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Who may start a conversation with the member (throws when there is no such member). */
export async function getPrivacyMessage(db: DB, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('privacy_message').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.privacy_message;
}

export async function updatePrivacyMessage(db: DB, userId: number, privacyMessage: string): Promise<void> {
  await db.updateTable('users').set({ privacy_message: privacyMessage }).where('id', '=', userId).execute();
}

/** The members `userId` blocked, the latest block first. */
export function listBlockedMembers(
  db: DB,
  { userId, limit, offset }: { userId: number; limit: number; offset: number },
): Promise<{ id: number; full_name: string; avatar_key: string | null }[]> {
  return db
    .selectFrom('user_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_user_id')
    .select(['u.id', 'u.full_name', 'u.avatar_key'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Sets a member's profile picture; returns the storage key of the one it replaces. */
export async function replaceAvatar(db: DB, userId: number, avatarKey: string): Promise<string | null> {
  const before = await db.selectFrom('users').select('avatar_key').where('id', '=', userId).executeTakeFirstOrThrow();
  await db.updateTable('users').set({ avatar_key: avatarKey }).where('id', '=', userId).execute();
  return before.avatar_key;
}

/** The summary fields of the members among `ids` (those that are members). */
export function listMembersByIds(db: DB, ids: number[]): Promise<{ id: number; full_name: string; avatar_key: string | null }[]> {
  return db.selectFrom('users').select(['id', 'full_name', 'avatar_key']).where('id', 'in', ids).execute();
}

/** When each member among `ids` joined (unix seconds), by id; ids of no member are absent. */
export async function listJoinedDates(db: DB, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'joined'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.joined]));
}

/** A member's id, undefined when there is none with that id. */
export async function getMemberId(db: DB, id: number): Promise<number | undefined> {
  const found = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return found?.id;
}

/** The columns of a member the legacy API shows (legacy/methods/users.ts presentUser). */
export const LEGACY_USER_COLUMNS = ['id', 'user_name', 'full_name', 'joined', 'gender', 'country_iso', 'email', 'avatar_key'] as const;

export interface LegacyUserRow {
  id: number;
  user_name: string;
  full_name: string;
  joined: number;
  gender: string;
  country_iso: string;
  email: string;
  avatar_key: string | null;
}

/** A member as the legacy API shows them (throws when there is no such member). */
export function getLegacyUser(db: DB, id: number): Promise<LegacyUserRow> {
  return db.selectFrom('users').select(LEGACY_USER_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A member's name, undefined when there is none with that id. */
export function getMemberFullName(db: DB, id: number): Promise<{ full_name: string } | undefined> {
  return db.selectFrom('users').select('full_name').where('id', '=', id).executeTakeFirst();
}
