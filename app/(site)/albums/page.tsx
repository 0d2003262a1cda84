import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { albumFilters, ALBUMS_PER_PAGE } from '@/components/albums/album-list';
import { AlbumsPage } from '@/components/albums/albums-page';
import { loadPage } from '@/lib/auth/page-session';
import { listAlbumCategories, listAlbums } from '@/lib/social-api/albums';

export const metadata: Metadata = { title: 'Albums' };

export type AlbumsRouteProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every album the reader may see, filtered by the URL (keywords, sort, category, a member's albums). */
export default async function AlbumsRoute({ searchParams }: AlbumsRouteProps) {
  const filters = albumFilters(await searchParams);
  const [albums, categories] = await loadPage((s) =>
    Promise.all([listAlbums(s.accessToken, { ...filters, limit: ALBUMS_PER_PAGE }), listAlbumCategories(s.accessToken)]),
  );
  // A member that is not there.
  if (!albums) notFound();
  return <AlbumsPage mine={false} filters={filters} albums={albums} categories={categories} memberName={albums[0]?.owner.name} />;
}
