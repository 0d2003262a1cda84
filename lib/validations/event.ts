// zod/mini: these schemas run in the browser too (react-hook-form's resolver).
import * as z from 'zod/mini';
import { privacyOptionSchema, titleSchema } from './fields.ts';
import { idSchema as id } from './ids.ts';
import { EVENT_DESCRIPTION_MAX, EVENT_PICTURE_DESCRIPTION_MAX, EVENT_PLACE_MAX, EVENT_TITLE_MAX } from './limits.ts';
import { apiFieldErrorsReader, valuesFieldErrors } from './field-errors.ts';

// An event's form (new and edit) and the membership actions. The browser checks with these
// schemas before sending; the server actions check again with the same ones.

const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));
const date = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Enter a date.'));
const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time.'));

export const eventFormSchema = z
  .object({
    title: titleSchema(EVENT_TITLE_MAX, 'Give your event a title.'),
    description: text(EVENT_DESCRIPTION_MAX, `Keep the description under ${EVENT_DESCRIPTION_MAX} characters.`),
    /** A category's id as the select gives it; '' for none. */
    categoryId: z.string().check(z.regex(/^(|[1-9]\d{0,15})$/, 'Choose a category.')),
    startDate: date,
    startTime: clock,
    endDate: date,
    endTime: clock,
    /** IANA name; the server (and the API) check it is one. */
    timeZone: z.string().check(z.trim(), z.minLength(1, 'Choose a time zone.'), z.maxLength(64, 'Choose a time zone.')),
    host: text(EVENT_PLACE_MAX, `Keep the host under ${EVENT_PLACE_MAX} characters.`),
    location: text(EVENT_PLACE_MAX, `Keep the location under ${EVENT_PLACE_MAX} characters.`),
    approval: z.boolean(),
    guestsMayInvite: z.boolean(),
    searchable: z.boolean(),
    authView: privacyOptionSchema,
    authComment: privacyOptionSchema,
    authPhoto: privacyOptionSchema,
    /**
     * The picture's description, its alt text (our API's img_description: docs/api.md,
     * "Extensions": Picture sizes and descriptions).
     */
    pictureDescription: text(
      EVENT_PICTURE_DESCRIPTION_MAX,
      `Keep the picture's description under ${EVENT_PICTURE_DESCRIPTION_MAX} characters.`,
    ),
    /**
     * A new event made in this group (parent_type=group: docs/api.md, "Groups": events): no field
     * of the form, carried in its starting values from /events/new?parent_type=group&parent_id=.
     */
    groupId: z.optional(id),
  })
  .check(
    z.superRefine((v, ctx) => {
      // Both in the same zone: comparing the wall-clock texts compares the instants (once each
      // is well formed; a malformed one has its own error).
      const start = `${v.startDate}T${v.startTime}`;
      const end = `${v.endDate}T${v.endTime}`;
      const wellFormed = (t: string) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/.test(t);
      if (wellFormed(start) && wellFormed(end) && end < start) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The event cannot end before it starts.', input: v.endTime });
      }
    }),
  );
export type EventFormValues = z.infer<typeof eventFormSchema>;

/** Saving: a new event (no id) or an edit; `photoId` a picture uploaded beforehand (app/api/upload/event). */
export const eventSaveSchema = z.object({
  id: z.optional(id),
  values: eventFormSchema,
  photoToken: z.optional(z.string().check(z.maxLength(200))),
});

/** The form's fields for the API's names of them (POST /events). */
const API_FIELD_NAMES: Record<string, keyof EventFormValues> = {
  title: 'title',
  description: 'description',
  category_id: 'categoryId',
  start_time: 'startTime',
  end_time: 'endTime',
  timezone: 'timeZone',
  host: 'host',
  location: 'location',
  auth_view: 'authView',
  auth_comment: 'authComment',
  auth_photo: 'authPhoto',
  approval: 'approval',
  auth_invite: 'guestsMayInvite',
  allow_search: 'searchable',
};

/** What each field is called in a sentence (an end_time error lands on the end's time). */
const FIELD_NOUNS: Record<keyof EventFormValues | 'form', string> = {
  title: 'The title',
  description: 'The description',
  categoryId: 'The category',
  startDate: 'The start',
  startTime: 'The start',
  endDate: 'The end',
  endTime: 'The end',
  timeZone: 'The time zone',
  host: 'The host',
  location: 'The location',
  authView: 'Who can see it',
  authComment: 'Who can comment',
  authPhoto: 'Who can add photos',
  pictureDescription: 'The picture’s description',
  approval: 'Approving guests',
  guestsMayInvite: 'Guests inviting friends',
  searchable: 'Show in searches',
  groupId: 'The group',
  form: 'The event',
};

/** The API's field errors under the form's field names; anything else goes to `form`. */
export const toEventFieldErrors = apiFieldErrorsReader(API_FIELD_NAMES, { nouns: FIELD_NOUNS });

/** Field errors of a failed save, keyed by the form's fields. */
export const eventFieldErrors = valuesFieldErrors;

export const eventIdSchema = z.object({ id });
export const eventRsvpSchema = z.object({ id, rsvp: z.enum(['attending', 'maybe_attending', 'not_attending']) });
export const eventMembershipSchema = z.object({ id, action: z.enum(['leave', 'request', 'cancel']) });
export const eventDecisionSchema = z.object({ id, userId: id, accept: z.boolean() });
export const eventInviteSchema = z.object({
  id,
  userIds: z.array(id).check(z.minLength(1, 'Choose at least one friend.'), z.maxLength(100, 'Invite at most 100 people at once.')),
});
export const eventMembersSchema = z.object({
  id,
  rsvp: z.enum(['attending', 'maybe_attending', 'not_attending', 'awaiting_reply', 'requested']),
  page: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
});
export const friendSearchSchema = z.object({
  keywords: z.string().check(z.maxLength(100)),
  page: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
});
