'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AlbumSettingsChoices } from '@/components/albums/upload/album-settings-fields';
import { callAction } from '@/lib/action-result';
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from '@/lib/validations/album';
import { albumOptions, editAlbumSettings } from './actions';
import { Field } from './fields';
import { FormDialog, useDialogSubmit } from './form-dialog';
import { albumEditSchema, KEEP, type AlbumEditValues } from './schemas';

const NAMES = ['title', 'description', 'categoryId', 'authView', 'authComment', 'authTag', 'searchable'] as const;

/**
 * "Edit album": title and description as they are; category, privacy and search start at "Keep
 * as it is" (the API does not tell them) and are sent only when changed.
 */
export default function EditAlbumDialog({ album, onClose }: { album: { id: number; title: string; description: string }; onClose: () => void }) {
  const id = useId();
  const [choices, setChoices] = useState<AlbumSettingsChoices | null>(null);
  const form = useForm<AlbumEditValues>({
    resolver: zodResolver(albumEditSchema),
    defaultValues: { title: album.title, description: album.description, categoryId: KEEP, authView: KEEP, authComment: KEEP, authTag: KEEP, searchable: KEEP },
    mode: 'onTouched',
  });
  const { register, formState: { errors } } = form;
  const { pending, problem, setProblem, submit } = useDialogSubmit(form, NAMES, (values) => editAlbumSettings(album.id, values), onClose);

  useEffect(() => {
    void callAction(albumOptions).then((res) => (res.ok ? setChoices(res.data) : setProblem({ message: res.message, signedOut: res.signedOut })));
  }, [setProblem]);

  const keep = <option value={KEEP}>Keep as it is</option>;
  const privacy = (name: 'authView' | 'authComment' | 'authTag', label: string, options: Array<{ id: string; title: string }>) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(a) => (
        <select {...a} {...register(name)} className="field">
          {keep}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <FormDialog title="Edit album" onClose={onClose} onSubmit={submit} pending={pending} problem={problem} submitLabel="Save album" pendingLabel="Saving…">
          <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
            {(a) => <input {...a} {...register('title')} maxLength={ALBUM_TITLE_MAX} className="field" />}
          </Field>
          <Field id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
            {(a) => <textarea {...a} {...register('description')} rows={3} maxLength={ALBUM_DESCRIPTION_MAX} className="field" />}
          </Field>
          <Field id={`${id}-categoryId`} label="Category" error={errors.categoryId?.message}>
            {(a) => (
              <select {...a} {...register('categoryId')} className="field">
                {keep}
                <option value="0">No category</option>
                {choices?.categories.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {privacy('authView', 'Who can see it', choices?.view ?? [])}
          {privacy('authComment', 'Who can comment', choices?.comment ?? [])}
          {privacy('authTag', 'Who can tag people', choices?.tag ?? [])}
          <Field id={`${id}-searchable`} label="Show in searches" error={errors.searchable?.message}>
            {(a) => (
              <select {...a} {...register('searchable')} className="field">
                {keep}
                <option value="show">Show in searches and other people’s lists</option>
                <option value="hide">Hide from searches and other people’s lists</option>
              </select>
            )}
          </Field>
    </FormDialog>
  );
}
