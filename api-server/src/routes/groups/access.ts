import type { DB } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { canSeeGroup, membershipOf, type GroupMembership } from '../../domain/groups.ts';
import { getGroup, getGroupMember, type GroupRow } from '../../data/groups.ts';

export interface SeenGroup {
  group: GroupRow;
  /** The reader's membership (null: none, or a client-credentials token). */
  membership: GroupMembership;
}

/** The group and the reader's place in it when they may see it; 404 otherwise (absent and hidden look the same). */
export async function getVisibleGroup(db: DB, userId: number | null, id: number): Promise<SeenGroup> {
  const group = await getGroup(db, id);
  if (!group) throw notFound('The group was not found or you may not see it.');
  const row = userId === null ? undefined : await getGroupMember(db, id, userId);
  const membership = membershipOf(group, userId, row?.state);
  if (!canSeeGroup(group, userId !== null, membership)) throw notFound('The group was not found or you may not see it.');
  return { group, membership };
}
