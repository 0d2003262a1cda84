import { loadPage } from '@/lib/auth/page-session';
import type { Session } from '@/lib/auth/session';
import { canMessage } from '@/lib/messages/available';
import { isApiError } from '@/lib/social-api/errors';
import { getGroup, listGroupMembers, type GroupDetail, type GroupMember } from '@/lib/social-api/groups';

// A group's pages: the header's group and the tab's list, read together (in parallel) before
// anything streams (docs/web/pages.md, "One read").

/**
 * The group, its owner's "Message members" only where the reader can use messages here (from the
 * header's counts, read for the page anyway: lib/messages/available.ts).
 */
async function readGroup(s: Session, id: number): Promise<GroupDetail | undefined> {
  const [group, messaging] = await Promise.all([getGroup(s.accessToken, id), canMessage(s)]);
  return group && { ...group, can: { ...group.can, messageMembers: group.can.messageMembers && messaging } };
}

/** The group and who reads it; undefined when it is not there or not visible to the reader. */
export async function loadGroup(id: number): Promise<{ group: GroupDetail; viewerId: number } | undefined> {
  return loadPage(async (s) => {
    const group = await readGroup(s, id);
    return group && { group, viewerId: s.userId };
  });
}

/** The Members tab: how many a page shows. */
const MEMBERS_PAGE_SIZE = 50;

export interface GroupMembersPage {
  group: GroupDetail;
  viewerId: number;
  members: GroupMember[];
  page: number;
  more: boolean;
  /** The requests and invitations waiting (officers; empty for anyone else). */
  waiting: GroupMember[];
}

/**
 * The Members tab: the group and a page of its members at once; an officer with people waiting
 * (the group's counts say so) also gets the waiting list, read after.
 */
export async function loadGroupMembers(id: number, page: number): Promise<GroupMembersPage | undefined> {
  return loadPage(async (s) => {
    const [group, members] = await Promise.all([
      readGroup(s, id),
      listGroupMembers(s.accessToken, id, { page, limit: MEMBERS_PAGE_SIZE }).catch((e: unknown) => {
        // Hidden or gone: the group's own read says so.
        if (isApiError(e, 404)) return [];
        throw e;
      }),
    ]);
    if (!group) return undefined;
    const someone = group.waiting && group.waiting.requested + group.waiting.invited > 0;
    const waiting =
      group.can.approve && someone ? await listGroupMembers(s.accessToken, id, { waiting: true, limit: MEMBERS_PAGE_SIZE }) : [];
    return { group, viewerId: s.userId, members, page, more: members.length === MEMBERS_PAGE_SIZE, waiting };
  });
}
