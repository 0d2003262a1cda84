import type { Metadata } from 'next';
import { VideosPage } from '@/components/videos/videos-page';
import { loadVideoList, type VideoListRouteProps } from '@/lib/videos/list';

export const metadata: Metadata = { title: 'Videos' };

/** Every video the reader may see, filtered by the URL (/videos?q=…&category=…&sort=views|rating&user=…&page=2). */
export default async function VideosRoute(props: VideoListRouteProps) {
  return <VideosPage {...await loadVideoList(false, props)} />;
}
