'use client';

import { Field, PrivacyChoiceFields } from '@/components/ui/form-fields';
import type { MusicChoices } from '@/lib/social-api/music';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_TITLE_MAX, type PlaylistSettingsValues } from '@/lib/validations/music';

export const emptyPlaylistForm = (choices: MusicChoices): PlaylistSettingsValues => ({
  title: '',
  description: '',
  authView: choices.view[0]?.id ?? 'everyone',
  authComment: choices.comment[0]?.id ?? 'everyone',
  searchable: true,
});

export type PlaylistSettingsFieldsProps = {
  id: string;
  state: PlaylistSettingsValues;
  onChange: (next: Partial<PlaylistSettingsValues>) => void;
  errors: Record<string, string>;
  choices: MusicChoices;
};

/** A playlist's title, description, privacy and listing settings. */
export function PlaylistSettingsFields({ id, state, onChange, errors, choices }: PlaylistSettingsFieldsProps) {
  const f = (name: string) => `${id}-${name}`;
  return (
    <>
      <Field id={f('title')} label="Title" error={errors.title}>
        {(a11y) => (
          <input
            {...a11y}
            className="field"
            maxLength={PLAYLIST_TITLE_MAX}
            value={state.title}
            onChange={(e) => onChange({ title: e.target.value })}
          />
        )}
      </Field>
      <Field id={f('description')} label="Description" error={errors.description}>
        {(a11y) => (
          <textarea
            {...a11y}
            className="field min-h-24"
            maxLength={PLAYLIST_DESCRIPTION_MAX}
            value={state.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <PrivacyChoiceFields id={id} viewLabel="Who can listen" state={state} choices={choices} errors={errors} onChange={onChange} />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" checked={state.searchable} onChange={(e) => onChange({ searchable: e.target.checked })} />
        Show in other people’s lists of playlists
      </label>
    </>
  );
}
