'use server';

import { withSession, type ActionResult } from '@/lib/server-action';
import type { Who } from '@/lib/social-api/users';
import type { GroupMemberAction, GroupSelfAction } from '@/lib/social-api/groups';
import {
  deleteGroupCommand,
  groupMemberActionCommand,
  groupSelfActionCommand,
  inviteToGroupCommand,
  saveGroupCommand,
  searchGroupInviteesCommand,
} from '@/lib/groups/commands';

// A group's actions for the signed-in person (lib/groups/commands.ts does the work). Each is a
// public POST endpoint: the commands validate everything they are given.

export async function saveGroup(input: unknown): Promise<ActionResult<{ id: number }>> {
  return withSession((s) => saveGroupCommand(s.accessToken, input));
}
export async function removeGroup(input: { id: number }): Promise<ActionResult> {
  return withSession((s) => deleteGroupCommand(s.accessToken, input));
}
export async function changeGroupMembership(input: { id: number; action: GroupSelfAction }): Promise<ActionResult> {
  return withSession((s) => groupSelfActionCommand(s.accessToken, input));
}
export async function actOnMember(input: {
  id: number;
  userId: number;
  action: GroupMemberAction;
  message?: string;
}): Promise<ActionResult> {
  return withSession((s) => groupMemberActionCommand(s.accessToken, input));
}
export async function inviteToGroup(input: { id: number; userIds: number[] }): Promise<ActionResult> {
  return withSession((s) => inviteToGroupCommand(s.accessToken, input));
}
export async function searchGroupInvitees(input: { id: number; keywords: string }): Promise<ActionResult<Who[]>> {
  return withSession((s) => searchGroupInviteesCommand(s.accessToken, input));
}
