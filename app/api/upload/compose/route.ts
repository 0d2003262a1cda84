import { uploadComposePhoto } from '@/lib/social-api/albums';
import { photoUploadRoute } from '@/lib/uploads/photo-route';

// POST /api/upload/compose: the compose box's photo, streamed on to the API's
// /albums/compose_upload as the browser sent it (multipart with its Filedata part). Refusals
// (other sites, size, not a photo) happen in lib/uploads/stream-upload.ts before anything
// reaches the API; routeHandlers() (lib/route-handler.ts) gives every answer the pages'
// security headers.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = photoUploadRoute('compose', async (token, upload, signal) => {
  const photo = await uploadComposePhoto(token, upload, signal);
  return { photo_id: photo.photoId, src: photo.src };
});
