import { z } from 'zod';
import { apiFetch, type ApiFetchOptions } from './client.ts';
import { apiConfig } from './config.ts';
import { parseApiDate, socialOf, type Social } from './core.ts';
import { isApiError } from './errors.ts';
import { getWithFields, SOCIAL_FIELD_NAMES, visitQuery, type DetailRead } from './fields.ts';
import { categorySchema, flag, id, lenientArray, optionList, str } from './primitives.ts';
import { pictureSizeOf, type PictureSize } from '../images/picture-size.ts';
import { plainExcerpt, sanitizeRichText } from './sanitize.ts';
import { createdSchema, messageSchema, ownerSchema } from './schemas.ts';
import { reshapePerson, safeImageUrl, who, type Who } from './users.ts';
import type { ListingFormValues } from '../validations/listing.ts';

// Classified listings (spec: Classifieds, scope classifieds): every row of the table. The API
// formats prices itself (`price` is text such as "$1,250.00" or "Free"); a form sends a number.

export interface ListingCategory {
  id: number;
  title: string;
}

/** A listing in a list. */
export interface ListingSummary {
  id: number;
  title: string;
  seller: Who;
  /** Epoch milliseconds; 0 when the API sent no readable date. */
  createdAt: number;
  /** The API's formatted price ('' when none was given). */
  price: string;
  location: string;
  /** The main photo's thumbnail URL ('' without one). */
  thumb: string;
  closed: boolean;
  /** Plain text: the beginning of the body. */
  excerpt: string;
  can: { edit: boolean; addPhotos: boolean; open: boolean; close: boolean; delete: boolean };
}

export interface ListingPhoto {
  id: number;
  caption: string;
  img: string;
  main: boolean;
  /** The original's pixels (our API's extension; absent elsewhere). */
  size?: PictureSize;
}

/** A listing on its own page. */
export interface Listing extends Omit<ListingSummary, 'excerpt'> {
  /** Sanitized HTML (sanitize.ts), ready for dangerouslySetInnerHTML. */
  html: string;
  category: ListingCategory | null;
  tags: Array<{ id: number; title: string }>;
  /** Main photo first, then the others in the order they were added. */
  photos: ListingPhoto[];
  /** When the seller joined the site, epoch milliseconds (an extension); 0 when the server does not tell. */
  sellerSince: number;
}

/** A listing with its social layer (its page). */
export interface ListingPage extends Listing {
  social: Social;
}

/** A listing as its editor needs it: the body as the API stored it. */
export interface ListingDraft extends Omit<Listing, 'html'> {
  body: string;
  /** Who may see and comment on it, when the API tells its owner (an extension); undefined otherwise. */
  privacy?: { view: string; comment: string };
}

/** The API's filters of a list of listings (GET /classifieds, /classifieds/my). */
export interface ListingFilters {
  keywords?: string;
  categoryId?: number;
  status?: 'all' | 'only_open' | 'only_closed';
  sort?: 'most_recent' | 'most_viewed';
  withPhotos?: boolean;
  priceMin?: number;
  priceMax?: number;
  location?: string;
  /** Only in the list of everyone's listings. */
  userId?: number;
  page?: number;
  limit?: number;
}

/** What a form sends to create or edit a listing. */
export interface ListingInput {
  title: string;
  /** HTML with simple formatting, or plain text; the API cleans it again. */
  body: string;
  /** 0 or undefined: none. */
  categoryId?: number;
  tags: string[];
  /** Dollars; null: no price. */
  price: number | null;
  location: string;
  authView?: string;
  authComment?: string;
  /** Edit only: which of its photos is the main one. */
  mainPhotoId?: number;
}

const LIST_FIELDS =
  'id,thumb,title,is_closed,creation_date,owner,price,location,body,can_edit,can_add_photos,can_open,can_close,can_delete';
