import type { Metadata } from 'next';
import { emptyTab, ProfileTab } from '@/components/users/profile-tab';
import { VideoTile } from '@/components/videos/video-tile';
import { routes } from '@/lib/routes';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Videos' };

/** A member's videos (the profile's Videos tab, on a site with videos): GET /videos?user_id=. */
export default async function MemberVideosPage(props: ProfileTabRouteProps) {
  const { member, own, list, hrefOf } = await loadTabPage('videos', PROFILE_TABS.videos, props);
  return (
    <ProfileTab
      title={own ? 'Your videos' : `${member.name}’s videos`}
      list={list}
      noun={['video', 'videos']}
      empty={emptyTab(own, member.name, 'shared a video', { href: routes.newVideo, label: 'Add a video' })}
      item={(video, i) => <VideoTile video={video} firstRow={i < 3} />}
      className="grid grid-cols-2 gap-4 sm:grid-cols-3"
      hrefOf={hrefOf}
    />
  );
}
