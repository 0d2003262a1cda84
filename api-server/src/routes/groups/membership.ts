import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { forbidden, invalidParam } from '../../errors.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { notify, notifyEach, withdrawNotification } from '../../domain/notifications.ts';
import { getOwnerSummaries } from '../../domain/owners.ts';
import { guardedAction, inviteBody, parseUserIds } from '../../domain/membership.ts';
import { groupFlags, type GroupFlags, type GroupMembership } from '../../domain/groups.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import {
  deleteGroupMember,
  getGroupMember,
  groupMemberIdsAmong,
  insertGroupInvitations,
  listGroupMembers,
  listGroupOfficerIds,
  listInvitableFriends,
  setGroupMember,
  type GroupRow,
} from '../../data/groups.ts';
import { friendIdsAmong } from '../../data/friends.ts';
import { extension, extensionParam } from '../../openapi/marks.ts';
import { getVisibleGroup } from './access.ts';
import { memberTitle } from './present.ts';

// Group membership on the origin's paths (`Api/Group.php`): one's own (join, leave, request,
// cancel, accept and reject an invitation, invite) under /groups/{id}/…, and the officers' over
// another member (approve_member, reject_member, member) under /groups/… with group_id and
// user_id. Each action is allowed by exactly the rule behind the flag the reader sees
// (domain/groups.ts), checked and done in one transaction (domain/membership.ts guardedAction).

interface Action {
  trx: DB;
  me: number;
  group: GroupRow;
  membership: GroupMembership;
  flags: GroupFlags;
}

const keywordsParam = { type: 'string', maxLength: 255 } as const;
const memberBody = {
  type: 'object',
  properties: { group_id: { type: 'integer', minimum: 1 }, user_id: { type: 'integer', minimum: 1 } },
  required: ['group_id', 'user_id'],
} as const;
type MemberBody = Infer<typeof memberBody>;
/** What an officer may write to the person whose request they decline (group_reject). */
const REJECT_MESSAGE_MAX = 500;
const rejectBody = {
  type: 'object',
  properties: {
    ...memberBody.properties,
    message: {
      type: 'string',
      maxLength: REJECT_MESSAGE_MAX,
      ...extensionParam(
        'what the officer writes to the person whose request is declined; they are told it in their group_reject notification.',
      ),
    },
  },
  required: ['group_id', 'user_id'],
} as const;
const officerBody = {
  type: 'object',
  properties: { ...memberBody.properties, title: { type: 'string', maxLength: 64 } },
  required: ['group_id', 'user_id'],
} as const;
const membersQuery = {
  type: 'object',
  properties: {
    group_id: { type: 'integer', minimum: 1 },
    keywords: keywordsParam,
    waiting: { type: 'integer', enum: [0, 1], default: 0 },
    ...pagingQuery,
  },
  required: ['group_id'],
} as const;
const inviteQuery = { type: 'object', properties: { keywords: keywordsParam, ...pagingQuery } } as const;

/**
 * A page of a group's members (owner and officers first) or, `waiting`, of the requests and
 * invitations waiting, as GET /groups/members and the group's detail (`members`, `waiting`)
 * present them. Who may see which is the caller's to check.
 */
export async function groupMemberViews(
  db: DB,
  config: Config,
  group: GroupRow,
  q: { waiting: boolean; keywords?: string; page?: number; limit?: number },
) {
  const { limit, offset } = paging(q);
  const rows = await listGroupMembers(db, {
    groupId: group.id,
    ownerId: group.owner_id,
    states: q.waiting ? ['requested', 'invited'] : ['officer', 'member'],
    keywords: q.keywords?.trim(),
    limit,
    offset,
  });
  const owners = await getOwnerSummaries(
    db,
    config,
    rows.map((r) => r.user_id),
  );
  return rows.flatMap((r) => {
    const owner = owners.get(r.user_id);
    if (!owner) return [];
    return [q.waiting ? { ...owner, membership: '', waiting_type: r.state } : { ...owner, membership: memberTitle(group.owner_id, r) }];
  });
}