const SPEC_DETAIL_FIELDS = `${LIST_FIELDS},category,tags,photos`;
/** The page's: the detail, its social fields and when the seller joined (extensions: one read instead of four). */
const DETAIL_FIELDS = `${SPEC_DETAIL_FIELDS},owner_joined,${SOCIAL_FIELD_NAMES}`;
/** The editor's: the detail and its privacy, which the API tells the owner alone (an extension). */
const EDIT_FIELDS = `${SPEC_DETAIL_FIELDS},auth_view,auth_comment`;

const listingSchema = z.looseObject({
  id,
  thumb: str,
  title: str,
  is_closed: flag,
  creation_date: str,
  owner: ownerSchema.optional(),
  price: str,
  location: str,
  body: str,
  can_edit: flag,
  can_add_photos: flag,
  can_open: flag,
  can_close: flag,
  can_delete: flag,
});

const detailSchema = listingSchema.extend({
  category: categorySchema.nullable().catch(null).default(null),
  tags: lenientArray(z.looseObject({ id, title: str })),
  photos: lenientArray(z.looseObject({ id, description: str, img: str, is_main: flag, width: z.unknown(), height: z.unknown() })),
  auth_view: z.string().optional().catch(undefined),
  auth_comment: z.string().optional().catch(undefined),
  owner_joined: z.string().nullable().optional().catch(undefined),
});
type ApiListingDetail = z.infer<typeof detailSchema>;

const seller = (o: z.infer<typeof ownerSchema> | undefined): Who => (o ? who(reshapePerson(o)) : { id: 0, name: 'Someone', image: '' });

function reshapeBase(l: z.infer<typeof listingSchema>): Omit<ListingSummary, 'excerpt'> {
  return {
    id: l.id,
    title: l.title.trim() || 'Untitled',
    seller: seller(l.owner),
    createdAt: parseApiDate(l.creation_date),
    price: l.price.trim(),
    location: l.location.trim(),
    thumb: l.thumb ? safeImageUrl(l.thumb) : '',
    closed: l.is_closed,
    can: { edit: l.can_edit, addPhotos: l.can_add_photos, open: l.can_open, close: l.can_close, delete: l.can_delete },
  };
}

function reshapeDraft(l: ApiListingDetail): ListingDraft {
  const photos = l.photos.map((p) => ({
    id: p.id,
    caption: p.description.trim(),
    img: safeImageUrl(p.img),
    main: p.is_main,
    size: pictureSizeOf(p.width, p.height),
  }));
  return {
    ...reshapeBase(l),
    body: l.body,
    category: l.category && l.category.id > 0 ? { id: l.category.id, title: l.category.title.trim() || `Category ${l.category.id}` } : null,
    tags: l.tags.filter((t) => t.title.trim()).map((t) => ({ id: t.id, title: t.title.trim() })),
    // The main photo leads the gallery.
    photos: [...photos.filter((p) => p.main), ...photos.filter((p) => !p.main)],
    privacy: l.auth_view && l.auth_comment ? { view: l.auth_view, comment: l.auth_comment } : undefined,
    sellerSince: l.owner_joined ? parseApiDate(l.owner_joined) : 0,
  };
}

/** The API's query of a list. */
function listQuery(f: ListingFilters) {
  return {
    keywords: f.keywords?.trim() || undefined,
    category_id: f.categoryId,
    status: f.status,
    sort: f.sort,
    has_photo: f.withPhotos ? 1 : undefined,
    price_min: f.priceMin,
    price_max: f.priceMax,
    location: f.location?.trim() || undefined,
    user_id: f.userId,
    page: f.page ?? 1,
    limit: f.limit ?? 12,
    fields: LIST_FIELDS,
  };
}

const listSchema = lenientArray(listingSchema);

