import type { Metadata } from 'next';
import { AlbumsPage } from '@/components/albums/albums-page';
import { loadAlbumList, type AlbumListRouteProps } from '@/lib/albums/list';

export const metadata: Metadata = { title: 'Albums' };

/** Every album the reader may see, filtered by the URL (/albums?q=…&category=…&sort=views&user=…&page=2). */
export default async function AlbumsRoute(props: AlbumListRouteProps) {
  return <AlbumsPage {...await loadAlbumList(false, props)} />;
}
