import type { Metadata } from 'next';
import { MusicPage } from '@/components/music/music-page';
import { loadPlaylistList, type PlaylistListRouteProps } from '@/lib/music/list';

export const metadata: Metadata = { title: 'Music' };

/** Every playlist the reader may see, filtered by the URL (/music?q=…&sort=popular&user=…&page=2). */
export default async function MusicRoute(props: PlaylistListRouteProps) {
  return <MusicPage {...await loadPlaylistList(false, props)} />;
}
