'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { movePhoto, myAlbumChoices } from '@/components/albums/manage/actions';
import { Field } from '@/components/ui/form-fields';
import { FormDialog, useDialogSubmit } from '@/components/albums/manage/form-dialog';
import { photoMoveSchema, type PhotoMoveValues } from '@/components/albums/manage/schemas';
import { callAction } from '@/lib/action-result';

/** Moves a photo to another of one's albums (it goes to the end of that album). */
export default function MovePhotoDialog({ photo, onClose }: { photo: { id: number; albumId: number }; onClose: () => void }) {
  const id = useId();
  const [albums, setAlbums] = useState<Array<{ id: number; title: string }> | null>(null);
  const form = useForm<PhotoMoveValues>({ resolver: zodResolver(photoMoveSchema), defaultValues: { albumId: '' } });
  const { register, formState: { errors } } = form;
  const { pending, problem, setProblem, submit } = useDialogSubmit(form, ['albumId'], (values) => movePhoto(photo.id, values), onClose);

  useEffect(() => {
    void callAction(() => myAlbumChoices(photo.albumId)).then((res) => (res.ok ? setAlbums(res.data) : setProblem({ message: res.message, signedOut: res.signedOut })));
  }, [photo.albumId, setProblem]);

  return (
    <FormDialog title="Move photo" onClose={onClose} onSubmit={submit} pending={pending} problem={problem} submitLabel="Move photo" pendingLabel="Moving…" submitDisabled={!albums?.length}>
      <Field id={`${id}-album`} label="Move to" error={errors.albumId?.message}>
        {(a) => (
          <select {...a} {...register('albumId')} disabled={!albums} className="field">
            <option value="">{albums ? (albums.length ? 'Choose an album' : 'You have no other album') : 'Loading your albums…'}</option>
            {albums?.map((al) => (
              <option key={al.id} value={String(al.id)}>
                {al.title}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormDialog>
  );
}
