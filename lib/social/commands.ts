import type { ActionResult } from '@/lib/action-result';
import { invalid, invalidFields } from '@/lib/server-action';
import { shareItem } from '@/lib/social-api/activities';
import {
  addComment,
  deleteComment,
  likeItem,
  listComments,
  listLikers,
  listReportTypes,
  reportItem,
  unlikeItem,
  type Comment,
  type ReportType,
} from '@/lib/social-api/core';
import type { Who } from '@/lib/social-api/users';
import {
  COMMENTS_PAGE_SIZE,
  LIKERS_PAGE_SIZE,
  commentCreateSchema,
  commentDeleteSchema,
  itemPageSchema,
  likeSetSchema,
  reportCreateSchema,
  shareCreateSchema,
} from '@/lib/validations/social';

// The social layer's work, for any item type, given an access token: each command checks its
// input with the same schema the browser used (nothing reaches the API otherwise) and answers
// what the interface shows. components/social/actions.ts runs them for the signed-in person;
// the tests run them against the real API.

type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/** A request no form of ours sends: says which part is wrong when it is the item's type. */
function refused(error: Issues): ActionResult<never> {
  const typeIssue = error.issues.find((i) => i.path[0] === 'item' && i.path[1] === 'type');
  return invalid(typeIssue ? typeIssue.message : undefined);
}

export async function setLikeCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = likeSetSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error);
  const { item, commentId, like } = parsed.data;
  const message = like ? await likeItem(token, item, commentId) : await unlikeItem(token, item, commentId);
  return { ok: true, message, data: undefined };
}

/** A page of the people who like an item; `more` when another page may follow. */
export async function listLikersCommand(token: string, input: unknown): Promise<ActionResult<{ people: Who[]; more: boolean }>> {
  const parsed = itemPageSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error);
  const people = await listLikers(token, parsed.data.item, { page: parsed.data.page, limit: LIKERS_PAGE_SIZE });
  return { ok: true, message: '', data: { people, more: people.length === LIKERS_PAGE_SIZE } };
}

/** A page of comments: page 1 is the newest, each page oldest first. */
export async function listCommentsCommand(token: string, input: unknown): Promise<ActionResult<Comment[]>> {
  const parsed = itemPageSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error);
  const comments = await listComments(token, parsed.data.item, { page: parsed.data.page, limit: COMMENTS_PAGE_SIZE });
  return { ok: true, message: '', data: comments };
}

export async function addCommentCommand(token: string, userId: number, input: unknown): Promise<ActionResult<Comment>> {
  const parsed = commentCreateSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.some((i) => i.path[0] === 'body')
      ? invalidFields(parsed.error, 'Check the comment.')
      : refused(parsed.error);
  }
  const { item, body } = parsed.data;
  const added = await addComment(token, item, body);
  // The API answers the new comment's id (an extension); the newest page holds the comment as
  // the API stores it, with its date. A server without the id: the viewer's latest with this text.
  const newest = await listComments(token, item, { page: 1, limit: COMMENTS_PAGE_SIZE });
  const comment = newest.find((c) => c.id === added.id) ?? newest.filter((c) => c.author.id === userId && c.text === body).at(-1);
  if (!comment) return { ok: false, message: 'Your comment was added, but it cannot be shown here. Reload the page to see it.' };
  return { ok: true, message: added.message || 'Your comment was added.', data: comment };
}

export async function deleteCommentCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = commentDeleteSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error);
  const message = await deleteComment(token, parsed.data.item, parsed.data.commentId);
  return { ok: true, message: message || 'The comment was deleted.', data: undefined };
}

/** Shares an item on the reader's wall; answers the new activity's id. */
export async function shareCommand(token: string, input: unknown): Promise<ActionResult<{ activityId: number }>> {
  const parsed = shareCreateSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.some((i) => i.path[0] === 'body')
      ? invalidFields(parsed.error, 'Check the message.')
      : refused(parsed.error);
  }
  const shared = await shareItem(token, parsed.data.item, parsed.data.body);
  return { ok: true, message: shared.message || 'Shared on your wall.', data: { activityId: shared.id } };
}

export async function listReportTypesCommand(token: string): Promise<ActionResult<ReportType[]>> {
  return { ok: true, message: '', data: await listReportTypes(token) };
}

export async function reportCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = reportCreateSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.some((i) => i.path[0] === 'type' || i.path[0] === 'description')
      ? invalidFields(parsed.error, 'Check the report.')
      : refused(parsed.error);
  }
  const { item, commentId, type, description } = parsed.data;
  const message = await reportItem(token, item, { type, description, commentId });
  return { ok: true, message: message || 'Thank you. Your report was sent.', data: undefined };
}
