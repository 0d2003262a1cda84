import type { ReactNode } from 'react';
import { loadPublicPage } from '@/lib/auth/page-session';
import { isApiError } from '@/lib/social-api/errors';
import { listPhotoTags } from '@/lib/social-api/tags';
import { PhotoTagsProvider } from './tags-context';

/**
 * Reads a photo's tags (GET /core/tags, our extension) and shares them with the picture
 * (TaggedPhoto) and the list under it (PhotoTagList) inside `children`. Against a server
 * without the extension (404), the photo shows no tags and offers no tagging.
 */
export async function PhotoTags({ photo, children }: { photo: { id: number; can: { tag: boolean } }; children: ReactNode }) {
  // On a public preview the visitor sees the tags everyone may see.
  const tags = await loadPublicPage(async (r) => {
    try {
      return await listPhotoTags(r.token, photo.id);
    } catch (e) {
      if (isApiError(e, 404) || isApiError(e, 400)) return undefined;
      throw e;
    }
  });
  if (!tags) return <>{children}</>;
  return (
    <PhotoTagsProvider photoId={photo.id} canTag={photo.can.tag} initial={tags}>
      {children}
    </PhotoTagsProvider>
  );
}
