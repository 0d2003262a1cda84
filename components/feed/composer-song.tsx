'use client';

import type { ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { progressOf, UploadProgress } from '@/components/ui/upload-progress';
import type { PostSong } from './use-post-song';

// The compose box's Song panel (components/feed/composer.tsx loads it once a song is chosen; its
// state is use-post-song.ts).

export type ComposerSongProps = {
  song: PostSong;
  /** The compose form's id prefix. */
  id: string;
  /** The post's field error about the song ('songId'). */
  fieldError: (name: string) => ReactNode;
  /** "Remove song": the composer takes it away and puts the focus back. */
  onRemove: () => void;
};

const STATUS: Record<string, string> = {
  to_be_processed: 'Being converted',
  being_processed: 'Being converted',
  processed: 'Ready to play',
  conversion_failed: 'Could not be converted',
};

/** The compose box's Song panel: the file's upload, then its conversion's state. */
export function ComposerSong({ song: s, id, fieldError, onRemove }: ComposerSongProps) {
  const up = s.upload;
  return (
    <fieldset className="mt-4 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Song</legend>
      {s.added ? (
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xl dark:bg-slate-800"
          >
            ♫
          </span>
          <p className="min-w-0 text-sm">
            <span className="block truncate font-medium">{s.added.title}</span>
            <span role="status">
              <strong>{STATUS[s.status]}</strong>
              {s.status === 'processed'
                ? null
                : s.status === 'conversion_failed'
                  ? `: ${s.statusMessage || 'the file is not a song this site can play.'}`
                  : ': you can post it now, it plays once converted.'}
            </span>
          </p>
        </div>
      ) : up ? (
        <div>
          {up.status !== 'done' ? <UploadProgress id={`${id}-song-progress`} {...progressOf(up)} /> : null}
          {up.status === 'failed' ? (
            <>
              <FormError message={up.message} className="mt-2" />
              <button type="button" className={`${buttonStyles.secondary} mt-2`} onClick={s.retry}>
                Retry
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {fieldError('songId')}
      <button type="button" className={buttonStyles.ghost} onClick={onRemove}>
        Remove song
      </button>
    </fieldset>
  );
}
