'use server';

import { z } from 'zod';
import { getSession } from '@/lib/auth/session';
import {
  createActivity,
  deleteActivity,
  getActivity,
  getUpdates,
  listActivities,
  listNewerActivityIds,
  shareItem,
  toComposeFieldErrors,
  type Activity,
  type FeedPage,
  type FeedSubject,
} from '@/lib/social-api/activities';
import { addComment, deleteComment, likeItem, listComments, listLikers, unlikeItem, type Comment } from '@/lib/social-api/core';
import { isApiError } from '@/lib/social-api/errors';
import type { Person } from '@/lib/social-api/users';
import {
  activityCreateSchema,
  activityShareSchema,
  COMMENTS_PAGE_SIZE,
  commentCreateSchema,
  fieldErrorsOf,
  type ActivityCreateValues,
  type ActivityShareValues,
  type CommentCreateValues,
} from '@/lib/validations/activity';

// The feed's mutations and the reads its client components make after the first render.
// Each one is a public POST endpoint (Next checks its Origin): it re-reads the session,
// re-validates its input with the form's own schema, and answers only what the UI shows.

export type ActionResult<T = undefined> =
  | { ok: true; message: string; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; signedOut?: boolean };

type Session = NonNullable<Awaited<ReturnType<typeof getSession>>>;

const SIGNED_OUT = 'You are signed out. Sign in again to continue.';

function failure(e: unknown): ActionResult<never> {
  if (isApiError(e)) {
    if (e.status === 401) return { ok: false, message: SIGNED_OUT, signedOut: true };
    return { ok: false, message: e.message, fieldErrors: e.fieldErrors };
  }
  // Anything else is our bug or an unexpected answer: logged here, never shown raw.
  console.error('[feed action]', e);
  return { ok: false, message: 'Something went wrong. Please try again.' };
}

async function withSession<T>(run: (session: Session) => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  let session: Session | null;
  try {
    session = await getSession();
  } catch (e) {
    return failure(e);
  }
  if (!session) return { ok: false, message: SIGNED_OUT, signedOut: true };
  try {
    return await run(session);
  } catch (e) {
    return failure(e);
  }
}

const idSchema = z.coerce.number().int().positive();
const subjectSchema = z.number().int().positive().optional();
const subjectOf = (wallId: number | undefined): FeedSubject => (wallId ? { type: 'user', id: wallId } : undefined);

function invalid(): ActionResult<never> {
  return { ok: false, message: 'That request was not understood. Reload the page and try again.' };
}

/** Older items of the feed (or of a wall) below `maxid`. */
export async function loadOlderActivities(input: { maxid: number; wallId?: number }): Promise<ActionResult<FeedPage>> {
  const parsed = z.object({ maxid: idSchema, wallId: subjectSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession<FeedPage>(async (s) => {
    const page = await listActivities(s.accessToken, { maxid: parsed.data.maxid, subject: subjectOf(parsed.data.wallId) });
    if (!page) return { ok: false, message: 'This wall is no longer there.' };
    return { ok: true, message: '', data: page };
  });
}

/** For the poll: ids of items newer than `minid` (at most 50) and the notification count. */
export async function checkForUpdates(input: { minid: number; wallId?: number }): Promise<ActionResult<{ newIds: number[]; notificationCount: number }>> {
  const parsed = z.object({ minid: z.number().int().nonnegative(), wallId: subjectSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const [newIds, updates] = await Promise.all([
      listNewerActivityIds(s.accessToken, parsed.data.minid, { subject: subjectOf(parsed.data.wallId) }),
      getUpdates(s.accessToken),
    ]);
    return { ok: true, message: '', data: { newIds, notificationCount: updates.notificationCount } };
  });
}

/** Every item newer than `minid` (up to 150), newest first, with the new first_id. */
export async function loadNewerActivities(input: { minid: number; wallId?: number }): Promise<ActionResult<{ items: Activity[]; firstId: number }>> {
  const parsed = z.object({ minid: z.number().int().nonnegative(), wallId: subjectSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const subject = subjectOf(parsed.data.wallId);
    let minid = parsed.data.minid;
    const items: Activity[] = [];
    // With minid the API answers the oldest of the newer items first (so that nothing is
    // skipped); walk up until a page comes back short.
    for (let round = 0; round < 3; round += 1) {
      const page = await listActivities(s.accessToken, { minid, subject, limit: 50 });
      if (!page) break;
      items.unshift(...page.items);
      if (page.items.length) minid = Math.max(minid, page.firstId);
      if (page.items.length < 50) break;
    }
    return { ok: true, message: '', data: { items, firstId: minid } };
  });
}

export async function createPost(values: ActivityCreateValues & { wallId?: number }): Promise<ActionResult<Activity>> {
  const parsed = activityCreateSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, message: 'Check the highlighted fields.', fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const wallId = subjectSchema.safeParse(values.wallId).data;
  const v = parsed.data;
  return withSession<Activity>(async (s) => {
    try {
      const created = await createActivity(s.accessToken, {
        body: v.body,
        photoId: v.photoId,
        link: v.linkUrl ? { url: v.linkUrl, title: v.linkTitle, description: v.linkDescription } : undefined,
        wallId: wallId && wallId !== s.userId ? wallId : undefined,
      });
      const activity = await getActivity(s.accessToken, created.id);
      if (!activity) return { ok: false, message: 'Your post was published, but it cannot be shown here. Reload the page to see it.' };
      return { ok: true, message: created.message || 'Your post was published.', data: activity };
    } catch (e) {
      if (isApiError(e) && Object.keys(e.fieldErrors).length) {
        return { ok: false, message: e.message, fieldErrors: toComposeFieldErrors(e.fieldErrors) };
      }
      throw e;
    }
  });
}

export async function deletePost(input: { activityId: number }): Promise<ActionResult> {
  const parsed = z.object({ activityId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const message = await deleteActivity(s.accessToken, parsed.data.activityId);
    return { ok: true, message: message || 'The post was deleted.', data: undefined };
  });
}

export async function sharePost(values: ActivityShareValues): Promise<ActionResult<Activity | null>> {
  const parsed = activityShareSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, message: 'Check the message.', fieldErrors: fieldErrorsOf(parsed.error) };
  }
  return withSession(async (s) => {
    const shared = await shareItem(s.accessToken, { itemType: 'activity', itemId: parsed.data.activityId }, parsed.data.body);
    const activity = (await getActivity(s.accessToken, shared.id)) ?? null;
    return { ok: true, message: shared.message || 'Shared on your wall.', data: activity };
  });
}

