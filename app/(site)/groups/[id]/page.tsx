import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { GroupPage } from '@/components/groups/group-page';
import { loadGroup } from '@/lib/groups/group-page';
import { idParam } from '@/lib/params';

export type GroupRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number) => loadGroup(id));

export async function generateMetadata({ params }: GroupRouteProps): Promise<Metadata> {
  const page = await load(await idParam(params));
  return page ? { title: page.group.title } : {};
}

/** A group's About tab: the header (picture, name, owner, members, the reader's action) and what it is about. */
export default async function GroupRoute({ params }: GroupRouteProps) {
  const page = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!page) notFound();
  return <GroupPage group={page.group} />;
}
