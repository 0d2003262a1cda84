import type { FastifyInstance } from 'fastify';
import { paging, pagingNumber, pagingQuery } from '../../http/paging.ts';
import { countView } from '../../domain/views.ts';
import { listGroups, listMyGroups } from '../../data/groups.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { countsView, countViewParam } from '../../http/read-routes.ts';
import { detailFields, listFields, presentGroups } from './present.ts';
import { getVisibleGroup, type SeenGroup } from './access.ts';
import { parseFields } from '../../http/fields.ts';
import { extensionParam } from '../../openapi/marks.ts';
import { groupFlags } from '../../domain/groups.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { WHEN } from '../../data/events.ts';
import { feedPageView } from '../activities/read.ts';
import { ACTIVITY_ALLOWED, ACTIVITY_FIELDS, type ActivityField } from '../activities/present.ts';
import { groupEventViews } from './events.ts';
import { groupMemberViews } from './membership.ts';
import { groupPhotoViews } from './photos.ts';

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

/**
 * The lists a group's detail may carry beside the group (extension), each given only when `fields`
 * names it, so that a client reads the group's header and one tab of its page in one request, as
 * the spec's album detail carries a page of its photos (`photos`, `photo_page`, `photo_limit`,
 * `photo_fields`). Each is exactly the answer of its own endpoint, with its words prefixed.
 */
const EMBEDDED = ['wall', 'photos', 'events', 'members', 'waiting'] as const;
/** A parameter of one of the EMBEDDED lists: `what` it is, as its own endpoint takes it. */
const embedded = <S extends object>(schema: S, what: string) => ({
  ...schema,
  ...extensionParam(`${what}, when \`fields\` names the list (docs/api.md, "Groups": a tab in one request).`),
});
const text = { type: 'string' } as const;
const detailQuery = {
  type: 'object',
  properties: {
    fields: text,
    wall_limit: embedded(pagingNumber, 'The wall: `limit` of GET /activities'),
    wall_maxid: embedded({ type: 'integer', minimum: 0 } as const, 'The wall: `maxid` of GET /activities'),
    wall_fields: embedded(text, 'The wall: `fields` of GET /activities'),
    photo_page: embedded(pagingNumber, 'The photos: `page` of GET /groups/photos'),
    photo_limit: embedded(pagingNumber, 'The photos: `limit` of GET /groups/photos'),
    photo_fields: embedded(text, 'The photos: `fields` of GET /groups/photos'),
    event_when: embedded({ type: 'string', enum: WHEN } as const, 'The events: `when` of GET /groups/events'),
    event_page: embedded(pagingNumber, 'The events: `page` of GET /groups/events'),
    event_limit: embedded(pagingNumber, 'The events: `limit` of GET /groups/events'),
    event_fields: embedded(text, 'The events: `fields` of GET /groups/events'),
    member_page: embedded(pagingNumber, 'The members: `page` of GET /groups/members'),
    member_limit: embedded(pagingNumber, 'The members: `limit` of GET /groups/members'),
    waiting_limit: embedded(pagingNumber, 'The people waiting (officers): `limit` of GET /groups/members waiting=1, its first page'),
    ...countViewParam,
  },
} as const;
type DetailQuery = Infer<typeof detailQuery>;

/** The lists `fields` names among EMBEDDED, for a group the reader sees: each its endpoint's answer. */
async function embeddedLists(app: FastifyInstance, seen: SeenGroup, me: number | null, fields: readonly string[], q: DetailQuery) {
  const { db, config } = app;
  const { group } = seen;
  const wants = (name: (typeof EMBEDDED)[number]) => fields.includes(name);
  const officer = groupFlags(group, me, seen.membership).can_approve;
  const viewer = viewerOf(db, me);
  const wallPage = () => {
    const wallFields = parseFields(q.wall_fields, ACTIVITY_ALLOWED, 'wall_fields', ACTIVITY_FIELDS) as ActivityField[];
    return feedPageView(db, config, viewer, { type: 'group', id: group.id }, { limit: q.wall_limit, maxid: q.wall_maxid }, wallFields);
  };
  const [wall, photos, events, members, waiting] = await Promise.all([
    wants('wall') ? wallPage() : undefined,
    wants('photos')
      ? groupPhotoViews(db, config, me, group.id, { page: q.photo_page, limit: q.photo_limit, fields: q.photo_fields }, 'photo_fields')
      : undefined,
    wants('events')
      ? groupEventViews(
          db,
          config,
          me,
          group.id,
          { when: q.event_when, page: q.event_page, limit: q.event_limit, fields: q.event_fields },
          'event_fields',
        )
      : undefined,
    wants('members') ? groupMemberViews(db, config, group, { waiting: false, page: q.member_page, limit: q.member_limit }) : undefined,
    // Who waits is the officers' business alone (null for anyone else, as requested_count).
    wants('waiting') && officer ? groupMemberViews(db, config, group, { waiting: true, limit: q.waiting_limit }) : null,
  ]);
  const lists: Record<string, unknown> = { wall, photos, events, members, waiting: wants('waiting') ? waiting : undefined };
  return Object.fromEntries(Object.entries(lists).filter(([, v]) => v !== undefined));
}

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

  app.get<{ Params: IdParams; Querystring: DetailQuery }>(
    '/:id',
    {
      schema: {
        summary:
          'One group (counts a view unless the reader owns it), with a page of its wall, photos, events or members when `fields` names them',
        params: idParams,
        querystring: detailQuery,
      },
    },
    async (req) => {
      const fields = detailFields(req.query.fields, EMBEDDED);
      const me = req.auth.userId;
      const seen = await getVisibleGroup(db, me, req.params.id);
      const counted = me !== seen.group.owner_id && countsView(req.query);
      const group = counted ? { ...seen.group, view_count: seen.group.view_count + 1 } : seen.group;
      const [[data], lists] = await Promise.all([
        presentGroups(db, app.config, me, [group], fields),
        embeddedLists(app, seen, me, fields, req.query),
      ]);
      // Counted once the answer is made: a refused list (400) counts no view.
      if (counted) await countView(db, 'groups', group.id);
      return { success: true, data: { ...data, ...lists } };
    },
  );
}
