import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { now, type DB } from '../db/index.ts';
import { transact } from '../db/dialect.ts';
import { eachLimited } from '../db/each.ts';
import { containsText } from '../db/text.ts';
import type { GroupsTable } from '../db/types.ts';
import { deleteItemTraces } from '../domain/item-traces.ts';
import { deleteAlbumRows, getGroupAlbumId } from './albums.ts';
import { groupVisibleTo, listedFor, ownedByFriendOf } from '../domain/visibility.ts';

// Groups as the groups routes read and write them (tables `groups` and `group_members`: who is a
// member or an officer, asks to join or is invited). The rules stay in domain/groups.ts.

export type GroupRow = Selectable<GroupsTable>;

/** Rows of people in a group (its members; the owner's row is an officer's). */
const IN_GROUP = ['member', 'officer'] as const;

/** How many members a group has (alias `g`): its members and officers, the owner among them. */
const memberCount = (alias: string) =>
  sql<number>`(select count(*) from group_members gc where gc.group_id = ${sql.ref(`${alias}.id`)} and gc.state in ('member', 'officer'))`;

export function getGroup(db: DB, id: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface GroupListFilter {
  me: number | null;
  keywords?: string;
  categoryId?: number;
  /** Only the groups this member belongs to. */
  memberId?: number;
  onlyFriends: boolean;
  sort: 'recently_created' | 'most_popular';
  limit: number;
  offset: number;
}

/** A page of the groups other people's lists show the reader: those they may see and allow_search lists. */
export function listGroups(
  db: DB,
  { me, keywords, categoryId, memberId, onlyFriends, sort, limit, offset }: GroupListFilter,
): Promise<GroupRow[]> {
  let query = db.selectFrom('groups as g').selectAll('g').where(groupVisibleTo('g', me)).where(listedFor('g', me));
  if (keywords) query = query.where((eb) => eb.or([containsText('g.title', keywords), containsText('g.description', keywords)]));
  if (categoryId !== undefined) query = query.where('g.category_id', '=', categoryId);
  if (memberId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('group_members as gm')
          .select('gm.user_id')
          .whereRef('gm.group_id', '=', 'g.id')
          .where('gm.user_id', '=', memberId)
          .where('gm.state', 'in', IN_GROUP),
      ),
    );
  }
  if (onlyFriends && me !== null) query = query.where(ownedByFriendOf('g', me));
  if (sort === 'most_popular') query = query.orderBy(memberCount('g'), 'desc');
  return query.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').limit(limit).offset(offset).execute();
}

/** A page of the reader's groups, newest first: those they belong to, or only those they lead (as an officer or the owner). */
export function listMyGroups(
  db: DB,
  { me, onlyLed, keywords, limit, offset }: { me: number; onlyLed: boolean; keywords?: string; limit: number; offset: number },
): Promise<GroupRow[]> {
  let query = db
    .selectFrom('groups as g')
    .innerJoin('group_members as gm', (j) => j.onRef('gm.group_id', '=', 'g.id').on('gm.user_id', '=', me))
    .selectAll('g')
    .where('gm.state', 'in', onlyLed ? ['officer'] : IN_GROUP)
    // A member of a group its officers alone may see does not see it.
    .where(groupVisibleTo('g', me));
  if (keywords) query = query.where((eb) => eb.or([containsText('g.title', keywords), containsText('g.description', keywords)]));
  return query.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc').limit(limit).offset(offset).execute();
}

