import type { FastifyInstance } from 'fastify';
import type { Option } from '../../domain/options.ts';

/** The kinds of things a search (GET /core/search) can be narrowed to ('all' searches every kind). */
export const SEARCH_TYPES: Option[] = [
  { id: 'all', title: 'Everything' },
  { id: 'user', title: 'Members' },
  { id: 'album', title: 'Albums' },
  { id: 'photo', title: 'Photos' },
  { id: 'blog', title: 'Blogs' },
  { id: 'classified', title: 'Listings' },
  { id: 'event', title: 'Events' },
  { id: 'group', title: 'Groups' },
  { id: 'video', title: 'Videos' },
  { id: 'music_playlist', title: 'Music' },
  { id: 'activity', title: 'Posts' },
];

export default async function searchTypeRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/search_types',
    { schema: { summary: 'The types of things search finds', querystring: { type: 'object', properties: {} } } },
    async () => ({
      success: true,
      data: SEARCH_TYPES,
    }),
  );
}
