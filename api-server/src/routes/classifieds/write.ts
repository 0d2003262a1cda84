import type { FastifyInstance } from 'fastify';
import { forbidden, invalidParam, missingParam } from '../../errors.ts';
import { checkCategory, privacyParam } from '../../domain/options.ts';
import { viewerOf } from '../../domain/privacy.ts';
import { cleanRichText } from '../../domain/rich-text.ts';
import { userOf } from '../../oauth/resource-auth.ts';
import { deleteImage, storeImage, type StoredImage } from '../../storage/images.ts';
import { getVisibleListing, isListingOwner, listingFlags } from './present.ts';
import { idParams, type IdParams, type Infer } from '../../http/schemas.ts';
import { optionalFile } from '../../http/multipart.ts';
import { countPhotos, deleteListing, insertListing, isPhotoOfListing, setListingClosed, updateListing } from '../../data/classifieds.ts';

const LISTING_TITLE_MAX = 255;
const LISTING_BODY_MAX = 10_000;
const LOCATION_MAX = 255;
/** Largest price accepted, in dollars. */
const PRICE_MAX_DIGITS = 9;

const formProperties = {
  title: { type: 'string', maxLength: LISTING_TITLE_MAX },
  body: { type: 'string', maxLength: LISTING_BODY_MAX },
  tags: { type: 'string', maxLength: 1000 },
  category_id: { type: 'integer', minimum: 1 },
  // Text, not a number: '' clears the price (a number schema would read '' as 0).
  'fields[price]': { type: 'string', maxLength: 32 },
  'fields[location]': { type: 'string', maxLength: LOCATION_MAX },
  auth_view: privacyParam,
  auth_comment: privacyParam,
  photo: {},
} as const;

const newListing = { type: 'object', properties: formProperties, required: ['title', 'body'] } as const;
const listingEdit = { type: 'object', properties: { ...formProperties, main_photo_id: { type: 'integer', minimum: 1 } } } as const;
/** The form of both: a new listing's title and body are required, an edit's fields all optional. */
type ListingForm = Infer<typeof listingEdit>;

const idForm = idParams;

