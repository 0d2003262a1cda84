import type { Metadata } from 'next';
import { ListingEditor } from '@/components/listings/editor/listing-editor';
import { NEW_LISTING_TITLE, newListingValues } from '@/components/listings/editor/values';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { getCachedListingChoices } from '@/lib/listings/choices';

export const metadata: Metadata = { title: NEW_LISTING_TITLE };

/** A new listing. The rich-text editor's code loads on this page and the edit page only. */
export default async function NewListingPage() {
  const { userId, choices } = await loadPage(async (s) => ({ userId: s.userId, choices: await getCachedListingChoices(s) }));
  return <ListingEditor userId={userId} initial={newListingValues(choices)} choices={choices} maxBytes={env().UPLOAD_MAX_BYTES} />;
}
