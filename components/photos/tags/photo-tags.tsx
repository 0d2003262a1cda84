import type { ReactNode } from 'react';
import type { PhotoTag } from '@/lib/social-api/tags';
import { PhotoTagsProvider } from './tags-context';

/**
 * Shares a photo's tags (read by the route, lib/photos/photo-page.ts) with the picture
 * (TaggedPhoto) and the list under it (PhotoTagList) inside `children`. Without tags (a server
 * without the extension), the photo shows none and offers no tagging.
 */
export function PhotoTags({
  photo,
  tags,
  children,
}: {
  photo: { id: number; can: { tag: boolean } };
  tags: PhotoTag[] | undefined;
  children: ReactNode;
}) {
  if (!tags) return <>{children}</>;
  return (
    <PhotoTagsProvider photoId={photo.id} canTag={photo.can.tag} initial={tags}>
      {children}
    </PhotoTagsProvider>
  );
}
