import type { FastifyInstance } from 'fastify';
import { listVideos } from '../../data/videos.ts';
import { countView } from '../../domain/views.ts';
import { checkCategory } from '../../domain/options.ts';
import { checkUserExists } from '../../domain/owners.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { forbidden } from '../../errors.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { countsView, countViewParam } from '../../http/read-routes.ts';
import { ffmpegAvailable } from '../../media/ffmpeg.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import {
  canEmbed,
  DETAIL_DEFAULTS,
  getVideoFor,
  getVisibleVideo,
  isVideoOwner,
  LIST_DEFAULTS,
  MY_DEFAULTS,
  presentVideos,
  VIDEO_ALLOWED,
  videoSrc,
  type VideoField,
} from './present.ts';
import { playerUrl, sendConvertedFile } from './player.ts';

const STATUSES = ['to_be_processed', 'being_processed', 'processed', 'conversion_failed'] as const;

const commonProperties = {
  keywords: { type: 'string', maxLength: 255 },
  sort: { type: 'string', enum: ['creation_date', 'view_count', 'rating'] },
  category_id: { type: 'integer', minimum: 1 },
  ...pagingQuery,
  fields: { type: 'string', maxLength: 400 },
} as const;
const listQuery = { type: 'object', properties: { ...commonProperties, user_id: { type: 'integer', minimum: 1 } } } as const;
const myQuery = { type: 'object', properties: { ...commonProperties, status: { type: 'string', enum: STATUSES } } } as const;
/** The origin's conversation_id: a video sent in a message is read through that conversation. */
const conversationParam = { conversation_id: { type: 'integer', minimum: 1 } } as const;
const detailQuery = {
  type: 'object',
  properties: { fields: { type: 'string', maxLength: 400 }, ...conversationParam, ...countViewParam },
} as const;
const fileQuery = { type: 'object', properties: conversationParam } as const;

/** The origin's page sizes: 12 on the list, 10 on one's own. */
const LIST_LIMIT = 12;

/** The origin's ids of the kinds a video may be added as (support_types). */
const SUPPORT_TYPES = [
  { id: 1, title: 'YouTube' },
  { id: 2, title: 'Vimeo' },
] as const;
const UPLOAD_TYPE = { id: 3, title: 'Upload' } as const;

export default async function videoReadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/',
    { schema: { summary: "The videos the reader may see (one member's with user_id)", querystring: listQuery } },
    async (req) => {
      const q = req.query;
      const fields = parseFields(q.fields, VIDEO_ALLOWED, 'fields', LIST_DEFAULTS) as VideoField[];
      const viewer = viewerOf(app.db, req.auth.userId);
      await checkCategory(app.db, 'video', q.category_id);
      if (q.user_id !== undefined) await checkUserExists(app.db, q.user_id);
      const { limit, offset } = paging(q, LIST_LIMIT);
      const rows = await listVideos(app.db, {
        me: viewer.userId,
        mine: false,
        userId: q.user_id,
        categoryId: q.category_id,
        keywords: q.keywords?.trim(),
        sort: q.sort,
        limit,
        offset,
      });
      return { success: true, data: await presentVideos(app.db, app.config, viewer, rows, fields) };
    },
  );

  app.get<{ Querystring: Infer<typeof myQuery> }>(
    '/my',
    { schema: { summary: "The reader's own videos, in every status (or in one: status)", querystring: myQuery } },
    async (req) => {
      const q = req.query;
      const me = userOf(req);
      const fields = parseFields(q.fields, VIDEO_ALLOWED, 'fields', MY_DEFAULTS) as VideoField[];
      await checkCategory(app.db, 'video', q.category_id);
      const { limit, offset } = paging(q);
      const rows = await listVideos(app.db, {
        me,
        mine: true,
        categoryId: q.category_id,
        keywords: q.keywords?.trim(),
        status: q.status,
        sort: q.sort,
        limit,
        offset,
      });
      return { success: true, data: await presentVideos(app.db, app.config, viewerOf(app.db, me), rows, fields) };
    },
  );

  app.get(
    '/support_types',
    { schema: { summary: 'The kinds of video one may add: YouTube, Vimeo, and Upload where this server converts' } },
    async (req) => {
      userOf(req);
      const upload = await ffmpegAvailable(app.config.ffmpegPath);
      return { success: true, data: upload ? [...SUPPORT_TYPES, UPLOAD_TYPE] : [...SUPPORT_TYPES] };
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    { schema: { summary: 'One video (counts a view)', params: idParams, querystring: detailQuery } },
    async (req) => {
      const fields = parseFields(req.query.fields, VIDEO_ALLOWED, 'fields', DETAIL_DEFAULTS) as VideoField[];
      const viewer = viewerOf(app.db, req.auth.userId);
      const conversationId = req.query.conversation_id;
      const row = await getVideoFor(app.db, viewer, req.params.id, conversationId);
      if (!isVideoOwner(viewer, row) && countsView(req.query)) {
        await countView(app.db, 'videos', row.id);
        row.view_count += 1;
      }
      const [video] = await presentVideos(app.db, app.config, viewer, [row], fields, conversationId);
      return { success: true, data: video };
    },
  );

  app.get<{ Params: IdParams }>(
    '/:id/embed',
    { schema: { summary: "The HTML that embeds a video's player elsewhere", params: idParams } },
    async (req) => {
      const row = await getVisibleVideo(app.db, viewerOf(app.db, req.auth.userId), req.params.id);
      if (!canEmbed(row)) throw forbidden('Only a video everyone may see can be embedded.');
      // An upload's player is this API's own page, which needs no token (player.ts).
      const src = row.type === 'upload' ? playerUrl(app.config, row.id) : videoSrc(app.config, row);
      const width = row.width ?? 560;
      const height = row.height ?? 315;
      const code = `<iframe src="${src}" width="${width}" height="${height}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
      return { success: true, data: { code } };
    },
  );

  // The converted file of an uploaded video, after the reader's right to see the video is checked;
  // with Range, so that a player seeks (storage/videos.ts).
  app.get<{ Params: IdParams; Querystring: Infer<typeof fileQuery> }>(
    '/:id/file',
    {
      schema: {
        summary: "An uploaded video's file (MP4), with HTTP ranges",
        params: idParams,
        querystring: fileQuery,
      },
    },
    async (req, reply) => {
      const row = await getVideoFor(app.db, viewerOf(app.db, req.auth.userId), req.params.id, req.query.conversation_id);
      return sendConvertedFile(app, req, reply, row.file_key);
    },
  );
}
