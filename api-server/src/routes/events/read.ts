import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { now } from '../../db/index.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listedFor, ownedByFriendOf, visibleTo } from '../../domain/visibility.ts';
import { containsText } from '../../db/text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { detailFields, listFields, LIST_FIELDS, MY_LIST_FIELDS, presentEvents } from './present.ts';
import { getVisibleEvent } from './rules.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { extensionParam } from '../../openapi/marks.ts';

/** Which events a list covers by time (extension): ended means end_time has passed. */
const WHEN = ['upcoming', 'past', 'all'] as const;
type When = (typeof WHEN)[number];

const keywordsParam = { type: 'string', maxLength: 255 } as const;

const listQuery = {
  type: 'object',
  properties: {
    keywords: keywordsParam,
    category_id: { type: 'integer', minimum: 1 },
    view: { type: 'string', enum: ['everyone', 'only_my_friend'], default: 'everyone' },
    sort: { type: 'string', enum: ['starttime', 'creation_date', 'member_count'], default: 'starttime' },
    user_id: { type: 'integer', minimum: 1 },
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

/** Which events a list covers by time, at `t` (alias `e`). */
function byTime(when: When, t: number): RawBuilder<SqlBool> {
  if (when === 'upcoming') return sql<SqlBool>`e.end_time >= ${t}`;
  if (when === 'past') return sql<SqlBool>`e.end_time < ${t}`;
  return sql<SqlBool>`1 = 1`;
}

/**
 * The events other people's lists show the reader (alias `e`) for a time (`upcoming` by
 * default): what they may see and what allow_search lets them list. The list and a member's
 * counts (GET /users/{id}) share it.
 */
export function eventsListedTo(readerId: number | null, when: When, t: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visibleTo('e', readerId)} and ${listedFor('e', readerId)} and ${byTime(when, t)})`;
}

export default async function eventReadRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const attending = sql<number>`(select count(*) from event_members am where am.event_id = e.id and am.rsvp = 'attending')`;

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
      const t = now();
      const when = q.when ?? 'upcoming';
      let query = db
        .selectFrom('events as e')
        .selectAll('e')
        .where(eventsListedTo(me, when, t));
      const keywords = q.keywords?.trim();
      if (keywords) query = query.where((eb) => eb.or([containsText('e.title', keywords), containsText('e.description', keywords)]));
      if (q.category_id !== undefined) query = query.where('e.category_id', '=', q.category_id);
      if (q.user_id !== undefined) query = query.where('e.owner_id', '=', q.user_id);
      if (q.view === 'only_my_friend') query = query.where(ownedByFriendOf('e', me!));
      if (q.sort === 'creation_date') query = query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc');
      else if (q.sort === 'member_count') query = query.orderBy(attending, 'desc').orderBy('e.start_time').orderBy('e.id');
      // Soonest first; looking back, the most recent first.
      else if (when === 'past') query = query.orderBy('e.start_time', 'desc').orderBy('e.id', 'desc');
      else query = query.orderBy('e.start_time').orderBy('e.id');
      const rows = await query.limit(limit).offset(offset).execute();
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
      let query = db
        .selectFrom('events as e')
        .selectAll('e')
        .where(byTime(q.when ?? 'all', t));
      if (q.view === 'only_events_i_lead') {
        query = query.where('e.owner_id', '=', me);
      } else {
        // Mine, or one I have a row in: member in any answer, invited, or asking to join.
        query = query
          .where((eb) =>
            eb.or([
              eb('e.owner_id', '=', me),
              eb.exists(
                eb.selectFrom('event_members as mm').select('mm.user_id').whereRef('mm.event_id', '=', 'e.id').where('mm.user_id', '=', me),
              ),
            ]),
          )
          // The owner may since have narrowed who sees it.
          .where(visibleTo('e', me));
      }
      const keywords = q.keywords?.trim();
      if (keywords) {
        query = query
          .where((eb) => eb.or([containsText('e.title', keywords), containsText('e.description', keywords)]))
          .where(listedFor('e', me));
      }
      // What is still to come first, soonest first; then what has ended, most recent first.
      const ended = sql<number>`case when e.end_time >= ${t} then 0 else 1 end`;
      const order = sql<number>`case when e.end_time >= ${t} then e.start_time else -e.start_time end`;
      const rows = await query.orderBy(ended).orderBy(order).orderBy('e.id').limit(limit).offset(offset).execute();
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
