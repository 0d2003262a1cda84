import type { ActionResult } from '@/lib/action-result';
import { failure, invalid, saveCommand } from '@/lib/server-action';
import { isApiError } from '@/lib/social-api/errors';
import {
  actOnGroupMember,
  changeGroupMembership,
  createGroup,
  deleteGroup,
  inviteToGroup,
  listInvitableFriends,
  updateGroup,
  type GroupInput,
  type GroupMemberAction,
  type GroupSelfAction,
} from '@/lib/social-api/groups';
import type { Who } from '@/lib/social-api/users';
import {
  groupFriendSearchSchema,
  groupIdSchema,
  groupInviteSchema,
  groupMemberActionSchema,
  groupSaveSchema,
  groupSelfActionSchema,
  toGroupFieldErrors,
  type GroupFormValues,
} from '@/lib/validations/group';

// A group's saves and membership actions, given an access token: each input is checked with the
// schema the browser used (nothing reaches the API otherwise). components/groups/actions.ts runs
// them for the signed-in person.

function groupInputOf(v: GroupFormValues): GroupInput {
  return {
    title: v.title,
    description: v.description,
    categoryId: Number(v.categoryId || 0),
    searchable: v.searchable,
    approval: v.approval,
    authInvite: v.authInvite,
    authView: v.authView,
    authComment: v.authComment,
    authPhoto: v.authPhoto,
    authEvent: v.authEvent,
  };
}

/** Creates or edits a group. */
export const saveGroupCommand = saveCommand({
  schema: groupSaveSchema,
  payload: ({ values }) => groupInputOf(values),
  create: createGroup,
  update: updateGroup,
  fields: toGroupFieldErrors,
  gone: 'This group is no longer there: it may have been deleted. What you typed is still here.',
  saved: (_token, id, { id: edited }): ActionResult<{ id: number }> => ({
    ok: true,
    message: edited ? 'Your group was saved.' : 'Your group was created.',
    data: { id },
  }),
});

export async function deleteGroupCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = groupIdSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await deleteGroup(token, parsed.data.id);
    return { ok: true, message: 'The group was deleted.', data: undefined };
  } catch (e) {
    return failure(e);
  }
}

const SELF_DONE: Record<GroupSelfAction, string> = {
  join: 'You joined the group.',
  leave: 'You left the group.',
  request: 'Your request to join was sent. The group’s officers will answer it.',
  cancel: 'Your request was withdrawn.',
  accept: 'You accepted the invitation: you are a member.',
  reject: 'You declined the invitation.',
};

/** Join, leave, ask to join, withdraw the request, accept or decline an invitation. */
export async function groupSelfActionCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = groupSelfActionSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await changeGroupMembership(token, parsed.data.id, parsed.data.action);
    return { ok: true, message: SELF_DONE[parsed.data.action], data: undefined };
  } catch (e) {
    // 403 says why (a request answered meanwhile, an invitation withdrawn): the API's own sentence.
    return failure(e);
  }
}

const MEMBER_DONE: Record<GroupMemberAction, string> = {
  approve: 'Approved: they are a member now.',
  reject: 'Request declined.',
  remove: 'Removed from the group.',
  promote: 'They are an officer now.',
  demote: 'They are a member again.',
};

/** What an officer is told when the person's row changed since the page was read (a request withdrawn, someone who left). */
export const NOT_WAITING = 'Not possible any more: this person’s place in the group changed meanwhile. The list shows it now.';

/** An officer's (or the owner's) action on another person of the group. */
export async function groupMemberActionCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = groupMemberActionSchema.safeParse(input);
  if (!parsed.success) {
    // A message too long says so; anything else was not sent by the page.
    const issue = parsed.error.issues[0];
    return invalid(issue?.path[0] === 'message' ? issue.message : undefined);
  }
  const { id, userId, action, message } = parsed.data;
  try {
    await actOnGroupMember(token, id, userId, action, message);
    const told = action === 'reject' && message ? ' They were sent your message.' : '';
    return { ok: true, message: MEMBER_DONE[action] + told, data: undefined };
  } catch (e) {
    // The API names user_id (400) for someone whose row is not what the action needs.
    if (isApiError(e, 400) && e.fieldErrors.user_id) return { ok: false, message: NOT_WAITING };
    return failure(e);
  }
}

export async function inviteToGroupCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = groupInviteSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
  try {
    await inviteToGroup(token, parsed.data.id, parsed.data.userIds);
    const n = parsed.data.userIds.length;
    return { ok: true, message: `${n} ${n === 1 ? 'friend was' : 'friends were'} invited.`, data: undefined };
  } catch (e) {
    return failure(e);
  }
}

/** The reader's friends who may be invited (not in the group, invited nor asking), by name. */
export async function searchGroupInviteesCommand(token: string, input: unknown): Promise<ActionResult<Who[]>> {
  const parsed = groupFriendSearchSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    return { ok: true, message: '', data: await listInvitableFriends(token, parsed.data.id, parsed.data.keywords) };
  } catch (e) {
    return failure(e);
  }
}
