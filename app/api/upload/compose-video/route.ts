import { composeVideoUploadRoute } from '@/lib/videos/uploads';

// POST /api/upload/compose-video: the compose box's video file, streamed on to the API's POST
// /videos/compose_upload (lib/videos/uploads.ts). Refusals (other sites, size, not a video, signed
// out) happen before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = composeVideoUploadRoute();
