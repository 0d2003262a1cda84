import { songUploadRoute } from '@/lib/music/uploads';

// POST /api/upload/song: a song into one of one's playlists, streamed on to the API's
// POST /music/add_song (lib/music/uploads.ts). Refusals (other sites, size, not a song, signed
// out, no playlist named) happen before anything reaches the API.

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = songUploadRoute();
