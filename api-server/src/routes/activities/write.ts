import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import type { NewActivity } from '../../db/types.ts';
import { forbidden, invalidParam, missingParam } from '../../errors.ts';
import { checkUserExists } from '../../domain/owners.ts';
import { deleteItemTraces } from '../../domain/item-traces.ts';
import { getVisibleItem, ITEM_TYPES, shareView } from '../../domain/items.ts';
import { areFriends } from '../../domain/friendships.ts';
import { notify } from '../../domain/notifications.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { groupFlags } from '../../domain/groups.ts';
import { getVisibleGroup } from '../groups/access.ts';
import { bodyHtml } from '../../domain/text.ts';
import { linkCardOf, linkCardProperties } from '../../domain/link-card.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { getVisibleActivity } from './read.ts';
import { canDeleteActivity } from './present.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { transact } from '../../db/dialect.ts';
import { createActivity, deleteActivity, isOwnPhoto } from '../../data/activities.ts';
import { getVideo, postVideo } from '../../data/videos.ts';
import { getSong } from '../../data/songs.ts';
import { canSeeSong } from '../../domain/songs.ts';

const BODY_MAX = 5000;

const postSchema = {
  type: 'object',
  properties: {
    subject_type: { type: 'string', enum: ['user', 'group'] },
    subject_id: { type: 'integer', minimum: 1 },
    body: { type: 'string', maxLength: BODY_MAX },
    'attachment[type]': { type: 'string', enum: ['photo', 'link', 'music', 'video'] },
    'attachment[photo_id]': { type: 'integer', minimum: 1 },
    ...linkCardProperties,
    'attachment[song_id]': { type: 'integer', minimum: 1 },
    'attachment[video_id]': { type: 'integer', minimum: 1 },
  },
} as const;
type PostBody = Infer<typeof postSchema>;

const shareBody = {
  type: 'object',
  properties: {
    item_type: { type: 'string', enum: ITEM_TYPES },
    item_id: { type: 'integer', minimum: 1 },
    body: { type: 'string', maxLength: BODY_MAX },
  },
  required: ['item_type', 'item_id'],
} as const;

type AttachmentColumns = Pick<
  NewActivity,
  'attachment_type' | 'attachment_id' | 'link_uri' | 'link_title' | 'link_description' | 'link_thumb'
>;

