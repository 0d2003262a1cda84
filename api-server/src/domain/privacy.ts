import type { DB } from '../db/index.ts';
import type { Privacy } from '../db/types.ts';

export const PRIVACY_IDS = ['everyone', 'registered', 'owner_member', 'owner'] as const satisfies readonly Privacy[];

/**
 * Who is reading: a user, or nobody (a client-credentials token acts for the client itself and
 * may read only what `everyone` may see). Friendship answers are cached for the request.
 */
export interface Viewer {
  readonly userId: number | null;
  isFriendOf(userId: number): Promise<boolean>;
  /**
   * Another rule's answer for this reader, computed once per request under `key` (a group's
   * rights: domain/post-privacy.ts), as friendships are.
   */
  remember<T>(key: string, load: (db: DB) => Promise<T>): Promise<T>;
}

export function viewerOf(db: DB, userId: number | null): Viewer {
  const friends = new Map<number, Promise<boolean>>();
  const remembered = new Map<string, Promise<unknown>>();
  return {
    userId,
    remember<T>(key: string, load: (db: DB) => Promise<T>): Promise<T> {
      let known = remembered.get(key) as Promise<T> | undefined;
      if (!known) {
        known = load(db);
        remembered.set(key, known);
      }
      return known;
    },
    isFriendOf(other: number): Promise<boolean> {
      if (userId === null || other === userId) return Promise.resolve(false);
      let known = friends.get(other);
      if (!known) {
        known = db
          .selectFrom('friendships')
          .select('user_id')
          .where('user_id', '=', userId)
          .where('friend_id', '=', other)
          .executeTakeFirst()
          .then((row) => row !== undefined);
        friends.set(other, known);
      }
      return known;
    },
  };
}

/**
 * Whether `privacy`, set by `ownerId`, lets the viewer in: everyone; registered (any signed-in
 * user); owner_member (the owner and the owner's friends); owner (the owner alone).
 * `alsoUserId` always gets in: the owner of the wall an activity was posted on.
 */
export async function allows(viewer: Viewer, privacy: Privacy, ownerId: number, alsoUserId: number | null = null): Promise<boolean> {
  if (privacy === 'everyone') return true;
  const me = viewer.userId;
  if (me === null) return false;
  if (me === ownerId || me === alsoUserId) return true;
  if (privacy === 'registered') return true;
  if (privacy === 'owner_member') return viewer.isFriendOf(ownerId);
  return false;
}
