import type { Metadata } from 'next';
import { NewVideo } from '@/components/videos/new-video';
import { VideosUnavailable } from '@/components/videos/videos-unavailable';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { isApiError } from '@/lib/social-api/errors';
import { getCachedVideoChoices } from '@/lib/videos/choices';

export const metadata: Metadata = { title: 'Add a video' };

/** "Add a video": a YouTube or Vimeo link, or an upload where the server converts videos. */
export default async function NewVideoRoute() {
  // undefined: a server without videos; null: a sign-in older than them (its token lacks the scope: 403).
  const choices = await loadPage((s) => getCachedVideoChoices(s).catch((e: unknown) => (isApiError(e, 403) ? null : Promise.reject(e))));
  if (!choices) return <VideosUnavailable access={choices === null ? 'scope' : 'absent'} />;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Add a video</h1>
      <p className="muted mt-1">
        {choices.upload ? 'Paste a YouTube or Vimeo address, or upload a video of your own.' : 'Paste a YouTube or Vimeo address.'}
      </p>
      <div className="mt-6">
        <NewVideo choices={choices} maxBytes={env().VIDEO_MAX_BYTES} />
      </div>
    </div>
  );
}
