import type { DB } from '../../db/index.ts';
import { countMembersByRsvp, getEvent, listRsvpsOf, type EventRow } from '../../data/events.ts';
import { notFound } from '../../errors.ts';
import type { Viewer } from '../../domain/privacy.ts';
import { allowsInGroup } from '../../domain/post-privacy.ts';
import { membershipOptions, type MembershipState } from '../../domain/membership.ts';

/** What a person's row in event_members says (DESIGN.md: event membership). */
export const RSVPS = ['attending', 'maybe_attending', 'not_attending', 'awaiting_reply', 'requested'] as const;
export type Rsvp = (typeof RSVPS)[number];

/** The answers of members: people who joined (or were accepted) and said whether they come. */
export const MEMBER_RSVPS = ['attending', 'maybe_attending', 'not_attending'] as const;
export type MemberRsvp = (typeof MEMBER_RSVPS)[number];

const isMemberRsvp = (rsvp: string | null | undefined): rsvp is MemberRsvp => (MEMBER_RSVPS as readonly string[]).includes(rsvp ?? '');

export interface MemberCounts {
  attending: number;
  maybe_attending: number;
  not_attending: number;
  awaiting_reply: number;
  requested: number;
}

const noMembers = (): MemberCounts => ({ attending: 0, maybe_attending: 0, not_attending: 0, awaiting_reply: 0, requested: 0 });

/** How many people are in each rsvp state, for many events in one query. */
export async function getMemberCounts(db: DB, eventIds: readonly number[]): Promise<Map<number, MemberCounts>> {
  const out = new Map<number, MemberCounts>(eventIds.map((id) => [id, noMembers()]));
  if (!eventIds.length) return out;
  const rows = await countMembersByRsvp(db, eventIds);
  for (const r of rows) {
    const counts = out.get(r.event_id);
    if (counts && r.rsvp in counts) counts[r.rsvp as Rsvp] = Number(r.n);
  }
  return out;
}

/** The reader's own row in each event (none for a client-credentials token). */
export async function getReaderRsvps(db: DB, userId: number | null, eventIds: readonly number[]): Promise<Map<number, Rsvp>> {
  if (userId === null || !eventIds.length) return new Map();
  const rows = await listRsvpsOf(db, userId, eventIds);
  return new Map(rows.map((r) => [r.event_id, r.rsvp as Rsvp]));
}

/** The event when the reader may see it; 404 otherwise (absent and hidden look the same). */
export async function getVisibleEvent(db: DB, viewer: Viewer, id: number): Promise<EventRow> {
  const row = await getEvent(db, id);
  // An event made in a group: who may see the group, and parent_member its members (allowsInGroup).
  if (!row || !(await allowsInGroup(viewer, row.auth_view, row.owner_id, row.group_id))) {
    throw notFound('The event was not found or you may not see it.');
  }
  return row;
}

export interface EventFlags {
  can_edit: boolean;
  can_delete: boolean;
  can_request: boolean;
  can_join: boolean;
  can_leave: boolean;
  can_cancel: boolean;
  can_accept: boolean;
  can_reject: boolean;
  can_invite: boolean;
  can_compose: boolean;
}

export interface ReaderState {
  /** null for a client-credentials token. */
  userId: number | null;
  /** The reader's row in the event, if any. */
  rsvp: Rsvp | null;
  /** People waiting for the owner to accept them. */
  pendingRequests: number;
  now: number;
}

/**
 * The reader's permissions on an event they may see: the one rule behind both the flags shown
 * and the membership actions enforced (routes/events/membership.ts).
 * - the owner is always a member (attending from the start, and cannot leave);
 * - an event that has ended takes no new members, answers or invitations;
 * - can_join: not a member, and the event needs no approval or the reader was invited;
 * - can_request: approval=1 and the reader has no row at all (not invited, no request yet);
 * - can_accept / can_reject: the owner, while at least one request is pending;
 * - can_invite: the owner, or a member when auth_invite=1;
 * - can_compose ("message guests", POST /messages multi=event): the owner only, as the origin
 *   API's menus had it; a broadcast nobody may answer (docs/api.md, "Messages").
 */
export function eventFlags(event: EventRow, s: ReaderState): EventFlags {
  const me = s.userId;
  const user = me !== null;
  const owner = user && me === event.owner_id;
  const member = owner || isMemberRsvp(s.rsvp);
  const open = event.end_time >= s.now;
  const options = membershipOptions({ signedIn: user, owner, state: stateOf(s.rsvp), approval: event.approval === 1, open });
  return {
    can_edit: owner,
    can_delete: owner,
    can_request: options.request,
    // An invitation is accepted by joining.
    can_join: options.join,
    can_leave: options.leave,
    can_cancel: options.cancel,
    can_accept: owner && s.pendingRequests > 0,
    can_reject: owner && s.pendingRequests > 0,
    can_invite: user && open && (owner || (event.auth_invite === 1 && member)),
    can_compose: owner,
  };
}

/** An rsvp as the shared state machine (domain/membership.ts) knows it. */
function stateOf(rsvp: Rsvp | null): MembershipState {
  if (rsvp === null) return 'none';
  if (rsvp === 'awaiting_reply') return 'invited';
  if (rsvp === 'requested') return 'requested';
  return 'member';
}

/** Members answer (or change their answer) with the same call people join with, until the event ends. */
export function canAnswer(event: EventRow, s: ReaderState): boolean {
  const member = s.userId !== null && (s.userId === event.owner_id || isMemberRsvp(s.rsvp));
  return eventFlags(event, s).can_join || (member && event.end_time >= s.now);
}