/** Listings the reader may see (everyone's, or with `mine` their own), newest first unless sorted by views. */
export async function listListings(token: string, filters: ListingFilters = {}, mine = false): Promise<ListingSummary[]> {
  const query = listQuery(filters);
  if (mine) delete (query as { user_id?: number }).user_id;
  const raw = await apiFetch(apiConfig(), mine ? '/classifieds/my' : '/classifieds', { token, query });
  return listSchema.parse(raw).map((l) => ({ ...reshapeBase(l), excerpt: plainExcerpt(l.body, 160) }));
}

/** Counted a page at a time up to this many (the API tells no totals); more is "at least". */
export const COUNT_MAX = 1000;

/** How many of one's own listings are open or closed (the API has no count: its pages of ids are counted). */
export async function countMyListings(token: string, status: 'only_open' | 'only_closed'): Promise<number> {
  const LIMIT = 50;
  let total = 0;
  for (let page = 1; total < COUNT_MAX; page += 1) {
    const raw = await apiFetch(apiConfig(), '/classifieds/my', { token, query: { status, page, limit: LIMIT, fields: 'id' } });
    const n = Array.isArray(raw) ? raw.length : 0;
    total += n;
    if (n < LIMIT) break;
  }
  return Math.min(total, COUNT_MAX);
}

async function getDetail(token: string, listingId: number, fields: string, read?: DetailRead): Promise<ApiListingDetail | undefined> {
  try {
    return detailSchema.parse(await getWithFields(token, `/classifieds/${listingId}`, visitQuery(read), fields, SPEC_DETAIL_FIELDS));
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    throw e;
  }
}

/** A listing on its own page with its social layer; undefined when it does not exist or the reader may not see it. */
export async function getListing(token: string, listingId: number, viewerId: number, read?: DetailRead): Promise<ListingPage | undefined> {
  const raw = await getDetail(token, listingId, DETAIL_FIELDS, read);
  if (!raw) return undefined;
  const { body, ...listing } = reshapeDraft(raw);
  const social = await socialOf(token, { type: 'classified', id: raw.id }, raw, viewerId, { share: true });
  return { ...listing, html: sanitizeRichText(body), social };
}

/** A listing as its editor needs it; undefined when it does not exist or the reader may not see it. */
export async function getListingForEditing(token: string, listingId: number): Promise<ListingDraft | undefined> {
  const raw = await getDetail(token, listingId, EDIT_FIELDS, { visit: false });
  return raw && reshapeDraft(raw);
}

/** The API's form of a listing (POST /classifieds, /classifieds/{id}). */
export function listingForm(input: ListingInput): Record<string, string | number | undefined> {
  return {
    title: input.title,
    body: input.body,
    tags: input.tags.join(','),
    category_id: input.categoryId || undefined,
    'fields[price]': input.price === null ? '' : String(input.price),
    'fields[location]': input.location,
    auth_view: input.authView,
    auth_comment: input.authComment,
    main_photo_id: input.mainPhotoId,
  };
}

/** The form's values (checked) as the API's listing; without `privacy` it is left out, and an edit keeps it. */
export function listingInput(values: ListingFormValues, privacy: boolean): ListingInput {
  return {
    title: values.title,
    body: values.body,
    categoryId: values.categoryId ? Number(values.categoryId) : undefined,
    tags: values.tags,
    price: values.price === '' ? null : Number(values.price.replace(/,/g, '')),
    location: values.location,
    // An edit form shows privacy only when the API told it (an extension): otherwise an edit keeps it.
    authView: privacy ? values.authView : undefined,
    authComment: privacy ? values.authComment : undefined,
  };
}

/** Creates a listing, with its main photo when one is given (the `photo` file part). Answers its id. */
export async function createListing(token: string, input: ListingInput, photo?: { file: Blob; name: string }): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(listingForm(input))) if (v !== undefined) form.append(k, String(v));
  if (photo) form.append('photo', photo.file, photo.name);
  const data = createdSchema.parse(await apiFetch(apiConfig(), '/classifieds', { token, form }));
  if (!data.id) throw new Error('The API did not answer the new listing’s id.');
  return data.id;
}

