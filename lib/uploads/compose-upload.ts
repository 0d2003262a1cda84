// The BFF's route for a photo sent with a post (components/feed/composer.tsx) or made a profile
// picture (components/users/profile-photo/), app/api/upload/compose, on to the API's
// /albums/compose_upload with the `type` of special album it goes into: its address and its answer;
// and the answers of the routes of a post's video (app/api/upload/compose-video) and song
// (app/api/upload/compose-song).
import type { ComposedSong } from '../social-api/music.ts';
import type { ComposedVideo, VideoStatus } from '../social-api/videos.ts';

export const COMPOSE_UPLOAD_URL = '/api/upload/compose';

/** The route's answer: the new photo's id and a picture of it ('' when none). */
export function parseComposeUpload(body: unknown): { photoId: number; src: string } | undefined {
  const b = body as { photo_id?: unknown; src?: unknown } | null;
  return b && typeof b.photo_id === 'number' ? { photoId: b.photo_id, src: typeof b.src === 'string' ? b.src : '' } : undefined;
}

const VIDEO_STATES: readonly VideoStatus[] = ['to_be_processed', 'being_processed', 'processed', 'conversion_failed'];

/** A video's state as an answer of the BFF gives it (a word it does not know: still waiting). */
export const videoStatusOf = (s: unknown): VideoStatus => VIDEO_STATES.find((x) => x === s) ?? 'to_be_processed';

/** The compose box's video route's answer: the new video, waiting for its conversion. */
export function parseComposeVideoUpload(body: unknown): ComposedVideo | undefined {
  const b = body as Partial<Record<keyof ComposedVideo, unknown>> | null;
  if (!b || typeof b.id !== 'number') return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { id: b.id, title: text(b.title), description: text(b.description), status: videoStatusOf(b.status), thumb: text(b.thumb) };
}

/** The compose box's song route's answer: the new song (converted once uploaded). */
export function parseComposeSongUpload(body: unknown): ComposedSong | undefined {
  const b = body as Partial<Record<keyof ComposedSong, unknown>> | null;
  return b && typeof b.id === 'number' && typeof b.title === 'string' ? { id: b.id, title: b.title } : undefined;
}
