import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { now } from '../../db/index.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import type { Infer } from '../../http/schemas.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listEvents, WHEN } from '../../data/events.ts';
import { LIST_FIELDS, listFields, presentEvents } from '../events/present.ts';
import { getVisibleGroup } from './access.ts';

// A group's events (the origin's `Api/Group.php` getEvents): those made in it with POST /events
// parent_type=group&parent_id (routes/events/write.ts), as the list of events shows them.

/** The origin's page of a group's events. */
const EVENTS_DEFAULT_LIMIT = 5;

/** The events list's `when` and paging, as GET /groups/events and the group's detail (`event_*`) take them. */
interface GroupEventsPage {
  when?: (typeof WHEN)[number];
  page?: number;
  limit?: number;
  fields?: string;
}

/** A page of the events made in a group (already seen by the reader), soonest first, as GET /events presents them. */
export async function groupEventViews(
  db: DB,
  config: Config,
  me: number | null,
  groupId: number,
  q: GroupEventsPage,
  fieldsParam = 'fields',
) {
  const fields = listFields(q.fields, LIST_FIELDS, fieldsParam);
  const { limit, offset } = paging(q, EVENTS_DEFAULT_LIMIT);
  const rows = await listEvents(db, { me, when: q.when ?? 'upcoming', t: now(), groupId, onlyFriends: false, limit, offset });
  return presentEvents(db, config, viewerOf(db, me), rows, fields);
}

const listQuery = {
  type: 'object',
  properties: {
    group_id: { type: 'integer', minimum: 1 },
    when: { type: 'string', enum: WHEN, default: 'upcoming' },
    fields: { type: 'string' },
    ...pagingQuery,
  },
  required: ['group_id'],
} as const;

export default async function groupEventRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/events',
    {
      schema: {
        summary: 'The events made in a group that the reader may see (upcoming ones by default, soonest first)',
        querystring: listQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const me = req.auth.userId;
      await getVisibleGroup(app.db, me, q.group_id);
      return { success: true, data: await groupEventViews(app.db, app.config, me, q.group_id, q) };
    },
  );
}