/** Edits a listing: the whole form (privacy left out is kept), with the main photo it names. */
export async function updateListing(token: string, listingId: number, input: ListingInput): Promise<void> {
  await apiFetch(apiConfig(), `/classifieds/${listingId}`, { token, form: listingForm(input) });
}

/** Changes a listing's price alone (dollars; null: no price); everything else is kept. */
export async function setListingPrice(token: string, listingId: number, price: number | null): Promise<void> {
  await apiFetch(apiConfig(), `/classifieds/${listingId}`, { token, form: { 'fields[price]': price === null ? '' : String(price) } });
}

/** Marks a listing sold (closed). */
export async function closeListing(token: string, listingId: number): Promise<void> {
  await apiFetch(apiConfig(), '/classifieds/close', { token, form: { id: listingId } });
}

/** Opens a closed listing again. */
export async function openListing(token: string, listingId: number): Promise<void> {
  await apiFetch(apiConfig(), '/classifieds/open', { token, form: { id: listingId } });
}

export async function deleteListing(token: string, listingId: number): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/classifieds/${listingId}`, { method: 'DELETE', token })).message;
}

/** A photo's upload to the API may take this long (a large photo on a slow line). */
const UPLOAD_TIMEOUT_MS = 120_000;
type Upload = NonNullable<ApiFetchOptions['stream']>;

/**
 * Creates a listing with its main photo (the `photo` file part) from a multipart stream that the
 * BFF wrote the listing's fields into (listingForm) before the file. Answers its id.
 */
export async function createListingWithPhoto(token: string, upload: Upload, signal?: AbortSignal): Promise<number> {
  const data = createdSchema.parse(
    await apiFetch(apiConfig(), '/classifieds', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }),
  );
  if (!data.id) throw new Error('The API did not answer the new listing’s id.');
  return data.id;
}

/** Adds a photo to a listing: a multipart stream with `classified_id` and `Filedata`, streamed through the BFF. Answers the photo's id. */
export async function uploadListingPhoto(token: string, upload: Upload, signal?: AbortSignal): Promise<number> {
  const data = z
    .looseObject({ id })
    .parse(await apiFetch(apiConfig(), '/classifieds/photos', { token, stream: upload, timeoutMs: UPLOAD_TIMEOUT_MS, signal }));
  return data.id;
}

/** Makes one of a listing's photos its main photo (everything else is kept). */
export async function setListingMainPhoto(token: string, listingId: number, photoId: number): Promise<void> {
  await apiFetch(apiConfig(), `/classifieds/${listingId}`, { token, form: { main_photo_id: photoId } });
}

export async function captionListingPhoto(token: string, photoId: number, caption: string): Promise<string> {
  return messageSchema.parse(await apiFetch(apiConfig(), `/classifieds/photos/${photoId}`, { token, form: { description: caption } }))
    .message;
}

export async function deleteListingPhoto(token: string, photoId: number): Promise<void> {
  await apiFetch(apiConfig(), `/classifieds/photos/${photoId}`, { method: 'DELETE', token });
}

async function listListingCategories(token: string): Promise<ListingCategory[]> {
  return lenientArray(categorySchema)
    .parse(await apiFetch(apiConfig(), '/classifieds/categories', { token }))
    .filter((c) => c.id > 0)
    .map((c) => ({ id: c.id, title: c.title.trim() || `Category ${c.id}` }));
}

/** What a listing's form offers: the categories and the privacy options (view, comment). */
export interface ListingChoices {
  categories: ListingCategory[];
  view: Array<{ id: string; title: string }>;
  comment: Array<{ id: string; title: string }>;
}

export async function getListingChoices(token: string): Promise<ListingChoices> {
  const [categories, view, comment] = await Promise.all([
    listListingCategories(token),
    apiFetch(apiConfig(), '/classifieds/view_options', { token }).then(optionList),
    apiFetch(apiConfig(), '/classifieds/comment_options', { token }).then(optionList),
  ]);
  return { categories, view, comment };
}
