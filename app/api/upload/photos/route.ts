import { uploadAlbumPhoto } from '@/lib/social-api/album-upload';
import { photoUploadRoute } from '@/lib/uploads/photo-route';

// POST /api/upload/photos: one photo for the "Add photos" page, streamed on to the API's
// /albums/photo_upload (multipart, its Filedata part). It waits there, in no album, until the
// page saves (POST /albums/upload). Refusals (other sites, size, not a photo) happen in
// lib/uploads/stream-upload.ts before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = photoUploadRoute('album photo', async (token, upload, signal) => ({
  photo_id: (await uploadAlbumPhoto(token, upload, signal)).photoId,
}));
