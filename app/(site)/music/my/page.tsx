import type { Metadata } from 'next';
import { MusicPage } from '@/components/music/music-page';
import { loadPlaylistList, type PlaylistListRouteProps } from '@/lib/music/list';

export const metadata: Metadata = { title: 'My playlists' };

/** The reader's own playlists, whatever their privacy, filtered by the URL as /music is. */
export default async function MyMusicRoute(props: PlaylistListRouteProps) {
  return <MusicPage {...await loadPlaylistList(true, props)} />;
}
