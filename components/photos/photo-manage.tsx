'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { deletePhoto, setCover } from '@/components/albums/manage/actions';
import { routes } from '@/lib/routes';

const EditPhotoDialog = dynamic(() => import('./edit-photo-dialog'));
const MovePhotoDialog = dynamic(() => import('./move-photo-dialog'));
const ConfirmDialog = dynamic(() => import('@/components/ui/confirm-dialog').then((m) => m.ConfirmDialog));

export type PhotoManageProps = {
  photo: { id: number; title: string; caption: string; name: string; albumId: number; albumTitle: string };
  /** edit: title, caption and moving; cover: the reader owns the album. */
  can: { edit: boolean; delete: boolean; cover: boolean };
};

/** The owner's tools under a photo: set as cover, edit, move, delete — as the flags allow. */
export function PhotoManage({ photo, can }: PhotoManageProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const cover = useAction();
  const [open, setOpen] = useState<'edit' | 'move' | 'delete' | null>(null);
  const [done, setDone] = useState('');
  if (!can.edit && !can.delete && !can.cover) return null;

  const makeCover = async () => {
    const res = await cover.run(() => setCover(photo.albumId, photo.id));
    if (res.ok) {
      setDone(res.message);
      announce(res.message);
    }
  };

  return (
    <div className="mt-4">
      <div className="actions" role="group" aria-label="Manage this photo">
        {can.cover ? (
          <button type="button" className={buttonStyles.ghost} onClick={makeCover} disabled={cover.pending}>
            {cover.pending ? 'Setting the cover…' : 'Set as album cover'}
          </button>
        ) : null}
        {can.edit ? (
          <>
            <button type="button" className={buttonStyles.ghost} onClick={() => setOpen('edit')}>
              Edit title and caption
            </button>
            <button type="button" className={buttonStyles.ghost} onClick={() => setOpen('move')}>
              Move to another album
            </button>
          </>
        ) : null}
        {can.delete ? (
          <button type="button" className={buttonStyles.ghost} onClick={() => setOpen('delete')}>
            Delete photo
          </button>
        ) : null}
      </div>
      <FormError message={cover.problem?.message} signedOut={cover.problem?.signedOut} className="mt-2" />
      {done ? <p className="muted mt-2 text-sm">{done}</p> : null}
      {open === 'edit' ? <EditPhotoDialog photo={photo} onClose={() => setOpen(null)} /> : null}
      {open === 'move' ? <MovePhotoDialog photo={photo} onClose={() => setOpen(null)} /> : null}
      {open === 'delete' ? (
        <ConfirmDialog
          open
          onClose={() => setOpen(null)}
          title={`Delete “${photo.name}”?`}
          description={`The photo leaves “${photo.albumTitle}” for good, with its likes, comments and tags. This cannot be undone.`}
          confirmLabel="Delete photo"
          pendingLabel="Deleting…"
          action={() => deletePhoto(photo.id)}
          onDone={(message) => {
            announce(message);
            router.push(routes.album(photo.albumId));
          }}
        />
      ) : null}
    </div>
  );
}
