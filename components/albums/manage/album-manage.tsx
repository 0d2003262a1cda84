'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import type { AlbumSettings } from '@/lib/social-api/albums';
import { deleteAlbum } from './actions';

// The dialogs load when first opened.
const EditAlbumDialog = dynamic(() => import('./edit-album-dialog'));
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));

export type AlbumManageProps = {
  album: { id: number; title: string; description: string; photoCount: number; settings?: AlbumSettings };
  can: { edit: boolean; delete: boolean };
};

/** The owner's "Edit album" and "Delete album", as the album's flags allow. */
export function AlbumManage({ album, can }: AlbumManageProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const photos = album.photoCount === 1 ? 'its photo' : `its ${album.photoCount} photos`;
  return (
    <>
      {can.edit ? (
        <button type="button" className={buttonStyles.secondary} onClick={() => setOpen('edit')}>
          Edit album
        </button>
      ) : null}
      {can.delete ? (
        <button type="button" className={buttonStyles.danger} onClick={() => setOpen('delete')}>
          Delete album
        </button>
      ) : null}
      {open === 'edit' ? <EditAlbumDialog album={album} onClose={() => setOpen(null)} /> : null}
      {open === 'delete' ? (
        <ConfirmDialog
          open
          onClose={() => setOpen(null)}
          title={`Delete the album “${album.title}”?`}
          description={
            album.photoCount
              ? `The album and ${photos} are deleted for good, with their likes, comments and tags. This cannot be undone.`
              : 'The album is deleted for good, with its likes and comments. This cannot be undone.'
          }
          confirmLabel="Delete album"
          pendingLabel="Deleting…"
          action={() => deleteAlbum(album.id)}
          onDone={(message) => {
            announce(message);
            router.push(routes.myAlbums());
          }}
        />
      ) : null}
    </>
  );
}
