import type { ReactNode } from 'react';
import { loadPublicPage } from '@/lib/auth/page-session';
import { listPhotoTags } from '@/lib/social-api/tags';
import { PhotoTagsProvider } from './tags-context';

/**
 * Reads a photo's tags (GET /core/tags, our extension) and shares them with the picture
 * (TaggedPhoto) and the list under it (PhotoTagList) inside `children`. Against a server
 * without the extension (listPhotoTags answers undefined), the photo shows no tags and offers no tagging.
 */
export async function PhotoTags({ photo, children }: { photo: { id: number; can: { tag: boolean } }; children: ReactNode }) {
  // On a public preview the visitor sees the tags everyone may see.
  const tags = await loadPublicPage((r) => listPhotoTags(r.token, photo.id));
  if (!tags) return <>{children}</>;
  return (
    <PhotoTagsProvider photoId={photo.id} canTag={photo.can.tag} initial={tags}>
      {children}
    </PhotoTagsProvider>
  );
}
