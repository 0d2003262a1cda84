import type { FastifyInstance } from 'fastify';
import { now } from '../../db/index.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listEvents, listMyEvents, WHEN, type EventFilter, type When } from '../../data/events.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { detailFields, listFields, LIST_FIELDS, MY_LIST_FIELDS, presentEvents } from './present.ts';
import { getVisibleEvent } from './rules.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { extensionParam } from '../../openapi/marks.ts';

const keywordsParam = { type: 'string', maxLength: 255 } as const;

/** The words that choose which events a list of everyone's events holds (GET /events, GET /events/calendar). */
export const listFilterQuery = {
  keywords: keywordsParam,
  category_id: { type: 'integer', minimum: 1 },
  view: { type: 'string', enum: ['everyone', 'only_my_friend'], default: 'everyone' },
  user_id: { type: 'integer', minimum: 1 },
} as const;

/** The data layer's filter from those words, for the reader `me` at `t`. */
export function listFilterOf(
  q: { keywords?: string; category_id?: number; view?: string; user_id?: number },
  me: number | null,
  when: When,
  t: number,
): EventFilter {
  return {
    me,
    when,
    t,
    keywords: q.keywords?.trim(),
    categoryId: q.category_id,
    userId: q.user_id,
    onlyFriends: q.view === 'only_my_friend',
  };
}

const listQuery = {
  type: 'object',
  properties: {
    ...listFilterQuery,
    sort: { type: 'string', enum: ['starttime', 'creation_date', 'member_count'], default: 'starttime' },
    when: { type: 'string', enum: WHEN, default: 'upcoming', ...extensionParam('past or all events, not only upcoming ones.') },
    ...pagingQuery,
    fields: { type: 'string' },
  },
} as const;

const myQuery = {
  type: 'object',
  properties: {
    keywords: keywordsParam,
    view: { type: 'string', enum: ['all_my_events', 'only_events_i_lead'], default: 'all_my_events' },
    when: { type: 'string', enum: WHEN, default: 'all', ...extensionParam('only upcoming or past events.') },
    ...pagingQuery,
    fields: { type: 'string' },
  },
} as const;

const detailQuery = { type: 'object', properties: { fields: { type: 'string' } } } as const;

export default async function eventReadRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/',
    {
      schema: {
        summary: 'The events the reader may see (upcoming ones by default)',
        querystring: listQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const fields = listFields(q.fields, LIST_FIELDS);
      const { limit, offset } = paging(q);
      const me = req.auth.userId;
      // Friends' events need a user; a client-credentials token has no friends.
      if (q.view === 'only_my_friend' && me === null) return { success: true, data: [] };
      const rows = await listEvents(db, { ...listFilterOf(q, me, q.when ?? 'upcoming', now()), sort: q.sort, limit, offset });
      return { success: true, data: await presentEvents(db, app.config, viewerOf(db, me), rows, fields) };
    },
  );

  app.get<{ Querystring: Infer<typeof myQuery> }>(
    '/my',
    {
      schema: {
        summary: "The reader's events: owned, or with an answer, an invitation or a request",
        querystring: myQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const fields = listFields(q.fields, MY_LIST_FIELDS);
      const me = userOf(req);
      const { limit, offset } = paging(q);
      const t = now();
      const rows = await listMyEvents(db, {
        me,
        when: q.when ?? 'all',
        t,
        onlyLed: q.view === 'only_events_i_lead',
        keywords: q.keywords?.trim(),
        limit,
        offset,
      });
      return { success: true, data: await presentEvents(db, app.config, viewerOf(db, me), rows, fields) };
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    {
      schema: { summary: 'One event', params: idParams, querystring: detailQuery },
    },
    async (req) => {
      const fields = detailFields(req.query.fields);
      const viewer = viewerOf(db, req.auth.userId);
      const row = await getVisibleEvent(db, viewer, req.params.id);
      const [event] = await presentEvents(db, app.config, viewer, [row], fields);
      return { success: true, data: event };
    },
  );
}
