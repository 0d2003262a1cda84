// The BFF's route for a photo sent with a post (components/feed/composer.tsx) or made a profile
// picture (components/users/profile-photo/), app/api/upload/compose, on to the API's
// /albums/compose_upload with the `type` of special album it goes into: its address and its answer.
export const COMPOSE_UPLOAD_URL = '/api/upload/compose';

/** The route's answer: the new photo's id and a picture of it ('' when none). */
export function parseComposeUpload(body: unknown): { photoId: number; src: string } | undefined {
  const b = body as { photo_id?: unknown; src?: unknown } | null;
  return b && typeof b.photo_id === 'number' ? { photoId: b.photo_id, src: typeof b.src === 'string' ? b.src : '' } : undefined;
}
