import type { Metadata } from 'next';
import { GroupsPage } from '@/components/groups/groups-page';
import { loadGroupList, type GroupListRouteProps } from '@/lib/groups/list';

export const metadata: Metadata = { title: 'Groups' };

/** The groups the reader may see, filtered by the URL; on a server without groups, a page that says so. */
export default async function GroupsRoute(props: GroupListRouteProps) {
  return <GroupsPage {...await loadGroupList(false, props)} />;
}
