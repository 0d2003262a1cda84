'use client';

import type { RefObject } from 'react';
import { Field, PrivacyChoiceFields } from '@/components/ui/form-fields';
import type { VideoChoices } from '@/lib/social-api/videos';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@/lib/validations/limits';

/** What a video's form holds as typed (tags as one line of words). */
export interface VideoFormState {
  title: string;
  description: string;
  tags: string;
  categoryId: string;
  authView: string;
  authComment: string;
  searchable: boolean;
}

export const emptyVideoForm = (choices: Pick<VideoChoices, 'view' | 'comment'>): VideoFormState => ({
  title: '',
  description: '',
  tags: '',
  categoryId: '',
  authView: choices.view[0]?.id ?? 'everyone',
  authComment: choices.comment[0]?.id ?? 'everyone',
  searchable: true,
});

/** The form's values as the schemas take them (tags split at commas). */
export function videoValues(s: VideoFormState) {
  const { tags, ...rest } = s;
  return {
    ...rest,
    tags: tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

export type VideoSettingsFieldsProps = {
  id: string;
  state: VideoFormState;
  onChange: (next: Partial<VideoFormState>) => void;
  errors: Record<string, string>;
  choices: Pick<VideoChoices, 'categories' | 'view' | 'comment'>;
  /** Under the title: that a link's title may be left for the provider's. */
  titleHint?: string;
  descriptionRef?: RefObject<HTMLTextAreaElement | null>;
};

/** A video's title, description (its text alternative), tags, category, privacy and search settings. */
export function VideoSettingsFields({ id, state, onChange, errors, choices, titleHint, descriptionRef }: VideoSettingsFieldsProps) {
  const f = (name: string) => `${id}-${name}`;
  return (
    <>
      <Field id={f('title')} label="Title" error={errors.title}>
        {(a11y) => (
          <>
            <input
              {...a11y}
              aria-describedby={[a11y['aria-describedby'], titleHint ? f('title-hint') : undefined].filter(Boolean).join(' ') || undefined}
              className="field"
              maxLength={VIDEO_TITLE_MAX}
              value={state.title}
              onChange={(e) => onChange({ title: e.target.value })}
            />
            {titleHint ? (
              <p id={f('title-hint')} className="muted mt-1 text-sm">
                {titleHint}
              </p>
            ) : null}
          </>
        )}
      </Field>
      <Field id={f('description')} label="Description" error={errors.description}>
        {(a11y) => (
          <>
            <textarea
              {...a11y}
              ref={descriptionRef}
              aria-describedby={[a11y['aria-describedby'], f('description-hint')].filter(Boolean).join(' ')}
              className="field min-h-28"
              maxLength={VIDEO_DESCRIPTION_MAX}
              value={state.description}
              onChange={(e) => onChange({ description: e.target.value })}
            />
            <p id={f('description-hint')} className="muted mt-1 text-sm">
              Say what happens in the video: the description is its text alternative, for people who cannot watch it.
            </p>
          </>
        )}
      </Field>
      <Field id={f('tags')} label="Tags (separated by commas)" error={errors.tags}>
        {(a11y) => <input {...a11y} className="field" value={state.tags} onChange={(e) => onChange({ tags: e.target.value })} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={f('category')} label="Category" error={errors.categoryId}>
          {(a11y) => (
            <select {...a11y} className="field" value={state.categoryId} onChange={(e) => onChange({ categoryId: e.target.value })}>
              <option value="">No category</option>
              {choices.categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <PrivacyChoiceFields id={id} viewLabel="Who can see it" state={state} choices={choices} errors={errors} onChange={onChange} />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4" checked={state.searchable} onChange={(e) => onChange({ searchable: e.target.checked })} />
        Show in searches and other people’s lists of videos
      </label>
    </>
  );
}
