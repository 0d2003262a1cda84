import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PhotoPage } from '@/components/photos/photo-page';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { loadPhoto } from '@/lib/social-api/albums';

export type PhotoRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number) =>
  loadPage(async (s) => {
    const data = await loadPhoto(s.accessToken, id, s.userId);
    return data && { ...data, viewerId: s.userId };
  }),
);

export async function generateMetadata({ params }: PhotoRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? { title: data.photo.title || `Photo in ${data.photo.album.title}` } : {};
}

/** A photo on a page of its own (a reload of the viewer's URL lands here too). */
export default async function PhotoRoute({ params }: PhotoRouteProps) {
  const data = await load(await idParam(params));
  if (!data) notFound();
  return <PhotoPage photo={data.photo} social={data.social} viewerId={data.viewerId} />;
}
