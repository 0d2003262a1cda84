import type { DB } from '../db/index.ts';
import { afterExplicitIds, transact } from '../db/dialect.ts';
import { listedFor } from '../domain/visibility.ts';
import { photoVisibleTo } from '../domain/photo-privacy.ts';

// The legacy token API's own tables: `legacy_apps`, `legacy_keys` (one-time keys) and
// `legacy_tokens` (read with the `site_sessions` they end with); and what only its methods read
// of the photo albums (photo.getPhotos's page, the app album's date).

export interface LegacyApp {
  id: number;
  name: string;
  frame_url: string;
}

/** Stores the app with its own id, or brings its name and frame up to date. */
export async function upsertLegacyApp(
  db: DB,
  { id, name, frameUrl, at }: { id: number; name: string; frameUrl: string; at: number },
): Promise<void> {
  const values = { name, frame_url: frameUrl };
  await db
    .insertInto('legacy_apps')
    .values({ id, ...values, created_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  await afterExplicitIds(db, 'legacy_apps');
}

export function getLegacyApp(db: DB, id: number): Promise<LegacyApp | undefined> {
  return db.selectFrom('legacy_apps').select(['id', 'name', 'frame_url']).where('id', '=', id).executeTakeFirst();
}

/** Stores a one-time key (by its hash), after clearing the keys expired at `at`. */
export async function createLegacyKey(
  db: DB,
  key: { keyHash: string; appId: number; userId: number; expiresAt: number; siteSessionHash: string | null; at: number },
): Promise<void> {
  await db.deleteFrom('legacy_keys').where('expires_at', '<=', key.at).execute();
  await db
    .insertInto('legacy_keys')
    .values({
      key_hash: key.keyHash,
      app_id: key.appId,
      user_id: key.userId,
      expires_at: key.expiresAt,
      used_at: null,
      site_session_hash: key.siteSessionHash,
    })
    .execute();
}

/**
 * Uses up a one-time key (by its hash) and stores the token it buys (by its hash), bound to the
 * key's app, user and site session, in one transaction; false when the key is unknown, used or
 * expired at `at`. Tokens expired at `at` are cleared on the way.
 */
export async function exchangeLegacyKey(
  db: DB,
  { keyHash, tokenHash, at, expiresAt }: { keyHash: string; tokenHash: string; at: number; expiresAt: number },
): Promise<boolean> {
  return transact(db, async (trx) => {
    // Marking the key used and checking it in one statement: of two racing requests, one wins.
    const used = await trx
      .updateTable('legacy_keys')
      .set({ used_at: at })
      .where('key_hash', '=', keyHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning(['app_id', 'user_id', 'site_session_hash'])
      .executeTakeFirst();
    if (!used) return false;
    await trx.deleteFrom('legacy_tokens').where('expires_at', '<=', at).execute();
    await trx
      .insertInto('legacy_tokens')
      .values({
        token_hash: tokenHash,
        app_id: used.app_id,
        user_id: used.user_id,
        expires_at: expiresAt,
        created_at: at,
        site_session_hash: used.site_session_hash,
      })
      .execute();
    return true;
  });
}

/** A token not expired at `at` (by its hash), with the end of the site session it is bound to (null when none or gone). */
export function getLegacyToken(
  db: DB,
  tokenHash: string,
  at: number,
): Promise<{ app_id: number; user_id: number; site_session_hash: string | null; session_ends: number | null } | undefined> {
  return db
    .selectFrom('legacy_tokens')
    .leftJoin('site_sessions', 'site_sessions.id_hash', 'legacy_tokens.site_session_hash')
    .select([
      'legacy_tokens.app_id',
      'legacy_tokens.user_id',
      'legacy_tokens.site_session_hash',
      'site_sessions.expires_at as session_ends',
    ])
    .where('legacy_tokens.token_hash', '=', tokenHash)
    .where('legacy_tokens.expires_at', '>', at)
    .executeTakeFirst();
}

export async function deleteLegacyToken(db: DB, tokenHash: string): Promise<void> {
  await db.deleteFrom('legacy_tokens').where('token_hash', '=', tokenHash).execute();
}

/**
 * A page of a member's photos that `readerId` may see, in albums listed to them, newest first,
 * with how many there are in all.
 */
export async function listVisiblePhotosOf(
  db: DB,
  { ownerId, readerId, limit, offset }: { ownerId: number; readerId: number; limit: number; offset: number },
): Promise<{ total: number; rows: { id: number; image_key: string }[] }> {
  const base = db
    .selectFrom('photos as p')
    .innerJoin('albums as a', 'a.id', 'p.album_id')
    .where('p.owner_id', '=', ownerId)
    .where(photoVisibleTo('p', 'a', readerId))
    .where(listedFor('a', readerId));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['p.id', 'p.image_key']).orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
  return { total: Number(count.n), rows };
}
