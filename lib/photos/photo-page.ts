import { loadPublicPage } from '@/lib/auth/page-session';
import { loadPhoto } from '@/lib/social-api/albums';
import { listPhotoTags } from '@/lib/social-api/tags';

/**
 * /photos/{id}, on its own page or in the viewer: the photo with its neighbours and social layer,
 * then its tags (GET /core/tags, our extension; undefined against a server without it, and the
 * photo then shows no tags and offers no tagging). A visitor reads what everyone may see.
 * Undefined for a photo the reader may not see.
 */
export function loadPhotoPage(id: number) {
  return loadPublicPage(async (r) => {
    const data = await loadPhoto(r.token, id, r.userId ?? 0);
    if (!data) return undefined;
    const tags = await listPhotoTags(r.token, id);
    return { ...data, tags, viewerId: r.userId ?? 0, visitor: !r.session };
  });
}