export default async function activityWriteRoutes(app: FastifyInstance): Promise<void> {
  /** The attachment[...] fields as activity columns; undefined when none was sent. */
  async function attachmentOf(b: PostBody, me: number): Promise<AttachmentColumns | undefined> {
    const type = b['attachment[type]'];
    if (type === undefined) {
      const stray = Object.keys(b).find((k) => k.startsWith('attachment['));
      if (stray) throw missingParam('attachment[type]', `is required with ${stray}`);
      return undefined;
    }
    if (type === 'video') {
      const id = b['attachment[video_id]'];
      if (id === undefined) throw missingParam('attachment[video_id]');
      // One's own video (another's is passed on by POST /activities/share, under its own rules).
      const video = await getVideo(app.db, id);
      if (!video || video.owner_id !== me) {
        throw invalidParam('attachment[video_id]', 'must be the id of a video you added (POST /videos or /videos/compose_upload)');
      }
      if (video.status === 'conversion_failed') throw invalidParam('attachment[video_id]', 'is a video whose conversion failed');
      return { attachment_type: 'video', attachment_id: id };
    }
    if (type === 'photo') {
      const id = b['attachment[photo_id]'];
      if (id === undefined) throw missingParam('attachment[photo_id]');
      if (!(await isOwnPhoto(app.db, id, me))) throw invalidParam('attachment[photo_id]', 'must be the id of a photo you uploaded');
      return { attachment_type: 'photo', attachment_id: id };
    }
    if (type === 'music') {
      const id = b['attachment[song_id]'];
      if (id === undefined) throw missingParam('attachment[song_id]');
      // One may post a song one may see (its owner, one still converting).
      const song = await getSong(app.db, id);
      if (!song || !(await canSeeSong(viewerOf(app.db, me), song))) throw invalidParam('attachment[song_id]', 'is not a known song');
      return { attachment_type: 'music', attachment_id: id };
    }
    return linkCardOf(b);
  }

  /**
   * A post on a group's wall (issue 48; docs/api.md, "Groups"): who may post is the group's
   * auth_comment, checked in the transaction that writes it (a member removed meanwhile is refused).
   * It is public in its own rule: who sees it is the group's (domain/post-privacy.ts).
   */
  async function postOnGroupWall(me: number, groupId: number, text: string, attachment: AttachmentColumns | undefined) {
    const id = await transact(app.db, async (trx) => {
      const { group, membership } = await getVisibleGroup(trx, me, groupId);
      if (!groupFlags(group, me, membership).can_post) throw forbidden("You may not post on this group's wall.");
      return createActivity(trx, {
        owner_id: me,
        subject_type: 'group',
        subject_id: groupId,
        content: bodyHtml(text.trim()),
        auth_view: 'everyone',
        is_share: 0,
        created_at: now(),
        ...attachment,
      });
    });
    return { message: 'Your post was published.', id };
  }

  app.post<{ Body: PostBody }>(
    '/',
    {
      schema: {
        summary: "Post an activity, on one's own wall or (extensions) a friend's (subject_type=user) or a group's (subject_type=group)",
        body: postSchema,
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body ?? {};
      if (b.subject_type === 'group' && b.subject_id === undefined) throw missingParam('subject_id');
      const wall = b.subject_id ?? me;
      const attachment = await attachmentOf(b, me);
      const text = b.body ?? '';
      if (!text.trim() && !attachment) throw missingParam('body', 'is required unless an attachment is sent');
      if (b.subject_type === 'group') return { success: true, data: await postOnGroupWall(me, wall, text, attachment) };
      // Checked where it is written: a friendship ended meanwhile does not let the post through.
      const id = await transact(app.db, async (trx) => {
        // Posting on another wall: only on a friend's (docs/api.md, "Extensions": writing on a friend's wall).
        if (wall !== me) {
          await checkUserExists(trx, wall);
          if (!(await areFriends(trx, me, wall))) throw forbidden("You can only write on your own wall or a friend's.");
        }
        const t = now();
        const postId = await createActivity(trx, {
          owner_id: me,
          subject_type: 'user',
          subject_id: wall,
          content: bodyHtml(text.trim()),
          // The spec's POST /activities has no privacy field: posts are public.
          auth_view: 'everyone',
          is_share: 0,
          created_at: t,
          ...attachment,
        });
        // The video the post carries is listed from now on, with the title and description the post gives it (the origin's).
        if (attachment?.attachment_type === 'video') {
          const title = b['attachment[title]']?.trim();
          const description = b['attachment[description]']?.trim();
          await postVideo(trx, attachment.attachment_id!, { ...(title ? { title } : {}), ...(description ? { description } : {}) });
        }
        // The wall's owner hears of what a friend wrote there (deleting the post withdraws it).
        await notify(trx, {
          userId: wall,
          actorId: me,
          kind: 'wall_post',
          itemType: 'activity',
          itemId: postId,
          source: { type: 'activity', id: postId },
          at: t,
        });
        return postId;
      });
      return { success: true, data: { message: 'Your post was published.', id } };
    },
  );

  app.post<{ Body: Infer<typeof shareBody> }>(
    '/share',
    {
      schema: {
        summary: 'Share an item',
        body: shareBody,
      },
    },
    async (req) => {
      const me = userOf(req);
      const { item_type: type, item_id: id, body = '' } = req.body;
      const item = await getVisibleItem(app.db, app.config, viewerOf(app.db, me), type, id);
      // What only the owner or their friends may see is not passed on.
      const view = shareView(item);
      if (view === null) throw forbidden('This item cannot be shared.');
      const shareId = await createActivity(app.db, {
        owner_id: me,
        subject_type: 'user',
        subject_id: me,
        content: bodyHtml(body.trim()),
        auth_view: view,
        attachment_type: type,
        attachment_id: id,
        is_share: 1,
        created_at: now(),
      });
      await notify(app.db, {
        userId: item.ownerId,
        actorId: me,
        kind: 'share',
        itemType: type,
        itemId: id,
        source: { type: 'activity', id: shareId },
      });
      return { success: true, data: { message: 'The item was shared on your wall.', id: shareId } };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/:id',
    {
      schema: { summary: 'Delete an activity', params: idParams },
    },
    async (req) => {
      const viewer = viewerOf(app.db, req.auth.userId);
      const row = await getVisibleActivity(app.db, viewer, req.params.id);
      if (!(await canDeleteActivity(viewer, row))) {
        throw forbidden("Only its owner, the owner of the wall it is on or a group's officer may delete this activity.");
      }
      await transact(app.db, async (trx) => {
        await deleteItemTraces(trx, 'activity', [row.id]);
        await deleteActivity(trx, row.id);
      });
      return { success: true, data: { message: 'The activity was deleted.' } };
    },
  );
}
