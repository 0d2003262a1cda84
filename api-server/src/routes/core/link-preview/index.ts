import type { FastifyInstance } from 'fastify';
import { DEFAULT_LIMITS, fetchPage, type FetchLimits, type FetchedPage } from './fetch-page.ts';
import { parsePageMeta } from './page-meta.ts';
import { extension } from '../../../openapi/marks.ts';
import type { Infer } from '../../../http/schemas.ts';

export interface LinkPreview {
  url: string;
  content_type: string;
  title: string;
  description: string;
  thumb: string;
  images: string[];
}

/** The charset of an HTML body: the Content-Type's, else a <meta> near the start, else UTF-8. */
function decodeHtml(page: FetchedPage & { body: Buffer }): string {
  const sniffed = page.body
    .subarray(0, 4096)
    .toString('latin1')
    .match(/<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i)?.[1];
  for (const label of [page.charset, sniffed, 'utf-8']) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(page.body);
    } catch {
      // An unknown label: try the next candidate.
    }
  }
  return page.body.toString('utf8');
}

/** The preview of a link: see fetch-page.ts for what is fetched and page-meta.ts for what is read. */
async function previewLink(uri: string, limits: FetchLimits): Promise<LinkPreview> {
  const page = await fetchPage(uri, limits);
  if (page.body === null) {
    // A link straight to a picture is its own thumbnail; other media have nothing to show.
    const isImage = page.contentType.startsWith('image/');
    return {
      url: page.url,
      content_type: page.contentType,
      title: '',
      description: '',
      thumb: isImage ? page.url : '',
      images: isImage ? [page.url] : [],
    };
  }
  const meta = parsePageMeta(decodeHtml({ ...page, body: page.body }), page.url);
  return {
    url: page.url,
    content_type: page.contentType || 'text/html',
    title: meta.title,
    description: meta.description,
    thumb: meta.images[0] ?? '',
    images: meta.images,
  };
}

const previewQuery = {
  type: 'object',
  properties: { uri: { type: 'string', minLength: 1, maxLength: 2048 } },
  required: ['uri'],
} as const;

export default async function linkPreviewRoutes(app: FastifyInstance): Promise<void> {
  // The spec's "link preview" of scope basic: what a client shows for a link before posting it.
  app.get<{ Querystring: Infer<typeof previewQuery> }>(
    '/link_preview',
    {
      schema: {
        summary: 'The preview card of a link: title, description, picture',
        ...extension('The spec names link previews in the basic scope and shows no operation for them.'),
        querystring: previewQuery,
      },
    },
    async (req) => {
      const allowAddress = app.config.linkPreviewAllowPrivate ? () => true : DEFAULT_LIMITS.allowAddress;
      const data = await previewLink(req.query.uri, { ...DEFAULT_LIMITS, allowAddress });
      return { success: true, data };
    },
  );
}
