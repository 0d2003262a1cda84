import type { FastifyInstance } from 'fastify';
import { paging, pagingQuery } from '../../http/paging.ts';
import { countView } from '../../domain/views.ts';
import { listGroups, listMyGroups } from '../../data/groups.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { detailFields, listFields, presentGroups } from './present.ts';
import { getVisibleGroup } from './access.ts';

const keywordsParam = { type: 'string', maxLength: 255 } as const;

const listQuery = {
  type: 'object',
  properties: {
    keywords: keywordsParam,
    category_id: { type: 'integer', minimum: 1 },
    show: { type: 'string', enum: ['everyone', 'only_my_friend'], default: 'everyone' },
    sort: { type: 'string', enum: ['recently_created', 'most_popular'], default: 'recently_created' },
    user_id: { type: 'integer', minimum: 1 },
    ...pagingQuery,
    fields: { type: 'string' },
  },
} as const;

const myQuery = {
  type: 'object',
  properties: {
    keywords: keywordsParam,
    show: { type: 'string', enum: ['all_my_groups', 'only_groups_i_lead'], default: 'all_my_groups' },
    ...pagingQuery,
    fields: { type: 'string' },
  },
} as const;

const detailQuery = { type: 'object', properties: { fields: { type: 'string' } } } as const;

export default async function groupReadRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  app.get<{ Querystring: Infer<typeof listQuery> }>(
    '/',
    { schema: { summary: 'The groups the reader may see and search lists, newest or most popular first', querystring: listQuery } },
    async (req) => {
      const q = req.query;
      const fields = listFields(q.fields);
      const { limit, offset } = paging(q);
      const me = req.auth.userId;
      // Friends' groups need a user; a client-credentials token has no friends.
      if (q.show === 'only_my_friend' && me === null) return { success: true, data: [] };
      const rows = await listGroups(db, {
        me,
        keywords: q.keywords?.trim(),
        categoryId: q.category_id,
        memberId: q.user_id,
        onlyFriends: q.show === 'only_my_friend',
        sort: q.sort ?? 'recently_created',
        limit,
        offset,
      });
      return { success: true, data: await presentGroups(db, app.config, me, rows, fields) };
    },
  );

  app.get<{ Querystring: Infer<typeof myQuery> }>(
    '/my',
    { schema: { summary: "The reader's groups: those they belong to, or only those they lead", querystring: myQuery } },
    async (req) => {
      const q = req.query;
      const fields = listFields(q.fields);
      const me = userOf(req);
      const { limit, offset } = paging(q);
      const rows = await listMyGroups(db, { me, onlyLed: q.show === 'only_groups_i_lead', keywords: q.keywords?.trim(), limit, offset });
      return { success: true, data: await presentGroups(db, app.config, me, rows, fields) };
    },
  );

  app.get<{ Params: IdParams; Querystring: Infer<typeof detailQuery> }>(
    '/:id',
    { schema: { summary: 'One group (counts a view unless the reader owns it)', params: idParams, querystring: detailQuery } },
    async (req) => {
      const fields = detailFields(req.query.fields);
      const me = req.auth.userId;
      let { group } = await getVisibleGroup(db, me, req.params.id);
      if (me !== group.owner_id) {
        await countView(db, 'groups', group.id);
        group = { ...group, view_count: group.view_count + 1 };
      }
      const [data] = await presentGroups(db, app.config, me, [group], fields);
      return { success: true, data };
    },
  );
}
