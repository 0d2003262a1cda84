'use client';

import { useEffect, useState } from 'react';
import { routes } from '@/lib/routes';
import type { SongStatus } from '@/lib/social-api/music';
import { parseComposeSongUpload } from '@/lib/uploads/compose-upload';
import { useAnnounce } from '@/components/ui/announcer';
import { useUpload } from '@/components/ui/use-upload';
import { isWaiting, pollConversions } from '@/components/videos/video-states';
import { askSongState } from './song-state';

// The compose box's song (components/feed/composer.tsx): a sound file uploaded at once through the
// BFF (app/api/upload/compose-song, streamed on to POST /music/compose_upload into the poster's
// Wall Songs), then its conversion followed until it can be played. The post may go before: its
// card says the song is not ready yet.

/** The compose box's song: its upload, its state, and what the post sends of it. */
export function usePostSong(maxBytes: number) {
  const announce = useAnnounce();
  const upload = useUpload({ url: routes.composeSongUpload, fileField: 'Filedata', parse: parseComposeSongUpload });
  const [problem, setProblem] = useState('');
  // What the poll learnt since, of the song added (by its id).
  const [now, setNow] = useState<{ id: number; status: SongStatus; statusMessage: string } | null>(null);

  const done = upload.state?.status === 'done' ? upload.state.result : null;
  const state = done && now?.id === done.id ? now : null;
  const status: SongStatus = state?.status ?? 'to_be_processed';
  const waitingId = done && isWaiting(status) ? done.id : 0;

  useEffect(() => {
    if (!waitingId) return;
    return pollConversions(async (stopped) => {
      const state = await askSongState(waitingId);
      if (stopped()) return true;
      // Gone meanwhile, or a failure to ask: nothing more to follow.
      if (state === 'gone') return true;
      if (!state) return false;
      setNow({ id: waitingId, ...state });
      if (isWaiting(state.status)) return false;
      announce(state.status === 'processed' ? 'Your song is ready to play.' : 'Your song could not be converted.');
      return true;
    });
  }, [waitingId, announce]);

  const send = async (file: File) => {
    setProblem('');
    const res = await upload.start(file);
    if (res.ok) announce(`“${res.result.title}” is uploaded: it is being converted.`);
  };

  /** A file the person picked: checked by its first bytes, then sent. */
  const choose = async (file: File) => {
    setProblem('');
    const { checkSongBytes } = await import('@/lib/validations/song-file');
    const refused = await checkSongBytes(file, maxBytes);
    if (refused) setProblem(refused);
    else await send(file);
  };

  /** Back to no song (after the post, or when the person removes it). */
  const reset = () => {
    upload.cancel();
    setNow(null);
    setProblem('');
  };

  /** Why the post cannot carry it yet, or '' when it can (or there is none). */
  const notReady = (): string => {
    if (upload.state?.status === 'uploading') return 'Wait for the song to finish uploading.';
    if (upload.state?.status === 'failed') return 'Retry the song upload or remove the song.';
    return status === 'conversion_failed' && done ? 'Your song could not be converted: remove it to post.' : '';
  };

  return {
    upload: upload.state,
    added: done,
    status,
    statusMessage: state?.statusMessage ?? '',
    problem,
    choose,
    retry: () => upload.state && void send(upload.state.file),
    reset,
    notReady,
  };
}

export type PostSong = ReturnType<typeof usePostSong>;
