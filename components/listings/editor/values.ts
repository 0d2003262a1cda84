import type { ListingChoices, ListingDraft } from '@/lib/social-api/classifieds';
import type { ListingFormValues } from '@/lib/validations/listing';

// The listing form's first values (a new listing's defaults, or the listing as saved), and a copy
// kept in the browser read back. Server side (the pages) and in the browser.

/** The editor pages' titles (here, not in the client component: a server page's metadata needs the strings). */
export const NEW_LISTING_TITLE = 'New listing';
export const EDIT_LISTING_TITLE = 'Edit listing';

function pick(options: Array<{ id: string }>, preferred: string): string {
  return options.some((o) => o.id === preferred) ? preferred : (options[0]?.id ?? '');
}

/** A new listing: seen by everyone and open to comments (the API's defaults). */
export function newListingValues(choices: ListingChoices): ListingFormValues {
  return {
    title: '',
    body: '',
    categoryId: '',
    tags: [],
    price: '',
    location: '',
    authView: pick(choices.view, 'everyone'),
    authComment: pick(choices.comment, 'everyone'),
  };
}

/** The API's formatted price ("$1,250.50") as the form's number ("1250.50"); '' for none. */
export function priceAsTyped(formatted: string): string {
  if (/^free$/i.test(formatted.trim())) return '0';
  const n = formatted.replace(/[^\d.]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(n) ? n : '';
}

/** Whether the edit form shows (and sends) the listing's privacy: the API told it, in words the form offers. */
export function listingPrivacyShown(
  listing: ListingDraft,
  choices: ListingChoices,
): listing is ListingDraft & { privacy: { view: string; comment: string } } {
  const p = listing.privacy;
  return !!p && choices.view.some((o) => o.id === p.view) && choices.comment.some((o) => o.id === p.comment);
}

/**
 * A saved listing in the form. Its privacy is the one the API tells its owner (an extension);
 * without it the form has the defaults, and an edit leaves privacy as it is (not shown, not sent).
 */
export function listingFormValues(listing: ListingDraft, choices: ListingChoices): ListingFormValues {
  const fresh = newListingValues(choices);
  const privacy = listingPrivacyShown(listing, choices) ? listing.privacy : undefined;
  return {
    ...fresh,
    authView: privacy?.view ?? fresh.authView,
    authComment: privacy?.comment ?? fresh.authComment,
    title: listing.title,
    body: listing.body,
    categoryId: listing.category ? String(listing.category.id) : '',
    tags: listing.tags.map((t) => t.title),
    price: priceAsTyped(listing.price),
    location: listing.location,
  };
}

const KEYS = ['title', 'body', 'categoryId', 'price', 'location', 'authView', 'authComment'] as const;

/** A copy kept in the browser, when it has the form's shape (it may not pass the schema: it is unfinished). */
export function parseKeptListing(raw: unknown): ListingFormValues | undefined {
  const v = raw as Partial<Record<keyof ListingFormValues, unknown>> | null;
  if (!v || typeof v !== 'object') return undefined;
  if (!KEYS.every((k) => typeof v[k] === 'string')) return undefined;
  if (!Array.isArray(v.tags) || !v.tags.every((t) => typeof t === 'string')) return undefined;
  return { ...(Object.fromEntries(KEYS.map((k) => [k, v[k]])) as Omit<ListingFormValues, 'tags'>), tags: v.tags as string[] };
}

export function sameListingValues(a: ListingFormValues, b: ListingFormValues): boolean {
  return KEYS.every((k) => a[k] === b[k]) && a.tags.length === b.tags.length && a.tags.every((t, i) => t === b.tags[i]);
}