/** fields[price] in cents: '' is no price; otherwise a number ≥ 0 with at most two decimals. */
export function parsePrice(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  const m = new RegExp(`^(\\d{1,${PRICE_MAX_DIGITS}})(?:\\.(\\d{1,2}))?$`).exec(text);
  if (!m) throw invalidParam('fields[price]', `must be a number of at least 0 with at most two decimals (below 10^${PRICE_MAX_DIGITS})`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

function requiredText(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!text) throw missingParam(name, 'must not be empty');
  return text;
}

function cleanBody(value: string | undefined): string | undefined {
  if (requiredText(value, 'body') === undefined) return undefined;
  const body = cleanRichText(value!);
  if (!body) throw invalidParam('body', 'has no text once markup that is not allowed is removed');
  return body;
}

export default async function listingWriteRoutes(app: FastifyInstance): Promise<void> {
  /** Stores the image of `file` (sniffed from its bytes) and runs `work`; the files go again if `work` fails. */
  async function withImage<T>(file: Buffer | undefined, field: string, work: (img: StoredImage | undefined) => Promise<T>): Promise<T> {
    const img = file ? await storeImage(app.config.dataDir, file, field) : undefined;
    try {
      return await work(img);
    } catch (err) {
      if (img) await deleteImage(app.config.dataDir, img.key);
      throw err;
    }
  }

  app.post<{ Body: Infer<typeof newListing> }>(
    '/',
    {
      config: { files: ['photo'] },
      schema: { summary: 'Post a listing', body: newListing },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const title = requiredText(b.title, 'title')!;
      const body = cleanBody(b.body)!;
      const price = b['fields[price]'] === undefined ? null : parsePrice(b['fields[price]']);
      const file = optionalFile(b.photo, 'photo');
      await checkCategory(app.db, 'classified', b.category_id);
      const id = await withImage(file, 'photo', (img) =>
        insertListing(app.db, {
          ownerId: me,
          values: {
            title,
            body,
            category_id: b.category_id ?? null,
            price_cents: price,
            location: b['fields[location]']?.trim() ?? '',
            auth_view: b.auth_view ?? 'everyone',
            auth_comment: b.auth_comment ?? 'everyone',
          },
          img,
          tags: b.tags,
        }),
      );
      return { success: true, data: { id } };
    },
  );

  app.post<{ Params: IdParams; Body: ListingForm }>(
    '/:id',
    {
      config: { files: ['photo'] },
      schema: {
        summary: 'Edit a listing',
        params: idParams,
        body: listingEdit,
      },
    },
    async (req) => {
      const me = userOf(req);
      const viewer = viewerOf(app.db, me);
      const row = await getVisibleListing(app.db, viewer, req.params.id);
      if (!isListingOwner(viewer, row)) throw forbidden('Only its owner may edit this listing.');
      const b = req.body ?? {};
      const title = requiredText(b.title, 'title');
      const body = cleanBody(b.body);
      const price = b['fields[price]'] === undefined ? undefined : parsePrice(b['fields[price]']);
      const file = optionalFile(b.photo, 'photo');
      await checkCategory(app.db, 'classified', b.category_id);
      if (b.main_photo_id !== undefined) {
        if (!(await isPhotoOfListing(app.db, b.main_photo_id, row.id)))
          throw invalidParam('main_photo_id', 'is not a photo of this listing');
      }
      // A new photo sent with the edit is added like POST /classifieds/photos, under the same rule.
      if (file && !listingFlags(viewer, row, (await countPhotos(app.db, [row.id])).get(row.id) ?? 0).can_add_photos) {
        throw forbidden('This listing has as many photos as it may have.');
      }
      await withImage(file, 'photo', (img) =>
        updateListing(app.db, {
          id: row.id,
          changes: {
            ...(title !== undefined ? { title } : {}),
            ...(body !== undefined ? { body } : {}),
            ...(b.category_id !== undefined ? { category_id: b.category_id } : {}),
            ...(price !== undefined ? { price_cents: price } : {}),
            ...(b['fields[location]'] !== undefined ? { location: b['fields[location]'].trim() } : {}),
            ...(b.auth_view !== undefined ? { auth_view: b.auth_view } : {}),
            ...(b.auth_comment !== undefined ? { auth_comment: b.auth_comment } : {}),
            ...(b.main_photo_id !== undefined ? { main_photo_id: b.main_photo_id } : {}),
          },
          img,
          tags: b.tags,
        }),
      );
      return { success: true };
    },
  );

  app.delete<{ Params: IdParams }>('/:id', { schema: { summary: 'Delete a listing', params: idParams } }, async (req) => {
    const me = userOf(req);
    const viewer = viewerOf(app.db, me);
    const row = await getVisibleListing(app.db, viewer, req.params.id);
    if (!listingFlags(viewer, row, 0).can_delete) throw forbidden('Only its owner may delete this listing.');
    const photos = await deleteListing(app.db, row.id);
    // Files go once the rows are gone for good.
    await Promise.all(photos.map((p) => deleteImage(app.config.dataDir, p.image_key)));
    return { success: true, data: { message: 'The listing was deleted.' } };
  });

  for (const action of ['close', 'open'] as const) {
    app.post<{ Body: IdParams }>(
      `/${action}`,
      { schema: { summary: action === 'close' ? 'Close a listing' : 'Reopen a closed listing', body: idForm } },
      async (req) => {
        const me = userOf(req);
        const viewer = viewerOf(app.db, me);
        const row = await getVisibleListing(app.db, viewer, req.body.id);
        const flags = listingFlags(viewer, row, 0);
        if (action === 'close' && !flags.can_close) {
          throw forbidden(isListingOwner(viewer, row) ? 'The listing is closed already.' : 'Only its owner may close this listing.');
        }
        if (action === 'open' && !flags.can_open) {
          throw forbidden(isListingOwner(viewer, row) ? 'The listing is open already.' : 'Only its owner may reopen this listing.');
        }
        const closed = action === 'close' ? 1 : 0;
        const changed = await setListingClosed(app.db, row.id, closed);
        if (!changed) throw forbidden(`The listing is ${action === 'close' ? 'closed' : 'open'} already.`);
        return { success: true };
      },
    );
  }
}
