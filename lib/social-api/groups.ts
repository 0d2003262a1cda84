import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError } from './errors.ts';
import { visitQuery, type DetailRead } from './fields.ts';
import { readChoices, type ItemChoices } from './choices.ts';
import { categorySchema, flag, id, lenientArray, num, str } from './primitives.ts';
import { ownerSchema } from './schemas.ts';
import { formItemWrites } from './form-item.ts';
import { MEMBERSHIP_FLAGS, membershipFlagShape, postForMessage, readItemList, reshapeCan, type MembershipCan } from './membership.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';

// Groups (the origin's module, scope groups: docs/api.md, "Groups"): lists, a group's page, its
// form, one's own membership and the officers' work on the members. The detail asks for the
// extension fields (the reader's membership, the settings an edit form starts from, the waiting
// counts) in the same read.

const GROUP_MEMBERSHIPS = ['owner', 'officer', 'member', 'requested', 'invited'] as const;
export type GroupMembership = (typeof GROUP_MEMBERSHIPS)[number];

/** Who may see, post, add photos or events, from the narrowest (docs/api.md, "Groups": Roles). */
const GROUP_ROLES = ['officer', 'member', 'registered', 'everyone'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

const roleSchema = z.enum(GROUP_ROLES).optional().catch(undefined);
const nullableNum = z.coerce.number().nullable().catch(null);

const groupSchema = z.looseObject({
  id,
  title: str,
  description: str,
  thumb: str,
  img: str.optional(),
  owner: ownerSchema,
  category: categorySchema.nullable().optional().catch(null),
  total_member: num,
  membership: z.enum(GROUP_MEMBERSHIPS).nullable().optional().catch(null),
  staff: lenientArray(ownerSchema.extend({ membership: str })).optional(),
  category_id: nullableNum.optional(),
  allow_search: num.optional(),
  approval: num.optional(),
  auth_invite: roleSchema,
  auth_view: roleSchema,
  auth_comment: roleSchema,
  auth_photo: roleSchema,
  auth_event: roleSchema,
  requested_count: nullableNum.optional(),
  invited_count: nullableNum.optional(),
  ...membershipFlagShape,
  can_approve: flag.optional(),
  can_message_members: flag.optional(),
  can_post: flag.optional(),
  can_upload_photo: flag.optional(),
  can_create_event: flag.optional(),
});
type ApiGroup = z.infer<typeof groupSchema>;

const LIST_FIELDS = 'id,thumb,title,owner,description,total_member,category,membership';
const FLAGS = `${MEMBERSHIP_FLAGS},can_approve,can_message_members,can_post,can_upload_photo,can_create_event`;
const DETAIL_FIELDS = `${LIST_FIELDS},img,staff,${FLAGS},category_id,allow_search,approval,auth_invite,auth_view,auth_comment,auth_photo,auth_event,requested_count,invited_count`;

/** A group as lists show it. */
export interface GroupSummary {
  id: number;
  title: string;
  description: string;
  thumb: string;
  owner: Who;
  category?: { id: number; title: string };
  /** Members and officers, the owner among them (never people waiting). */
  members: number;
  /** The reader's place in it (none: null). */
  membership: GroupMembership | null;
}

export interface GroupCan extends MembershipCan {
  /** Officers: approve and reject requests, remove members. */
  approve: boolean;
  /** The owner, on a server with messages: write to every member at once (POST /messages multi=group). */
  messageMembers: boolean;
  /** Post on its wall (auth_comment), add photos (auth_photo), make events in it (auth_event). */
  post: boolean;
  uploadPhoto: boolean;
  createEvent: boolean;
}

export interface GroupSettings {
  categoryId: number;
  searchable: boolean;
  approval: boolean;
  authInvite: 'member' | 'officer';
  authView: GroupRole;
  authComment: GroupRole;
  authPhoto: GroupRole;
  authEvent: GroupRole;
}

export interface GroupDetail extends GroupSummary {
  img: string;
  /** The owner, then the officers, each with their title. */
  staff: Array<Who & { title: string }>;
  can: GroupCan;
  settings: GroupSettings;
  /** People waiting: officers alone are told (undefined for anyone else). */
  waiting?: { requested: number; invited: number };
}

function reshapeSummary(g: ApiGroup): GroupSummary {
  return {
    id: g.id,
    title: g.title.trim() || 'Untitled group',
    description: g.description,
    thumb: safeImageUrl(g.thumb),
    owner: who(reshapePerson(g.owner)),
    category: g.category ? { id: g.category.id, title: g.category.title } : undefined,
    members: g.total_member,
    membership: g.membership ?? null,
  };
}

/** Whether a signed-in reader's membership reaches `role` (docs/api.md, "Groups": Roles). */
function mayAct(role: GroupRole, membership: GroupMembership | null): boolean {
  const rank = membership === 'owner' || membership === 'officer' ? 3 : membership === 'member' ? 2 : 1;
  return rank >= GROUP_ROLES.length - 1 - GROUP_ROLES.indexOf(role);
}

function reshapeDetail(g: ApiGroup): GroupDetail {
  const requested = g.requested_count ?? null;
  const invited = g.invited_count ?? null;
  return {
    ...reshapeSummary(g),
    img: safeImageUrl(g.img ?? '') || safeImageUrl(g.thumb),
    staff: (g.staff ?? []).map((s) => ({ ...who(reshapePerson(s)), title: s.membership })),
    can: {
      ...reshapeCan(g),
      // A server without the extension flag: officers are those who may edit.
      approve: g.can_approve ?? g.can_edit,
      // A server without the flag: the owner, as the API's broadcast allows.
      messageMembers: g.can_message_members ?? g.membership === 'owner',
      // A server without the extension flags: the roles the group's settings name, and the reader's membership.
      post: g.can_post ?? mayAct(g.auth_comment ?? 'member', g.membership ?? null),
      uploadPhoto: g.can_upload_photo ?? mayAct(g.auth_photo ?? 'member', g.membership ?? null),
      createEvent: g.can_create_event ?? mayAct(g.auth_event ?? 'officer', g.membership ?? null),
    },
    settings: {
      categoryId: g.category_id ?? g.category?.id ?? 0,
      searchable: g.allow_search !== 0,
      approval: g.approval === 1,
      authInvite: g.auth_invite === 'officer' ? 'officer' : 'member',
      authView: g.auth_view ?? 'everyone',
      authComment: g.auth_comment ?? 'member',
      authPhoto: g.auth_photo ?? 'member',
      authEvent: g.auth_event ?? 'officer',
    },
    waiting: requested === null && invited === null ? undefined : { requested: requested ?? 0, invited: invited ?? 0 },
  };
}

type GroupSort = 'recently_created' | 'most_popular';

interface GroupFilters {
  keywords?: string;
  categoryId?: number;
  /** Groups owned by my friends; everyone's without it. */
  friends?: boolean;
  sort?: GroupSort;
  /** The groups that member belongs to. */
  userId?: number;
  page?: number;
  limit?: number;
}

/** GET /groups: one page of the groups the reader may see. */
export async function listGroups(token: string, f: GroupFilters = {}): Promise<GroupSummary[]> {
  return readGroupList(token, '/groups', f, {
    category_id: f.categoryId || undefined,
    show: f.friends ? 'only_my_friend' : undefined,
    sort: f.sort,
    user_id: f.userId,
  });
}

/** GET /groups/my: the groups I belong to, or (`lead`) only those I lead as owner or officer. */
export async function listMyGroups(token: string, f: { keywords?: string; lead?: boolean; page?: number; limit?: number } = {}) {
  return readGroupList(token, '/groups/my', f, { show: f.lead ? 'only_groups_i_lead' : undefined });
}

function readGroupList(
  token: string,
  path: string,
  f: { keywords?: string; page?: number; limit?: number },
  own: Record<string, string | number | undefined>,
): Promise<GroupSummary[]> {
  return readItemList(token, path, groupSchema, reshapeSummary, f, own, LIST_FIELDS);
}

/** What a group's page asks of it (its tabs add a list: lib/social-api/group-tabs.ts). */
export const GROUP_DETAIL_FIELDS = DETAIL_FIELDS;

/** A group's detail (GET /groups/{id}) as the app's type. */
export const parseGroupDetail = (data: unknown): GroupDetail => reshapeDetail(groupSchema.parse(data));

/** A group; undefined when it does not exist or the reader may not see it. */
export async function getGroup(token: string, id: number, read?: DetailRead): Promise<GroupDetail | undefined> {
  try {
    return parseGroupDetail(await apiFetch(apiConfig(), `/groups/${id}`, { token, query: { fields: DETAIL_FIELDS, ...visitQuery(read) } }));
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

/** What a group's form sends (POST /groups, POST /groups/{id}). */
export interface GroupInput extends GroupSettings {
  title: string;
  description: string;
}

function groupForm(input: GroupInput): FormData {
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: input.title,
    description: input.description,
    category_id: String(input.categoryId),
    allow_search: input.searchable ? '1' : '0',
    approval: input.approval ? '1' : '0',
    auth_invite: input.authInvite,
    auth_view: input.authView,
    auth_comment: input.authComment,
    auth_photo: input.authPhoto,
    auth_event: input.authEvent,
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const groupWrites = formItemWrites('/groups', 'group', groupForm);

/** POST /groups: answers the new group's id. */
export const createGroup = groupWrites.create;

/** POST /groups/{id}: the whole form. */
export const updateGroup = groupWrites.update;

/** Streams a multipart body (its `photo` part, as the browser sent it) to POST /groups/{id}, which keeps what it is not sent. */
export const updateGroupPhoto = groupWrites.updatePhoto;

/** DELETE /groups/{id} (the owner): the group with its members and wall. */
export const deleteGroup = groupWrites.remove;

// ── Membership ──

/** One's own membership: each answers the API's sentence. */
export type GroupSelfAction = 'join' | 'leave' | 'request' | 'cancel' | 'accept' | 'reject';

/** POST /groups/{id}/join | leave | request | cancel | accept | reject. */
export const changeGroupMembership = (token: string, id: number, action: GroupSelfAction) =>
  postForMessage(token, `/groups/${id}/${action}`);

/** POST /groups/{id}/invite: friends of the reader, not yet in the group. */
export const inviteToGroup = (token: string, id: number, userIds: readonly number[]) =>
  postForMessage(token, `/groups/${id}/invite`, { user_ids: userIds.join(',') });

/** The officers' (and, for officers, the owner's) actions on another person of the group. */
export type GroupMemberAction = 'approve' | 'reject' | 'remove' | 'promote' | 'demote';

const MEMBER_ROUTES: Record<GroupMemberAction, [path: string, method: 'POST' | 'DELETE']> = {
  approve: ['/groups/approve_member', 'POST'],
  reject: ['/groups/reject_member', 'POST'],
  remove: ['/groups/member', 'DELETE'],
  promote: ['/groups/officer', 'POST'],
  demote: ['/groups/officer', 'DELETE'],
};

/**
 * Approves or rejects a request, removes a member (or withdraws an invitation), makes or unmakes an
 * officer. A rejection may carry a `message` to the person (an extension: docs/api.md, "Groups").
 */
export function actOnGroupMember(
  token: string,
  groupId: number,
  userId: number,
  action: GroupMemberAction,
  message?: string,
): Promise<string> {
  const [path, method] = MEMBER_ROUTES[action];
  const words = { group_id: groupId, user_id: userId, ...(action === 'reject' && message ? { message } : {}) };
  return postForMessage(token, path, words, method);
}

export type GroupMember = Who & {
  /** `owner`, an officer's title (or `officer`), or '' for a member. */
  title: string;
  /** In the waiting list: a request to join or an invitation. */
  waiting?: 'requested' | 'invited';
};

const memberSchema = ownerSchema.extend({
  membership: str,
  waiting_type: z.enum(['requested', 'invited']).optional().catch(undefined),
});

/** GET /groups/members: one page of the members (owner and officers first), or (`waiting`, officers) the requests and invitations. */
export async function listGroupMembers(
  token: string,
  groupId: number,
  { waiting = false, page = 1, limit = 50, keywords }: { waiting?: boolean; page?: number; limit?: number; keywords?: string } = {},
): Promise<GroupMember[]> {
  const data = await apiFetch(apiConfig(), '/groups/members', {
    token,
    query: { group_id: groupId, waiting: waiting ? 1 : undefined, keywords: keywords?.trim() || undefined, page, limit },
  });
  return parseGroupMembers(data);
}

/** A list of members (GET /groups/members, or a group's detail's `members` and `waiting`). */
export const parseGroupMembers = (data: unknown): GroupMember[] =>
  lenientArray(memberSchema)
    .parse(data)
    .map((m) => ({ ...who(reshapePerson(m)), title: m.membership, ...(m.waiting_type ? { waiting: m.waiting_type } : {}) }));

/** GET /groups/{id}/invite: the reader's friends who may be invited (none in the group yet), by name. */
export async function listInvitableFriends(token: string, groupId: number, keywords = '', page = 1): Promise<Who[]> {
  const data = await apiFetch(apiConfig(), `/groups/${groupId}/invite`, {
    token,
    query: { keywords: keywords.trim() || undefined, page, limit: 50 },
  });
  return lenientArray(ownerSchema)
    .parse(data)
    .map((o) => who(reshapePerson(o)));
}

// ── Choices for the form ──

export type GroupChoices = ItemChoices<'view' | 'comment' | 'photo' | 'event'>;

/** GET /groups/categories and the four role lists, together. */
export function getGroupChoices(token: string): Promise<GroupChoices> {
  return readChoices(token, 'groups', ['view', 'comment', 'photo', 'event']);
}
