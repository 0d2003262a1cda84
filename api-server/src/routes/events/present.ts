import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { presentItemParts, SOCIAL_FIELDS } from '../../domain/item-social.ts';
import type { Viewer } from '../../domain/privacy.ts';
import { imageUrl } from '../../storage/images.ts';
import type { EventRow } from '../../data/events.ts';
import { eventFlags, getMemberCounts, getReaderRsvps } from './rules.ts';
import { formatClock, formatDay, formatHuman } from './schedule.ts';

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
  'can_compose',
] as const;

/**
 * The picture's original pixels and its description (alt text), beyond the spec, given only when
 * named (docs/api.md, "Extensions": Picture sizes and descriptions); a picture stored before they
 * were kept has its size filled from its file (migration 012), and an event without a picture has
 * neither (null).
 */
const PICTURE_FIELDS = ['img_width', 'img_height', 'img_description'] as const;

/** The spec's allowed `fields` in the list of all events. */
export const LIST_FIELDS = ['id', 'thumb', 'title', 'owner', 'description', 'total_member', ...FLAGS] as const;
/** My Events also allows category. */
export const MY_LIST_FIELDS = [...LIST_FIELDS, 'category'] as const;

/**
 * start_datetime is part of every list item in the spec but not among the allowed names: it is
 * returned when `fields` is absent, and when `fields` is given only if it names it.
 */
export function listFields(param: string | undefined, allowed: readonly string[], name = 'fields'): string[] {
  const at = allowed.indexOf('total_member') + 1;
  const spec = [...allowed.slice(0, at), 'start_datetime', ...allowed.slice(at)];
  return parseFields(param, [...spec, ...LIST_EXTRA_FIELDS], name, spec);
}

/** List fields beyond the spec (extension), given only when `fields` names them: what a calendar or a table of events shows. */
const LIST_EXTRA_FIELDS = [
  'category',
  'timezone',
  'location',
  'host',
  'start_at',
  'end_at',
  'updated_at',
  'rsvp',
  'attending_count',
  'maybe_count',
  'not_attending_count',
  'awaiting_reply_count',
  'requested_count',
  ...PICTURE_FIELDS,
] as const;

/** The spec's Event detail, in its order. */
const DETAIL_FIELDS = [
  'id',
  'title',
  'description',
  'owner',
  'category',
  'thumb',
  'total_member',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'host',
  'location',
  'attending_count',
  'maybe_count',
  'not_attending_count',
  'awaiting_reply_count',
  ...FLAGS,
] as const;
/** The settings an edit form starts from. */
const SETTING_FIELDS = ['category_id', 'allow_search', 'auth_invite', 'approval', 'auth_view', 'auth_comment', 'auth_photo'] as const;

/**
 * Detail fields beyond the spec, returned only when `fields` names them: the event's zone,
 * readable start and end, the large picture, the settings an edit form starts from, and the
 * social fields an activity has.
 */
const DETAIL_EXTRA_FIELDS = [
  'timezone',
  'start_datetime',
  'end_datetime',
  'img',
  ...PICTURE_FIELDS,
  ...SETTING_FIELDS,
  'rsvp',
  'requested_count',
  'start_at',
  'end_at',
  'updated_at',
  'parent_type',
  'parent_id',
  ...SOCIAL_FIELDS,
] as const;

export const detailFields = (param: string | undefined): string[] =>
  param === undefined || param.trim() === '' ? [...DETAIL_FIELDS] : parseFields(param, [...DETAIL_FIELDS, ...DETAIL_EXTRA_FIELDS]);

/**
 * The fields whose value is the event's row alone: not the reader's, no other table's, not the
 * clock's. Presented with only these, an event is the same for every reader until its row
 * changes (what routes/events/calendar.ts keeps).
 */
export const ROW_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'title',
  'description',
  'thumb',
  'img',
  ...PICTURE_FIELDS,
  'start_datetime',
  'end_datetime',
  'start_date',
  'start_time',
  'end_date',
  'end_time',
  'timezone',
  'host',
  'location',
  ...SETTING_FIELDS,
  'start_at',
  'end_at',
  'updated_at',
  'parent_type',
  'parent_id',
]);

const THUMB_SIZE = '240';
const IMG_SIZE = '1024';

