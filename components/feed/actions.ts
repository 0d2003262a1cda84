'use server';

import * as z from 'zod/mini';
import { failure, invalid, invalidFields, withSession, type ActionResult } from '@/lib/server-action';
import {
  createActivity,
  deleteActivity,
  getActivity,
  getUpdates,
  listActivities,
  listNewerActivityIds,
  type Activity,
  type FeedPage,
  type FeedSubject,
} from '@/lib/social-api/activities';
import { editPhoto } from '@/lib/social-api/albums';
import { getSong, type SongStatus } from '@/lib/social-api/music';
import type { ComposedVideo } from '@/lib/social-api/videos';
import type { ComposeVideoLinkValues } from '@/lib/validations/video';
import { addPostVideoLinkCommand } from '@/lib/videos/commands';
import { activityCreateSchema, toComposeFieldErrors, toVideoPostFieldErrors, type ActivityCreateValues } from '@/lib/validations/activity';
import { idSchema } from '@/lib/validations/ids';

// The feed's own mutations and the reads its client components make after the first render
// (likes, comments, sharing and reports are the social layer's: components/social/actions.ts).

const subjectSchema = z.optional(idSchema);
/** The newest item a list has (0: none yet). */
const sinceSchema = z.number().check(z.int(), z.nonnegative());
/** Whose list: a group's wall (`groupId`), a member's (`wallId`), else the reader's feed. */
const subjectOf = (wallId: number | undefined, groupId?: number): FeedSubject =>
  groupId ? { type: 'group', id: groupId } : wallId ? { type: 'user', id: wallId } : undefined;

/** Older items of the feed (or of a wall) below `maxid`. */
export async function loadOlderActivities(input: { maxid: number; wallId?: number; groupId?: number }): Promise<ActionResult<FeedPage>> {
  const parsed = z.object({ maxid: idSchema, wallId: subjectSchema, groupId: subjectSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession<FeedPage>(async (s) => {
    const page = await listActivities(s.accessToken, {
      maxid: parsed.data.maxid,
      subject: subjectOf(parsed.data.wallId, parsed.data.groupId),
    });
    if (!page) return { ok: false, message: 'This wall is no longer there.' };
    return { ok: true, message: '', data: page };
  });
}

/** For the poll: ids of items newer than `minid` (at most 50) and the notification count. */
export async function checkForUpdates(input: {
  minid: number;
  wallId?: number;
  groupId?: number;
}): Promise<ActionResult<{ newIds: number[]; notificationCount: number }>> {
  const parsed = z.object({ minid: sinceSchema, wallId: subjectSchema, groupId: subjectSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const [newIds, updates] = await Promise.all([
      listNewerActivityIds(s.accessToken, parsed.data.minid, { subject: subjectOf(parsed.data.wallId, parsed.data.groupId) }),
      getUpdates(s.accessToken),
    ]);
    return { ok: true, message: '', data: { newIds, notificationCount: updates.notificationCount } };
  });
}

/** Every item newer than `minid` (up to 150), newest first, with the new first_id. */
export async function loadNewerActivities(input: {
  minid: number;
  wallId?: number;
  groupId?: number;
}): Promise<ActionResult<{ items: Activity[]; firstId: number }>> {
  const parsed = z.object({ minid: sinceSchema, wallId: subjectSchema, groupId: subjectSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const subject = subjectOf(parsed.data.wallId, parsed.data.groupId);
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

/** One activity, to put at the top of the feed (after the reader shared something). */
export async function loadActivity(input: { id: number }): Promise<ActionResult<Activity | null>> {
  const parsed = z.object({ id: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => ({ ok: true, message: '', data: (await getActivity(s.accessToken, parsed.data.id)) ?? null }));
}

export async function createPost(values: ActivityCreateValues & { wallId?: number; groupId?: number }): Promise<ActionResult<Activity>> {
  const parsed = activityCreateSchema.safeParse(values);
  if (!parsed.success) return invalidFields(parsed.error);
  const wallId = subjectSchema.safeParse(values.wallId).data;
  const groupId = subjectSchema.safeParse(values.groupId).data;
  const v = parsed.data;
  return withSession<Activity>(async (s) => {
    try {
      // The description goes onto the photo first: the post shows it as the photo's alt from its first render.
      if (v.photoId && v.photoDescription) await editPhoto(s.accessToken, v.photoId, { caption: v.photoDescription });
      const created = await createActivity(s.accessToken, {
        body: v.body,
        photoId: v.photoId,
        video: v.videoId ? { id: v.videoId, title: v.videoTitle, description: v.videoDescription } : undefined,
        songId: v.songId,
        link: v.linkUrl ? { url: v.linkUrl, title: v.linkTitle, description: v.linkDescription, thumbnail: v.linkThumb } : undefined,
        wallId: wallId && wallId !== s.userId ? wallId : undefined,
        groupId,
      });
      const activity = await getActivity(s.accessToken, created.id);
      if (!activity) return { ok: false, message: 'Your post was published, but it cannot be shown here. Reload the page to see it.' };
      return { ok: true, message: created.message || 'Your post was published.', data: activity };
    } catch (e) {
      return failure(e, v.videoId ? toVideoPostFieldErrors : toComposeFieldErrors, null);
    }
  });
}

/** A YouTube or Vimeo video for the post being written, by its address (lib/videos/commands.ts). */
export async function attachVideoLink(input: ComposeVideoLinkValues): Promise<ActionResult<ComposedVideo>> {
  return withSession((s) => addPostVideoLinkCommand(s.accessToken, input));
}

export async function deletePost(input: { activityId: number }): Promise<ActionResult> {
  const parsed = z.object({ activityId: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const message = await deleteActivity(s.accessToken, parsed.data.activityId);
    return { ok: true, message: message || 'The post was deleted.', data: undefined };
  });
}

/** The state of a song the compose box added (its conversion), read while it converts. */
export async function loadSongState(input: { id: number }): Promise<ActionResult<{ status: SongStatus; statusMessage: string }>> {
  const parsed = z.object({ id: idSchema }).safeParse(input);
  if (!parsed.success) return invalid();
  return withSession(async (s) => {
    const song = await getSong(s.accessToken, parsed.data.id);
    return { ok: true, message: '', data: { status: song.status, statusMessage: song.statusMessage } };
  });
}
