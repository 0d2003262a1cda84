import { z } from 'zod';
import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { socialOf, type Social } from './core.ts';
import { getWithFields, SOCIAL_FIELD_NAMES } from './fields.ts';
import { isApiError, isMissingExtension } from './errors.ts';
import { readChoices, type ItemChoices } from './choices.ts';
import { categorySchema, id, lenientArray, num, str } from './primitives.ts';
import { ownerSchema } from './schemas.ts';
import { formItemWrites } from './form-item.ts';
import { MEMBERSHIP_FLAGS, membershipFlagShape, postForMessage, readItemList, reshapeCan, type MembershipCan } from './membership.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';

// Events (spec: Events, scope events) and event membership (docs/api.md, "Conventions": Events:
// join, leave, request, cancel, accept, reject, invite, members). Lists and the detail ask for the
// extension fields (start_at/end_at instants, timezone, the reader's rsvp…) so that times can be
// shown in the reader's own zone without parsing the API's human-readable dates.

export const RSVPS = ['attending', 'maybe_attending', 'not_attending', 'awaiting_reply', 'requested'] as const;
export type Rsvp = (typeof RSVPS)[number];
export const MEMBER_RSVPS = ['attending', 'maybe_attending', 'not_attending'] as const;
export type MemberRsvp = (typeof MEMBER_RSVPS)[number];

const rsvpSchema = z.enum(RSVPS).nullable().catch(null);
const nullableNum = z.coerce.number().nullable().catch(null);

const eventSchema = z.looseObject({
  id,
  title: str,
  description: str,
  thumb: str,
  img: str.optional(),
  img_description: str.optional(),
  owner: ownerSchema,
  category: categorySchema.nullable().optional().catch(null),
  total_member: num,
  timezone: str,
  host: str,
  location: str,
  start_at: num,
  end_at: num,
  updated_at: num.optional(),
  rsvp: rsvpSchema.optional(),
  attending_count: num.optional(),
  maybe_count: num.optional(),
  not_attending_count: num.optional(),
  awaiting_reply_count: num.optional(),
  requested_count: nullableNum.optional(),
  category_id: nullableNum.optional(),
  allow_search: num.optional(),
  auth_invite: num.optional(),
  approval: num.optional(),
  auth_view: str.optional(),
  auth_comment: str.optional(),
  auth_photo: str.optional(),
  ...membershipFlagShape,
});
type ApiEvent = z.infer<typeof eventSchema>;
const eventListSchema = lenientArray(eventSchema);

/** What a list of events asks for (the events of a group too: lib/social-api/groups.ts). */
export const LIST_FIELDS = `id,thumb,title,owner,description,total_member,category,timezone,location,host,start_at,end_at,rsvp,${MEMBERSHIP_FLAGS}`;
const COUNT_FIELDS = 'attending_count,maybe_count,not_attending_count,awaiting_reply_count,requested_count';
const DETAIL_FIELDS = `${LIST_FIELDS},img,img_description,updated_at,${COUNT_FIELDS},category_id,allow_search,auth_invite,approval,auth_view,auth_comment,auth_photo`;
/** The page's: the detail and its social fields (an extension: one read instead of three). */
const PAGE_FIELDS = `${DETAIL_FIELDS},${SOCIAL_FIELD_NAMES}`;

export interface EventCounts {
  attending: number;
  maybe: number;
  notAttending: number;
  awaitingReply: number;
  /** Pending requests to join: the owner alone is told (undefined for anyone else). */
  requested?: number;
}

export type EventCan = MembershipCan;

/** An event as lists, the calendar and tables show it. */
export interface EventSummary {
  id: number;
  title: string;
  description: string;
  thumb: string;
  owner: Who;
  category?: { id: number; title: string };
  /** The event's own IANA zone. */
  timeZone: string;
  host: string;
  location: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  going: number;
  /** The reader's own row (none: null). */
  rsvp: Rsvp | null;
  can: EventCan;
}

export interface EventSettings {
  categoryId: number;
  searchable: boolean;
  guestsMayInvite: boolean;
  approval: boolean;
  authView: string;
  authComment: string;
  authPhoto: string;
}

export interface EventDetail extends EventSummary {
  img: string;
  /** The picture's description, its alt text ('' for none, or from a server without it). */
  imgDescription: string;
  /** Epoch milliseconds of the last change. */
  updatedAt: number;
  counts: EventCounts;
  settings: EventSettings;
}

