import { env } from '../env.ts';
import { siteHasMusic } from '../music/available.ts';
import { siteHasVideos } from '../videos/available.ts';

// What the compose box of the feed and of a member's wall may add, and up to what size: a photo
// always; a video and a song only where the API has videos and music (docs/api.md, extensions),
// so that a server without them shows no way to add one.

export type ComposeLimits = {
  /** Largest photo, in bytes (UPLOAD_MAX_BYTES). */
  maxPhotoBytes: number;
  /** Largest video (VIDEO_MAX_BYTES); undefined on a site without videos. */
  maxVideoBytes?: number;
  /** Largest song (SONG_MAX_BYTES); undefined on a site without music. */
  maxSongBytes?: number;
};

export async function composeLimits(): Promise<ComposeLimits> {
  const config = env();
  const [videos, music] = await Promise.all([siteHasVideos(), siteHasMusic()]);
  return {
    maxPhotoBytes: config.UPLOAD_MAX_BYTES,
    maxVideoBytes: videos ? config.VIDEO_MAX_BYTES : undefined,
    maxSongBytes: music ? config.SONG_MAX_BYTES : undefined,
  };
}
