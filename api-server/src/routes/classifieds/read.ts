import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { checkCategory } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { visibleTo } from '../../domain/visibility.ts';
import { containsText } from '../../db/text.ts';
import { richTextSearchTerm } from '../../domain/rich-text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import {
  getVisibleListing,
  isListingOwner,
  LISTING_DETAIL_ALLOWED,
  LISTING_DETAIL_FIELDS,
  LISTING_LIST_FIELDS,
  type ListingField,
  presentListings,
  selectListings,
} from './present.ts';
import { ownedItemReadRoutes, type OwnedListQuery } from '../../http/read-routes.ts';
import { countView } from '../../domain/views.ts';

const listProperties = {
  category_id: { type: 'integer', minimum: 1 },
  status: { type: 'string', enum: ['all', 'only_open', 'only_closed'] },
  sort: { type: 'string', enum: ['most_recent', 'most_viewed'] },
  keywords: { type: 'string', maxLength: 255 },
  has_photo: { type: 'integer', enum: [0, 1] },
  price_min: { type: 'number', minimum: 0, maximum: 1e9 },
  price_max: { type: 'number', minimum: 0, maximum: 1e9 },
  location: { type: 'string', maxLength: 255 },
  ...pagingQuery,
  fields: { type: 'string', maxLength: 400 },
} as const;

type ListQuery = OwnedListQuery<typeof listProperties>;

/**
 * The listings other people's lists show the reader (alias `c`), open and closed: what they may
 * see. The list and a member's counts (GET /users/{id}) share it.
 */
export function listingsListedTo(readerId: number | null): RawBuilder<SqlBool> {
  return visibleTo('c', readerId);
}

export default async function listingReadRoutes(app: FastifyInstance): Promise<void> {
  /** /classifieds: the listings the reader may see, open and closed; /classifieds/my: the reader's own. */
  async function list(req: FastifyRequest<{ Querystring: ListQuery }>, mine: boolean) {
    const q = req.query;
    const fields = parseFields(q.fields, LISTING_LIST_FIELDS) as ListingField[];
    const me = mine ? userOf(req) : req.auth.userId;
    const viewer = viewerOf(app.db, me);
    await checkCategory(app.db, 'classified', q.category_id);
    if (q.user_id !== undefined) await checkUserExists(app.db, q.user_id);
    const { limit, offset } = paging(q);
    let query = selectListings(app.db);
    if (mine) {
      query = query.where('c.owner_id', '=', me!);
    } else {
      query = query.where(listingsListedTo(me));
      if (q.user_id !== undefined) query = query.where('c.owner_id', '=', q.user_id);
    }
    if (q.category_id !== undefined) query = query.where('c.category_id', '=', q.category_id);
    if (q.status === 'only_open') query = query.where('c.is_closed', '=', 0);
    if (q.status === 'only_closed') query = query.where('c.is_closed', '=', 1);
    const keywords = q.keywords?.trim();
    if (keywords)
      query = query.where(sql<SqlBool>`(${containsText('c.title', keywords)} or ${containsText('c.body', richTextSearchTerm(keywords))})`);
    if (q.has_photo === 1) query = query.where('c.main_photo_id', 'is not', null);
    // A listing without a price matches no price bound.
    if (q.price_min !== undefined) query = query.where('c.price_cents', '>=', Math.ceil(q.price_min * 100 - 1e-6));
    if (q.price_max !== undefined) query = query.where('c.price_cents', '<=', Math.floor(q.price_max * 100 + 1e-6));
    const location = q.location?.trim();
    if (location) query = query.where(containsText('c.location', location));
    query =
      q.sort === 'most_viewed'
        ? query.orderBy('c.view_count', 'desc').orderBy('c.id', 'desc')
        : query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
    const rows = await query.limit(limit).offset(offset).execute();
    return { success: true, data: await presentListings(app.db, app.config, viewer, rows, fields) };
  }

  ownedItemReadRoutes<ListQuery>(app, 'listings', listProperties, list, async (req) => {
    const fields = parseFields(req.query.fields, LISTING_DETAIL_ALLOWED, 'fields', LISTING_DETAIL_FIELDS) as ListingField[];
    const viewer = viewerOf(app.db, req.auth.userId);
    const row = await getVisibleListing(app.db, viewer, req.params.id);
    if (!isListingOwner(viewer, row)) {
      await countView(app.db, 'classifieds', row.id);
    }
    const [listing] = await presentListings(app.db, app.config, viewer, [row], fields);
    return { success: true, data: listing };
  });
}
