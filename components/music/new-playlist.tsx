'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import type { MusicChoices } from '@/lib/social-api/music';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import { playlistSettingsSchema, type PlaylistSettingsValues } from '@/lib/validations/music';
import { createPlaylistAction } from './actions';
import { emptyPlaylistForm, PlaylistSettingsFields } from './playlist-settings-fields';
import { SongUploader, useSongQueue } from './song-uploader';

export type NewPlaylistProps = {
  choices: MusicChoices;
  /** Largest song, in bytes (SONG_MAX_BYTES). */
  maxBytes: number;
};

/**
 * "New playlist": its settings and its songs. The songs chosen wait while the playlist is
 * created (POST /music), then upload into it one after another with their progress; a song that fails
 * keeps its place with a Retry. Once every song is up, the playlist's page opens (the songs play
 * there once converted). Nothing typed is lost on a refusal.
 */
export function NewPlaylist({ choices, maxBytes }: NewPlaylistProps) {
  const id = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const create = useAction();
  const [form, setForm] = useState<PlaylistSettingsValues>(() => emptyPlaylistForm(choices));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const [playlistId, setPlaylistId] = useState<number | null>(null);
  const queue = useSongQueue(playlistId);
  const failed = queue.entries.filter((e) => e.status === 'failed').length;
  const settled = queue.entries.every((e) => e.status === 'done' || e.status === 'failed');
  const allUp = queue.entries.length > 0 && queue.entries.every((e) => e.status === 'done');

  // Every song up: the playlist's page. A failure keeps the person here, with its Retry and a way on.
  useEffect(() => {
    if (playlistId !== null && allUp) router.push(routes.playlist(playlistId));
  }, [playlistId, allUp, router]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (playlistId !== null) return;
    const parsed = playlistSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setChecked(fieldErrorsOf(parsed.error));
      return;
    }
    setChecked({});
    const res = await create.run(() => createPlaylistAction(parsed.data));
    if (!res.ok) return;
    announce(queue.entries.length ? `${res.message} Uploading its songs…` : res.message);
    setPlaylistId(res.data.id);
    if (!queue.entries.length) router.push(routes.playlist(res.data.id));
  }

  const errors = { ...(create.problem?.fieldErrors ?? {}), ...checked };
  return (
    <form onSubmit={submit} noValidate className="card space-y-5">
      <fieldset disabled={playlistId !== null} className="space-y-5">
        <PlaylistSettingsFields
          id={id}
          state={form}
          onChange={(next) => setForm((f) => ({ ...f, ...next }))}
          errors={errors}
          choices={choices}
        />
      </fieldset>
      <SongUploader
        queue={queue}
        maxBytes={maxBytes}
        waitingText={playlistId === null ? 'Uploads once the playlist is created' : 'Waiting to upload'}
      />
      <FormError
        message={Object.keys(checked).length ? 'Check the highlighted fields.' : create.problem?.message}
        signedOut={create.problem?.signedOut}
      />
      {playlistId !== null && settled && failed > 0 ? (
        <p role="alert" className="error-text">
          {failed === 1 ? 'One song did not upload.' : `${failed} songs did not upload.`} Retry {failed === 1 ? 'it' : 'them'}, or open the
          playlist without {failed === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      <div className="flex gap-3">
        {playlistId === null ? (
          <button type="submit" className={buttonStyles.primary} disabled={create.pending}>
            {create.pending ? 'Creating…' : queue.entries.length ? 'Create and upload' : 'Create the playlist'}
          </button>
        ) : (
          <a href={routes.playlist(playlistId)} className={buttonStyles.primary}>
            Open the playlist
          </a>
        )}
        <a href={routes.myMusic()} className={buttonStyles.ghost}>
          Cancel
        </a>
      </div>
    </form>
  );
}
