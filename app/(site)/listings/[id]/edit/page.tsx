import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingEditor } from '@/components/listings/editor/listing-editor';
import { EDIT_LISTING_TITLE, listingFormValues, listingPrivacyShown } from '@/components/listings/editor/values';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { idParam } from '@/lib/params';
import { getCachedListingChoices } from '@/lib/listings/choices';
import { getListingForEditing } from '@/lib/social-api/classifieds';
import { sanitizeRichText } from '@/lib/social-api/sanitize';

export const metadata: Metadata = { title: EDIT_LISTING_TITLE };

/**
 * A listing's editor, for its seller only: anyone else gets the 404 page (the API tells who may
 * edit; a listing the reader may not see is 404 there already), never the form.
 */
export default async function EditListingPage({ params }: { params: Promise<{ id: string }> }) {
  const id = await idParam(params);
  const { userId, listing, choices } = await loadPage(async (s) => {
    const [listing, choices] = await Promise.all([getListingForEditing(s.accessToken, id), getCachedListingChoices(s)]);
    return { userId: s.userId, listing, choices };
  });
  if (!listing || !listing.can.edit) notFound();
  return (
    <ListingEditor
      userId={userId}
      listing={{ id: listing.id, price: listing.price }}
      initial={listingFormValues(listing, choices)}
      choices={choices}
      photos={listing.photos.map((p) => ({ id: p.id, img: p.img, caption: p.caption }))}
      mainPhotoId={listing.photos.find((p) => p.main)?.id}
      maxBytes={env().UPLOAD_MAX_BYTES}
      privacyKnown={listingPrivacyShown(listing, choices)}
      savedHtml={sanitizeRichText(listing.body)}
    />
  );
}