function reshapeSummary(e: ApiEvent): EventSummary {
  return {
    id: e.id,
    title: e.title.trim() || 'Untitled event',
    description: e.description,
    thumb: safeImageUrl(e.thumb),
    owner: who(reshapePerson(e.owner)),
    category: e.category ? { id: e.category.id, title: e.category.title } : undefined,
    timeZone: e.timezone || 'UTC',
    host: e.host,
    location: e.location,
    start: e.start_at * 1000,
    end: e.end_at * 1000,
    going: e.total_member,
    rsvp: e.rsvp ?? null,
    can: reshapeCan(e),
  };
}

function reshapeDetail(e: ApiEvent): EventDetail {
  return {
    ...reshapeSummary(e),
    img: safeImageUrl(e.img ?? '') || safeImageUrl(e.thumb),
    imgDescription: (e.img_description ?? '').trim(),
    updatedAt: (e.updated_at ?? 0) * 1000,
    counts: {
      attending: e.attending_count ?? e.total_member,
      maybe: e.maybe_count ?? 0,
      notAttending: e.not_attending_count ?? 0,
      awaitingReply: e.awaiting_reply_count ?? 0,
      requested: e.requested_count ?? undefined,
    },
    settings: {
      categoryId: e.category_id ?? 0,
      searchable: e.allow_search !== 0,
      guestsMayInvite: e.auth_invite !== 0,
      approval: e.approval === 1,
      authView: e.auth_view || 'everyone',
      authComment: e.auth_comment || 'everyone',
      authPhoto: e.auth_photo || 'everyone',
    },
  };
}

export const EVENT_WHEN = ['upcoming', 'past', 'all'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];
export const EVENT_SORTS = ['starttime', 'creation_date', 'member_count'] as const;
export type EventSort = (typeof EVENT_SORTS)[number];

export interface EventFilters {
  keywords?: string;
  categoryId?: number;
  /** Everyone's, or only my friends'. */
  friends?: boolean;
  sort?: EventSort;
  userId?: number;
  when?: EventWhen;
  page?: number;
  limit?: number;
}

/** GET /events: one page of the events the reader may see. */
export async function listEvents(token: string, f: EventFilters = {}): Promise<EventSummary[]> {
  return readEventList(token, '/events', f, {
    category_id: f.categoryId || undefined,
    view: f.friends ? 'only_my_friend' : undefined,
    sort: f.sort,
    user_id: f.userId,
  });
}

/** One page of a list of events: the words both lists take, and `own` (each list's own). */
function readEventList(
  token: string,
  path: string,
  f: { keywords?: string; when?: EventWhen; page?: number; limit?: number },
  own: Record<string, string | number | undefined>,
): Promise<EventSummary[]> {
  return readItemList(token, path, eventSchema, reshapeSummary, f, { ...own, when: f.when }, LIST_FIELDS);
}

/** A list of events as GET /events answers it (a group's events too: GET /groups/events, its detail's `events`). */
export const parseEventList = (data: unknown): EventSummary[] => eventListSchema.parse(data).map(reshapeSummary);

/** A day of a calendar as GET /events/calendar gives it (extension): its count and its first events. */
export interface CalendarDayEvents<T> {
  /** YYYY-MM-DD */
  date: string;
  total: number;
  events: T[];
}

/** What a month's grid shows of an event: its name and when. */
export interface CalendarEventTimes {
  id: number;
  title: string;
  /** The event's own IANA zone. */
  timeZone: string;
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

const GRID_FIELDS = 'id,title,timezone,start_at,end_at';
const gridEventSchema = z.looseObject({ id, title: str, timezone: str, start_at: num, end_at: num });
const calendarSchema = <S extends z.ZodType>(event: S) =>
  z.looseObject({
    days: lenientArray(z.looseObject({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), total: num, events: lenientArray(event) })),
    capped: z.boolean().catch(false),
  });

export interface CalendarQuery extends Omit<EventFilters, 'sort' | 'when' | 'page' | 'limit'> {
  /** The first and last days, YYYY-MM-DD (six weeks at most). */
  from: string;
  to: string;
  /** The reader's IANA zone, whose days the calendar shows. */
  zone: string;
  /** How many of each day's events to read. */
  perDay: number;
  /** How many of each day's first events to pass over (a day's list, page by page). */
  offset?: number;
}

