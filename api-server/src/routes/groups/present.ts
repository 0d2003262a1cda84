import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { getCategories } from '../../domain/options.ts';
import { getOwnerSummaries, missingOwner, type OwnerSummary } from '../../domain/owners.ts';
import { groupFlags, membershipOf, type GroupMembership } from '../../domain/groups.ts';
import { imageUrl } from '../../storage/images.ts';
import { countGroupMembersByState, listGroupOfficers, listGroupStatesOf, type GroupRow } from '../../data/groups.ts';

/** The origin's list fields (`Helper/Group/Group.php`), in its order. */
const LIST_FIELDS = ['id', 'thumb', 'title', 'owner', 'description', 'total_member', 'can_edit', 'can_delete'] as const;

const FLAGS = [
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
] as const;

/** The origin's detail fields, in its order. */
const DETAIL_FIELDS = [
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
  ...FLAGS,
] as const;

/**
 * Fields beyond the origin (extensions), given only when `fields` names them: the reader's
 * membership (as an event's rsvp), the large picture, the settings an edit form starts from, the
 * waiting counts (officers only), and what the reader may do on the group's pages.
 */
const EXTRA_FIELDS = [
  'membership',
  'img',
  'img_width',
  'img_height',
  'category_id',
  'allow_search',
  'approval',
  'auth_invite',
  'auth_view',
  'auth_comment',
  'auth_photo',
  'auth_event',
  'requested_count',
  'invited_count',
  'creation_date',
  'can_approve',
  'can_post',
  'can_upload_photo',
  'can_create_event',
] as const;

export const listFields = (param: string | undefined): string[] =>
  parseFields(param, [...LIST_FIELDS, ...DETAIL_FIELDS, ...EXTRA_FIELDS], 'fields', LIST_FIELDS);

/** The detail's fields; `embedded` the names of the lists it may carry too (routes/groups/read.ts). */
export const detailFields = (param: string | undefined, embedded: readonly string[] = []): string[] =>
  parseFields(param, [...DETAIL_FIELDS, ...EXTRA_FIELDS, ...embedded], 'fields', DETAIL_FIELDS);

const THUMB_SIZE = '240';
const IMG_SIZE = '1024';

/** An instant as the origin's dates read (UTC, "2026-12-02 15:04:05"). */
const dateOf = (t: number): string => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

interface StaffMember extends OwnerSummary {
  /** "owner", "officer" or the officer's own title. */
  membership: string;
}

/** A member's title as the members list and staff give it: owner, an officer's own title or "officer", or ''. */
export function memberTitle(ownerId: number, row: { user_id: number; state: string; title: string }): string {
  if (row.user_id === ownerId) return 'owner';
  if (row.state === 'officer') return row.title || 'officer';
  return '';
}

/**
 * Groups (already known to be visible to the reader) with the fields asked for, presented
 * together: one query each for owners, categories, member counts, staff and the reader's rows.
 */
export async function presentGroups(
  db: DB,
  config: Config,
  userId: number | null,
  rows: readonly GroupRow[],
  fields: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const wants = (...names: string[]) => names.some((n) => fields.includes(n));
  const [counts, states, officers, categories] = await Promise.all([
    wants('total_member', 'requested_count', 'invited_count') ? countGroupMembersByState(db, ids) : [],
    // The reader's rows decide membership, the flags and whether the waiting counts are theirs to see.
    userId !== null ? listGroupStatesOf(db, userId, ids) : [],
    wants('staff') ? listGroupOfficers(db, ids) : [],
    wants('category')
      ? getCategories(
          db,
          rows.map((r) => r.category_id),
        )
      : new Map<number, { id: number; title: string }>(),
  ]);
  const owners = await getOwnerSummaries(db, config, [
    ...(wants('owner') ? rows.map((r) => r.owner_id) : []),
    ...officers.map((o) => o.user_id),
  ]);
  const count = new Map(counts.map((c) => [`${c.group_id}:${c.state}`, Number(c.n)]));
  const n = (id: number, state: string) => count.get(`${id}:${state}`) ?? 0;
  const stateIn = new Map(states.map((s) => [s.group_id, s.state]));
  return rows.map((g) => {
    const membership: GroupMembership = membershipOf(g, userId, stateIn.get(g.id));
    const flags = groupFlags(g, userId, membership);
    const officer = flags.can_approve;
    const staff: StaffMember[] = officers
      .filter((o) => o.group_id === g.id)
      // The owner first.
      .sort((a, b) => Number(b.user_id === g.owner_id) - Number(a.user_id === g.owner_id))
      .map((o) => ({
        ...(owners.get(o.user_id) ?? missingOwner(config, o.user_id)),
        membership: memberTitle(g.owner_id, { ...o, state: 'officer' }),
      }));
    const all: Record<string, unknown> = {
      id: g.id,
      thumb: g.image_key ? imageUrl(config.publicUrl, g.image_key, THUMB_SIZE) : '',
      img: g.image_key ? imageUrl(config.publicUrl, g.image_key, IMG_SIZE) : '',
      img_width: g.image_key ? g.image_width : null,
      img_height: g.image_key ? g.image_height : null,
      title: g.title,
      category: (g.category_id !== null && categories.get(g.category_id)) || null,
      owner: owners.get(g.owner_id) ?? missingOwner(config, g.owner_id),
      description: g.description,
      staff,
      total_view: g.view_count,
      total_member: n(g.id, 'member') + n(g.id, 'officer'),
      updated_date: dateOf(g.updated_at),
      creation_date: dateOf(g.created_at),
      membership,
      category_id: g.category_id,
      allow_search: g.allow_search,
      approval: g.approval,
      auth_invite: g.auth_invite,
      auth_view: g.auth_view,
      auth_comment: g.auth_comment,
      auth_photo: g.auth_photo,
      auth_event: g.auth_event,
      // Who waits is the officers' business alone.
      requested_count: officer ? n(g.id, 'requested') : null,
      invited_count: officer ? n(g.id, 'invited') : null,
      ...flags,
    };
    return pick(all, fields);
  });
}
