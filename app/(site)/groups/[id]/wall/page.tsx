import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { GroupWallPage } from '@/components/groups/wall-page';
import { env } from '@/lib/env';
import { loadGroupWall, type GroupTabRouteProps } from '@/lib/groups/group-page';
import { idParam } from '@/lib/params';

/** One read per request: metadata and page both ask. */
const load = cache((id: number) => loadGroupWall(id));

export async function generateMetadata({ params }: GroupTabRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params));
  return data ? { title: `Wall · ${data.group.title}` } : {};
}

/** A group's Wall tab: its posts, and the compose box for those who may post there. */
export default async function GroupWallRoute({ params }: GroupTabRouteProps) {
  const data = await load(await idParam(params));
  if (!data) notFound();
  return <GroupWallPage {...data} maxPhotoBytes={env().UPLOAD_MAX_BYTES} />;
}
