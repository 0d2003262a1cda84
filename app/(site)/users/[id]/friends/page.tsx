import type { Metadata } from 'next';
import { FriendRow, FriendSearch } from '@/components/users/friend-row';
import { ProfileTab } from '@/components/users/profile-tab';
import { routes } from '@/lib/routes';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Friends' };

/** A member's friends (the profile's Friends tab), those the reader has in common marked; searchable by name. */
export default async function MemberFriendsPage(props: ProfileTabRouteProps) {
  const { member, own, viewerId, list, q, hrefOf } = await loadTabPage('friends', PROFILE_TABS.friends, props);
  const first = member.name.split(' ')[0];
  return (
    <>
      <FriendSearch
        label={own ? 'Find one of your friends' : `Find one of ${first}’s friends`}
        q={q}
        action={`${routes.user(member.id)}/friends`}
      />
      <ProfileTab
        title={own ? 'Your friends' : `${member.name}’s friends`}
        list={list}
        noun={['friend', 'friends']}
        filtered={Boolean(q)}
        empty={own ? 'You have no friends here yet.' : `${first} has no friends here yet.`}
        item={(friend) => <FriendRow friend={friend} you={friend.id === viewerId} />}
        className="grid gap-3 sm:grid-cols-2"
        hrefOf={hrefOf}
      />
    </>
  );
}
