'use server';

import * as z from 'zod/mini';
import { invalid, withSession, type ActionResult } from '@/lib/server-action';
import { markNotificationsRead } from '@/lib/social-api/activities';
import { getUpdates } from '@/lib/social-api/activities';
import { rememberNotificationCount } from '@/lib/notifications/count';
import { answerFriendRequestCommand } from '@/lib/users/friend-commands';
import { idSchema } from '@/lib/validations/ids';

/** Marks read what the list showed (up to its newest id); answers the count still unread. */
export async function markRead(input: { maxId: number }): Promise<ActionResult<{ unread: number }>> {
  const parsed = z.object({ maxId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    await markNotificationsRead(s.accessToken, parsed.data.maxId);
    const { notificationCount } = await getUpdates(s.accessToken);
    await rememberNotificationCount(s.userId, notificationCount);
    return { ok: true, message: '', data: { unread: notificationCount } };
  });
}

/** Accepts or declines a friend request from its notification. */
export async function answerFriend(input: { requestId: number; accept: boolean }): Promise<ActionResult> {
  return withSession((s) => answerFriendRequestCommand(s.accessToken, input));
}
