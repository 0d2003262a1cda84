import type { Metadata } from 'next';
import { MusicUnavailable } from '@/components/music/music-unavailable';
import { NewPlaylist } from '@/components/music/new-playlist';
import { loadPage } from '@/lib/auth/page-session';
import { env } from '@/lib/env';
import { getCachedMusicChoices } from '@/lib/music/choices';
import { isApiError } from '@/lib/social-api/errors';

export const metadata: Metadata = { title: 'New playlist' };

/** "New playlist": its settings, and songs uploaded into it. */
export default async function NewPlaylistRoute() {
  // undefined: a server without music; null: a sign-in older than it (its token lacks the scope: 403).
  const choices = await loadPage((s) => getCachedMusicChoices(s).catch((e: unknown) => (isApiError(e, 403) ? null : Promise.reject(e))));
  if (!choices) return <MusicUnavailable access={choices === null ? 'scope' : 'absent'} />;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">New playlist</h1>
      <p className="muted mt-1">Name it, choose who can listen, and add songs of your own.</p>
      <div className="mt-6">
        <NewPlaylist choices={choices} maxBytes={env().SONG_MAX_BYTES} />
      </div>
    </div>
  );
}
