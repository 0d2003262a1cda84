'use server';

import * as z from 'zod/mini';
import { invalid, withSession, type ActionResult } from '@/lib/server-action';
import { cookies } from 'next/headers';
import { getUpdates, markNotificationGroupRead, markNotificationsRead, markNotificationsSeen } from '@/lib/social-api/activities';
import { rememberHeaderCounts } from '@/lib/notifications/count';
import { validZone } from '@/lib/time/zones';
import { answerFriendRequestCommand } from '@/lib/users/friend-commands';
import { idSchema } from '@/lib/validations/ids';

/** Marks what the list or the panel showed (`mark`), and answers the bell's count now. */
function markAndCount(mark: (token: string) => Promise<void>): Promise<ActionResult<{ unread: number }>> {
  return withSession(async (s) => {
    await mark(s.accessToken);
    const { notificationCount, messageCount } = await getUpdates(s.accessToken);
    await rememberHeaderCounts(s.userId, { notifications: notificationCount, messages: messageCount });
    return { ok: true, message: '', data: { unread: notificationCount } };
  });
}

/** Marks what the list or the panel showed, up to its newest id. */
function markShown(
  input: { maxId: number },
  mark: (token: string, maxId: number) => Promise<void>,
): Promise<ActionResult<{ unread: number }>> {
  const parsed = z.object({ maxId: idSchema }).safeParse(input);
  if (!parsed.success) return Promise.resolve(invalid());
  return markAndCount((token) => mark(token, parsed.data.maxId));
}

/** Marks read what the list showed (up to its newest id); answers the count still unread. */
export async function markRead(input: { maxId: number }): Promise<ActionResult<{ unread: number }>> {
  return markShown(input, markNotificationsRead);
}

/** Marks seen what the bell's panel showed: the count drops, the rows stay new until read. */
export async function markSeen(input: { maxId: number }): Promise<ActionResult<{ unread: number }>> {
  return markShown(input, markNotificationsSeen);
}

/** Marks read the group whose row the reader opened from the bell's panel (its day: the reader's, as the panel listed it). */
export async function markGroupRead(input: { key: string }): Promise<ActionResult<{ unread: number }>> {
  const parsed = z.object({ key: z.string().check(z.regex(/^[a-z0-9_-]{1,100}$/)) }).safeParse(input);
  if (!parsed.success) return invalid();
  const zone = validZone((await cookies()).get('tz')?.value) ?? 'UTC';
  return markAndCount((token) => markNotificationGroupRead(token, parsed.data.key, zone));
}

/** Accepts or declines a friend request from its notification. */
export async function answerFriend(input: { requestId: number; accept: boolean }): Promise<ActionResult> {
  return withSession((s) => answerFriendRequestCommand(s.accessToken, input));
}