/** Likes or unlikes an activity, or one of its comments. */
export async function setLike(input: { activityId: number; commentId?: number; like: boolean }): Promise<ActionResult> {
  const parsed = z.object({ activityId: idSchema, commentId: idSchema.optional(), like: z.boolean() }).safeParse(input);
  if (!parsed.success) return invalid();
  const { activityId, commentId, like } = parsed.data;
  return withSession(async (s) => {
    const item = { itemType: 'activity' as const, itemId: activityId };
    const message = like ? await likeItem(s.accessToken, item, commentId) : await unlikeItem(s.accessToken, item, commentId);
    return { ok: true, message, data: undefined };
  });
}

export async function loadLikers(input: { activityId: number }): Promise<ActionResult<Person[]>> {
  const parsed = z.object({ activityId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const people = await listLikers(s.accessToken, { itemType: 'activity', itemId: parsed.data.activityId }, { limit: 50 });
    return { ok: true, message: '', data: people };
  });
}

/** A page of comments: page 1 is the newest, each page oldest first. */
export async function loadComments(input: { activityId: number; page: number }): Promise<ActionResult<Comment[]>> {
  const parsed = z.object({ activityId: idSchema, page: z.number().int().min(1).max(1000) }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const comments = await listComments(
      s.accessToken,
      { itemType: 'activity', itemId: parsed.data.activityId },
      { page: parsed.data.page, limit: COMMENTS_PAGE_SIZE },
    );
    return { ok: true, message: '', data: comments };
  });
}

export async function addCommentToPost(values: CommentCreateValues): Promise<ActionResult<Comment>> {
  const parsed = commentCreateSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, message: 'Check the comment.', fieldErrors: fieldErrorsOf(parsed.error) };
  }
  return withSession<Comment>(async (s) => {
    const item = { itemType: 'activity' as const, itemId: parsed.data.activityId };
    const added = await addComment(s.accessToken, item, parsed.data.body);
    // The API answers the new comment's id (an extension); the newest page holds the comment
    // as the API stores it, with its date.
    const newest = await listComments(s.accessToken, item, { page: 1, limit: COMMENTS_PAGE_SIZE });
    const comment =
      newest.find((c) => c.id === added.id) ??
      newest.filter((c) => c.author.id === s.userId && c.text === parsed.data.body).at(-1);
    if (!comment) return { ok: false, message: 'Your comment was added, but it cannot be shown here. Reload the page to see it.' };
    return { ok: true, message: added.message || 'Your comment was added.', data: comment };
  });
}

export async function deleteCommentFromPost(input: { activityId: number; commentId: number }): Promise<ActionResult> {
  const parsed = z.object({ activityId: idSchema, commentId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const message = await deleteComment(s.accessToken, { itemType: 'activity', itemId: parsed.data.activityId }, parsed.data.commentId);
    return { ok: true, message: message || 'The comment was deleted.', data: undefined };
  });
}
