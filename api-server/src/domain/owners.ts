import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { defaultAvatarPng } from '../seed/pictures.ts';
import { imageExists, imageUrl, storeImage } from '../storage/images.ts';

/** The spec's owner / user summary (activity owner, user_liked, the likes list). */
export interface OwnerSummary {
  id: number;
  type: 'user';
  title: string;
  imgs: { icon: string; normal: string; profile: string; original: string };
}

/** Storage key of the picture of users who have none (made by ensureDefaultAvatar). */
export const DEFAULT_AVATAR_KEY = 'default-user.png';

/** Writes the default profile picture under /files/ once, so its URLs resolve. */
export async function ensureDefaultAvatar(dataDir: string): Promise<void> {
  const [id] = DEFAULT_AVATAR_KEY.split('.');
  if (await imageExists(dataDir, DEFAULT_AVATAR_KEY)) return;
  // Several instances starting at once may each write it: the same bytes, each file replaced whole.
  await storeImage(dataDir, await defaultAvatarPng(), 'avatar', id);
}

export function ownerImgs(config: Config, avatarKey: string | null): OwnerSummary['imgs'] {
  const key = avatarKey ?? DEFAULT_AVATAR_KEY;
  return {
    icon: imageUrl(config.publicUrl, key, '50sq'),
    normal: imageUrl(config.publicUrl, key, '120'),
    profile: imageUrl(config.publicUrl, key, '240'),
    original: imageUrl(config.publicUrl, key, 'original'),
  };
}

/** A member's profile on the web client. */
export function profileUrl(config: Config, userId: number): string {
  return `${config.webOrigin}/users/${userId}`;
}

export function toOwnerSummary(config: Config, user: { id: number; full_name: string; avatar_key: string | null }): OwnerSummary {
  return { id: user.id, type: 'user', title: user.full_name, imgs: ownerImgs(config, user.avatar_key) };
}

/** Owner summaries of many users in one query; ids that match no user are absent from the map. */
export async function getOwnerSummaries(db: DB, config: Config, ids: Iterable<number>): Promise<Map<number, OwnerSummary>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, OwnerSummary>();
  if (unique.length === 0) return out;
  const rows = await db.selectFrom('users').select(['id', 'full_name', 'avatar_key']).where('id', 'in', unique).execute();
  for (const row of rows) out.set(row.id, toOwnerSummary(config, row));
  return out;
}

/** A summary for display when the user row is gone (should not happen: rows cascade). */
export function missingOwner(config: Config, id: number): OwnerSummary {
  return { id, type: 'user', title: '', imgs: ownerImgs(config, null) };
}

/** Throws a 404 unless the member exists (a list asked for one member's things, a wall to write on). */
export async function checkUserExists(db: DB, id: number): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('The user was not found.');
}
