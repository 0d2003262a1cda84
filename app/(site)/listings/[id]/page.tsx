import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ListingArticle } from '@/components/listings/listing-article';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { canMessage, siteHasMessages } from '@/lib/messages/available';
import { idParam } from '@/lib/params';
import { listingPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { routes } from '@/lib/routes';
import { getListing } from '@/lib/social-api/classifieds';

type Props = { params: Promise<{ id: string }> };

/**
 * One read per request: metadata and page both ask. A visitor reads what everyone may see.
 * Beside it, whether messages are here ("Contact seller": the header's counts for a member, a
 * cached answer of the API for a visitor; lib/messages/available.ts).
 */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const [listing, messaging] = await Promise.all([
      getListing(r.token, id, r.userId ?? 0),
      r.session ? canMessage(r.session) : siteHasMessages(),
    ]);
    return listing && { listing, visitor: !r.session, own: listing.seller.id === r.userId, messaging };
  }),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? previewMetadata(listingPreview(data.listing)) : {};
}

/** A listing: gallery, title, price, location, category, tags, date, seller, body, the social layer; the seller's actions. */
export default async function ListingRoute({ params }: Props) {
  const data = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!data) notFound();
  const { listing, visitor, own, messaging } = data;
  // "Contact seller": a member's about an open listing of someone else's; a visitor is asked to sign in first.
  const contact =
    !messaging || listing.closed || own
      ? undefined
      : { href: routes.newMessage({ item: { type: 'classified', id: listing.id } }), signIn: visitor };
  const page = <ListingArticle listing={listing} contact={contact} />;
  return visitor ? <PublicPreview what="this listing">{page}</PublicPreview> : page;
}
