import { notFound } from 'next/navigation';
import { PhotoPage } from '@/components/photos/photo-page';
import { PhotoViewer } from '@/components/photos/photo-viewer';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { loadPhoto } from '@/lib/social-api/albums';

export type PhotoViewerRouteProps = { params: Promise<{ photoId: string }> };

/** /photos/{id} opened from an album's grid: the same photo page, in the viewer over the grid. */
export default async function PhotoViewerRoute({ params }: PhotoViewerRouteProps) {
  const id = await idParam(params.then((p) => ({ id: p.photoId })));
  const data = await loadPage(async (s) => {
    const d = await loadPhoto(s.accessToken, id, s.userId);
    return d && { ...d, viewerId: s.userId };
  });
  if (!data) notFound();
  return (
    <PhotoViewer photoId={id} labelledBy="photo-viewer-title">
      <PhotoPage photo={data.photo} social={data.social} viewerId={data.viewerId} headingId="photo-viewer-title" inViewer />
    </PhotoViewer>
  );
}
