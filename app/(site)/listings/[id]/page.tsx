import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ListingArticle } from '@/components/listings/listing-article';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { getListing } from '@/lib/social-api/classifieds';

type Props = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number) => loadPage((s) => getListing(s.accessToken, id, s.userId)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const listing = await load(await idParam(params));
  return listing ? { title: listing.title } : {};
}

/** A listing: gallery, title, price, location, category, tags, date, seller, body, the social layer; the seller's actions. */
export default async function ListingRoute({ params }: Props) {
  const listing = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!listing) notFound();
  return <ListingArticle listing={listing} />;
}
