import type { Metadata } from 'next';
import { albumFilters, ALBUMS_PER_PAGE } from '@/components/albums/album-list';
import { AlbumsPage } from '@/components/albums/albums-page';
import { loadPage } from '@/lib/auth/page-session';
import { listAlbumCategories, listAlbums } from '@/lib/social-api/albums';

export const metadata: Metadata = { title: 'My albums' };

export type MyAlbumsRouteProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The reader's own albums, all of them (private and hidden from search too). */
export default async function MyAlbumsRoute({ searchParams }: MyAlbumsRouteProps) {
  const filters = { ...albumFilters(await searchParams), userId: undefined };
  const [albums, categories] = await loadPage((s) =>
    Promise.all([listAlbums(s.accessToken, { ...filters, mine: true, limit: ALBUMS_PER_PAGE }), listAlbumCategories(s.accessToken)]),
  );
  return <AlbumsPage mine filters={filters} albums={albums ?? []} categories={categories} />;
}
