import type { GroupRole } from '../db/types.ts';
import { membershipOptions, type MembershipState } from './membership.ts';
import type { Option } from './options.ts';

// A group's rules (issue 48; docs/api.md, "Groups"): who may see it, post on its wall, add photos
// and events and invite is a role, from the narrowest: officer (the owner is one) < member <
// registered (anyone signed in) < everyone. The flags a reader sees and the actions the routes
// allow come from the same functions here.

export const GROUP_ROLES = ['officer', 'member', 'registered', 'everyone'] as const satisfies readonly GroupRole[];

/** Where a person stands in a group (the `membership` extension field): null for no row. */
export type GroupMembership = 'owner' | 'officer' | 'member' | 'requested' | 'invited' | null;

/** The states a group_members row holds. */
export const GROUP_STATES = ['officer', 'member', 'requested', 'invited'] as const;
export type GroupState = (typeof GROUP_STATES)[number];

/** The stored settings the rules read. */
export interface GroupSettings {
  owner_id: number;
  approval: number;
  auth_invite: GroupRole;
  auth_view: GroupRole;
  auth_comment: GroupRole;
  auth_photo: GroupRole;
  auth_event: GroupRole;
}

/** The reader's membership from their row (`state`: undefined for none). */
export function membershipOf(group: Pick<GroupSettings, 'owner_id'>, userId: number | null, state: string | undefined): GroupMembership {
  if (userId === null) return null;
  if (userId === group.owner_id) return 'owner';
  return (GROUP_STATES as readonly string[]).includes(state ?? '') ? (state as GroupState) : null;
}

const RANK: Record<GroupRole, number> = { everyone: 0, registered: 1, member: 2, officer: 3 };

/** The widest role the reader holds: officer (the owner too), member, registered (signed in), or everyone. */
function roleOf(signedIn: boolean, m: GroupMembership): GroupRole {
  if (m === 'owner' || m === 'officer') return 'officer';
  if (m === 'member') return 'member';
  return signedIn ? 'registered' : 'everyone';
}

/** Whether the reader's role reaches `required` (an auth_* setting). */
function roleAllows(required: GroupRole, signedIn: boolean, m: GroupMembership): boolean {
  return RANK[roleOf(signedIn, m)] >= RANK[required];
}

/** Who may see the group: its auth_view, and a person invited (to answer the invitation). */
export function canSeeGroup(group: Pick<GroupSettings, 'auth_view'>, signedIn: boolean, m: GroupMembership): boolean {
  return roleAllows(group.auth_view, signedIn, m) || m === 'invited';
}

const isOfficer = (m: GroupMembership): boolean => m === 'owner' || m === 'officer';

export interface GroupFlags {
  can_edit: boolean;
  can_delete: boolean;
  can_request: boolean;
  can_join: boolean;
  can_leave: boolean;
  can_cancel: boolean;
  can_accept: boolean;
  can_reject: boolean;
  can_invite: boolean;
  can_message_members: boolean;
  // Extensions: what the reader may do on the group's pages.
  can_approve: boolean;
  can_post: boolean;
  can_upload_photo: boolean;
  can_create_event: boolean;
}

/**
 * The reader's permissions on a group they may see (routes/groups/membership.ts enforces the same):
 * - edit: officers; delete and message members: the owner (the origin's menus);
 * - join, request, cancel, leave: the shared state machine (domain/membership.ts); an
 *   invitation is answered with accept or reject (the origin's), not join;
 * - invite: a member or officer as auth_invite says;
 * - approve (extension): officers, who approve, reject and remove members;
 * - post, upload_photo, create_event (extensions): auth_comment, auth_photo, auth_event.
 */
export function groupFlags(group: GroupSettings, userId: number | null, m: GroupMembership): GroupFlags {
  const signedIn = userId !== null;
  const officer = isOfficer(m);
  const state: MembershipState = m === 'owner' || m === 'officer' || m === 'member' ? 'member' : (m ?? 'none');
  const options = membershipOptions({ signedIn, owner: m === 'owner', state, approval: group.approval === 1, open: true });
  const member = signedIn && state === 'member';
  return {
    can_edit: officer,
    can_delete: m === 'owner',
    can_request: options.request,
    can_join: options.join && m !== 'invited',
    can_leave: options.leave,
    can_cancel: options.cancel,
    can_accept: options.answer,
    can_reject: options.answer,
    can_invite: member && roleAllows(group.auth_invite, signedIn, m),
    can_message_members: m === 'owner',
    can_approve: officer,
    can_post: signedIn && roleAllows(group.auth_comment, signedIn, m),
    can_upload_photo: signedIn && roleAllows(group.auth_photo, signedIn, m),
    can_create_event: signedIn && roleAllows(group.auth_event, signedIn, m),
  };
}

/** The choices of auth_view (GET /groups/view_options). */
export const VIEW_OPTIONS: Option[] = [
  { id: 'everyone', title: 'Everyone' },
  { id: 'registered', title: 'All registered members' },
  { id: 'member', title: 'Members of the group' },
  { id: 'officer', title: 'Officers and owner only' },
];

/** The choices of auth_comment, auth_photo and auth_event: someone signed in acts, never "everyone". */
export const ACT_OPTIONS: Option[] = VIEW_OPTIONS.filter((o) => o.id !== 'everyone');
export const ACT_ROLES = ['officer', 'member', 'registered'] as const satisfies readonly GroupRole[];

/** The choices of auth_invite. */
export const INVITE_ROLES = ['officer', 'member'] as const satisfies readonly GroupRole[];
