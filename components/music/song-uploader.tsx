'use client';

import { useId, useState } from 'react';
import { RefusedFiles } from '@/components/albums/upload/refused-files';
import { UploadRow } from '@/components/albums/upload/upload-row';
import { useUploadQueue } from '@/components/ui/use-upload-queue';
import { routes } from '@/lib/routes';
import { formatBytes } from '@/lib/validations/photo-file';
import { checkSongBytes, SONG_ACCEPT, SONG_KINDS_TEXT } from '@/lib/validations/song-file';

const parseUploaded = (body: unknown) => {
  const b = body as { songId?: unknown } | null;
  return b && typeof b.songId === 'number' ? { songId: b.songId } : undefined;
};

export type SongQueue = ReturnType<typeof useSongQueue>;

/**
 * Songs sent into a playlist (app/api/upload/song streams each on to the API), one after another
 * so that they take their places in the order chosen, each with its progress and a Retry when it
 * fails. They wait while `playlistId` is null (a new
 * playlist's songs wait for it to be created).
 */
export function useSongQueue(playlistId: number | null) {
  return useUploadQueue<{ songId: number }>({
    url: routes.songUpload,
    fileField: 'Filedata',
    fields: { playlist_id: String(playlistId ?? '') },
    parse: parseUploaded,
    concurrency: 1,
    paused: playlistId === null,
  });
}

export type SongUploaderProps = {
  queue: SongQueue;
  /** Largest song, in bytes (SONG_MAX_BYTES). */
  maxBytes: number;
  /** What a song waiting means here. */
  waitingText: string;
  disabled?: boolean;
};

/** The file picker of songs (several at once, checked by their first bytes before anything is sent) and each song's upload. */
export function SongUploader({ queue, maxBytes, waitingText, disabled = false }: SongUploaderProps) {
  const id = useId();
  const [refused, setRefused] = useState<string[]>([]);

  async function pick(files: File[]) {
    const problems: string[] = [];
    const taken: File[] = [];
    for (const file of files) {
      const problem = await checkSongBytes(file, maxBytes);
      if (problem) problems.push(problem);
      else taken.push(file);
    }
    setRefused(problems);
    if (taken.length) queue.add(taken);
  }

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-files`} className="text-sm font-medium">
          Songs to upload
        </label>
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept={SONG_ACCEPT}
          className="field"
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void pick(files);
          }}
        />
        <p id={`${id}-hint`} className="muted mt-1 text-sm">
          {SONG_KINDS_TEXT}, at most {formatBytes(maxBytes)} each. Each song is converted after its upload and can be played once it is
          ready.
        </p>
      </div>
      <RefusedFiles messages={refused} />
      {queue.entries.length ? (
        <ol aria-label="Songs being added" className="space-y-2">
          {queue.entries.map((entry) => (
            <li key={entry.key}>
              <UploadRow
                entry={entry}
                preview=""
                waitingText={waitingText}
                doneText="Uploaded, being converted"
                onRetry={() => queue.retry(entry.key)}
                onRemove={() => queue.remove(entry.key)}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
