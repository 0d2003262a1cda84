'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { DeleteButton } from '@/components/ui/delete-button';
import { routes } from '@/lib/routes';
import { deletePlaylistAction, deleteSongAction } from './actions';
import { SongReorder } from './song-reorder';
import { SongUploader, useSongQueue } from './song-uploader';

export type PlaylistOwnerToolsProps = {
  id: number;
  title: string;
  canEdit: boolean;
  canDelete: boolean;
  songs: Array<{ id: number; title: string; duration: number | null }>;
  /** Largest song, in bytes (SONG_MAX_BYTES). */
  maxBytes: number;
};

/**
 * The owner's tools on their playlist's page: add songs (uploaded at once, the list read again
 * when they are up), reorder the songs (drag or keyboard), edit its settings, delete it after a
 * confirmation that names it.
 */
export function PlaylistOwnerTools({ id, title, canEdit, canDelete, songs, maxBytes }: PlaylistOwnerToolsProps) {
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const queue = useSongQueue(id);
  const done = queue.entries.filter((e) => e.status === 'done').length;
  // Each song that is up joins the list above (converting, then playable).
  useEffect(() => {
    if (done) router.refresh();
  }, [done, router]);
  return (
    <div className="mt-6 space-y-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-3">
        {canEdit ? (
          <>
            <button type="button" className={buttonStyles.secondary} aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
              Add songs
            </button>
            <SongReorder key={songs.map((s) => s.id).join(',')} playlistId={id} songs={songs} />
            <a href={routes.editPlaylist(id)} className={buttonStyles.secondary}>
              Edit
            </a>
          </>
        ) : null}
        {canDelete ? (
          <DeleteButton
            title={title}
            description="The playlist will be removed with its songs, their likes and comments, and the posts that shared them. This cannot be undone."
            confirmLabel="Delete playlist"
            action={() => deletePlaylistAction({ id })}
            doneMessage="The playlist was deleted."
            then={routes.myMusic()}
          />
        ) : null}
      </div>
      {adding || queue.entries.length ? <SongUploader queue={queue} maxBytes={maxBytes} waitingText="Waiting to upload" /> : null}
    </div>
  );
}

/** The owner's "Delete" of one song of their playlist, after a confirmation that names it; the list is read again. */
export function SongDelete({ id, title }: { id: number; title: string }) {
  return (
    <DeleteButton
      title={title}
      label={`Delete “${title}”`}
      description="The song will be removed from the playlist with its file and its plays. This cannot be undone."
      confirmLabel="Delete song"
      action={() => deleteSongAction({ id })}
      doneMessage="The song was deleted."
    />
  );
}
