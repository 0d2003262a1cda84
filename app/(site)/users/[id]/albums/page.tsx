import type { Metadata } from 'next';
import { AlbumTile } from '@/components/albums/album-tile';
import { emptyTab, ProfileTab } from '@/components/users/profile-tab';
import { routes } from '@/lib/routes';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Albums' };

/** A member's albums (the profile's Albums tab). */
export default async function MemberAlbumsPage(props: ProfileTabRouteProps) {
  const { member, own, list, hrefOf } = await loadTabPage('albums', PROFILE_TABS.albums, props);
  return (
    <ProfileTab
      title={own ? 'Your albums' : `${member.name}’s albums`}
      list={list}
      noun={['album', 'albums']}
      empty={emptyTab(own, member.name, 'shared an album', { href: routes.addPhotos(), label: 'Add photos' })}
      item={(album, i) => <AlbumTile album={album} firstRow={i < 3} />}
      className="grid grid-cols-2 gap-4 sm:grid-cols-3"
      hrefOf={hrefOf}
    />
  );
}
