import type { Session } from '@/lib/auth/session';
import { listActivities, type FeedPage } from '@/lib/social-api/activities';

/** A member's wall, newest first (the profile's Posts tab); undefined for an unknown member. Who they are is the profile's (lib/users/profile.ts). */
export function loadWall(session: Session, id: number): Promise<FeedPage | undefined> {
  return listActivities(session.accessToken, { subject: { type: 'user', id } });
}
