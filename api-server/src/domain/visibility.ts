import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * SQL forms of the privacy rule (domain/privacy.ts `allows`) for list queries over any table
 * with `owner_id`, `auth_view` (and `allow_search`), given the table's alias in the query.
 */
export function visibleTo(alias: string, userId: number | null): RawBuilder<SqlBool> {
  const view = sql.ref(`${alias}.auth_view`);
  const owner = sql.ref(`${alias}.owner_id`);
  if (userId === null) return sql<SqlBool>`${view} = 'everyone'`;
  return sql<SqlBool>`(${view} in ('everyone', 'registered') or ${owner} = ${userId} or (${view} = 'owner_member' and exists (
    select 1 from friendships fv where fv.user_id = ${userId} and fv.friend_id = ${owner})))`;
}

/**
 * allow_search=0 hides an item from keyword search and from other people's lists; its owner
 * still lists it, and a direct link (detail by id) still opens it.
 */
export function listedFor(alias: string, userId: number | null): RawBuilder<SqlBool> {
  const allow = sql.ref(`${alias}.allow_search`);
  if (userId === null) return sql<SqlBool>`${allow} = 1`;
  return sql<SqlBool>`(${allow} = 1 or ${sql.ref(`${alias}.owner_id`)} = ${userId})`;
}

/**
 * The owner is a friend of the user ("only_my_friend" lists). `perRow`: a test of each row as it
 * comes, never a join — for a list read in the order of a key of its own and cut at a page, whose
 * rows nearly all pass (the kept inbox holds the friends' posts). PostgreSQL turns an EXISTS into a
 * join it may drive from the friendships, and does so when its statistics put the reader among
 * the members of few friends: for a member with 965 friends whom ANALYZE's sample missed, it
 * joined all 10,066 of their friends' posts to the inbox and sorted them (20 ms at a million
 * rows) instead of walking 16 rows of the inbox (0.12 ms). An OFFSET keeps a subquery a subquery
 * there (simplify_EXISTS_query: OFFSET 0 is "traditionally used as an optimization fence");
 * SQLite tests an EXISTS row by row either way, and takes `limit 1 offset 0` as written.
 */
export function ownedByFriendOf(alias: string, userId: number, { perRow = false } = {}): RawBuilder<SqlBool> {
  const fence = perRow ? sql` limit 1 offset 0` : sql``;
  return sql<SqlBool>`exists (select 1 from friendships ff where ff.user_id = ${userId} and ff.friend_id = ${sql.ref(`${alias}.owner_id`)}${fence})`;
}

/**
 * The SQL form of domain/post-privacy.ts `canSeePost` for posts (activities) under an alias: their
 * own rule and the owner of the wall one is on always, and for a post on a group's wall, only
 * who may see the group (groupWallSeenBy).
 */
export function postVisibleTo(alias: string, userId: number | null): RawBuilder<SqlBool> {
  if (userId === null) return sql<SqlBool>`(${visibleTo(alias, null)} and ${groupWallSeenBy(alias, null)})`;
  const wall = sql<SqlBool>`(${sql.ref(`${alias}.subject_type`)} = 'user' and ${sql.ref(`${alias}.subject_id`)} = ${userId})`;
  return sql<SqlBool>`((${visibleTo(alias, userId)} or ${wall}) and ${groupWallSeenBy(alias, userId)})`;
}

/**
 * A post (alias) on no group's wall, or on the wall of a group the reader may see (issue 48): the
 * part of postVisibleTo that the feed's own sources, each already narrower, add to theirs.
 */
export function groupWallSeenBy(alias: string, userId: number | null): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.subject_type`)} <> 'group' or exists (
    select 1 from groups gw where gw.id = ${sql.ref(`${alias}.subject_id`)} and ${groupVisibleTo('gw', userId)}))`;
}

/**
 * The SQL form of domain/groups.ts `canSeeGroup` (alias `g`): auth_view everyone, registered for
 * anyone signed in, and member or officer for the group's own (an invited person too).
 */
export function groupVisibleTo(alias: string, userId: number | null): RawBuilder<SqlBool> {
  const view = sql.ref(`${alias}.auth_view`);
  if (userId === null) return sql<SqlBool>`${view} = 'everyone'`;
  return sql<SqlBool>`(${view} in ('everyone', 'registered') or ${sql.ref(`${alias}.owner_id`)} = ${userId} or exists (
    select 1 from group_members gv where gv.group_id = ${sql.ref(`${alias}.id`)} and gv.user_id = ${userId}
    and (gv.state in ('officer', 'invited') or (gv.state = 'member' and ${view} <> 'officer'))))`;
}

/**
 * The SQL form of the events' rule (routes/events/rules.ts getVisibleEvent) under an alias: their
 * own privacy, `parent_member` for the members of the group an event was made in, and for such an
 * event only who may see the group (domain/post-privacy.ts allowsInGroup).
 */
export function eventVisibleTo(alias: string, userId: number | null): RawBuilder<SqlBool> {
  const group = sql.ref(`${alias}.group_id`);
  const inSeenGroup = sql<SqlBool>`(${group} is null or exists (select 1 from groups ge where ge.id = ${group} and ${groupVisibleTo('ge', userId)}))`;
  if (userId === null) return sql<SqlBool>`(${visibleTo(alias, null)} and ${inSeenGroup})`;
  const parentMember = sql<SqlBool>`(${sql.ref(`${alias}.auth_view`)} = 'parent_member' and exists (select 1 from group_members ge_m
    where ge_m.group_id = ${group} and ge_m.user_id = ${userId} and ge_m.state in ('member', 'officer')))`;
  return sql<SqlBool>`((${visibleTo(alias, userId)} or ${parentMember}) and ${inSeenGroup})`;
}
