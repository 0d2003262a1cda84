'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import type { Who } from '@/lib/social-api/users';
import type { Rsvp } from '@/lib/social-api/events';
import {
  decideEventRequestCommand, deleteEventCommand, eventMembershipCommand, inviteToEventCommand, listEventMembersCommand, rsvpEventCommand,
  saveEventCommand, searchFriendsToInviteCommand, type EventMember,
} from './commands';

// An event's actions for the signed-in person (components/events/commands.ts does the work). Each
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
export async function searchFriendsToInvite(eventId: number, input: { keywords: string; page: number }): Promise<ActionResult<Array<Who & { rsvp?: Rsvp }>>> {
  return withSession((s) => searchFriendsToInviteCommand(s.accessToken, eventId, input));
}
