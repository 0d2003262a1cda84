// zod/mini: these schemas run in the browser too (see activity.ts for why not the full zod).
import * as z from 'zod/mini';
import { idSchema as id } from './ids.ts';
import { ITEM_TYPES } from '../social-api/items.ts';
import { COMMENTS_PAGE_SIZE, REPORT_DESCRIPTION_MAX, SOCIAL_BODY_MAX } from './limits.ts';

// The social layer's inputs, one schema each, for every item type: the browser checks with
// them before sending and the server actions check again (the browser is never trusted).

export { COMMENTS_PAGE_SIZE, REPORT_DESCRIPTION_MAX, SOCIAL_BODY_MAX };
/** People in the "who liked" dialog, a page at a time. */
export const LIKERS_PAGE_SIZE = 20;

const page = z.number().check(z.int(), z.minimum(1), z.maximum(10_000));

const itemRefSchema = z.object({
  type: z.enum(ITEM_TYPES, 'This kind of item cannot be liked, commented on, shared or reported.'),
  id,
});

export const likeSetSchema = z.object({ item: itemRefSchema, commentId: z.optional(id), like: z.boolean() });
export type LikeSetValues = z.input<typeof likeSetSchema>;

export const itemPageSchema = z.object({ item: itemRefSchema, page });
export type ItemPageValues = z.input<typeof itemPageSchema>;

export const commentCreateSchema = z.object({
  item: itemRefSchema,
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write a comment first.'),
      z.maxLength(SOCIAL_BODY_MAX, `Keep it under ${SOCIAL_BODY_MAX} characters.`),
    ),
});
export type CommentCreateValues = z.input<typeof commentCreateSchema>;

export const commentDeleteSchema = z.object({ item: itemRefSchema, commentId: id });
export type CommentDeleteValues = z.input<typeof commentDeleteSchema>;

export const shareCreateSchema = z.object({
  item: itemRefSchema,
  body: z._default(z.string().check(z.trim(), z.maxLength(SOCIAL_BODY_MAX, `Keep it under ${SOCIAL_BODY_MAX} characters.`)), ''),
});
export type ShareCreateValues = z.input<typeof shareCreateSchema>;

/** What can be reported: an item, or a message of a conversation the reader is in. */
const reportTargetSchema = z.object({
  type: z.enum([...ITEM_TYPES, 'message'], 'This kind of item cannot be reported.'),
  id,
});

/** A report on an item (or a message) or, with commentId, on one of its comments. */
export const reportCreateSchema = z.object({
  item: reportTargetSchema,
  commentId: z.optional(id),
  type: z.string().check(z.trim(), z.minLength(1, 'Choose what is wrong.'), z.maxLength(64, 'Choose what is wrong.')),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Say in a few words what is wrong.'),
      z.maxLength(REPORT_DESCRIPTION_MAX, `Keep it under ${REPORT_DESCRIPTION_MAX} characters.`),
    ),
});
export type ReportCreateValues = z.input<typeof reportCreateSchema>;
