import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ListingArticle } from '@/components/listings/listing-article';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { listingPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { getListing } from '@/lib/social-api/classifieds';

type Props = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. A visitor reads what everyone may see. */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const listing = await getListing(r.token, id, r.userId ?? 0);
    return listing && { listing, visitor: !r.session };
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
  const page = <ListingArticle listing={data.listing} />;
  return data.visitor ? <PublicPreview what="this listing">{page}</PublicPreview> : page;
}
