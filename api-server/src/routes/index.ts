import type { FastifyInstance } from 'fastify';
import activities from './activities/index.ts';
import albums from './albums/index.ts';
import blogs from './blogs/index.ts';
import classifieds from './classifieds/index.ts';
import core from './core/index.ts';
import eventFeeds from './event-feeds/index.ts';
import events from './events/index.ts';
import friends from './friends/index.ts';
import groups from './groups/index.ts';
import messages from './messages/index.ts';
import music from './music/index.ts';
import users from './users/index.ts';
import videos from './videos/index.ts';
import videoPlayer from './videos/player.ts';

/** The resource API (spec 000), mounted at /api/v1; folders mirror the URL. */
export default async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(activities, { prefix: '/activities' });
  await app.register(albums, { prefix: '/albums' });
  await app.register(blogs, { prefix: '/blogs' });
  await app.register(classifieds, { prefix: '/classifieds' });
  await app.register(core, { prefix: '/core' });
  await app.register(events, { prefix: '/events' });
  // Read with a feed's secret, no OAuth token (calendar apps poll it).
  await app.register(eventFeeds, { prefix: '/event_feeds' });
  await app.register(friends, { prefix: '/friends' });
  await app.register(groups, { prefix: '/groups' });
  await app.register(messages, { prefix: '/messages' });
  await app.register(music, { prefix: '/music' });
  await app.register(users, { prefix: '/users' });
  await app.register(videos, { prefix: '/videos' });
  // An uploaded video's embedded player: read with no token, as a YouTube player is.
  await app.register(videoPlayer, { prefix: '/videos' });
}
