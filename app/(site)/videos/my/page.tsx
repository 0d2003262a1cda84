import type { Metadata } from 'next';
import { VideosPage } from '@/components/videos/videos-page';
import { loadVideoList, type VideoListRouteProps } from '@/lib/videos/list';

export const metadata: Metadata = { title: 'My videos' };

/** The reader's own videos in every state (those being converted update by themselves), filtered by the URL as /videos is. */
export default async function MyVideosRoute(props: VideoListRouteProps) {
  return <VideosPage {...await loadVideoList(true, props)} />;
}
