import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { forbidden, invalidParam } from '../../errors.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { notify, notifyEach, withdrawNotification } from '../../domain/notifications.ts';
import { getOwnerSummaries } from '../../domain/owners.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { allowsInGroup } from '../../domain/post-privacy.ts';
import {
  canAnswer,
  eventFlags,
  getMemberCounts,
  getVisibleEvent,
  MEMBER_RSVPS,
  RSVPS,
  type EventFlags,
  type MemberRsvp,
  type ReaderState,
  type Rsvp,
} from './rules.ts';
import { idParams, userIdSchema, type IdParams, type Infer } from '../../http/schemas.ts';
import {
  deleteEventMember,
  eventMemberIdsAmong,
  getEventRsvp,
  insertInvitations,
  listEventMembers,
  setEventRsvp,
  type EventRow,
} from '../../data/events.ts';
import { friendIdsAmong } from '../../data/friends.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import { guardedAction, inviteBody, parseUserIds } from '../../domain/membership.ts';

// Event membership, the extension DESIGN.md lists (the spec leaves it "not shown"). Each action
// is allowed by exactly the rule behind the flag the reader sees (rules.ts), checked and done
// in one transaction so that two requests cannot both pass the check.

interface Action {
  trx: DB;
  me: number;
  event: EventRow;
  state: ReaderState;
  flags: EventFlags;
}

const ANSWERS: Record<MemberRsvp, string> = {
  attending: 'You are attending this event.',
  maybe_attending: 'You might attend this event.',
  not_attending: 'You are not attending this event.',
};

const joinBody = { type: 'object', properties: { rsvp: { type: 'string', enum: MEMBER_RSVPS, default: 'attending' } } } as const;
const membersQuery = {
  type: 'object',
  properties: {
    event_id: { type: 'integer', minimum: 1 },
    rsvp: { type: 'string', enum: RSVPS, default: 'attending' },
    ...pagingQuery,
  },
  required: ['event_id'],
} as const;

