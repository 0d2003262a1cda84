'use client';

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { editPhotoText } from '@/components/albums/manage/actions';
import { Field } from '@/components/ui/form-fields';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { FormDialog, useDialogSubmit } from '@/components/albums/manage/form-dialog';
import type { PhotoEditValues } from '@/lib/validations/album';
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from '@/lib/validations/limits';

const resolver = lazyZodResolver<PhotoEditValues>(() => import('@/lib/validations/album').then((m) => m.photoEditSchema));

/** A photo's title and caption. */
export default function EditPhotoDialog({
  photo,
  onClose,
}: {
  photo: { id: number; title: string; caption: string };
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm<PhotoEditValues>({
    resolver,
    defaultValues: { title: photo.title, caption: photo.caption },
    mode: 'onTouched',
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { pending, problem, submit } = useDialogSubmit(form, ['title', 'caption'], (values) => editPhotoText(photo.id, values), onClose);

  return (
    <FormDialog
      title="Edit photo"
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      problem={problem}
      submitLabel="Save photo"
      pendingLabel="Saving…"
    >
      <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
        {(a) => <input {...a} {...register('title')} maxLength={ALBUM_TITLE_MAX} className="field" />}
      </Field>
      <Field id={`${id}-caption`} label="Caption" error={errors.caption?.message}>
        {(a) => <textarea {...a} {...register('caption')} rows={3} maxLength={ALBUM_DESCRIPTION_MAX} className="field" />}
      </Field>
    </FormDialog>
  );
}
