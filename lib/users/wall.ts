import { cache } from 'react';
import type { Session } from '@/lib/auth/session';
import { listActivities, type FeedPage } from '@/lib/social-api/activities';
import { getUser, type Person } from '@/lib/social-api/users';

export type Wall = { member: Person; page: FeedPage };

/**
 * A member's wall and who they are, once per request (metadata and page both ask); undefined
 * for an unknown member. One API call in the usual case: the member is the owner of one of
 * their wall's activities, or the viewer themself (the session record); only a wall with
 * nothing of theirs on it asks the API who they are.
 */
export const loadWall = cache(async (session: Session, id: number): Promise<Wall | undefined> => {
  const page = await listActivities(session.accessToken, { subject: { type: 'user', id } });
  if (!page) return undefined;
  const owner = page.items.find((a) => a.owner.id === id)?.owner;
  const member: Person | undefined =
    id === session.userId
      ? { id, name: session.user.name || `Member ${id}`, image: session.user.image, picture: session.user.image }
      : owner
        ? { ...owner, picture: owner.image }
        : await getUser(session.accessToken, id, { id: session.userId });
  return member ? { member, page } : undefined;
});