/** How many rows of each state the groups `groupIds` (not empty) have, one row per state found. */
export function countGroupMembersByState(
  db: DB,
  groupIds: readonly number[],
): Promise<Array<{ group_id: number; state: string; n: number }>> {
  return db
    .selectFrom('group_members')
    .select(['group_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('group_id', 'in', groupIds)
    .groupBy(['group_id', 'state'])
    .execute();
}

/** The rows of `userId` in the groups `groupIds` (not empty). */
export function listGroupStatesOf(
  db: DB,
  userId: number,
  groupIds: readonly number[],
): Promise<Array<{ group_id: number; state: string }>> {
  return db
    .selectFrom('group_members')
    .select(['group_id', 'state'])
    .where('user_id', '=', userId)
    .where('group_id', 'in', groupIds)
    .execute();
}

/** The row of `userId` in a group; undefined when none. */
export function getGroupMember(db: DB, groupId: number, userId: number): Promise<{ state: string; title: string } | undefined> {
  return db
    .selectFrom('group_members')
    .select(['state', 'title'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The officers of the groups `groupIds` (not empty; the owners among them), in the order they became members. */
export function listGroupOfficers(
  db: DB,
  groupIds: readonly number[],
): Promise<Array<{ group_id: number; user_id: number; title: string }>> {
  return db
    .selectFrom('group_members')
    .select(['group_id', 'user_id', 'title'])
    .where('group_id', 'in', groupIds)
    .where('state', '=', 'officer')
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
}

/** Gives `userId` the row `state` in a group (made when they had none); an officer's title is kept only by an officer. */
export async function setGroupMember(
  db: DB,
  {
    groupId,
    userId,
    state,
    title = '',
    invitedBy = null,
  }: { groupId: number; userId: number; state: string; title?: string; invitedBy?: number | null },
): Promise<void> {
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, state, title, invited_by: invitedBy, created_at: now() })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ state, title }))
    .execute();
}

export async function deleteGroupMember(db: DB, groupId: number, userId: number): Promise<void> {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/** Which of `ids` (not empty) have a row in the group (any state). */
export async function groupMemberIdsAmong(db: DB, groupId: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).where('user_id', 'in', ids).execute();
  return new Set(rows.map((m) => m.user_id));
}

/** Invites `userIds` (not empty, none in the group yet) to it: they await their answer. */
export async function insertGroupInvitations(
  db: DB,
  { groupId, userIds, invitedBy, at }: { groupId: number; userIds: readonly number[]; invitedBy: number; at: number },
): Promise<void> {
  await db
    .insertInto('group_members')
    .values(userIds.map((id) => ({ group_id: groupId, user_id: id, state: 'invited', title: '', invited_by: invitedBy, created_at: at })))
    .execute();
}

