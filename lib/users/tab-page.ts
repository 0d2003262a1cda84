import { notFound } from 'next/navigation';
import { loadPage } from '@/lib/auth/page-session';
import type { SearchParams } from '@/lib/list-query';
import { idParam } from '@/lib/params';
import { routes } from '@/lib/routes';
import type { Member } from '@/lib/social-api/users';
import { loadMember, loadProfileTab, PROFILE_TABS, profileTabList, type TabRead } from './profile.ts';

export type ProfileTabRouteProps = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

/** A profile tab's route: the member (shared with the layout's read), whether it is the reader, the tab's page and its links. */
export async function loadTabPage<T>(tab: keyof typeof PROFILE_TABS, read: TabRead<T>, { params, searchParams }: ProfileTabRouteProps) {
  const id = await idParam(params);
  const [{ member, own, viewerId }, page] = await Promise.all([
    loadPage(async (s) => ({ member: await loadMember(s, id), own: s.userId === id, viewerId: s.userId })),
    loadProfileTab(read, id, searchParams),
  ]);
  if (!member) notFound();
  const base = `${routes.user(id)}/${tab}`;
  return {
    member: member as Member,
    own,
    viewerId,
    ...page,
    hrefOf: (n: number) => `${base}${profileTabList.search({ q: page.q, page: n })}`,
  };
}
