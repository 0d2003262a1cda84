// zod/mini: these schemas run in the browser too, where the full zod would cost a page about
// 40 KB of gzipped JavaScript.
import * as z from 'zod/mini';
import { idSchema as id } from './ids.ts';
import { apiFieldErrorsReader, valuesFieldErrors } from './field-errors.ts';
import { priceInputSchema, priceValue, privacyOptionSchema, richTextSchema, tagsSchema, titleSchema } from './fields.ts';
import { LISTING_CAPTION_MAX, LISTING_LOCATION_MAX, LISTING_PHOTOS_MAX, LISTING_TITLE_MAX } from './limits.ts';

// The actions on listings from their page and the seller's dashboard: close or reopen, delete,
// the same on many at once, and a price edited in place. The browser sends only what these
// accept; the server actions check again with the same schemas before anything reaches the API.

/** Listings one bulk action may change (a page of the dashboard's table). */
export const LISTING_BULK_MAX = 50;

export const listingIdSchema = z.object({ id });
export type ListingIdInput = z.infer<typeof listingIdSchema>;

export const listingStateSchema = z.object({ id, open: z.boolean() });
export type ListingStateInput = z.infer<typeof listingStateSchema>;

export const listingBulkSchema = z.object({
  action: z.enum(['close', 'open', 'delete']),
  ids: z
    .array(id)
    .check(z.minLength(1, 'Select at least one listing.'), z.maxLength(LISTING_BULK_MAX, `Select at most ${LISTING_BULK_MAX} listings.`)),
});
export type ListingBulkInput = z.infer<typeof listingBulkSchema>;

/** A price as typed (empty for none), read as the API takes it: null or the number. */
export const priceTextSchema = z.pipe(priceInputSchema, z.transform(priceValue));

export const listingPriceSchema = z.object({ id, price: priceTextSchema });
export type ListingPriceInput = z.input<typeof listingPriceSchema>;

/** The API's limits of a listing (api-server/src/routes/classifieds/write.ts); those the editor shows are in ./limits.ts. */
const LISTING_BODY_MAX = 10_000;
const LISTING_TAG_MAX = 50;
const LISTING_TAGS_MAX = 20;

/**
 * A listing's form (new and edit), as the browser holds it: every field a string (the price as
 * typed, checked by the same rule as the dashboard's price edit), tags a list.
 */
export const listingFormSchema = z.object({
  title: titleSchema(LISTING_TITLE_MAX, 'Give your listing a title.'),
  body: richTextSchema(LISTING_BODY_MAX, {
    empty: 'Describe what you sell: the description has no text yet.',
    tooLong: 'The description is too long for the site: shorten it.',
  }),
  /** '' for none, else a category's id as the select gives it. */
  categoryId: z.string().check(z.regex(/^$|^[1-9]\d{0,15}$/, 'Choose a category from the list.')),
  tags: tagsSchema(LISTING_TAG_MAX, LISTING_TAGS_MAX, 'A listing'),
  price: priceInputSchema,
  location: z.string().check(z.trim(), z.maxLength(LISTING_LOCATION_MAX, `Keep the location under ${LISTING_LOCATION_MAX} characters.`)),
  authView: privacyOptionSchema,
  authComment: privacyOptionSchema,
});
export type ListingFormValues = z.infer<typeof listingFormSchema>;

/** Saving the form: a new listing (no id) or an edit, which sends privacy only when its form showed it (`privacy`). */
export const listingSaveSchema = z.object({ id: z.optional(id), values: listingFormSchema, privacy: z.optional(z.boolean()) });
export type ListingSaveInput = z.input<typeof listingSaveSchema>;

/** The form's issues by field name (the save's `values.title` is the form's `title`); anything else is `form`. */
export const listingFieldErrors = valuesFieldErrors;

/** The API's names of a listing's fields, and the form's. */
const API_FIELD_NAMES: Record<string, keyof ListingFormValues> = {
  title: 'title',
  body: 'body',
  category_id: 'categoryId',
  tags: 'tags',
  'fields[price]': 'price',
  price: 'price',
  'fields[location]': 'location',
  location: 'location',
  auth_view: 'authView',
  auth_comment: 'authComment',
};

const FIELD_NOUNS: Record<keyof ListingFormValues | 'form', string> = {
  title: 'The title',
  body: 'The description',
  categoryId: 'The category',
  tags: 'The tags',
  price: 'The price',
  location: 'The location',
  authView: 'Who can see it',
  authComment: 'Who can comment',
  form: 'The listing',
};

/** The API's field errors under the form's field names (a message starting lower-case gets its field's name). */
export const toListingFieldErrors = apiFieldErrorsReader(API_FIELD_NAMES, { nouns: FIELD_NOUNS });

const listingCaptionSchema = z
  .string()
  .check(z.trim(), z.maxLength(LISTING_CAPTION_MAX, `Keep a caption under ${LISTING_CAPTION_MAX} characters.`));

/**
 * A listing's photos as the editor saves them after the listing: the captions that changed, and
 * which photo is the main one.
 */
export const listingPhotosSchema = z.object({
  listingId: id,
  captions: z.array(z.object({ photoId: id, caption: listingCaptionSchema })).check(z.maxLength(LISTING_PHOTOS_MAX)),
  mainPhotoId: z.optional(id),
});
export type ListingPhotosInput = z.input<typeof listingPhotosSchema>;

export const listingPhotoIdSchema = z.object({ photoId: id });
export type ListingPhotoIdInput = z.input<typeof listingPhotoIdSchema>;
