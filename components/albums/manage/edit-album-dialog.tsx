'use client';

import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AlbumSettingsChoices } from '@/components/albums/upload/album-settings-fields';
import { callAction } from '@/lib/action-result';
import type { AlbumSettings } from '@/lib/social-api/albums';
import { albumOptions, editAlbumSettings } from './actions';
import { Field } from '@/components/ui/form-fields';
import { lazyZodResolver } from '@/components/ui/lazy-resolver';
import { FormDialog, useDialogSubmit } from './form-dialog';
import type { AlbumEditValues } from '@/lib/validations/album';
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX, KEEP } from '@/lib/validations/limits';

const resolver = lazyZodResolver<AlbumEditValues>(() => import('@/lib/validations/album').then((m) => m.albumEditSchema));

const NAMES = ['title', 'description', 'categoryId', 'authView', 'authComment', 'authTag', 'searchable'] as const;

/**
 * "Edit album": every setting as it is now. A server that does not tell an album's category,
 * privacy and search setting (the document's album has none of them) gets "Keep as it is" in
 * those fields instead, and they are sent only when changed.
 */
export default function EditAlbumDialog({
  album,
  onClose,
}: {
  album: { id: number; title: string; description: string; settings?: AlbumSettings };
  onClose: () => void;
}) {
  const now = album.settings;
  const id = useId();
  const [choices, setChoices] = useState<AlbumSettingsChoices | null>(null);
  const form = useForm<AlbumEditValues>({
    resolver,
    defaultValues: now
      ? {
          title: album.title,
          description: album.description,
          categoryId: String(now.categoryId),
          authView: now.authView,
          authComment: now.authComment,
          authTag: now.authTag,
          searchable: now.searchable ? 'show' : 'hide',
        }
      : {
          title: album.title,
          description: album.description,
          categoryId: KEEP,
          authView: KEEP,
          authComment: KEEP,
          authTag: KEEP,
          searchable: KEEP,
        },
    mode: 'onTouched',
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { pending, problem, setProblem, submit } = useDialogSubmit(form, NAMES, (values) => editAlbumSettings(album.id, values), onClose);

  useEffect(() => {
    void callAction(albumOptions).then((res) =>
      res.ok ? setChoices(res.data) : setProblem({ message: res.message, signedOut: res.signedOut }),
    );
  }, [setProblem]);

  const keep = now ? null : <option value={KEEP}>Keep as it is</option>;
  // With the current settings known, a list is shown once its options are here: a select whose
  // value has no option yet would show (and send) another one.
  const choice = (
    name: 'categoryId' | 'authView' | 'authComment' | 'authTag',
    label: string,
    options: Array<{ id: string; title: string }>,
  ) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(a) =>
        choices || !now ? (
          <select {...a} {...register(name)} className="field">
            {keep}
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        ) : (
          <select {...a} disabled className="field">
            <option>Loading…</option>
          </select>
        )
      }
    </Field>
  );
  const categories = [{ id: '0', title: 'No category' }, ...(choices?.categories ?? []).map((c) => ({ id: String(c.id), title: c.title }))];

  return (
    <FormDialog
      title="Edit album"
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      problem={problem}
      submitLabel="Save album"
      pendingLabel="Saving…"
    >
      <Field id={`${id}-title`} label="Title" error={errors.title?.message}>
        {(a) => <input {...a} {...register('title')} maxLength={ALBUM_TITLE_MAX} className="field" />}
      </Field>
      <Field id={`${id}-description`} label="Description (optional)" error={errors.description?.message}>
        {(a) => <textarea {...a} {...register('description')} rows={3} maxLength={ALBUM_DESCRIPTION_MAX} className="field" />}
      </Field>
      {choice('categoryId', 'Category', categories)}
      {choice('authView', 'Who can see it', choices?.view ?? [])}
      {choice('authComment', 'Who can comment', choices?.comment ?? [])}
      {choice('authTag', 'Who can tag people', choices?.tag ?? [])}
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
