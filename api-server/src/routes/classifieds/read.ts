import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkUserExists } from '../../domain/owners.ts';
import { parseFields } from '../../http/fields.ts';
import { paging, pagingQuery } from '../../http/paging.ts';
import { checkCategory } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { listListings } from '../../data/classifieds.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import {
  getVisibleListing,
  isListingOwner,
  LISTING_DETAIL_ALLOWED,
  LISTING_DETAIL_FIELDS,
  LISTING_LIST_FIELDS,
  type ListingField,
  presentListings,
} from './present.ts';
import { countsView, ownedItemReadRoutes, type OwnedListQuery } from '../../http/read-routes.ts';
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
    const rows = await listListings(app.db, {
      me,
      mine,
      userId: q.user_id,
      categoryId: q.category_id,
      status: q.status,
      keywords: q.keywords?.trim(),
      hasPhoto: q.has_photo === 1,
      priceMin: q.price_min,
      priceMax: q.price_max,
      location: q.location?.trim(),
      sort: q.sort,
      limit,
      offset,
    });
    return { success: true, data: await presentListings(app.db, app.config, viewer, rows, fields) };
  }

  ownedItemReadRoutes<ListQuery>(app, 'listings', listProperties, list, async (req) => {
    const fields = parseFields(req.query.fields, LISTING_DETAIL_ALLOWED, 'fields', LISTING_DETAIL_FIELDS) as ListingField[];
    const viewer = viewerOf(app.db, req.auth.userId);
    const row = await getVisibleListing(app.db, viewer, req.params.id);
    if (!isListingOwner(viewer, row) && countsView(req.query)) {
      await countView(app.db, 'classifieds', row.id);
    }
    const [listing] = await presentListings(app.db, app.config, viewer, [row], fields);
    return { success: true, data: listing };
  });
}
