'use client';

import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { fieldErrorHelpers, OptionSelect, TextField } from '@/components/ui/form-fields';
import type { AlbumSettingsValues } from '@/lib/validations/album';
import { ALBUM_DESCRIPTION_MAX, ALBUM_TITLE_MAX } from '@/lib/validations/limits';

// An album's settings as form fields (react-hook-form): title, category, description, who may
// see, comment on and tag it, and whether it shows in searches. The "Add photos" page uses them
// for a new album; the album's "Edit" form can use them too.

export type AlbumChoice<I> = { id: I; title: string };

/** What the album option endpoints offer (GET /albums/categories, /view_options, /comment_options, /tag_options). */
export type AlbumSettingsChoices = {
  categories: Array<AlbumChoice<number>>;
  view: Array<AlbumChoice<string>>;
  comment: Array<AlbumChoice<string>>;
  tag: Array<AlbumChoice<string>>;
};

/** The option `preferred` when the server offers it, else the first offered ('' when none). */
function pick(options: Array<AlbumChoice<string>>, preferred: string): string {
  return options.some((o) => o.id === preferred) ? preferred : (options[0]?.id ?? '');
}

/** A new album's settings: the API's own defaults (seen by everyone, friends may tag) where offered. */
export function newAlbumDefaults(choices: AlbumSettingsChoices): AlbumSettingsValues {
  return {
    title: '',
    categoryId: '',
    description: '',
    authView: pick(choices.view, 'everyone'),
    authComment: pick(choices.comment, 'everyone'),
    authTag: pick(choices.tag, 'owner_member'),
    searchable: true,
  };
}

export type AlbumSettingsFieldsProps = {
  form: UseFormReturn<AlbumSettingsValues>;
  choices: AlbumSettingsChoices;
  disabled?: boolean;
};

export function AlbumSettingsFields({ form, choices, disabled }: AlbumSettingsFieldsProps) {
  const id = useId();
  const { register, formState } = form;
  const helpers = fieldErrorHelpers(formState.errors, id);
  const { describedBy, error, invalid } = helpers;
  const privacy = (name: 'authView' | 'authComment' | 'authTag', label: string, options: Array<AlbumChoice<string>>) => (
    <OptionSelect id={id} name={name} label={label} options={options} register={register} helpers={helpers} />
  );

  return (
    <fieldset disabled={disabled} className="space-y-4">
      <TextField id={id} name="title" label="Title" register={register} helpers={helpers} maxLength={ALBUM_TITLE_MAX} required />
      <OptionSelect
        id={id}
        name="categoryId"
        label="Category"
        options={choices.categories}
        register={register}
        helpers={helpers}
        empty="No category"
      />
      <div>
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description (optional)
        </label>
        <textarea
          id={`${id}-description`}
          {...register('description')}
          rows={3}
          maxLength={ALBUM_DESCRIPTION_MAX}
          aria-invalid={invalid('description')}
          aria-describedby={describedBy('description')}
          className="field"
        />
        {error('description')}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium">Privacy</legend>
        {privacy('authView', 'Who can see it', choices.view)}
        {privacy('authComment', 'Who can comment', choices.comment)}
        {privacy('authTag', 'Who can tag people', choices.tag)}
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            {...register('searchable')}
            aria-describedby={describedBy('searchable', `${id}-searchable-hint`)}
            className="mt-0.5 size-4 accent-indigo-600"
          />
          <span>
            Show in searches
            <span id={`${id}-searchable-hint`} className="muted block">
              Off: the album stays out of search results and other people’s lists of albums; a link to it still works for those who may see
              it.
            </span>
          </span>
        </label>
        {error('searchable')}
      </div>
    </fieldset>
  );
}
