import { composeSongUploadRoute } from '@/lib/music/uploads';

// POST /api/upload/compose-song: the compose box's song file, streamed on to the API's POST
// /music/compose_upload (lib/music/uploads.ts). Refusals (other sites, size, not a song, signed
// out) happen before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = composeSongUploadRoute();
