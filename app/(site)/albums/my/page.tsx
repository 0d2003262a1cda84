import type { Metadata } from 'next';
import { AlbumsPage } from '@/components/albums/albums-page';
import { loadAlbumList, type AlbumListRouteProps } from '@/lib/albums/list';

export const metadata: Metadata = { title: 'My albums' };

/** The reader's own albums, all of them (private and hidden from search too), filtered by the URL as /albums is. */
export default async function MyAlbumsRoute(props: AlbumListRouteProps) {
  return <AlbumsPage {...await loadAlbumList(true, props)} />;
}
