import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { forbidden, invalidParam, missingParam } from '../../errors.ts';
import { checkCategory, GROUP_EVENT_PRIVACY_OPTIONS } from '../../domain/options.ts';
import { groupFlags } from '../../domain/groups.ts';
import { getVisibleGroup } from '../groups/access.ts';
import { PRIVACY_IDS, viewerOf } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { deleteEvent, insertEvent, updateEvent, type EventRow } from '../../data/events.ts';
import { eventFlags, getVisibleEvent } from './rules.ts';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, instantOf, parseWallTime } from './schedule.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { optionalFile } from '../../http/multipart.ts';
import { extensionParam } from '../../openapi/marks.ts';

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 10000;
const HOUR = 3600;
const IMG_DESCRIPTION_MAX = 1000;

const flag = { type: 'integer', enum: [0, 1] } as const;

/** An event's privacy (auth_view, auth_comment, auth_photo): parent_member only for one made in a group (checkEventPrivacy). */
const eventPrivacyParam = { type: 'string', enum: [...PRIVACY_IDS, 'parent_member'] } as const;

const missingParentId = (): never => {
  throw missingParam('parent_id', 'is required with parent_type=group');
};

/**
 * The spec's event form. host, location and timezone are extensions (the detail shows host
 * and location; the spec's form has no field for them). No defaults here: an edit leaves
 * what it does not send unchanged, and creation applies its own defaults.
 */
const formProperties = {
  title: { type: 'string', maxLength: TITLE_MAX },
  description: { type: 'string', maxLength: DESCRIPTION_MAX },
  // 0 clears the category.
  category_id: { type: 'integer', minimum: 0 },
  start_time: { type: 'string', maxLength: 40 },
  end_time: { type: 'string', maxLength: 40 },
  timezone: { type: 'string', maxLength: 64, ...extensionParam('the IANA zone of start_time and end_time (UTC by default).') },
  host: { type: 'string', maxLength: TITLE_MAX, ...extensionParam('who hosts the event, as the detail shows it.') },
  location: { type: 'string', maxLength: TITLE_MAX, ...extensionParam('where the event is, as the detail shows it.') },
  allow_search: flag,
  auth_invite: flag,
  approval: flag,
  auth_view: eventPrivacyParam,
  auth_comment: eventPrivacyParam,
  auth_photo: eventPrivacyParam,
  photo: {},
  // The picture's description, its alt text (extension, docs/api.md, "Extensions": Picture sizes
  // and descriptions).
  img_description: { type: 'string', maxLength: IMG_DESCRIPTION_MAX, ...extensionParam("the picture's description, its alt text.") },
} as const;

/** The form of a new event and of an edit: a title, and any of the rest. */
const eventForm = { type: 'object', properties: formProperties, required: ['title'] } as const;
type EventForm = Infer<typeof eventForm>;

/** A new event may be made in a group (the origin's parent_type=group&parent_id; issue 48). */
const newEventForm = {
  type: 'object',
  properties: {
    ...formProperties,
    parent_type: {
      type: 'string',
      enum: ['user', 'group'],
      ...extensionParam("where the event is made: the member's own (user) or a group's."),
    },
    parent_id: { type: 'integer', minimum: 1, ...extensionParam('the group, with parent_type=group.') },
  },
  required: ['title'],
} as const;

/** The privacy ids an event's settings take where it is made: parent_member in a group alone, owner_member (friends) never there. */
function checkEventPrivacy(b: EventForm, inGroup: boolean): void {
  const allowed: readonly string[] = inGroup ? GROUP_EVENT_PRIVACY_OPTIONS.map((o) => o.id) : PRIVACY_IDS;
  for (const name of ['auth_view', 'auth_comment', 'auth_photo'] as const) {
    const value = b[name];
    if (value !== undefined && !allowed.includes(value)) throw invalidParam(name, `must be one of ${allowed.join(', ')} for this event`);
  }
}

function requireTitle(b: EventForm): string {
  const title = b.title?.trim();
  if (!title) throw missingParam('title');
  return title;
}

function timeZoneOf(b: EventForm): string | undefined {
  if (b.timezone === undefined) return undefined;
  const zone = canonicalTimeZone(b.timezone.trim());
  if (!zone) throw invalidParam('timezone', 'must be an IANA time zone name such as UTC or Europe/Paris');
  return zone;
}

function instantParam(b: EventForm, name: 'start_time' | 'end_time', zone: string): number | undefined {
  const text = b[name];
  if (text === undefined) return undefined;
  const wall = parseWallTime(text.trim());
  if (!wall) throw invalidParam(name, 'must be a date and time that exists, in the form YYYY-MM-DD HH:mm:ss');
  return instantOf(wall, zone);
}

