'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import type { VideoChoices } from '@/lib/social-api/videos';
import { fieldErrorsOf } from '@/lib/validations/field-errors';
import { videoUploadSchema } from '@/lib/validations/video';
import { editVideo } from './actions';
import { VideoSettingsFields, videoValues, type VideoFormState } from './video-settings-fields';

export type EditVideoProps = {
  id: number;
  initial: VideoFormState;
  choices: Pick<VideoChoices, 'categories' | 'view' | 'comment'>;
};

/** A video's settings (its source stays): what a refusal names is shown on its field, and nothing typed is lost. */
export function EditVideo({ id, initial, choices }: EditVideoProps) {
  const formId = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = videoValues(form);
    const parsed = videoUploadSchema.safeParse(values);
    if (!parsed.success) {
      setChecked(fieldErrorsOf(parsed.error));
      return;
    }
    setChecked({});
    const res = await state.run(() => editVideo({ id, values: parsed.data }));
    if (res.ok) {
      announce(res.message);
      router.push(routes.video(id));
    }
  }

  const errors = { ...(state.problem?.fieldErrors ?? {}), ...checked };
  return (
    <form onSubmit={submit} noValidate className="card space-y-5">
      <VideoSettingsFields
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
        <a href={routes.video(id)} className={buttonStyles.ghost}>
          Cancel
        </a>
      </div>
    </form>
  );
}