/**
 * GET /events/calendar (extension): the days of a span that have events, each with its count and
 * its first `perDay` events, in the reader's zone; `whole` reads those as list items (a day's
 * list), otherwise only what a month's grid shows. Undefined from a server without it
 * (isMissingExtension): lib/events/list.ts then reads the month as a list.
 */
export async function readEventCalendar(
  token: string,
  q: CalendarQuery,
  whole: true,
): Promise<{ days: Array<CalendarDayEvents<EventSummary>>; capped: boolean } | undefined>;
export async function readEventCalendar(
  token: string,
  q: CalendarQuery,
  whole?: false,
): Promise<{ days: Array<CalendarDayEvents<CalendarEventTimes>>; capped: boolean } | undefined>;
export async function readEventCalendar(token: string, q: CalendarQuery, whole = false) {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), '/events/calendar', {
      token,
      query: {
        from: q.from,
        to: q.to,
        tz: q.zone,
        per_day: q.perDay,
        offset: q.offset || undefined,
        keywords: q.keywords?.trim() || undefined,
        category_id: q.categoryId || undefined,
        view: q.friends ? 'only_my_friend' : undefined,
        user_id: q.userId,
        fields: whole ? LIST_FIELDS : GRID_FIELDS,
      },
    });
  } catch (e) {
    if (isMissingExtension(e)) return undefined;
    throw e;
  }
  if (whole) {
    const answer = calendarSchema(eventSchema).parse(data);
    return { capped: answer.capped, days: answer.days.map((d) => ({ ...d, events: d.events.map(reshapeSummary) })) };
  }
  const answer = calendarSchema(gridEventSchema).parse(data);
  return {
    capped: answer.capped,
    days: answer.days.map((d) => ({
      ...d,
      events: d.events.map((e) => ({
        id: e.id,
        title: e.title.trim() || 'Untitled event',
        timeZone: e.timezone || 'UTC',
        start: e.start_at * 1000,
        end: e.end_at * 1000,
      })),
    })),
  };
}

export interface MyEventFilters {
  keywords?: string;
  /** Only the events I lead (organise). */
  lead?: boolean;
  when?: EventWhen;
  page?: number;
  limit?: number;
}

/** GET /events/my: events I own or have any row in (attending, maybe, not, invited, asking). */
export async function listMyEvents(token: string, f: MyEventFilters = {}): Promise<EventSummary[]> {
  return readEventList(token, '/events/my', f, { view: f.lead ? 'only_events_i_lead' : undefined });
}

/** An event I lead with its counts, as the organiser's table shows it. */
export interface LedEvent extends EventSummary {
  counts: EventCounts;
}

/** GET /events/my?view=only_events_i_lead with the counts (extension fields). */
export async function listEventsILead(token: string, f: { when?: EventWhen; page?: number; limit?: number } = {}): Promise<LedEvent[]> {
  const data = await apiFetch(apiConfig(), '/events/my', {
    token,
    query: {
      view: 'only_events_i_lead',
      when: f.when ?? 'upcoming',
      page: f.page ?? 1,
      limit: f.limit ?? 50,
      fields: `${LIST_FIELDS},${COUNT_FIELDS}`,
    },
  });
  return eventListSchema.parse(data).map((e) => {
    const d = reshapeDetail(e);
    return { ...reshapeSummary(e), counts: d.counts };
  });
}

