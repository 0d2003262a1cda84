import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { AlbumPage } from '@/components/albums/album-page';
import { AlbumManage } from '@/components/albums/manage/album-manage';
import { REORDER_MAX } from '@/lib/validations/album';
import { AlbumReorder } from '@/components/albums/manage/album-reorder';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam, parseId } from '@/lib/params';
import { albumPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { loadAlbum } from '@/lib/social-api/albums';

export type AlbumRouteProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Photos a page of the album shows (the API gives at most 50). */
const PHOTOS_PER_PAGE = 24;

/** One read per request: metadata and page both ask. A visitor reads what everyone may see. */
const load = cache((id: number, photoPage: number) =>
  loadPublicPage(async (r) => {
    const data = await loadAlbum(r.token, id, { page: photoPage, limit: PHOTOS_PER_PAGE }, r.userId ?? 0);
    return data && { ...data, visitor: !r.session };
  }),
);

async function photoPageOf(searchParams: AlbumRouteProps['searchParams']): Promise<number> {
  const raw = (await searchParams).photo_page;
  return parseId(typeof raw === 'string' ? raw : undefined) ?? 1;
}

export async function generateMetadata({ params, searchParams }: AlbumRouteProps): Promise<Metadata> {
  const data = await load(await idParam(params), await photoPageOf(searchParams));
  return data ? previewMetadata(albumPreview(data.album)) : {};
}

/** An album: its details, its photos a page at a time, likes and comments. */
export default async function AlbumRoute({ params, searchParams }: AlbumRouteProps) {
  const photoPage = await photoPageOf(searchParams);
  const data = await load(await idParam(params), photoPage);
  if (!data) notFound();
  const { album } = data;
  const manage =
    album.can.edit || album.can.delete ? (
      <AlbumManage
        album={{ id: album.id, title: album.title, description: album.description, photoCount: album.photoCount, settings: album.settings }}
        can={{ edit: album.can.edit, delete: album.can.delete }}
      />
    ) : undefined;
  const reorder =
    album.can.editPhotos && album.photoCount > 1 && album.photoCount <= REORDER_MAX ? <AlbumReorder albumId={album.id} /> : undefined;
  const page = (
    <AlbumPage album={album} social={data.social} photoPage={photoPage} photosPerPage={PHOTOS_PER_PAGE} manage={manage} reorder={reorder} />
  );
  return data.visitor ? <PublicPreview what="this album">{page}</PublicPreview> : page;
}
