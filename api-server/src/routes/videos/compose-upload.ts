import type { FastifyInstance } from 'fastify';
import type { Privacy } from '../../db/types.ts';
import { notFound } from '../../errors.ts';
import type { Infer } from '../../http/schemas.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { imageUrl } from '../../storage/images.ts';
import { getVideo } from '../../data/videos.ts';
import { optionalTitle } from '../../http/text.ts';
import { DESCRIPTION_MAX, linkSource, storeVideo, TITLE_MAX, uploadSource } from './source.ts';

// POST /videos/compose_upload (origin path; docs/api.md, "Videos"): a video for something being
// written, which the post (attachment[type]=video on POST /activities) or the message then carries
// by its id. Until a post carries it, it is in no list and no search (migration 021's `unlisted`);
// one for a message stays so, its owner's alone, and is seen by the conversation's members through
// it (GET /videos/{id}?conversation_id=).

/** Who sees a video of each composer: a post's, everyone (as the origin's); a message's, its owner (and the conversation). */
const VIEW_OF: Record<'wall' | 'message', Privacy> = { wall: 'everyone', message: 'owner' };

const composeUpload = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['upload', 'youtube', 'vimeo'], default: 'upload' },
    Filedata: {},
    url: { type: 'string', maxLength: 2048 },
    // The origin's name of the link.
    uri: { type: 'string', maxLength: 2048 },
    title: { type: 'string', maxLength: TITLE_MAX },
    description: { type: 'string', maxLength: DESCRIPTION_MAX },
    c_type: { type: 'string', enum: ['wall', 'message'], default: 'wall' },
  },
} as const;

/** The title an upload gets when none is sent: its file's name without the extension. */
function titleOfFile(filename: string): string {
  return filename.replace(/\.[^.]*$/, '').trim() || 'Video';
}

export default async function videoComposeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Infer<typeof composeUpload> }>(
    '/compose_upload',
    {
      config: { files: ['Filedata'], spool: { limit: 'videoMaxBytes' } },
      schema: { summary: 'Add a video for a post or a message: unlisted until a post carries it', body: composeUpload },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body ?? {};
      const type = b.type ?? 'upload';
      const composer = b.c_type ?? 'wall';
      const title = optionalTitle(b.title);
      const description = b.description?.trim() ?? '';
      const settings = { category_id: null, allow_search: 1, auth_view: VIEW_OF[composer], auth_comment: VIEW_OF[composer] };
      let id: number;
      if (type === 'upload') {
        const upload = await uploadSource(app, b.Filedata);
        id = await storeVideo(app, {
          ownerId: me,
          values: { ...settings, title: title ?? titleOfFile(upload.filename), description },
          source: { type: 'upload' },
          upload,
          unlisted: true,
        });
      } else {
        const link = await linkSource(app, { type, url: b.url ?? b.uri, title, description });
        id = await storeVideo(app, {
          ownerId: me,
          values: { ...settings, title: link.title, description: link.description },
          source: link.source,
          unlisted: true,
        });
      }
      const video = await getVideo(app.db, id);
      if (!video) throw notFound('The video was deleted meanwhile.');
      return {
        success: true,
        data: {
          message: video.status === 'processed' ? 'The video was added.' : 'The video was uploaded: it is being converted.',
          video_id: id,
          title: video.title,
          description: video.description,
          status: video.status,
          src: video.poster_key ? imageUrl(app.config.publicUrl, video.poster_key, '240') : '',
        },
      };
    },
  );
}
