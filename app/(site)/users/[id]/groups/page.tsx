import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GroupCard } from '@/components/groups/group-card';
import { emptyTab, ProfileTab } from '@/components/users/profile-tab';
import { siteHasGroups } from '@/lib/groups/available';
import { routes } from '@/lib/routes';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Groups' };

/** The groups a member belongs to (the profile's Groups tab; one's own: all of them). A site without groups has no such tab. */
export default async function MemberGroupsPage(props: ProfileTabRouteProps) {
  if (!(await siteHasGroups())) notFound();
  const { member, own, list, hrefOf } = await loadTabPage('groups', PROFILE_TABS.groups, props);
  return (
    <ProfileTab
      title={own ? 'Your groups' : `Groups ${member.name} belongs to`}
      list={list}
      noun={['group', 'groups']}
      empty={emptyTab(own, member.name, 'joined a group', { href: routes.groups(), label: 'Find a group' })}
      item={(group) => <GroupCard group={group} />}
      hrefOf={hrefOf}
    />
  );
}
