import type { Metadata } from 'next';
import { GroupsPage } from '@/components/groups/groups-page';
import { loadGroupList, type GroupListRouteProps } from '@/lib/groups/list';

export const metadata: Metadata = { title: 'My groups' };

/** The groups I belong to, or only those I lead (as owner or officer). */
export default async function MyGroupsRoute(props: GroupListRouteProps) {
  return <GroupsPage {...await loadGroupList(true, props)} />;
}