async function readEvent(token: string, id: number, fields = DETAIL_FIELDS): Promise<ApiEvent | undefined> {
  try {
    return eventSchema.parse(await getWithFields(token, `/events/${id}`, {}, fields, DETAIL_FIELDS));
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

/** An event; undefined when it does not exist or the reader may not see it. */
export async function getEvent(token: string, id: number): Promise<EventDetail | undefined> {
  const raw = await readEvent(token, id);
  return raw && reshapeDetail(raw);
}

/**
 * An event with its social layer: one read with our API (its social fields, an extension); a
 * server without them is asked for the event's comments and likers as well.
 */
export async function getEventPage(
  token: string,
  id: number,
  viewerId: number,
): Promise<{ event: EventDetail; social: Social } | undefined> {
  const raw = await readEvent(token, id, PAGE_FIELDS);
  if (!raw) return undefined;
  const social = await socialOf(token, { type: 'event', id }, raw, viewerId, { share: true });
  return { event: reshapeDetail(raw), social };
}

/** What an event's form sends (the API's form; times are wall-clock times in `timeZone`). */
export interface EventInput extends EventSettings {
  title: string;
  description: string;
  /** `YYYY-MM-DD HH:mm:ss` in timeZone. */
  startTime: string;
  endTime: string;
  timeZone: string;
  host: string;
  location: string;
  /** The picture's description (img_description, our API's extension). */
  pictureDescription?: string;
  /** A photo already uploaded to this server (FormData part `photo`), if any. */
  photo?: Blob;
  /** A new event made in this group (parent_type=group, parent_id: docs/api.md, "Groups": events). */
  groupId?: number;
}

function eventForm(input: EventInput): FormData {
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: input.title,
    description: input.description,
    category_id: String(input.categoryId),
    start_time: input.startTime,
    end_time: input.endTime,
    timezone: input.timeZone,
    host: input.host,
    location: input.location,
    allow_search: input.searchable ? '1' : '0',
    auth_invite: input.guestsMayInvite ? '1' : '0',
    approval: input.approval ? '1' : '0',
    auth_view: input.authView,
    auth_comment: input.authComment,
    auth_photo: input.authPhoto,
  };
  // Sent only when there is one: a server of the document alone is not handed a field it does not know.
  if (input.pictureDescription) fields.img_description = input.pictureDescription;
  if (input.groupId) Object.assign(fields, { parent_type: 'group', parent_id: String(input.groupId) });
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (input.photo) fd.append('photo', input.photo, 'photo');
  return fd;
}

const eventWrites = formItemWrites('/events', 'event', eventForm);

/** POST /events: answers the new event's id. */
export const createEvent = eventWrites.create;

/** POST /events/{id}: the whole form (times too: an extension the API accepts on edits). */
export const updateEvent = eventWrites.update;

/**
 * Streams a multipart body (a `title` field, then the `photo` part, as the browser sent it) to
 * POST /events/{id}, which changes the picture and keeps everything it is not sent.
 */
export const updateEventPhoto = eventWrites.updatePhoto;

/** DELETE /events/{id}. */
export const deleteEvent = eventWrites.remove;

// ── Membership (extension) ──

/** Joins, answers an invitation, or changes one's answer. */
export const rsvpEvent = (token: string, id: number, rsvp: MemberRsvp) => postForMessage(token, `/events/${id}/join`, { rsvp });
export const leaveEvent = (token: string, id: number) => postForMessage(token, `/events/${id}/leave`);
export const requestToJoinEvent = (token: string, id: number) => postForMessage(token, `/events/${id}/request`);
export const cancelEventRequest = (token: string, id: number) => postForMessage(token, `/events/${id}/cancel`);
export const acceptEventRequest = (token: string, id: number, userId: number) =>
  postForMessage(token, `/events/${id}/accept`, { user_id: userId });
export const rejectEventRequest = (token: string, id: number, userId: number) =>
  postForMessage(token, `/events/${id}/reject`, { user_id: userId });
export const inviteToEvent = (token: string, id: number, userIds: readonly number[]) =>
  postForMessage(token, `/events/${id}/invite`, { user_ids: userIds.join(',') });

const memberSchema = ownerSchema.extend({ rsvp: z.enum(RSVPS).catch('attending') });

/** GET /events/members: one page of the people in one answer (`requested`: the owner only). */
export async function listEventMembers(
  token: string,
  eventId: number,
  rsvp: Rsvp,
  page = 1,
  limit = 50,
): Promise<Array<Who & { rsvp: Rsvp }>> {
  const data = await apiFetch(apiConfig(), '/events/members', { token, query: { event_id: eventId, rsvp, page, limit } });
  return lenientArray(memberSchema)
    .parse(data)
    .map((m) => ({ ...who(reshapePerson(m)), rsvp: m.rsvp }));
}

// ── Choices for the form ──

export type EventChoices = ItemChoices<'view' | 'comment' | 'photo'>;

/** GET /events/categories and the view, comment and photo options, together; `inGroup`: those of an event made in a group (parent_type=group). */
export function getEventChoices(token: string, inGroup = false): Promise<EventChoices> {
  return readChoices(token, 'events', ['view', 'comment', 'photo'], inGroup ? { parent_type: 'group' } : undefined);
}
