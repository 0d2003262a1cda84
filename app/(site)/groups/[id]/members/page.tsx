import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { MembersPage } from '@/components/groups/members-page';
import { loadGroupMembers, tabPageOf } from '@/lib/groups/group-page';
import { idParam } from '@/lib/params';

type MembersRouteProps = { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string | string[] }> };

/** One read per request: metadata and page both ask. */
const load = cache((id: number, page: number) => loadGroupMembers(id, page));

export async function generateMetadata({ params, searchParams }: MembersRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params), await tabPageOf(searchParams));
  return data ? { title: `Members · ${data.group.title}` } : {};
}

/** A group's Members tab: its members with their titles; for officers, the people waiting and what they may do to each. */
export default async function GroupMembersRoute({ params, searchParams }: MembersRouteProps) {
  const data = await load(await idParam(params), await tabPageOf(searchParams));
  if (!data) notFound();
  return <MembersPage {...data} />;
}
