import { z } from 'zod';
import { flag, id, lenientArray, num, str } from './primitives.ts';

// The API's shapes as they come over the wire, parsed tolerantly: unknown fields pass
// (looseObject), missing optional fields get defaults, and numbers or flags that some
// servers send as strings ("12", "1") are accepted. Only the modules of lib/social-api use
// these; components get the app's own types from the reshape functions.

export const ownerSchema = z.looseObject({
  id,
  type: str.default('user'),
  title: str,
  imgs: z
    .looseObject({ icon: str, normal: str, profile: str, original: str })
    .catch({ icon: '', normal: '', profile: '', original: '' })
    .default({ icon: '', normal: '', profile: '', original: '' }),
});
export type ApiOwner = z.infer<typeof ownerSchema>;

/** Owner of the signed-in user (GET /users/me): the summary plus email. */
export const meSchema = ownerSchema.extend({ email: str });

export const attachmentSchema = z.looseObject({
  id: num,
  type: str,
  title: str,
  description: str,
  img: str,
  href: str,
});
export type ApiAttachment = z.infer<typeof attachmentSchema>;

export const commentSchema = z.looseObject({
  id,
  owner: ownerSchema,
  body: str,
  date: str,
  can_delete: flag,
  is_liked: flag,
  total_like: num,
});
export type ApiComment = z.infer<typeof commentSchema>;

/** An activity's likes, comments and what the reader may do with them (our API gives them to other items too). */
export const socialFieldsShape = {
  is_liked: flag,
  can_like: flag,
  total_like: num,
  user_liked: lenientArray(ownerSchema),
  can_comment: flag,
  total_comment: num,
  comments: lenientArray(commentSchema),
  can_share: flag,
};
export type ApiSocialFields = z.infer<z.ZodObject<typeof socialFieldsShape>>;

export const activitySchema = z.looseObject({
  id,
  owner: ownerSchema.optional(),
  /** The member whose wall it was written on, when not its author's own (an extension field; null or absent otherwise). */
  subject: ownerSchema.nullable().optional().catch(undefined),
  content: str,
  attachments: lenientArray(attachmentSchema),
  timestamp: num,
  ...socialFieldsShape,
  can_delete: flag,
});
export type ApiActivity = z.infer<typeof activitySchema>;

export const feedPageSchema = z.looseObject({
  count: num,
  next_id: num,
  first_id: num,
  end_of_feed: flag,
  items: lenientArray(activitySchema),
});

export const updatesSchema = z.looseObject({
  notification_count: num,
  /** Unread conversations: only from a server with messages, for a token with the `messages` scope. */
  message_count: z.number().int().nonnegative().optional().catch(undefined),
});

/** What POST /activities, /activities/share and (our extension) POST /core/comments answer. */
export const createdSchema = z.looseObject({ message: str, id: num });

export const messageSchema = z.looseObject({ message: str }).catch({ message: '' });

export const composeUploadSchema = z.looseObject({
  message: str,
  photo_id: id,
  album_id: num,
  src: str,
});
