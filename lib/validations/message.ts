// zod/mini, as the other forms' schemas (activity.ts says why); the composer itself checks in the
// browser with the limits alone (limits.ts), so that no zod comes with a conversation's page.
import * as z from 'zod/mini';
import { idSchema } from './ids.ts';
import { MESSAGE_BODY_MAX, MESSAGE_RECIPIENTS_MAX, MESSAGE_TITLE_MAX, VIDEO_DESCRIPTION_MAX } from './limits.ts';
import { PHOTO_DESCRIPTION_MAX } from './photo-file.ts';

// What the messages' actions take (components/messages/actions.ts): checked again on the server
// before anything reaches the API, whatever the browser sent.

const body = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Write a message first.'),
    z.maxLength(MESSAGE_BODY_MAX, `Keep it under ${MESSAGE_BODY_MAX.toLocaleString('en')} characters.`),
  );

/** What is sent with the text, and its description (its text alternative; optional, as a post's photo's and video's). */
const sentWith = (max: number) =>
  z.optional(
    z.object({
      id: idSchema,
      description: z._default(z.string().check(z.trim(), z.maxLength(max, `Keep the description under ${max} characters.`)), ''),
    }),
  );

/** A photo the sender uploaded for a message (POST /albums/compose_upload type=message). */
const photo = sentWith(PHOTO_DESCRIPTION_MAX);
/** A video the sender uploaded for a message (POST /videos/compose_upload c_type=message). */
const video = sentWith(VIDEO_DESCRIPTION_MAX);

/** A message carries one photo or one video, not both. */
const oneAttachment = z.refine<{ photo?: unknown; video?: unknown }>((m) => !(m.photo && m.video), {
  message: 'Send a photo or a video with a message, not both.',
  path: ['video'],
});

/** A message in a conversation; `since`: the newest message the page has (what it asks for after sending). */
export const messageReplySchema = z
  .object({
    conversationId: idSchema,
    body,
    photo,
    video,
    since: z.optional(z.number().check(z.int(), z.minimum(0))),
  })
  .check(oneAttachment);

/** A new conversation: with members (`to`), about an item (its owner), or with an event's guests or a group's members (its owner's broadcast). */
export const messageNewSchema = z
  .object({
    to: z.optional(
      z
        .array(idSchema)
        .check(z.minLength(1), z.maxLength(MESSAGE_RECIPIENTS_MAX, `Write to at most ${MESSAGE_RECIPIENTS_MAX} people at once.`)),
    ),
    item: z.optional(z.object({ type: z.enum(['classified', 'event']), id: idSchema })),
    guestsOf: z.optional(idSchema),
    membersOf: z.optional(idSchema),
    title: z._default(
      z.string().check(z.trim(), z.maxLength(MESSAGE_TITLE_MAX, `Keep the subject under ${MESSAGE_TITLE_MAX} characters.`)),
      '',
    ),
    body,
    photo,
    video,
  })
  .check(
    oneAttachment,
    z.refine((m) => [m.to, m.item, m.guestsOf, m.membersOf].filter((x) => x !== undefined).length === 1, {
      message: 'Choose who to write to.',
      path: ['to'],
    }),
  );

/** Older messages of a conversation than `before`. */
export const messageOlderSchema = z.object({ conversationId: idSchema, before: idSchema });
