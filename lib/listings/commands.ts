import type { ActionResult } from '@/lib/action-result';
import { failure, invalid, saveCommand } from '@/lib/server-action';
import {
  captionListingPhoto,
  closeListing,
  createListing,
  deleteListing,
  deleteListingPhoto,
  getListingForEditing,
  openListing,
  setListingMainPhoto,
  setListingPrice,
  updateListing,
  listingInput,
} from '@/lib/social-api/classifieds';
import { isApiError } from '@/lib/social-api/errors';
import {
  listingBulkSchema,
  listingIdSchema,
  listingPhotoIdSchema,
  listingPhotosSchema,
  listingPriceSchema,
  listingSaveSchema,
  listingStateSchema,
  toListingFieldErrors,
} from '@/lib/validations/listing';

// The changes to listings, given an access token: each input is checked with the schema the
// browser used (nothing reaches the API otherwise). components/listings/actions.ts runs them
// for the signed-in person; the tests run them against the real API.

const GONE = 'This listing is no longer there: it may have been deleted.';

/** One listing's failure as a sentence for its row or its page. */
function why(e: unknown): ActionResult<never> {
  if (isApiError(e, 404)) return { ok: false, message: GONE };
  return failure(e);
}

/** Closes ("mark as sold") or reopens a listing. */
export async function setListingStateCommand(token: string, input: unknown): Promise<ActionResult<{ open: boolean }>> {
  const parsed = listingStateSchema.safeParse(input);
  if (!parsed.success) return invalid();
  const { id, open } = parsed.data;
  try {
    await (open ? openListing(token, id) : closeListing(token, id));
  } catch (e) {
    return why(e);
  }
  return { ok: true, message: open ? 'The listing is open again.' : 'The listing is closed (marked as sold).', data: { open } };
}

export async function deleteListingCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = listingIdSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    const message = await deleteListing(token, parsed.data.id);
    return { ok: true, message: message || 'The listing was deleted.', data: undefined };
  } catch (e) {
    return why(e);
  }
}

/** One row's outcome of a bulk action. */
export type BulkRowResult = { id: number; ok: boolean; message: string };

/**
 * Closes, reopens or deletes many listings: each is done on its own (one that fails leaves the
 * others done) and answers its own result. `ok` is true when the request was understood; the
 * rows say which were done.
 */
export async function bulkListingsCommand(token: string, input: unknown): Promise<ActionResult<BulkRowResult[]>> {
  const parsed = listingBulkSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message);
  const { action, ids } = parsed.data;
  const done = { close: 'Closed.', open: 'Reopened.', delete: 'Deleted.' }[action];
  const rows: BulkRowResult[] = [];
  // One after another: a seller's page of listings is small, and the API is spared a burst.
  for (const id of [...new Set(ids)]) {
    try {
      if (action === 'close') await closeListing(token, id);
      else if (action === 'open') await openListing(token, id);
      else await deleteListing(token, id);
      rows.push({ id, ok: true, message: done });
    } catch (e) {
      const res = why(e);
      if (!res.ok && res.signedOut) return res;
      rows.push({ id, ok: false, message: res.ok ? '' : res.message });
    }
  }
  const failed = rows.filter((r) => !r.ok).length;
  const n = (k: number) => `${k} ${k === 1 ? 'listing' : 'listings'}`;
  const verb = { close: 'closed', open: 'reopened', delete: 'deleted' }[action];
  const message =
    failed === 0 ? `${n(rows.length)} ${verb}.` : `${n(rows.length - failed)} ${verb}; ${n(failed)} could not be: see the rows marked.`;
  return { ok: true, message, data: rows };
}

/** Changes a listing's price from the dashboard's row. */
export async function setListingPriceCommand(token: string, input: unknown): Promise<ActionResult<{ price: number | null }>> {
  const parsed = listingPriceSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'price');
    return issue ? { ok: false, message: issue.message, fieldErrors: { price: issue.message } } : invalid();
  }
  const { id, price } = parsed.data;
  try {
    await setListingPrice(token, id, price);
  } catch (e) {
    const refused = isApiError(e, 400) ? toListingFieldErrors(e.fieldErrors).price : undefined;
    return refused ? { ok: false, message: refused, fieldErrors: { price: refused } } : why(e);
  }
  return { ok: true, message: 'The price was saved.', data: { price } };
}

/** A saved listing: its id, and its price as the API formats it ('' for none). */
export type ListingSaved = { id: number; price: string };

/** Creates or edits a listing from its form. */
export const saveListingCommand = saveCommand({
  schema: listingSaveSchema,
  payload: ({ id, values, privacy }) => listingInput(values, id === undefined || privacy === true),
  create: createListing,
  update: updateListing,
  fields: toListingFieldErrors,
  gone: `${GONE} Your text is still here.`,
  saved: async (token, id, { id: edited }): Promise<ActionResult<ListingSaved>> => {
    const now = await getListingForEditing(token, id);
    return { ok: true, message: edited ? 'Your listing was saved.' : 'Your listing is online.', data: { id, price: now?.price ?? '' } };
  },
});

/**
 * Saves a listing's photos as the editor left them, after the listing and the uploads: each
 * caption that changed (one after another; the first refusal stops), then the main photo.
 */
export async function saveListingPhotosCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = listingPhotosSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'captions' && i.path[2] === 'caption');
    return invalid(issue?.message);
  }
  const { listingId, captions, mainPhotoId } = parsed.data;
  try {
    for (const { photoId, caption } of captions) await captionListingPhoto(token, photoId, caption);
    if (mainPhotoId !== undefined) await setListingMainPhoto(token, listingId, mainPhotoId);
  } catch (e) {
    if (isApiError(e, 404))
      return { ok: false, message: 'A photo of this listing is no longer there: reload the page to see its photos as they are.' };
    if (isApiError(e, 400) && 'main_photo_id' in e.fieldErrors)
      return { ok: false, message: 'That photo is no longer one of this listing’s: choose another main photo.' };
    return failure(e);
  }
  return { ok: true, message: 'The photos were saved.', data: undefined };
}

/** Deletes one of a listing's photos (its owner's; the API checks). */
export async function deleteListingPhotoCommand(token: string, input: unknown): Promise<ActionResult> {
  const parsed = listingPhotoIdSchema.safeParse(input);
  if (!parsed.success) return invalid();
  try {
    await deleteListingPhoto(token, parsed.data.photoId);
  } catch (e) {
    // Already gone is what was asked.
    if (!isApiError(e, 404)) return failure(e);
  }
  return { ok: true, message: 'The photo was deleted.', data: undefined };
}
