import { videoUploadRoute } from '@/lib/videos/uploads';

// POST /api/upload/video: a new video with its file, streamed on to the API's POST /videos
// (lib/videos/uploads.ts). Refusals (other sites, size, not a video, signed out, fields that do
// not pass) happen before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = videoUploadRoute();