export default async function eventMembershipRoutes(app: FastifyInstance): Promise<void> {
  // Extensions all: event membership (DESIGN.md; docs/api.md, "Events").
  extensionRoutes(app, 'Event membership: the spec shows none of its operations (docs/api.md, "Conventions", "Events").');
  const db = app.db;

  /** Runs `act` on the event as the reader sees it: 404 when hidden, 403 when `allowed` says no. */
  function withEvent(
    userId: number | null,
    id: number,
    allowed: (a: Action) => boolean,
    refusal: string,
    act: (a: Action) => Promise<string>,
  ) {
    return guardedAction(
      db,
      async (trx): Promise<Action> => {
        const event = await getVisibleEvent(trx, viewerOf(trx, userId), id);
        const mine = userId === null ? undefined : await getEventRsvp(trx, id, userId);
        const counts = (await getMemberCounts(trx, [id])).get(id)!;
        const state: ReaderState = {
          userId,
          rsvp: (mine?.rsvp as Rsvp | undefined) ?? null,
          pendingRequests: counts.requested,
          now: now(),
        };
        return { trx, me: userId ?? 0, event, state, flags: eventFlags(event, state) };
      },
      (a) => userId !== null && allowed(a),
      refusal,
      act,
    );
  }

  /** POST /:id/<verb>, with `body` (a schema) when it takes one: withEvent, `act` given the body. */
  function action<B = undefined>(
    verb: string,
    summary: string,
    body: object | undefined,
    allowed: (a: Action) => boolean,
    refusal: string,
    act: (a: Action, body: B) => Promise<string>,
  ): void {
    app.post<{ Params: IdParams; Body: B }>(
      `/:id/${verb}`,
      { schema: body ? { summary, params: idParams, body } : { summary, params: idParams } },
      // The cast: Fastify's types widen a generic body; the schema above has checked it.
      (req) => withEvent(req.auth.userId, req.params.id, allowed, refusal, (a) => act(a, req.body as B)),
    );
  }

  // Joining, accepting an invitation, and changing one's answer are the same call.
  app.post<{ Params: IdParams; Body: Infer<typeof joinBody> }>(
    '/:id/join',
    {
      schema: {
        summary: "Join an event, accept an invitation, or change one's answer",
        params: idParams,
        body: joinBody,
      },
      // rsvp is optional, so a join may come with no body at all (validation, next, fills in its default).
      preValidation: async (req) => {
        req.body ??= {} as typeof req.body;
      },
    },
    (req) =>
      withEvent(
        req.auth.userId,
        req.params.id,
        (a) => canAnswer(a.event, a.state),
        "You cannot join this event: it has ended, or it needs the owner's approval (send a request instead).",
        async ({ trx, me, event }) => {
          const rsvp = req.body?.rsvp ?? 'attending';
          await setEventRsvp(trx, { eventId: event.id, userId: me, rsvp });
          return ANSWERS[rsvp];
        },
      ),
  );

  action(
    'leave',
    'Leave an event',
    undefined,
    (a) => a.flags.can_leave,
    'You cannot leave this event: you are not a member of it, or it is yours (an owner cannot leave their event).',
    async ({ trx, me, event }) => {
      await deleteEventMember(trx, event.id, me);
      return 'You left the event.';
    },
  );

  action(
    'request',
    'Ask to join an event that needs approval',
    undefined,
    (a) => a.flags.can_request,
    'You cannot ask to join this event: it needs no approval, it has ended, or you are already in it, invited or waiting.',
    async ({ trx, me, event }) => {
      await setEventRsvp(trx, { eventId: event.id, userId: me, rsvp: 'requested' });
      // One notice per pending request: an earlier one (of a request since rejected) makes way.
      await withdrawNotification(trx, { actorId: me, kind: 'event_request', itemType: 'event', itemId: event.id });
      await notify(trx, { userId: event.owner_id, actorId: me, kind: 'event_request', itemType: 'event', itemId: event.id });
      return 'Your request to join was sent to the owner.';
    },
  );

  action(
    'cancel',
    "Take back one's request to join",
    undefined,
    (a) => a.flags.can_cancel,
    'You have no pending request to join this event.',
    async ({ trx, me, event }) => {
      await deleteEventMember(trx, event.id, me);
      await withdrawNotification(trx, { actorId: me, kind: 'event_request', itemType: 'event', itemId: event.id });
      return 'Your request to join was cancelled.';
    },
  );

  /** The named person's pending request (400 naming user_id when they have none). */
  async function pendingRequest(trx: DB, eventId: number, userId: number): Promise<void> {
    const row = await getEventRsvp(trx, eventId, userId);
    if (row?.rsvp !== 'requested') throw invalidParam('user_id', 'has no pending request to join this event');
  }

  action<Infer<typeof userIdSchema>>(
    'accept',
    "Accept a member's request to join (the owner)",
    userIdSchema,
    (a) => a.flags.can_accept,
    'Only the owner accepts requests, and there is none pending.',
    async ({ trx, event }, body) => {
      await pendingRequest(trx, event.id, body.user_id);
      await setEventRsvp(trx, { eventId: event.id, userId: body.user_id, rsvp: 'attending' });
      return 'The request was accepted: they are attending.';
    },
  );

  action<Infer<typeof userIdSchema>>(
    'reject',
    "Reject a member's request to join (the owner)",
    userIdSchema,
    (a) => a.flags.can_reject,
    'Only the owner rejects requests, and there is none pending.',
    async ({ trx, event }, body) => {
      await pendingRequest(trx, event.id, body.user_id);
      await deleteEventMember(trx, event.id, body.user_id);
      return 'The request was rejected.';
    },
  );

  action<Infer<typeof inviteBody>>(
    'invite',
    'Invite friends to an event',
    inviteBody,
    (a) => a.flags.can_invite,
    'You cannot invite people to this event: it has ended, or only its owner invites.',
    async ({ trx, me, event }, body) => {
      const ids = parseUserIds(body.user_ids);
      // Only friends of the inviter, and only people the event's privacy lets see it.
      const friends = await friendIdsAmong(trx, me, ids);
      const notFriends = ids.filter((id) => !friends.has(id));
      if (notFriends.length) throw invalidParam('user_ids', `you can only invite your friends; not friends: ${notFriends.join(', ')}`);
      const hidden = await cannotSee(trx, event, ids);
      if (hidden.length) throw invalidParam('user_ids', `the event's privacy hides it from: ${hidden.join(', ')}`);
      // People already in the event (any answer, invited, or asking to join) stay as they are.
      const present = await eventMemberIdsAmong(trx, event.id, ids);
      const fresh = ids.filter((id) => !present.has(id) && id !== event.owner_id);
      const t = now();
      if (fresh.length) {
        await insertInvitations(trx, { eventId: event.id, userIds: fresh, invitedBy: me, at: t });
        await notifyEach(trx, fresh, { actorId: me, kind: 'event_invite', itemType: 'event', itemId: event.id, at: t });
      }
      return fresh.length === 1 ? '1 person was invited.' : `${fresh.length} people were invited.`;
    },
  );

  /** Of `ids`, those the event's auth_view keeps out (privacy.ts `allows`, for many users at once). */
  async function cannotSee(trx: DB, event: EventRow, ids: number[]): Promise<number[]> {
    const others = ids.filter((id) => id !== event.owner_id);
    if (event.group_id !== null) {
      // Made in a group: the group's rule too (post-privacy.ts allowsInGroup), person by person.
      const sees = await Promise.all(others.map((id) => allowsInGroup(viewerOf(trx, id), event.auth_view, event.owner_id, event.group_id)));
      return others.filter((_, i) => !sees[i]);
    }
    if (event.auth_view === 'everyone' || event.auth_view === 'registered') return [];
    if (event.auth_view === 'owner') return others;
    const ownerFriends = await friendIdsAmong(trx, event.owner_id, others.length ? others : [0]);
    return others.filter((id) => !ownerFriends.has(id));
  }

  // rsvp=requested lists pending requests: the owner's business alone.
  app.get<{ Querystring: Infer<typeof membersQuery> }>(
    '/members',
    {
      schema: {
        summary: 'The members of an event, by answer',
        querystring: membersQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const rsvp = q.rsvp ?? 'attending';
      const event = await getVisibleEvent(db, viewerOf(db, req.auth.userId), q.event_id);
      if (rsvp === 'requested' && req.auth.userId !== event.owner_id)
        throw forbidden('Only the owner of the event sees who asked to join.');
      const { limit, offset } = paging(q);
      const rows = await listEventMembers(db, { eventId: event.id, ownerId: event.owner_id, rsvp, limit, offset });
      const owners = await getOwnerSummaries(
        db,
        app.config,
        rows.map((r) => r.user_id),
      );
      return {
        success: true,
        data: rows.flatMap((r) => {
          const owner = owners.get(r.user_id);
          return owner ? [{ ...owner, rsvp: r.rsvp }] : [];
        }),
      };
    },
  );
}
