import { type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/index.ts';
import type { Database, Privacy } from '../db/types.ts';

export const PRIVACY_IDS = ['everyone', 'registered', 'owner_member', 'owner'] as const satisfies readonly Privacy[];

/**
 * Who is reading: a user, or nobody (a client-credentials token acts for the client itself and
 * may read only what `everyone` may see). Friendship answers are cached for the request.
 */
export interface Viewer {
  readonly userId: number | null;
  isFriendOf(userId: number): Promise<boolean>;
}

export function viewerOf(db: DB, userId: number | null): Viewer {
  const friends = new Map<number, Promise<boolean>>();
  return {
    userId,
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

/** The SQL form of `allows()` for activities (feed queries): the activity's auth_view, its owner, its wall. */
export function activityVisibleTo(eb: ExpressionBuilder<Database, 'activities'>, userId: number | null): Expression<SqlBool> {
  if (userId === null) return eb('activities.auth_view', '=', 'everyone');
  return eb.or([
    eb('activities.auth_view', 'in', ['everyone', 'registered']),
    eb('activities.owner_id', '=', userId),
    eb.and([eb('activities.subject_type', '=', 'user'), eb('activities.subject_id', '=', userId)]),
    eb.and([
      eb('activities.auth_view', '=', 'owner_member'),
      eb.exists(
        eb
          .selectFrom('friendships')
          .select('friendships.user_id')
          .where('friendships.user_id', '=', userId)
          .whereRef('friendships.friend_id', '=', 'activities.owner_id'),
      ),
    ]),
  ]);
}
