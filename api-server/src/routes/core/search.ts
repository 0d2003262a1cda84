import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/index.ts';
import { searchIndex } from '../../db/search/index.ts';
import type { SearchHit, SearchTerm } from '../../db/search/types.ts';
import { formatDate } from '../../domain/format.ts';
import { isItemType, itemTitle, loadItems, type Item } from '../../domain/items.ts';
import { getOwnerSummaries, missingOwner, ownerImgs } from '../../domain/owners.ts';
import { excerptAround, parseKeywords, searchSources } from '../../domain/search.ts';
import { invalidParam, missingParam } from '../../errors.ts';
import { parseFields, pick } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { SEARCH_TYPES } from './search-types.ts';
import { listMembersByIds } from '../../data/users.ts';
import { listGroupCards } from '../../data/groups.ts';
import { imageUrl } from '../../storage/images.ts';
import { extension } from '../../openapi/marks.ts';
import type { Infer } from '../../http/schemas.ts';

// Extension (docs/api.md, "Extensions": Search): the spec lists GET /core/search_types; the API it
// was taken from answers GET /core/search beside it. One search over members and every item type, through
// the database's full-text index (db/search), with the privacy of each module's lists.

/** Longest keywords, in characters after trimming. */
const KEYWORDS_MAX = 100;
/** Longest description of a result: the text around the first matches. */
const DESCRIPTION_MAX = 200;
const SEARCH_FIELDS = ['id', 'type', 'title', 'description', 'img', 'owner', 'date', 'is_closed'] as const;

const searchQuery = {
  type: 'object',
  properties: {
    keywords: { type: 'string' },
    type: { type: 'string', enum: SEARCH_TYPES.map((t) => t.id) },
    sort: { type: 'string', enum: ['relevance', 'newest'] },
    ...pagingQuery,
    fields: { type: 'string', maxLength: 400 },
  },
  required: ['keywords'],
} as const;

/** What a result shows of an item (or a group). */
type Card = Pick<Item, 'title' | 'description' | 'thumb' | 'ownerId'> & { type: string };

/** The results as the client sees them, in the order found; one gone since it was found is left out. */
async function presentHits(db: DB, config: Config, hits: readonly SearchHit[], terms: readonly SearchTerm[], fields: readonly string[]) {
  const idsOf = (type: string) => hits.filter((h) => h.type === type).map((h) => h.id);
  const items = new Map<string, Card>();
  for (const type of new Set(hits.map((h) => h.type))) {
    if (!isItemType(type)) continue;
    for (const [id, item] of await loadItems(db, config, type, idsOf(type))) items.set(`${type}:${id}`, item);
  }
  const userIds = idsOf('user');
  const users = new Map(userIds.length ? (await listMembersByIds(db, userIds)).map((u) => [u.id, u]) : []);
  // Groups (issue 48) are no item of the likes and comments: their card is read here.
  const groupIds = idsOf('group');
  for (const g of groupIds.length ? await listGroupCards(db, groupIds) : []) {
    const img = g.image_key ? imageUrl(config.publicUrl, g.image_key, '240') : '';
    items.set(`group:${g.id}`, { type: 'group', title: g.title, description: '', thumb: img, ownerId: g.owner_id });
  }
  const owners = await getOwnerSummaries(
    db,
    config,
    [...items.values()].map((i) => i.ownerId),
  );
  return hits.flatMap((hit) => {
    const common = { id: hit.id, type: hit.type, description: excerptAround(hit.body, terms, DESCRIPTION_MAX), date: formatDate(hit.date) };
    if (hit.type === 'user') {
      const user = users.get(hit.id);
      // A member is the result itself: no owner.
      return user ? [pick({ ...common, title: user.full_name, img: ownerImgs(config, user.avatar_key).profile }, fields)] : [];
    }
    const item = items.get(`${hit.type}:${hit.id}`);
    if (!item) return [];
    return [
      pick(
        {
          ...common,
          title: itemTitle(item),
          img: item.thumb,
          owner: owners.get(item.ownerId) ?? missingOwner(config, item.ownerId),
          ...(hit.type === 'classified' ? { is_closed: hit.closed } : {}),
        },
        fields,
      ),
    ];
  });
}

export default async function searchRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Infer<typeof searchQuery> }>(
    '/search',
    {
      schema: {
        summary: 'Search what the reader may find',
        ...extension('The spec lists the search types only; the API it was taken from answers this search beside them.'),
        querystring: searchQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const fields = parseFields(q.fields, SEARCH_FIELDS);
      const keywords = q.keywords.trim();
      if (!keywords) throw missingParam('keywords', 'is required: the words to look for');
      if ([...keywords].length > KEYWORDS_MAX) throw invalidParam('keywords', `must be at most ${KEYWORDS_MAX} characters`);
      const { limit, offset } = paging(q);
      const type = q.type === undefined || q.type === 'all' ? null : q.type;
      const terms = parseKeywords(keywords);
      const { counts, more, hits } = await searchIndex.search(app.db, {
        terms,
        sources: searchSources(req.auth.userId),
        type,
        sort: q.sort ?? 'relevance',
        limit,
        offset,
      });
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      return {
        success: true,
        data: {
          count: type === null ? total : (counts.get(type) ?? 0),
          // The count is of the newest SEARCH_CANDIDATES matches of each type: more were not looked at.
          more: type === null ? more.size > 0 : more.has(type),
          items: await presentHits(app.db, app.config, hits, terms, fields),
          types: SEARCH_TYPES.map((t) => ({
            id: t.id,
            title: t.title,
            count: t.id === 'all' ? total : (counts.get(t.id) ?? 0),
            more: t.id === 'all' ? more.size > 0 : more.has(t.id),
          })),
        },
      };
    },
  );
}
