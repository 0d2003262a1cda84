import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PhotoPage } from '@/components/photos/photo-page';
import { PublicPreview } from '@/components/social/public-preview';
import { idParam } from '@/lib/params';
import { loadPhotoPage } from '@/lib/photos/photo-page';
import { photoPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';

export type PhotoRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. */
const load = cache(loadPhotoPage);

export async function generateMetadata({ params }: PhotoRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? previewMetadata(photoPreview(data.photo)) : {};
}

/** A photo on a page of its own (a reload of the viewer's URL lands here too). */
export default async function PhotoRoute({ params }: PhotoRouteProps) {
  const data = await load(await idParam(params));
  if (!data) notFound();
  const page = <PhotoPage photo={data.photo} social={data.social} tags={data.tags} viewerId={data.viewerId} />;
  return data.visitor ? <PublicPreview what="this photo">{page}</PublicPreview> : page;
}