/**
 * Events (already known to be visible to the reader) with the fields asked for, presented
 * together: one query each for owners, categories, member counts and the reader's rows.
 */
export async function presentEvents(
  db: DB,
  config: Config,
  viewer: Viewer,
  rows: readonly EventRow[],
  fields: readonly string[],
): Promise<Array<Record<string, unknown>>> {
  const ids = rows.map((r) => r.id);
  const wants = (...names: string[]) => names.some((n) => fields.includes(n));
  const needsMembers = wants(
    'total_member',
    'attending_count',
    'maybe_count',
    'not_attending_count',
    'awaiting_reply_count',
    'requested_count',
    ...FLAGS,
  );
  const [parts, counts, rsvps] = await Promise.all([
    presentItemParts(db, config, viewer, 'event', rows, fields),
    needsMembers ? getMemberCounts(db, ids) : new Map(),
    wants('rsvp', ...FLAGS) ? getReaderRsvps(db, viewer.userId, ids) : new Map(),
  ]);
  const t = now();
  const picture = (e: EventRow, size: typeof THUMB_SIZE | typeof IMG_SIZE) =>
    e.image_key ? imageUrl(config.publicUrl, e.image_key, size) : '';
  const named = new Set(fields);
  const wantsFlags = wants(...FLAGS);
  const wantsSocial = wants(...SOCIAL_FIELDS);
  return rows.map((e) => {
    const c = counts.get(e.id) ?? { attending: 0, maybe_attending: 0, not_attending: 0, awaiting_reply: 0, requested: 0 };
    // What costs more than a copy (dates written out in the event's zone, addresses, the owner's
    // and category's parts) is worked out only when `fields` names it (`pick` takes only those):
    // a month's calendar presents a hundred events for their titles and times.
    const all: Record<string, unknown> = {
      id: e.id,
      title: e.title,
      description: e.description,
      owner: named.has('owner') ? parts.owner(e) : null,
      category: named.has('category') ? parts.category(e) : null,
      thumb: named.has('thumb') ? picture(e, THUMB_SIZE) : null,
      img: named.has('img') ? picture(e, IMG_SIZE) : null,
      img_width: e.image_key ? e.image_width : null,
      img_height: e.image_key ? e.image_height : null,
      img_description: e.image_key ? e.image_description : '',
      // total_member counts the people attending (the owner among them unless they said otherwise).
      total_member: c.attending,
      start_datetime: named.has('start_datetime') ? formatHuman(e.start_time, e.timezone) : null,
      end_datetime: named.has('end_datetime') ? formatHuman(e.end_time, e.timezone) : null,
      start_date: named.has('start_date') ? formatDay(e.start_time, e.timezone) : null,
      start_time: named.has('start_time') ? formatClock(e.start_time, e.timezone) : null,
      end_date: named.has('end_date') ? formatDay(e.end_time, e.timezone) : null,
      end_time: named.has('end_time') ? formatClock(e.end_time, e.timezone) : null,
      timezone: e.timezone,
      host: e.host,
      location: e.location,
      attending_count: c.attending,
      maybe_count: c.maybe_attending,
      not_attending_count: c.not_attending,
      awaiting_reply_count: c.awaiting_reply,
      category_id: e.category_id,
      allow_search: e.allow_search,
      auth_invite: e.auth_invite,
      approval: e.approval,
      auth_view: e.auth_view,
      auth_comment: e.auth_comment,
      auth_photo: e.auth_photo,
      // The reader's own answer (null: none), pending requests (the owner's business alone), the
      // instants in epoch seconds and the last change: extensions for calendar clients.
      rsvp: rsvps.get(e.id) ?? null,
      requested_count: viewer.userId !== null && viewer.userId === e.owner_id ? c.requested : null,
      start_at: e.start_time,
      end_at: e.end_time,
      updated_at: e.updated_at,
      // Where it was made (issue 48, the origin's): a group's (its id), or its owner's own.
      parent_type: e.group_id === null ? 'user' : 'group',
      parent_id: e.group_id ?? e.owner_id,
      ...(wantsFlags ? eventFlags(e, { userId: viewer.userId, rsvp: rsvps.get(e.id) ?? null, pendingRequests: c.requested, now: t }) : {}),
      ...(wantsSocial ? parts.social(e) : {}),
    };
    return pick(all, fields);
  });
}
