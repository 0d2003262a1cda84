import { CHECK_FIELDS } from '../action-result.ts';
import { createListingWithPhoto, getListingForEditing, listingForm, listingInput, uploadListingPhoto } from '../social-api/classifieds.ts';
import { parseId } from '../params.ts';
import { listingFieldErrors, listingSaveSchema, toListingFieldErrors, type ListingFormValues } from '../validations/listing.ts';
import type { UploadRouteOptions } from '../uploads/photo-route.ts';
import { uploadAnswer } from '../uploads/stream-upload.ts';

// What the listing editor's two upload routes do beyond every photo upload's checks
// (stream-upload.ts): app/api/upload/listing and app/api/upload/listing-photo.

type RouteOptions<R> = UploadRouteOptions<R>;

/** The form's values when the `listing` field holds a form that passes, else its field errors. */
function checkedValues(fields: Record<string, string>): { values: ListingFormValues } | { fieldErrors: Record<string, string> } {
  let raw: unknown;
  try {
    raw = JSON.parse(fields.listing ?? '');
  } catch {
    return { fieldErrors: { form: 'The listing’s fields were not sent.' } };
  }
  const parsed = listingSaveSchema.safeParse({ values: raw });
  return parsed.success ? { values: parsed.data.values } : { fieldErrors: listingFieldErrors(parsed.error) };
}

export type CreatedListing = { id: number; price: string; photo_id: number | null };

/**
 * A new listing with its main photo, in one request as the API takes it (POST /classifieds with
 * the `photo` file part). The browser sends the form's values as one JSON field, `listing`,
 * before the file; they pass the schema the server action uses or nothing reaches the API, which
 * then receives the listing's fields as written here (listingForm), then the photo as it arrives.
 * Answers the listing's id, its price as the API formats it, and the main photo's id.
 */
export const createListingUpload: RouteOptions<CreatedListing> = {
  field: 'photo',
  label: 'listing with its main photo',
  checkFields: (fields) => {
    const checked = checkedValues(fields);
    return 'fieldErrors' in checked ? uploadAnswer(400, CHECK_FIELDS, { field_errors: checked.fieldErrors }) : undefined;
  },
  fieldErrors: toListingFieldErrors,
  forward: async (token, _asSent, signal, form) => {
    const checked = checkedValues(form.fields);
    if (!('values' in checked)) throw new Error('The listing’s fields were checked before this.');
    const id = await createListingWithPhoto(token, form.withFields(listingForm(listingInput(checked.values, true))), signal);
    const now = await getListingForEditing(token, id);
    return { id, price: now?.price ?? '', photo_id: now?.photos.find((p) => p.main)?.id ?? null };
  },
};

/**
 * One more photo of a listing: the field `classified_id`, then the Filedata part, on to POST
 * /classifieds/photos. The API decides who may add photos to which listing (its owner, up to its
 * limit). Answers the photo's id.
 */
export const listingPhotoUpload: RouteOptions<{ photo_id: number }> = {
  field: 'Filedata',
  label: 'listing photo',
  checkFields: (fields) => (parseId(fields.classified_id) === undefined ? uploadAnswer(404, 'There is no such listing.') : undefined),
  forward: async (token, _asSent, signal, form) => ({
    photo_id: await uploadListingPhoto(token, form.withFields({ classified_id: parseId(form.fields.classified_id) }), signal),
  }),
};
