import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { badRequest, forbidden, invalidParam, invalidParams, notFound } from '../../errors.ts';
import { blockRefusal } from '../../domain/blocks.ts';
import { deleteNotificationsOf, notify } from '../../domain/notifications.ts';
import { getOwnerSummaries } from '../../domain/owners.ts';
import { viewerOf, type Viewer } from '../../domain/privacy.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { canTagPhoto, canViewPhoto, getVisiblePhoto, loadPhoto, type PhotoInAlbum } from '../albums/access.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { transact } from '../../db/dialect.ts';
import { extension } from '../../openapi/marks.ts';
import { createPhotoTag, deleteTag, getTagOn, listPhotoTaggedUsers, listPhotoTags } from '../../data/tags.ts';
import { getMemberName } from '../../data/users.ts';

/** Photos are the only subject tags are drawn on (the site has no other tag subject). */
const subjectProperties = {
  subject_type: { type: 'string', enum: ['photo'] },
  subject_id: { type: 'integer', minimum: 1 },
} as const;

const subjectQuery = { type: 'object', properties: subjectProperties, required: ['subject_type', 'subject_id'] } as const;

const LABEL_MAX = 100;
/** A photo holds at most this many tags. */
const MAX_TAGS = 100;

const tagBody = {
  type: 'object',
  properties: {
    ...subjectProperties,
    'extra[x]': { type: 'integer', minimum: 0 },
    'extra[y]': { type: 'integer', minimum: 0 },
    'extra[w]': { type: 'integer', minimum: 1 },
    'extra[h]': { type: 'integer', minimum: 1 },
    user_id: { type: 'integer', minimum: 1 },
    label: { type: 'string', maxLength: LABEL_MAX },
  },
  required: ['subject_type', 'subject_id', 'extra[x]', 'extra[y]', 'extra[w]', 'extra[h]'],
} as const;

interface TagRow {
  id: number;
  tagger_id: number;
  user_id: number | null;
}

/** The tagger, the owner of the photo and the tagged user may remove a tag. */
function canDeleteTag(viewer: Viewer, p: PhotoInAlbum, tag: TagRow): boolean {
  const me = viewer.userId;
  return me !== null && (me === tag.tagger_id || me === p.photo.owner_id || me === tag.user_id);
}

export default async function tagRoutes(app: FastifyInstance): Promise<void> {
  // Our extension: the tags of a photo, so that clients can draw them (areas in pixels of the
  // original image, which is the photo's `img`).
  app.get<{ Querystring: Infer<typeof subjectQuery> }>(
    '/tags',
    {
      schema: {
        summary: 'The tags on a photo',
        ...extension('The spec shows how to add and remove tags, not how to read them.'),
        querystring: subjectQuery,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, req.auth.userId);
      const p = await getVisiblePhoto(app.db, viewer, req.query.subject_id);
      const rows = await listPhotoTags(app.db, p.photo.id);
      const users = await getOwnerSummaries(
        app.db,
        app.config,
        rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
      );
      return {
        success: true,
        data: rows.map((r) => ({
          id: r.id,
          ...(r.user_id !== null && users.has(r.user_id) ? { user: users.get(r.user_id) } : {}),
          ...(r.label !== null ? { label: r.label } : {}),
          extra: { x: r.x, y: r.y, w: r.w, h: r.h },
          can_delete: canDeleteTag(viewer, p, r),
        })),
      };
    },
  );

  app.post<{ Body: Infer<typeof tagBody> }>(
    '/tags',
    {
      schema: {
        summary: 'Tag a photo: a member or a label, on an area',
        body: tagBody,
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const label = b.label?.trim();
      // A tag names a user or carries a text label: exactly one of the two.
      if (b.user_id === undefined && !label) {
        throw invalidParams([
          { name: 'user_id', message: 'is required when tagging a user (or send label)', error_text: 'missing_parameter' },
          { name: 'label', message: 'is required when tagging by text (or send user_id)', error_text: 'missing_parameter' },
        ]);
      }
      if (b.user_id !== undefined && label)
        throw invalidParam('label', 'send either user_id (tag a user) or label (tag by text), not both');
      const viewer = viewerOf(app.db, me);
      const p = await getVisiblePhoto(app.db, viewer, b.subject_id);
      if (!(await canTagPhoto(viewer, p))) throw forbidden('You may not tag this photo.');
      const { width, height } = p.photo;
      const outside = [];
      if (b['extra[x]'] + b['extra[w]'] > width)
        outside.push({
          name: 'extra[w]',
          message: `x + w must not exceed the photo's width (${width})`,
          error_text: 'invalid_parameter' as const,
        });
      if (b['extra[y]'] + b['extra[h]'] > height)
        outside.push({
          name: 'extra[h]',
          message: `y + h must not exceed the photo's height (${height})`,
          error_text: 'invalid_parameter' as const,
        });
      if (outside.length) throw invalidParams(outside);
      if (b.user_id !== undefined) {
        const user = await getMemberName(app.db, b.user_id);
        if (!user) throw invalidParam('user_id', 'is not a known user');
        // A block stops tags both ways (docs/api.md, "Messages").
        const blocked = await blockRefusal(app.db, me, user, 'tag');
        if (blocked) throw forbidden(blocked);
      }
      const id = await transact(app.db, async (trx) => {
        const existing = await listPhotoTaggedUsers(trx, p.photo.id);
        if (existing.length >= MAX_TAGS) throw badRequest(`A photo holds at most ${MAX_TAGS} tags.`);
        if (b.user_id !== undefined && existing.some((e) => e.user_id === b.user_id))
          throw invalidParam('user_id', 'is already tagged in this photo');
        const tagId = await createPhotoTag(trx, {
          photoId: p.photo.id,
          taggerId: me,
          userId: b.user_id ?? null,
          label: b.user_id === undefined ? label! : null,
          area: { x: b['extra[x]'], y: b['extra[y]'], w: b['extra[w]'], h: b['extra[h]'] },
          at: now(),
        });
        if (b.user_id !== undefined) {
          await notify(trx, {
            userId: b.user_id,
            actorId: me,
            kind: 'tag',
            itemType: 'photo',
            itemId: p.photo.id,
            source: { type: 'tag', id: tagId },
          });
        }
        return tagId;
      });
      return { success: true, data: { id } };
    },
  );

  app.delete<{ Params: IdParams; Querystring: Infer<typeof subjectQuery> }>(
    '/tags/:id',
    {
      schema: {
        summary: 'Remove a tag',
        params: idParams,
        querystring: subjectQuery,
      },
    },
    async (req) => {
      const viewer = viewerOf(app.db, userOf(req));
      const tag = await getTagOn(app.db, { id: req.params.id, subjectType: req.query.subject_type, subjectId: req.query.subject_id });
      const p = tag ? await loadPhoto(app.db, req.query.subject_id) : undefined;
      if (!tag || !p) throw notFound('The tag was not found on this photo.');
      // The tagged user may remove their tag even from a photo they can no longer see.
      if (!canDeleteTag(viewer, p, tag)) {
        if (!(await canViewPhoto(viewer, p))) throw notFound('The tag was not found on this photo.');
        throw forbidden('Only the tagger, the owner of the photo or the tagged user may remove this tag.');
      }
      await transact(app.db, async (trx) => {
        await deleteTag(trx, tag.id);
        await deleteNotificationsOf(trx, 'tag', [tag.id]);
      });
      return { success: true };
    },
  );
}
