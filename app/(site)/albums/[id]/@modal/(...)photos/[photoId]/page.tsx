import { notFound } from 'next/navigation';
import { PhotoPage } from '@/components/photos/photo-page';
import { PhotoViewer } from '@/components/photos/photo-viewer';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { loadPhoto } from '@/lib/social-api/albums';

export type PhotoViewerRouteProps = { params: Promise<{ photoId: string }> };

/** /photos/{id} opened from an album's grid: the same photo page, in the viewer over the grid. */
export default async function PhotoViewerRoute({ params }: PhotoViewerRouteProps) {
  const id = await idParam(params.then((p) => ({ id: p.photoId })));
  // An album's public preview opens its photos in the viewer too.
  const data = await loadPublicPage(async (r) => {
    const d = await loadPhoto(r.token, id, r.userId ?? 0);
    return d && { ...d, viewerId: r.userId ?? 0 };
  });
  if (!data) notFound();
  return (
    <PhotoViewer photoId={id} labelledBy="photo-viewer-title">
      <PhotoPage photo={data.photo} social={data.social} viewerId={data.viewerId} headingId="photo-viewer-title" inViewer />
    </PhotoViewer>
  );
}
