import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { GroupPhotosPage } from '@/components/groups/photos-page';
import { loadGroupPhotos, tabPageOf, type GroupTabRouteProps } from '@/lib/groups/group-page';
import { idParam } from '@/lib/params';

/** One read per request: metadata and page both ask. */
const load = cache((id: number, page: number) => loadGroupPhotos(id, page));

export async function generateMetadata({ params, searchParams }: GroupTabRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params), await tabPageOf(searchParams));
  return data ? { title: `Photos · ${data.group.title}` } : {};
}

/** A group's Photos tab: the photos of its album, and "Add photos" for those who may. */
export default async function GroupPhotosRoute({ params, searchParams }: GroupTabRouteProps) {
  const data = await load(await idParam(params), await tabPageOf(searchParams));
  if (!data) notFound();
  return <GroupPhotosPage {...data} />;
}
