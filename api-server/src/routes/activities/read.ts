import type { FastifyInstance } from 'fastify';
import { notFound, missingParam } from '../../errors.ts';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { clampLimit, pagingNumber } from '../../http/paging.ts';
import { countNewNotifications } from '../../domain/notifications.ts';
import { unreadConversations } from '../../domain/messages.ts';
import { viewerOf, type Viewer } from '../../domain/privacy.ts';
import { canSeePost } from '../../domain/post-privacy.ts';
import { getVisibleGroup } from '../groups/access.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { feedPage, getActivity, type ActivityRow } from '../../data/activities.ts';
import { ACTIVITY_ALLOWED, ACTIVITY_FIELDS, presentActivities, type ActivityField } from './present.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';

const ACTIVITIES_DEFAULT_LIMIT = 15;

const feedQuery = {
  type: 'object',
  properties: {
    subject_type: {
      type: 'string',
      enum: ['user', 'group'],
      description: 'Whose wall: a member\'s (user), or a group\'s (group: an extension, docs/api.md "Groups": the wall).',
    },
    subject_id: { type: 'integer', minimum: 1 },
    limit: pagingNumber,
    // 0 is no bound for maxid (nothing lies below it), but a real bound for minid:
    // minid=0 starts at the oldest item (the empty feed's first_id is 0).
    maxid: { type: 'integer', minimum: 0 },
    minid: { type: 'integer', minimum: 0 },
    fields: { type: 'string' },
  },
} as const;

const detailQuery = { type: 'object', properties: { fields: { type: 'string' } } } as const;

/** The activity when the reader may see it; 404 when it is absent or hidden (the same to them). */
export async function getVisibleActivity(db: DB, viewer: Viewer, id: number): Promise<ActivityRow> {
  const row = await getActivity(db, id);
  if (!row || !(await canSeePost(viewer, row))) throw notFound('The activity was not found or you may not see it.');
  return row;
}

/** A page of the feed or of a wall (already seen by the reader), as GET /activities answers it and a group's detail embeds it (`wall`). */
export async function feedPageView(
  db: DB,
  config: Config,
  viewer: Viewer,
  wallOf: { type: 'user' | 'group'; id: number } | undefined,
  q: { limit?: number; maxid?: number; minid?: number },
  fields: ActivityField[],
) {
  const { rows, endOfFeed } = await feedPage(db, {
    readerId: viewer.userId,
    wallOf,
    limit: clampLimit(q.limit, ACTIVITIES_DEFAULT_LIMIT),
    maxid: q.maxid || undefined,
    minid: q.minid,
  });
  const items = await presentActivities(db, config, viewer, rows, fields);
  return {
    count: rows.length,
    // Pass next_id as maxid for older items, first_id as minid for newer ones.
    next_id: rows.length ? rows[rows.length - 1]!.id : 0,
    first_id: rows.length ? rows[0]!.id : (q.minid ?? 0),
    end_of_feed: endOfFeed,
    items,
  };
}

export default async function activityReadRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof feedQuery> }>(
    '/',
    {
      schema: {
        summary: "The activity feed, or a member's or a group's wall",
        querystring: feedQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const fields = parseFields(q.fields, ACTIVITY_ALLOWED, 'fields', ACTIVITY_FIELDS) as ActivityField[];
      if (q.subject_type !== undefined && q.subject_id === undefined) throw missingParam('subject_id');
      if (q.subject_id !== undefined && q.subject_type === undefined) throw missingParam('subject_type');
      const viewer = viewerOf(app.db, req.auth.userId);
      const wallOf = q.subject_id === undefined ? undefined : { type: q.subject_type ?? 'user', id: q.subject_id };
      // A wall nobody has is 404, and so is a group's the reader may not see.
      if (wallOf?.type === 'group') await getVisibleGroup(app.db, viewer.userId, wallOf.id);
      else if (wallOf) await checkUserExists(app.db, wallOf.id);
      return { success: true, data: await feedPageView(app.db, app.config, viewer, wallOf, q, fields) };
    },
  );

  app.get(
    '/updates',
    {
      schema: {
        summary: 'What is new for the reader: notification_count (message_count with the messages scope, an extension)',
        querystring: { type: 'object', properties: {} },
      },
    },
    async (req) => {
      const me = userOf(req);
      // message_count (docs/api.md, "Messages"): unread conversations, for a token that may read them.
      const messages = req.auth.scopes.includes('messages') ? { message_count: await unreadConversations(app.db, me) } : {};
      return { success: true, data: { notification_count: await countNewNotifications(app.db, me), ...messages } };
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    {
      schema: { summary: 'One activity', params: idParams, querystring: detailQuery },
    },
    async (req) => {
      const fields = parseFields(req.query.fields, ACTIVITY_ALLOWED, 'fields', ACTIVITY_FIELDS) as ActivityField[];
      const viewer = viewerOf(app.db, req.auth.userId);
      const row = await getVisibleActivity(app.db, viewer, req.params.id);
      const [item] = await presentActivities(app.db, app.config, viewer, [row], fields);
      return { success: true, data: item };
    },
  );
}