export default async function eventWriteRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.post<{ Body: Infer<typeof newEventForm> }>(
    '/',
    {
      config: { files: ['photo'] },
      schema: { summary: 'Create an event', body: newEventForm },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const title = requireTitle(b);
      const groupId = b.parent_type === 'group' ? (b.parent_id ?? missingParentId()) : null;
      checkEventPrivacy(b, groupId !== null);
      const zone = timeZoneOf(b) ?? DEFAULT_TIME_ZONE;
      // Without a start the event starts at the next full hour; without an end it lasts an hour.
      const start = instantParam(b, 'start_time', zone) ?? (Math.floor(now() / HOUR) + 1) * HOUR;
      const end = instantParam(b, 'end_time', zone) ?? start + HOUR;
      if (end < start) throw invalidParam('end_time', 'must not be before start_time');
      const categoryId = b.category_id || null;
      await checkCategory(db, 'event', categoryId);
      const photo = optionalFile(b.photo, 'photo');
      const img = photo ? await storeImage(app.config.dataDir, photo, 'photo') : undefined;
      try {
        const id = await insertEvent(db, {
          ownerId: me,
          // In a group: one the owner sees (404) and whose auth_event lets them add events (403).
          check: async (trx) => {
            if (groupId === null) return;
            const { group, membership } = await getVisibleGroup(trx, me, groupId);
            if (!groupFlags(group, me, membership).can_create_event) throw forbidden('You may not add events to this group.');
          },
          values: {
            group_id: groupId,
            title,
            description: b.description?.trim() ?? '',
            category_id: categoryId,
            start_time: start,
            end_time: end,
            timezone: zone,
            host: b.host?.trim() ?? '',
            location: b.location?.trim() ?? '',
            allow_search: b.allow_search ?? 1,
            auth_invite: b.auth_invite ?? 1,
            approval: b.approval ?? 0,
            auth_view: b.auth_view ?? 'everyone',
            auth_comment: b.auth_comment ?? 'everyone',
            auth_photo: b.auth_photo ?? 'everyone',
            image_key: img?.key ?? null,
            image_width: img?.width ?? null,
            image_height: img?.height ?? null,
            image_description: b.img_description?.trim() ?? '',
          },
        });
        return { success: true, data: { id } };
      } catch (err) {
        if (img) await deleteImage(app.config.dataDir, img.key);
        throw err;
      }
    },
  );

  /** The event for its owner: 404 when the reader may not see it, 403 when they may not edit it. */
  async function ownEvent(userId: number | null, id: number, action: 'edit' | 'delete'): Promise<EventRow> {
    const event = await getVisibleEvent(db, viewerOf(db, userId), id);
    const flags = eventFlags(event, { userId, rsvp: null, pendingRequests: 0, now: now() });
    if (!(action === 'edit' ? flags.can_edit : flags.can_delete)) throw forbidden(`Only the owner of an event may ${action} it.`);
    return event;
  }

  // Spec: the same form without start_time and end_time. Sending them (and timezone) anyway
  // moves the event, an extension; a new timezone alone keeps the instants and shows them in it.
  app.post<{ Params: IdParams; Body: EventForm }>(
    '/:id',
    {
      config: { files: ['photo'] },
      schema: {
        summary: 'Edit an event (start_time and end_time, an extension here, move it)',
        params: idParams,
        body: eventForm,
      },
    },
    async (req) => {
      const event = await ownEvent(req.auth.userId, req.params.id, 'edit');
      const b = req.body;
      checkEventPrivacy(b, event.group_id !== null);
      const title = requireTitle(b);
      const zone = timeZoneOf(b) ?? event.timezone;
      const newStart = instantParam(b, 'start_time', zone);
      const newEnd = instantParam(b, 'end_time', zone);
      const start = newStart ?? event.start_time;
      const end = newEnd ?? event.end_time;
      if (end < start) {
        throw newEnd !== undefined
          ? invalidParam('end_time', 'must not be before start_time')
          : invalidParam('start_time', 'must not be after the end of the event');
      }
      const categoryId = b.category_id === undefined ? event.category_id : b.category_id || null;
      await checkCategory(db, 'event', categoryId);
      const photo = optionalFile(b.photo, 'photo');
      const img = photo ? await storeImage(app.config.dataDir, photo, 'photo') : undefined;
      try {
        await updateEvent(db, event.id, {
          title,
          description: b.description?.trim() ?? event.description,
          category_id: categoryId,
          start_time: start,
          end_time: end,
          timezone: zone,
          host: b.host?.trim() ?? event.host,
          location: b.location?.trim() ?? event.location,
          allow_search: b.allow_search ?? event.allow_search,
          auth_invite: b.auth_invite ?? event.auth_invite,
          approval: b.approval ?? event.approval,
          auth_view: b.auth_view ?? event.auth_view,
          auth_comment: b.auth_comment ?? event.auth_comment,
          auth_photo: b.auth_photo ?? event.auth_photo,
          image_key: img?.key ?? event.image_key,
          image_width: img ? img.width : event.image_width,
          image_height: img ? img.height : event.image_height,
          // A new picture without a description of its own does not take the old one's.
          image_description: b.img_description?.trim() ?? (img ? '' : event.image_description),
        });
      } catch (err) {
        if (img) await deleteImage(app.config.dataDir, img.key);
        throw err;
      }
      if (img) await deleteImage(app.config.dataDir, event.image_key);
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { schema: { summary: 'Delete an event', params: idParams } }, async (req) => {
    const event = await ownEvent(req.auth.userId, req.params.id, 'delete');
    await deleteEvent(db, event.id);
    await deleteImage(app.config.dataDir, event.image_key);
    return { success: true, data: { message: 'The event was deleted.' } };
  });
}
