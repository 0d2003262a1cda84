import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { FullPageInstead } from '@/components/photos/full-page-instead';
import { PhotoPage } from '@/components/photos/photo-page';
import { PhotoViewer } from '@/components/photos/photo-viewer';
import { idParam } from '@/lib/params';
import { loadPhotoPage } from '@/lib/photos/photo-page';
import { routes } from '@/lib/routes';

export type PhotoViewerRouteProps = { params: Promise<{ id: string }> };

/**
 * The pages the viewer opens over: the feed, a member's wall and an activity's page (the feed's
 * cards wherever they are shown), and an album's grid.
 */
const VIEWER_OVER = /^\/(?:(?:albums|users|activities)\/\d+)?$/;

/**
 * /photos/{id} followed from an album's grid or from a photo in the feed: the same photo page,
 * in the viewer over the page it was opened from. An intercepting route at the site's root is
 * used by every soft navigation to a photo, whatever page it starts from; Next says which in the
 * Next-Url header (the path of the page beneath, which stays the same while the viewer moves
 * from photo to photo). From any other page (notifications, a blog…) the link is the photo's
 * full page, as a reload of the URL is. The photo's own page moves between photos with full
 * loads (components/photos/photo-keys.tsx), never through here.
 */
export default async function PhotoViewerRoute({ params }: PhotoViewerRouteProps) {
  const id = await idParam(params);
  const from = (await headers()).get('next-url');
  if (from !== null && !VIEWER_OVER.test(from)) return <FullPageInstead href={routes.photo(id)} />;
  // An album's public preview opens its photos in the viewer too.
  const data = await loadPhotoPage(id);
  if (!data) notFound();
  return (
    <PhotoViewer photoId={id} labelledBy="photo-viewer-title">
      <PhotoPage
        photo={data.photo}
        social={data.social}
        tags={data.tags}
        viewerId={data.viewerId}
        headingId="photo-viewer-title"
        inViewer
      />
    </PhotoViewer>
  );
}
