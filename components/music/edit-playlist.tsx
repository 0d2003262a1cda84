'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import type { MusicChoices } from '@/lib/social-api/music';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import { playlistSettingsSchema, type PlaylistSettingsValues } from '@/lib/validations/music';
import { editPlaylistAction } from './actions';
import { PlaylistSettingsFields } from './playlist-settings-fields';

/** A playlist's settings (its songs are changed on its page): what a refusal names is shown on its field, and nothing typed is lost. */
export function EditPlaylist({ id, initial, choices }: { id: number; initial: PlaylistSettingsValues; choices: MusicChoices }) {
  const formId = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = playlistSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setChecked(fieldErrorsOf(parsed.error));
      return;
    }
    setChecked({});
    const res = await state.run(() => editPlaylistAction({ id, values: parsed.data }));
    if (res.ok) {
      announce(res.message);
      router.push(routes.playlist(id));
    }
  }

  const errors = { ...(state.problem?.fieldErrors ?? {}), ...checked };
  return (
    <form onSubmit={submit} noValidate className="card space-y-5">
      <PlaylistSettingsFields
        id={formId}
        state={form}
        onChange={(next) => setForm((f) => ({ ...f, ...next }))}
        errors={errors}
        choices={choices}
      />
      <FormError
        message={Object.keys(checked).length ? 'Check the highlighted fields.' : state.problem?.message}
        signedOut={state.problem?.signedOut}
      />
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
          {state.pending ? 'Saving…' : 'Save'}
        </button>
        <a href={routes.playlist(id)} className={buttonStyles.ghost}>
          Cancel
        </a>
      </div>
    </form>
  );
}
