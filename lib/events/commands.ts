import type { ActionResult } from '@/lib/action-result';
import { failure, invalid, saveCommand } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import {
  acceptEventRequest,
  cancelEventRequest,
  createEvent,
  deleteEvent,
  inviteToEvent,
  leaveEvent,
  listEventMembers,
  rejectEventRequest,
  requestToJoinEvent,
  rsvpEvent,
  updateEvent,
  type EventInput,
  type Rsvp,
} from '@/lib/social-api/events';
import { listFriends } from '@/lib/social-api/friends';
import type { Who } from '@/lib/social-api/users';
import {
  eventDecisionSchema,
  eventIdSchema,
  eventInviteSchema,
  eventMembersSchema,
  eventMembershipSchema,
  eventRsvpSchema,
  eventSaveSchema,
  friendSearchSchema,
  toEventFieldErrors,
  type EventFormValues,
} from '@/lib/validations/event';

// An event's saves and membership actions, given an access token: each input is checked with the
// schema the browser used (nothing reaches the API otherwise). components/events/actions.ts runs
// them for the signed-in person.

const RSVP_DONE: Record<string, string> = {
  attending: 'You are going.',
  maybe_attending: 'You might go.',
  not_attending: 'You are not going.',
};

/** The form's values as the API's form: wall-clock times in the chosen zone. */
function eventInputOf(v: EventFormValues): EventInput {
  return {
    title: v.title,
    description: v.description,
    categoryId: Number(v.categoryId || 0),
    startTime: `${v.startDate} ${v.startTime}:00`,
    endTime: `${v.endDate} ${v.endTime}:00`,
    timeZone: v.timeZone,
    host: v.host,
    location: v.location,
    searchable: v.searchable,
    guestsMayInvite: v.guestsMayInvite,
    approval: v.approval,
    authView: v.authView,
    authComment: v.authComment,
    authPhoto: v.authPhoto,
    pictureDescription: v.pictureDescription,
    groupId: v.groupId,
  };
}

/** Creates or edits an event. */
export const saveEventCommand = saveCommand({
  schema: eventSaveSchema,
  payload: ({ values }) => eventInputOf(values),
  create: createEvent,
  update: updateEvent,
  fields: toEventFieldErrors,
  gone: 'This event is no longer there: it may have been deleted. What you typed is still here.',
  saved: (_token, id, { id: edited }): ActionResult<{ id: number }> => ({
    ok: true,
    message: edited ? 'Your event was saved.' : 'Your event was created.',
    data: { id },
  }),
});

export async function deleteEventCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = eventIdSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await deleteEvent(token, parsed.data.id);
    return { ok: true, message: 'The event was deleted.', data: undefined };
  } catch (e) {
    return failure(e);
  }
}

export async function rsvpEventCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = eventRsvpSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await rsvpEvent(token, parsed.data.id, parsed.data.rsvp);
    return { ok: true, message: RSVP_DONE[parsed.data.rsvp]!, data: undefined };
  } catch (e) {
    return failure(e);
  }
}

export async function eventMembershipCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = eventMembershipSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { id, action } = parsed.data;
  try {
    if (action === 'leave') await leaveEvent(token, id);
    else if (action === 'request') await requestToJoinEvent(token, id);
    else await cancelEventRequest(token, id);
    const message = {
      leave: 'You left the event.',
      request: 'Your request to join was sent. The organiser will answer it.',
      cancel: 'Your request was withdrawn.',
    }[action];
    return { ok: true, message, data: undefined };
  } catch (e) {
    return failure(e);
  }
}

/** What the organiser is told of a request the person cancelled (or that was answered) since the page was read. */
export const REQUEST_NOT_PENDING = 'No longer pending: the request was withdrawn or already answered.';

export async function decideEventRequestCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = eventDecisionSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { id, userId, accept } = parsed.data;
  try {
    if (accept) await acceptEventRequest(token, id, userId);
    else await rejectEventRequest(token, id, userId);
    return { ok: true, message: accept ? 'Accepted.' : 'Declined.', data: undefined };
  } catch (e) {
    // The API names user_id (400) when this person has no pending request, and refuses the owner
    // (403) when the event has no pending request left at all.
    if ((isApiError(e, 400) && e.fieldErrors.user_id) || isApiError(e, 403)) return { ok: false, message: REQUEST_NOT_PENDING };
    return failure(e);
  }
}

export async function inviteToEventCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = eventInviteSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
  try {
    await inviteToEvent(token, parsed.data.id, parsed.data.userIds);
    const n = parsed.data.userIds.length;
    return { ok: true, message: `${n} ${n === 1 ? 'friend was' : 'friends were'} invited.`, data: undefined };
  } catch (e) {
    return failure(e);
  }
}

export type EventMember = Who & { rsvp: Rsvp };

export async function listEventMembersCommand(token: string, input: unknown): Promise<ActionResult<EventMember[]>> {
  const parsed = eventMembersSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    return { ok: true, message: '', data: await listEventMembers(token, parsed.data.id, parsed.data.rsvp, parsed.data.page, 50) };
  } catch (e) {
    return failure(e);
  }
}

/** Friends to invite, by name (GET /friends), each marked when already invited or a member. */
export async function searchFriendsToInviteCommand(
  token: string,
  eventId: number,
  input: unknown,
): Promise<ActionResult<Array<Who & { rsvp?: Rsvp }>>> {
  const parsed = friendSearchSchema.safeParse(input);
  const idOk = eventIdSchema.safeParse({ id: eventId });
  if (!parsed.success || !idOk.success) return invalid();
  try {
    const [friends, ...rows] = await Promise.all([
      listFriends(token, { keywords: parsed.data.keywords, page: parsed.data.page, limit: 50 }),
      ...(['attending', 'maybe_attending', 'not_attending', 'awaiting_reply'] as const).map((r) =>
        listEventMembers(token, eventId, r, 1, 50),
      ),
    ]);
    // A server without the list of friends (an extension of the API).
    if (!friends) return { ok: false, message: 'This site keeps no list of friends, so none can be invited from here.' };
    const state = new Map(rows.flat().map((m) => [m.id, m.rsvp]));
    return { ok: true, message: '', data: friends.map((f) => ({ ...f, rsvp: state.get(f.id) })) };
  } catch (e) {
    // Signed in before the site asked for the friends scope.
    if (isApiError(e, 403))
      return { ok: false, message: 'Your friends cannot be listed here: sign out and in again to allow it, then try again.' };
    return failure(e);
  }
}
