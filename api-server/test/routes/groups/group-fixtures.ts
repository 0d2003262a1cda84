import type { DB } from '../../../src/db/index.ts';
import { now } from '../../../src/db/index.ts';
import type { GroupRole } from '../../../src/db/types.ts';
import { createMember, type Member } from '../../helpers.ts';

export interface GroupProps {
  title: string;
  description: string;
  category_id: number | null;
  allow_search: number;
  approval: number;
  auth_invite: GroupRole;
  auth_view: GroupRole;
  auth_comment: GroupRole;
  created_at: number;
}

let seq = 0;

/** A group as POST /groups makes it (its owner its first officer). */
export async function makeGroup(db: DB, owner: number, p: Partial<GroupProps> = {}): Promise<number> {
  seq += 1;
  const t = p.created_at ?? now() + seq;
  const row = await db
    .insertInto('groups')
    .values({
      owner_id: owner,
      title: p.title ?? `Group ${seq}`,
      description: p.description ?? 'People who meet',
      category_id: p.category_id ?? null,
      allow_search: p.allow_search ?? 1,
      approval: p.approval ?? 0,
      auth_invite: p.auth_invite ?? 'member',
      auth_view: p.auth_view ?? 'everyone',
      auth_comment: p.auth_comment ?? 'member',
      auth_photo: 'member',
      auth_event: 'officer',
      image_key: null,
      image_width: null,
      image_height: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addToGroup(db, row.id, owner, 'officer');
  return row.id;
}

export async function addToGroup(db: DB, groupId: number, userId: number, state: string, title = ''): Promise<void> {
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, state, title, invited_by: null, created_at: now() })
    .execute();
}

/** The person's row in the group, as stored; undefined when none. */
export async function stateIn(db: DB, groupId: number, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('group_members')
    .select('state')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.state;
}

export async function groupCategory(db: DB, title: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('module', '=', 'group')
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `n` members made one after the other (createUser names them from a shared counter). */
export async function members(db: DB, n: number): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < n; i++) out.push(await createMember(db));
  return out;
}

const FLAG_KEYS = [
  'can_edit',
  'can_delete',
  'can_request',
  'can_join',
  'can_leave',
  'can_cancel',
  'can_accept',
  'can_reject',
  'can_invite',
  'can_message_members',
];
export const LIST_KEYS = ['id', 'thumb', 'title', 'owner', 'description', 'total_member', 'can_edit', 'can_delete'];
export const DETAIL_KEYS = [
  'id',
  'thumb',
  'title',
  'category',
  'owner',
  'description',
  'staff',
  'total_view',
  'total_member',
  'updated_date',
  ...FLAG_KEYS,
];
