import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { getVideo, type VideoRow } from '../../data/videos.ts';
import { ApiError, notFound } from '../../errors.ts';
import { idParams, type IdParams } from '../../http/schemas.ts';
import { extensionRoutes } from '../../openapi/marks.ts';
import { escapeHtml } from '#shared/text/html.ts';
import { styleSource } from '../../oauth/pages.ts';
import { imageUrl } from '../../storage/images.ts';
import { sendVideoFile } from '../../storage/videos.ts';
import { canEmbed } from './present.ts';

// The player of an uploaded video embedded on another site (GET /videos/{id}/embed gives the
// <iframe> that shows it): a page and its file, read with no token, as a YouTube player is. Only a
// converted upload everyone may see is served, checked at every request: once its owner narrows
// who sees it, or deletes it, the embedded player answers 404 (absent and private look the same).
// Registered beside the videos module, outside its token check (routes/index.ts).

const CSS = 'html,body{margin:0;height:100%;background:#000}video{display:block;width:100%;height:100%}';

/** The address of the player page of upload `id`, as the embed code names it. */
export function playerUrl(config: Config, id: number): string {
  return `${config.publicUrl}/api/v1/videos/${id}/player`;
}

/** Sends a converted file with ranges (storage/videos.ts); 404 when it is gone meanwhile. */
export async function sendConvertedFile(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  fileKey: string | null,
): Promise<FastifyReply> {
  if (!fileKey) throw notFound('The video has no file to play (yet).');
  try {
    return await sendVideoFile(req, reply, app.config.dataDir, fileKey);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw notFound('The video has no file to play (yet).');
  }
}

/** The video when it may be played by anyone, anywhere: a converted upload everyone may see. */
async function embeddableUpload(app: FastifyInstance, id: number): Promise<VideoRow> {
  const row = await getVideo(app.db, id);
  if (!row || row.type !== 'upload' || !canEmbed(row)) throw notFound('There is no video to play here.');
  return row;
}

export default async function videoPlayerRoutes(app: FastifyInstance): Promise<void> {
  extensionRoutes(app, 'An uploaded video\'s embedded player, read with no token (docs/api.md, "Videos").');

  app.get<{ Params: IdParams }>(
    '/:id/player',
    {
      schema: {
        summary: 'The player page of an uploaded video everyone may see, to embed elsewhere (no token)',
        params: idParams,
        response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    async (req, reply) => {
      const row = await embeddableUpload(app, req.params.id);
      const origin = new URL(app.config.publicUrl).origin;
      const poster = row.poster_key ? ` poster="${escapeHtml(imageUrl(app.config.publicUrl, row.poster_key, '1024'))}"` : '';
      const title = escapeHtml(row.title);
      const html =
        `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${CSS}</style></head>` +
        `<body><video controls playsinline preload="metadata"${poster} aria-label="${title}"` +
        ` src="${escapeHtml(`${playerUrl(app.config, row.id)}/file`)}"></video></body></html>`;
      return (
        reply
          .type('text/html; charset=utf-8')
          // Framed by any site (that is what it is for); it runs no script and loads from this API alone.
          .header(
            'Content-Security-Policy',
            `default-src 'none'; media-src ${origin}; img-src ${origin}; style-src ${styleSource(CSS)}; base-uri 'none'; form-action 'none'`,
          )
          // Its privacy is checked at every request: no copy is kept.
          .header('Cache-Control', 'no-cache')
          .header('Referrer-Policy', 'no-referrer')
          .send(html)
      );
    },
  );

  app.get<{ Params: IdParams }>(
    '/:id/player/file',
    {
      schema: {
        summary: 'The file of an uploaded video everyone may see, as its player plays it (no token; HTTP ranges)',
        params: idParams,
      },
    },
    async (req, reply) => {
      const row = await embeddableUpload(app, req.params.id);
      return sendConvertedFile(app, req, reply, row.file_key);
    },
  );
}
