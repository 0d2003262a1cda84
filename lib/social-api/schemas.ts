import { z } from 'zod';

// The API's shapes as they come over the wire, parsed tolerantly: unknown fields pass
// (looseObject), missing optional fields get defaults, and numbers or flags that some
// servers send as strings ("12", "1") are accepted. Only the modules of lib/social-api use
// these; components get the app's own types from the reshape functions.

/** A number, also when sent as a numeric string. */
const num = z.coerce.number().catch(0);
const id = z.coerce.number().int();
const str = z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string()).catch('');
/** A can_* / is_* flag: true, 1 and "1" are true; anything else (absent too) is false. */
const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

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

/** Keeps the entries that parse; one odd entry does not cost the reader the whole list. */
function lenientArray<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.filter((x) => item.safeParse(x).success) : []),
    z.array(item),
  );
}

export const activitySchema = z.looseObject({
  id,
  owner: ownerSchema.optional(),
  content: str,
  attachments: lenientArray(attachmentSchema),
  timestamp: num,
  is_liked: flag,
  can_like: flag,
  total_like: num,
  user_liked: lenientArray(ownerSchema),
  can_comment: flag,
  total_comment: num,
  comments: lenientArray(commentSchema),
  can_delete: flag,
  can_share: flag,
});
export type ApiActivity = z.infer<typeof activitySchema>;

export const feedPageSchema = z.looseObject({
  count: num,
  next_id: num,
  first_id: num,
  end_of_feed: flag,
  items: lenientArray(activitySchema),
});
export type ApiFeedPage = z.infer<typeof feedPageSchema>;

export const updatesSchema = z.looseObject({ notification_count: num });

/** What POST /activities, /activities/share and (our extension) POST /core/comments answer. */
export const createdSchema = z.looseObject({ message: str, id: num });

export const messageSchema = z.looseObject({ message: str }).catch({ message: '' });

export const composeUploadSchema = z.looseObject({
  message: str,
  photo_id: id,
  album_id: num,
  src: str,
});
