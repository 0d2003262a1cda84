import type { Privacy } from '../db/types.ts';
import { canSeeGroup, groupFlags, membershipOf, type GroupSettings } from './groups.ts';
import { allows, type Viewer } from './privacy.ts';

// Who may see a post (an activity), the one rule of every road a post is read by: the feed and
// walls, one activity, its likes and comments, shares, notifications, search, cards and photos
// posted with it. A post's own rule (auth_view, set by its author) and the owner of the member's
// wall it is on; and a post on a group's wall (subject_type 'group', issue 48) is seen only by who
// may see the group (its auth_view), its author too, and commented on by who may post there
// (auth_comment). domain/visibility.ts postVisibleTo is the same in SQL.

/** Where a post is and its rule, as its row holds them. */
export interface PostPlace {
  owner_id: number;
  auth_view: Privacy;
  subject_type: string;
  subject_id: number;
}

/** What the reader may do on a group's wall: nothing on a group that is gone. */
export interface GroupWallRights {
  see: boolean;
  /** Post, and comment on its posts (auth_comment). */
  post: boolean;
  /** Delete anyone's post there: its officers (the owner among them). */
  moderate: boolean;
  /** A member or officer (the owner among them): whom `parent_member` lets in. */
  member: boolean;
}

/** The reader's rights on the wall of group `groupId`, read once per request. */
export function groupWallRights(viewer: Viewer, groupId: number): Promise<GroupWallRights> {
  return viewer.remember(`group-wall:${groupId}`, async (db) => {
    const me = viewer.userId;
    const group: GroupSettings | undefined = await db
      .selectFrom('groups')
      .select(['owner_id', 'approval', 'auth_invite', 'auth_view', 'auth_comment', 'auth_photo', 'auth_event'])
      .where('id', '=', groupId)
      .executeTakeFirst();
    if (!group) return { see: false, post: false, moderate: false, member: false };
    const row =
      me === null
        ? undefined
        : await db.selectFrom('group_members').select('state').where('group_id', '=', groupId).where('user_id', '=', me).executeTakeFirst();
    const m = membershipOf(group, me, row?.state);
    const see = canSeeGroup(group, me !== null, m);
    const flags = groupFlags(group, me, m);
    const member = m === 'owner' || m === 'officer' || m === 'member';
    return { see, post: see && flags.can_post, moderate: see && flags.can_approve, member: see && member };
  });
}

/** The group whose wall a post is on; null for a member's wall. */
export const groupOf = (post: Pick<PostPlace, 'subject_type' | 'subject_id'>): number | null =>
  post.subject_type === 'group' ? post.subject_id : null;

/** The member whose wall a post is on when it is not its author's own; null otherwise (a group's wall too). */
export function otherWallOf(post: Pick<PostPlace, 'owner_id' | 'subject_type' | 'subject_id'>): number | null {
  return post.subject_type === 'user' && post.subject_id !== post.owner_id ? post.subject_id : null;
}

/**
 * `allows` for an item made in a group (`groupId`; an event, issue 48) or on its wall: only who
 * may see the group, and `parent_member` lets in its members (and the item's owner). Without a
 * group, `allows` itself (where parent_member lets in the owner alone).
 */
export async function allowsInGroup(viewer: Viewer, privacy: Privacy, ownerId: number, groupId: number | null): Promise<boolean> {
  if (groupId === null) return allows(viewer, privacy, ownerId);
  const rights = await groupWallRights(viewer, groupId);
  if (!rights.see) return false;
  if (privacy === 'parent_member') return viewer.userId === ownerId || rights.member;
  return allows(viewer, privacy, ownerId);
}

/** Whether the reader may see a post (postVisibleTo is the same in SQL). */
export async function canSeePost(viewer: Viewer, post: PostPlace): Promise<boolean> {
  const group = groupOf(post);
  if (group !== null && !(await groupWallRights(viewer, group)).see) return false;
  return allows(viewer, post.auth_view, post.owner_id, otherWallOf(post));
}
