import type { FastifyInstance } from 'fastify';
import { deleteVideo, rateVideo, updateVideo } from '../../data/videos.ts';
import { checkCategory, privacyParam } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { forbidden, missingParam } from '../../errors.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage } from '../../storage/images.ts';
import { deleteVideoFiles } from '../../storage/videos.ts';
import { getVisibleVideo, isVideoOwner } from './present.ts';
import { optionalTitle } from '../../http/text.ts';
import { DESCRIPTION_MAX, linkSource, storeVideo, TITLE_MAX, uploadSource } from './source.ts';

const settingProperties = {
  title: { type: 'string', maxLength: TITLE_MAX },
  description: { type: 'string', maxLength: DESCRIPTION_MAX },
  tags: { type: 'string', maxLength: 1000 },
  category_id: { type: 'integer', minimum: 1 },
  allow_search: { type: 'integer', enum: [0, 1] },
  auth_view: privacyParam,
  auth_comment: privacyParam,
} as const;

const newVideo = {
  type: 'object',
  properties: {
    ...settingProperties,
    type: { type: 'string', enum: ['youtube', 'vimeo', 'upload'] },
    url: { type: 'string', maxLength: 2048 },
    Filedata: {},
  },
  required: ['type'],
} as const;
const videoEdit = { type: 'object', properties: settingProperties } as const;
const rateForm = {
  type: 'object',
  properties: { video_id: { type: 'integer', minimum: 1 }, rating: { type: 'integer', minimum: 1, maximum: 5 } },
  required: ['video_id', 'rating'],
} as const;

export default async function videoWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Infer<typeof newVideo> }>(
    '/',
    {
      // Streamed to disk as it comes, up to VIDEO_MAX_BYTES (http/multipart.ts).
      config: { files: ['Filedata'], spool: { limit: 'videoMaxBytes' } },
      schema: { summary: 'Add a video: a YouTube or Vimeo link (url), or an upload (Filedata) to be converted', body: newVideo },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const title = optionalTitle(b.title);
      const description = b.description?.trim() ?? '';
      await checkCategory(app.db, 'video', b.category_id);
      const settings = {
        category_id: b.category_id ?? null,
        allow_search: b.allow_search ?? 1,
        auth_view: b.auth_view ?? 'everyone',
        auth_comment: b.auth_comment ?? 'everyone',
      } as const;
      let id: number;
      if (b.type === 'upload') {
        if (title === undefined) throw missingParam('title');
        const upload = await uploadSource(app, b.Filedata);
        id = await storeVideo(app, {
          ownerId: me,
          values: { ...settings, title, description },
          source: { type: 'upload' },
          upload,
          tags: b.tags,
        });
      } else {
        const link = await linkSource(app, { type: b.type, url: b.url, title, description });
        id = await storeVideo(app, {
          ownerId: me,
          values: { ...settings, title: link.title, description: link.description },
          source: link.source,
          tags: b.tags,
        });
      }
      return { success: true, data: { video_id: id } };
    },
  );

  app.post<{ Params: IdParams; Body: Infer<typeof videoEdit> }>(
    '/:id',
    { schema: { summary: 'Edit a video', params: idParams, body: videoEdit } },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const row = await getVisibleVideo(app.db, viewer, req.params.id);
      if (!isVideoOwner(viewer, row)) throw forbidden('Only its owner may edit this video.');
      const b = req.body ?? {};
      const title = optionalTitle(b.title);
      await checkCategory(app.db, 'video', b.category_id);
      await updateVideo(app.db, {
        id: row.id,
        values: {
          ...(title !== undefined ? { title } : {}),
          ...(b.description !== undefined ? { description: b.description.trim() } : {}),
          ...(b.category_id !== undefined ? { category_id: b.category_id } : {}),
          ...(b.allow_search !== undefined ? { allow_search: b.allow_search } : {}),
          ...(b.auth_view !== undefined ? { auth_view: b.auth_view } : {}),
          ...(b.auth_comment !== undefined ? { auth_comment: b.auth_comment } : {}),
        },
        tags: b.tags,
      });
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { schema: { summary: 'Delete a video', params: idParams } }, async (req) => {
    const me = userOf(req);
    const viewer = viewerOf(app.db, me);
    const row = await getVisibleVideo(app.db, viewer, req.params.id);
    if (!isVideoOwner(viewer, row)) throw forbidden('Only its owner may delete this video.');
    const posterKey = await deleteVideo(app.db, row.id);
    // Files go once the rows are gone for good (a conversion under way finds its video gone, and removes its own).
    await deleteImage(app.config.dataDir, posterKey);
    await deleteVideoFiles(app.config.dataDir, row.id);
    return { success: true, data: { message: 'Video has been deleted.' } };
  });

  app.post<{ Body: Infer<typeof rateForm> }>(
    '/rate',
    { schema: { summary: 'Rate a video, 1 to 5, once', body: rateForm } },
    async (req) => {
      const me = userOf(req);
      const row = await getVisibleVideo(app.db, viewerOf(app.db, me), req.body.video_id);
      const total = await rateVideo(app.db, { videoId: row.id, userId: me, rating: req.body.rating });
      if (total === null) throw forbidden('You already rated this video.');
      return { success: true, data: { total } };
    },
  );
}
