import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AlbumPage } from '@/components/albums/album-page';
import { AlbumManage } from '@/components/albums/manage/album-manage';
import { REORDER_MAX } from '@/components/albums/manage/schemas';
import { AlbumReorder } from '@/components/albums/manage/album-reorder';
import { loadPage } from '@/lib/auth/page-session';
import { idParam, parseId } from '@/lib/params';
import { loadAlbum } from '@/lib/social-api/albums';

export type AlbumRouteProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Photos a page of the album shows (the API gives at most 50). */
const PHOTOS_PER_PAGE = 24;

/** One read per request: metadata and page both ask. */
const load = cache((id: number, photoPage: number) =>
  loadPage((s) => loadAlbum(s.accessToken, id, { page: photoPage, limit: PHOTOS_PER_PAGE }, s.userId)),
);

async function photoPageOf(searchParams: AlbumRouteProps['searchParams']): Promise<number> {
  const raw = (await searchParams).photo_page;
  return parseId(typeof raw === 'string' ? raw : undefined) ?? 1;
}

export async function generateMetadata({ params, searchParams }: AlbumRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params), await photoPageOf(searchParams));
  return data ? { title: data.album.title } : {};
}

/** An album: its details, its photos a page at a time, likes and comments. */
export default async function AlbumRoute({ params, searchParams }: AlbumRouteProps) {
  const photoPage = await photoPageOf(searchParams);
  const data = await load(await idParam(params), photoPage);
  if (!data) notFound();
  const { album } = data;
  const manage =
    album.can.edit || album.can.delete ? (
      <AlbumManage album={{ id: album.id, title: album.title, description: album.description, photoCount: album.photoCount, settings: album.settings }} can={{ edit: album.can.edit, delete: album.can.delete }} />
    ) : undefined;
  const reorder = album.can.editPhotos && album.photoCount > 1 && album.photoCount <= REORDER_MAX ? <AlbumReorder albumId={album.id} /> : undefined;
  return <AlbumPage album={album} social={data.social} photoPage={photoPage} photosPerPage={PHOTOS_PER_PAGE} manage={manage} reorder={reorder} />;
}