export default async function groupMembershipRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** Runs `act` on the group as the reader sees it: 404 when hidden, 403 when `allowed` says no. */
  function withGroup(
    userId: number | null,
    id: number,
    allowed: (a: Action) => boolean,
    refusal: string,
    act: (a: Action) => Promise<string>,
  ) {
    return guardedAction(
      db,
      async (trx): Promise<Action> => {
        const { group, membership } = await getVisibleGroup(trx, userId, id);
        return { trx, me: userId ?? 0, group, membership, flags: groupFlags(group, userId, membership) };
      },
      (a) => userId !== null && allowed(a),
      refusal,
      act,
    );
  }

  /** POST /:id/<verb>, one's own membership: withGroup on the flag of the same name. */
  function own(verb: string, summary: string, flag: keyof GroupFlags, refusal: string, act: (a: Action) => Promise<string>): void {
    app.post<{ Params: IdParams }>(`/:id/${verb}`, { schema: { summary, params: idParams } }, (req) =>
      withGroup(req.auth.userId, req.params.id, (a) => a.flags[flag], refusal, act),
    );
  }

  own(
    'join',
    'Join a group that needs no approval',
    'can_join',
    "You cannot join this group: you are in it already, it needs an officer's approval (send a request instead), or you were invited (accept the invitation).",
    async ({ trx, me, group }) => {
      await setGroupMember(trx, { groupId: group.id, userId: me, state: 'member' });
      return 'You joined the group.';
    },
  );

  own(
    'leave',
    'Leave a group',
    'can_leave',
    'You cannot leave this group: you are not a member of it, or it is yours (an owner deletes their group instead).',
    async ({ trx, me, group }) => {
      await deleteGroupMember(trx, group.id, me);
      return 'You left the group.';
    },
  );

  own(
    'request',
    'Ask to join a group that needs approval',
    'can_request',
    'You cannot ask to join this group: it needs no approval (join it), or you are already in it, invited or waiting.',
    async ({ trx, me, group }) => {
      await setGroupMember(trx, { groupId: group.id, userId: me, state: 'requested' });
      // One notice per pending request: an earlier one (of a request since rejected) makes way.
      await withdrawNotification(trx, { actorId: me, kind: 'group_request', itemType: 'group', itemId: group.id });
      await notifyEach(trx, await listGroupOfficerIds(trx, group.id), {
        actorId: me,
        kind: 'group_request',
        itemType: 'group',
        itemId: group.id,
      });
      return "Your request to join was sent to the group's officers.";
    },
  );

  own(
    'cancel',
    "Take back one's request to join",
    'can_cancel',
    'You have no pending request to join this group.',
    async ({ trx, me, group }) => {
      await deleteGroupMember(trx, group.id, me);
      await withdrawNotification(trx, { actorId: me, kind: 'group_request', itemType: 'group', itemId: group.id });
      return 'Your request to join was cancelled.';
    },
  );

  own(
    'accept',
    'Accept an invitation to a group',
    'can_accept',
    'You have no invitation to this group to accept.',
    async ({ trx, me, group }) => {
      await setGroupMember(trx, { groupId: group.id, userId: me, state: 'member' });
      return 'You joined the group.';
    },
  );

  own(
    'reject',
    'Turn down an invitation to a group',
    'can_reject',
    'You have no invitation to this group to turn down.',
    async ({ trx, me, group }) => {
      await deleteGroupMember(trx, group.id, me);
      return 'You turned the invitation down.';
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof inviteQuery> }>(
    '/:id/invite',
    {
      schema: {
        summary: "The reader's friends who may be invited: not yet in the group, invited nor asking",
        params: idParams,
        querystring: inviteQuery,
      },
    },
    async (req) => {
      const me = req.auth.userId;
      const { group, membership } = await getVisibleGroup(db, me, req.params.id);
      if (me === null || !groupFlags(group, me, membership).can_invite) throw forbidden(inviteRefusal);
      const { limit, offset } = paging(req.query);
      const rows = await listInvitableFriends(db, { me, groupId: group.id, keywords: req.query.keywords?.trim(), limit, offset });
      const owners = await getOwnerSummaries(
        db,
        app.config,
        rows.map((r) => r.id),
      );
      return { success: true, data: rows.flatMap((r) => owners.get(r.id) ?? []) };
    },
  );

  const inviteRefusal = 'You cannot invite people to this group: only its members (or only its officers, as the group says) invite.';

  app.post<{ Params: IdParams; Body: Infer<typeof inviteBody> }>(
    '/:id/invite',
    { schema: { summary: 'Invite friends to a group', params: idParams, body: inviteBody } },
    (req) =>
      withGroup(
        req.auth.userId,
        req.params.id,
        (a) => a.flags.can_invite,
        inviteRefusal,
        async ({ trx, me, group }) => {
          const ids = parseUserIds(req.body.user_ids);
          const friends = await friendIdsAmong(trx, me, ids);
          const notFriends = ids.filter((id) => !friends.has(id));
          if (notFriends.length) throw invalidParam('user_ids', `you can only invite your friends; not friends: ${notFriends.join(', ')}`);
          // People already in the group (members, invited, or asking to join) stay as they are.
          const present = await groupMemberIdsAmong(trx, group.id, ids);
          const fresh = ids.filter((id) => !present.has(id) && id !== group.owner_id);
          const t = now();
          if (fresh.length) {
            await insertGroupInvitations(trx, { groupId: group.id, userIds: fresh, invitedBy: me, at: t });
            await notifyEach(trx, fresh, { actorId: me, kind: 'group_invite', itemType: 'group', itemId: group.id, at: t });
          }
          return fresh.length === 1 ? '1 person was invited.' : `${fresh.length} people were invited.`;
        },
      ),
  );

  // waiting=1 lists the requests and invitations waiting: the officers' business alone.
  app.get<{ Querystring: Infer<typeof membersQuery> }>(
    '/members',
    {
      schema: {
        summary: "A group's members (owner and officers first), or with waiting=1 the requests and invitations waiting",
        querystring: membersQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const me = req.auth.userId;
      const { group, membership } = await getVisibleGroup(db, me, q.group_id);
      const waiting = q.waiting === 1;
      if (waiting && !groupFlags(group, me, membership).can_approve) throw forbidden("Only the group's officers see who waits to join.");
      return { success: true, data: await groupMemberViews(db, app.config, group, { ...q, waiting }) };
    },
  );

  /**
   * POST|DELETE /<path> with group_id and user_id: an officer's action over another member, who
   * must be in `states` (400 naming user_id otherwise); `owner` when only the owner may.
   */
  function overMember<B extends MemberBody>(
    method: 'post' | 'delete',
    path: string,
    schema: { summary: string; body: object } & Record<string, unknown>,
    rule: { ownerOnly: boolean; states: readonly string[]; stateRefusal: string; refusal: string },
    act: (a: Action, target: { state: string }, b: B) => Promise<string>,
  ): void {
    const handler = (b: B, userId: number | null) =>
      withGroup(
        userId,
        b.group_id,
        (a) => (rule.ownerOnly ? a.membership === 'owner' : a.flags.can_approve),
        rule.refusal,
        async (a) => {
          // The owner's place is not another member's to change: a refusal of the act, not of the parameter.
          if (b.user_id === a.group.owner_id) throw forbidden("Nobody removes, demotes or adds the group's owner.");
          const target = { state: (await getGroupMember(a.trx, a.group.id, b.user_id))?.state ?? 'none' };
          if (!rule.states.includes(target.state)) throw invalidParam('user_id', rule.stateRefusal);
          return act(a, target, b);
        },
      );
    const { body, ...marks } = schema;
    if (method === 'delete') {
      app.delete<{ Querystring: B }>(
        path,
        { schema: { ...marks, querystring: body } }, // The cast: Fastify's types widen a generic body; the schema has checked it.
        (req) => handler(req.query as B, req.auth.userId),
      );
    } else {
      app.post<{ Body: B }>(path, { schema: { ...marks, body } }, (req) => handler(req.body as B, req.auth.userId));
    }
  }

  const officersOnly = "Only the group's owner and officers manage its members.";

  overMember(
    'post',
    '/approve_member',
    { summary: 'Approve a request to join (officers)', body: memberBody },
    { ownerOnly: false, states: ['requested'], stateRefusal: 'has no pending request to join this group', refusal: officersOnly },
    async ({ trx, me, group }, _target, b) => {
      await setGroupMember(trx, { groupId: group.id, userId: b.user_id, state: 'member' });
      await notify(trx, { userId: b.user_id, actorId: me, kind: 'group_approve', itemType: 'group', itemId: group.id });
      return 'The request was approved: they are a member.';
    },
  );

  overMember<Infer<typeof rejectBody>>(
    'post',
    '/reject_member',
    { summary: 'Reject a request to join, with a message to its sender if wanted (officers)', body: rejectBody },
    { ownerOnly: false, states: ['requested'], stateRefusal: 'has no pending request to join this group', refusal: officersOnly },
    async ({ trx, me, group }, _target, b) => {
      await deleteGroupMember(trx, group.id, b.user_id);
      const message = b.message?.trim();
      await notify(trx, { userId: b.user_id, actorId: me, kind: 'group_reject', itemType: 'group', itemId: group.id, message });
      return 'The request was rejected.';
    },
  );

  overMember(
    'delete',
    '/member',
    { summary: 'Remove a member, or withdraw an invitation (officers; only the owner removes an officer)', body: memberBody },
    {
      ownerOnly: false,
      states: ['member', 'officer', 'invited'],
      stateRefusal: 'is not a member of this group nor invited to it',
      refusal: officersOnly,
    },
    async ({ trx, group, membership }, target, b) => {
      if (target.state === 'officer' && membership !== 'owner') throw forbidden('Only the owner of the group removes an officer.');
      await deleteGroupMember(trx, group.id, b.user_id);
      return target.state === 'invited' ? 'The invitation was withdrawn.' : 'The member was removed from the group.';
    },
  );

  // Extensions: the owner adds a friend directly, and makes a member an officer or not.
  const ownerOnly = 'Only the owner of the group does this.';

  overMember(
    'post',
    '/member',
    {
      summary: 'Add a friend to the group directly (the owner)',
      body: memberBody,
      ...extension(
        'The origin adds members only by invitation or request; its owner adding a friend directly is asked for by peers (humhub #2006).',
      ),
    },
    { ownerOnly: true, states: ['none', 'invited', 'requested'], stateRefusal: 'is already a member of this group', refusal: ownerOnly },
    async ({ trx, me, group }, _target, b) => {
      if (!(await friendIdsAmong(trx, me, [b.user_id])).has(b.user_id)) throw invalidParam('user_id', 'is not a friend of yours');
      await setGroupMember(trx, { groupId: group.id, userId: b.user_id, state: 'member', invitedBy: me });
      await withdrawNotification(trx, { actorId: b.user_id, kind: 'group_request', itemType: 'group', itemId: group.id });
      await notify(trx, { userId: b.user_id, actorId: me, kind: 'group_add', itemType: 'group', itemId: group.id });
      return 'They are a member of the group.';
    },
  );

  overMember<Infer<typeof officerBody>>(
    'post',
    '/officer',
    {
      summary: "Make a member an officer, or change an officer's title (the owner)",
      body: officerBody,
      ...extension("The origin's groups have officers but no operation that names them."),
    },
    { ownerOnly: true, states: ['member', 'officer'], stateRefusal: 'is not a member of this group', refusal: ownerOnly },
    async ({ trx, group }, _target, b) => {
      await setGroupMember(trx, { groupId: group.id, userId: b.user_id, state: 'officer', title: b.title?.trim() ?? '' });
      return 'They are an officer of the group.';
    },
  );

  overMember(
    'delete',
    '/officer',
    {
      summary: 'Make an officer a member again (the owner)',
      body: memberBody,
      ...extension("The origin's groups have officers but no operation that names them."),
    },
    { ownerOnly: true, states: ['officer'], stateRefusal: 'is not an officer of this group', refusal: ownerOnly },
    async ({ trx, group }, _target, b) => {
      await setGroupMember(trx, { groupId: group.id, userId: b.user_id, state: 'member' });
      return 'They are a member of the group, no longer an officer.';
    },
  );
}