/** The ids of a group's officers (the owner among them). */
export async function listGroupOfficerIds(db: DB, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('state', '=', 'officer')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * A page of the people in a group with one of `states`, whose name contains `keywords`: its
 * owner first, then its officers, then in the order people came.
 */
export async function listGroupMembers(
  db: DB,
  {
    groupId,
    ownerId,
    states,
    keywords,
    limit,
    offset,
  }: { groupId: number; ownerId: number; states: readonly string[]; keywords?: string; limit: number; offset: number },
): Promise<Array<{ user_id: number; state: string; title: string }>> {
  const base = () => {
    let query = db.selectFrom('group_members as gm').where('gm.group_id', '=', groupId);
    if (keywords) {
      query = query.where((eb) =>
        eb.exists(
          eb.selectFrom('users as u').select('u.id').whereRef('u.id', '=', 'gm.user_id').where(containsText('u.full_name', keywords)),
        ),
      );
    }
    return query;
  };
  // The owner, then the officers, then the others, each part by when they joined: each part is
  // read in the order of group_members_state (group_id, state, created_at) up to the page's end,
  // in one statement, so that a page of a group of any size reads its own rows (and those OFFSET
  // would pass over). One ORDER BY over a CASE of them sorted every member.
  const others = states.filter((s) => s !== 'officer');
  const parts = [
    (q: ReturnType<typeof base>) => q.where('gm.user_id', '=', ownerId).where('gm.state', 'in', states),
    ...(states.includes('officer')
      ? [(q: ReturnType<typeof base>) => q.where('gm.state', '=', 'officer').where('gm.user_id', '<>', ownerId)]
      : []),
    ...(others.length ? [(q: ReturnType<typeof base>) => q.where('gm.state', 'in', others).where('gm.user_id', '<>', ownerId)] : []),
  ];
  const rows = await eachLimited(db, [...parts.keys()], (i) =>
    parts[i]!(base())
      .select(['gm.user_id', 'gm.state', 'gm.title', 'gm.created_at', sql<number>`${sql.lit(i)}`.as('part')])
      .orderBy('gm.created_at')
      .orderBy('gm.user_id')
      .limit(offset + limit),
  );
  rows.sort((x, y) => x.part - y.part || x.created_at - y.created_at || x.user_id - y.user_id);
  return rows.slice(offset, offset + limit).map(({ user_id, state, title }) => ({ user_id, state, title }));
}

export type NewGroup = Omit<Insertable<GroupsTable>, 'id' | 'owner_id' | 'created_at' | 'updated_at' | 'view_count'>;

/** Stores a new group of `ownerId`, who is its first officer; its id. */
export function insertGroup(db: DB, { ownerId, values }: { ownerId: number; values: NewGroup }): Promise<number> {
  return transact(db, async (trx) => {
    const t = now();
    const row = await trx
      .insertInto('groups')
      .values({ owner_id: ownerId, ...values, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('group_members')
      .values({ group_id: row.id, user_id: ownerId, state: 'officer', title: '', invited_by: null, created_at: t })
      .execute();
    return row.id;
  });
}

export async function updateGroup(db: DB, id: number, changes: Omit<Updateable<GroupsTable>, 'id' | 'updated_at'>): Promise<void> {
  await db
    .updateTable('groups')
    .set({ ...changes, updated_at: now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a group with its wall, its album and photos, its members and what it left elsewhere
 * (comments, likes, notifications...); the image keys of its photos (their files are the caller's
 * to delete). Its events stay their owners', in no group.
 */
export async function deleteGroup(db: DB, id: number): Promise<string[]> {
  return transact(db, async (trx) => {
    const album = await getGroupAlbumId(trx, id);
    const photoKeys = album === undefined ? [] : await deleteAlbumRows(trx, album);
    const wall = await trx.selectFrom('activities').select('id').where('subject_type', '=', 'group').where('subject_id', '=', id).execute();
    const posts = wall.map((a) => a.id);
    if (posts.length) {
      await deleteItemTraces(trx, 'activity', posts);
      await trx.deleteFrom('activities').where('id', 'in', posts).execute();
    }
    await deleteItemTraces(trx, 'group', [id]);
    // Its events stay their owners' (parent_member then lets in their owner alone).
    await trx.updateTable('events').set({ group_id: null }).where('group_id', '=', id).execute();
    await trx.deleteFrom('group_members').where('group_id', '=', id).execute();
    await trx.deleteFrom('groups').where('id', '=', id).execute();
    return photoKeys;
  });
}

/** A page of `me`'s friends who have no row in the group (neither in it, invited nor asking), by name. */
export function listInvitableFriends(
  db: DB,
  { me, groupId, keywords, limit, offset }: { me: number; groupId: number; keywords?: string; limit: number; offset: number },
): Promise<Array<{ id: number }>> {
  let query = db
    .selectFrom('friendships as f')
    .select('f.friend_id as id')
    .where('f.user_id', '=', me)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('group_members as gm')
            .select('gm.user_id')
            .where('gm.group_id', '=', groupId)
            .whereRef('gm.user_id', '=', 'f.friend_id'),
        ),
      ),
    );
  if (keywords) query = query.where(containsText('f.friend_name', keywords));
  return query.orderBy('f.friend_name').orderBy('f.friend_id').limit(limit).offset(offset).execute();
}

/** What a search result shows of the groups `ids` (not empty): whoever may see them (the search checked). */
export function listGroupCards(
  db: DB,
  ids: readonly number[],
): Promise<Array<{ id: number; owner_id: number; title: string; image_key: string | null }>> {
  return db.selectFrom('groups').select(['id', 'owner_id', 'title', 'image_key']).where('id', 'in', ids).execute();
}

/** The members and officers of a group but `exceptUserId` (a broadcast's recipients). */
export function listGroupMemberIdsExcept(
  db: DB,
  { groupId, exceptUserId }: { groupId: number; exceptUserId: number },
): Promise<Array<{ user_id: number }>> {
  return db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('state', 'in', IN_GROUP)
    .where('user_id', '!=', exceptUserId)
    .execute();
}
