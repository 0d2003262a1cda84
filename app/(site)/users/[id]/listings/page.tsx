import type { Metadata } from 'next';
import { ListingCard } from '@/components/listings/listing-card';
import { emptyTab, ProfileTab } from '@/components/users/profile-tab';
import { routes } from '@/lib/routes';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Listings' };

/** A member's listings, open and closed (the profile's Listings tab). */
export default async function MemberListingsPage(props: ProfileTabRouteProps) {
  const { member, own, list, hrefOf } = await loadTabPage('listings', PROFILE_TABS.listings, props);
  return (
    <ProfileTab
      title={own ? 'Your listings' : `${member.name}’s listings`}
      list={list}
      noun={['listing', 'listings']}
      empty={emptyTab(own, member.name, 'listed anything', { href: routes.newListing, label: 'List something' })}
      item={(listing, i) => <ListingCard listing={listing} firstRow={i < 3} />}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      hrefOf={hrefOf}
    />
  );
}
