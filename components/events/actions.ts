'use server';

import { routes } from '@/lib/routes';
import { invalid, withSession, type ActionResult } from '@/lib/server-action';
import { createEventFeed, revokeEventFeed } from '@/lib/social-api/event-feeds';
import { eventIdSchema } from '@/lib/validations/event';
import type { Who } from '@/lib/social-api/users';
import type { Rsvp } from '@/lib/social-api/events';
import {
  decideEventRequestCommand,
  deleteEventCommand,
  eventMembershipCommand,
  inviteToEventCommand,
  listEventMembersCommand,
  rsvpEventCommand,
  saveEventCommand,
  searchFriendsToInviteCommand,
  type EventMember,
} from '@/lib/events/commands';

// An event's actions for the signed-in person (lib/events/commands.ts does the work). Each
// is a public POST endpoint: the commands validate everything they are given.

export async function saveEvent(input: unknown): Promise<ActionResult<{ id: number }>> {
  return withSession((s) => saveEventCommand(s.accessToken, input));
}
export async function removeEvent(input: { id: number }): Promise<ActionResult> {
  return withSession((s) => deleteEventCommand(s.accessToken, input));
}
export async function answerEvent(input: { id: number; rsvp: string }): Promise<ActionResult> {
  return withSession((s) => rsvpEventCommand(s.accessToken, input));
}
export async function changeMembership(input: { id: number; action: 'leave' | 'request' | 'cancel' }): Promise<ActionResult> {
  return withSession((s) => eventMembershipCommand(s.accessToken, input));
}
export async function decideRequest(input: { id: number; userId: number; accept: boolean }): Promise<ActionResult> {
  return withSession((s) => decideEventRequestCommand(s.accessToken, input));
}
export async function inviteFriends(input: { id: number; userIds: number[] }): Promise<ActionResult> {
  return withSession((s) => inviteToEventCommand(s.accessToken, input));
}
export async function loadMembers(input: { id: number; rsvp: Rsvp; page: number }): Promise<ActionResult<EventMember[]>> {
  return withSession((s) => listEventMembersCommand(s.accessToken, input));
}
export async function searchFriendsToInvite(
  eventId: number,
  input: { keywords: string; page: number },
): Promise<ActionResult<Array<Who & { rsvp?: Rsvp }>>> {
  return withSession((s) => searchFriendsToInviteCommand(s.accessToken, eventId, input));
}

/** Makes (or makes anew: the old address stops) the person's calendar feed; answers its address path, shown once. */
export async function makeCalendarFeed(): Promise<ActionResult<{ id: number; path: string }>> {
  return withSession<{ id: number; path: string }>(async (s) => {
    const feed = await createEventFeed(s.accessToken);
    if (!feed) return { ok: false, message: 'This site does not offer calendar feeds.' };
    return {
      ok: true,
      message: 'Your calendar feed is ready. Copy its address now: it is shown only once.',
      data: { id: feed.id, path: routes.calendarFeed(feed.secret) },
    };
  });
}

export async function stopCalendarFeed(input: { id: number }): Promise<ActionResult> {
  return withSession(async (s) => {
    const parsed = eventIdSchema.safeParse(input);
    if (!parsed.success) return invalid();
    await revokeEventFeed(s.accessToken, parsed.data.id);
    return { ok: true, message: 'The calendar feed was revoked. Its address no longer works.', data: undefined };
  });
}
