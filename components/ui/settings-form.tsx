'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { ActionResult } from '@/lib/action-result';
import { fieldErrorsOf } from '@/lib/validations/field-errors';

/** What a settings form's fields are given: their ids' stem, the state, its change, and the errors by field. */
export type SettingsFieldsProps<F> = {
  id: string;
  state: F;
  onChange: (next: Partial<F>) => void;
  errors: Record<string, string>;
};

export type SettingsFormProps<F, V> = {
  initial: F;
  /** The schema the server action checks the values with, checked here first. */
  schema: $ZodType<V>;
  /** The values to send from the form's state (the state itself when absent). */
  valuesOf?: (form: F) => unknown;
  save: (values: V) => Promise<ActionResult<unknown>>;
  /** The item's page: where a save leads, and Cancel. */
  back: string;
  fields: (props: SettingsFieldsProps<F>) => ReactNode;
};

/**
 * An item's settings form (a video's, a playlist's): the fields checked in the browser first, then
 * saved by the server action; what a refusal names is shown on its field, the rest on the form's
 * line, and nothing typed is lost. A save announces the API's sentence and opens the item.
 */
export function SettingsForm<F, V>({ initial, schema, valuesOf, save, back, fields }: SettingsFormProps<F, V>) {
  const formId = useId();
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = safeParse(schema, valuesOf ? valuesOf(form) : form);
    if (!parsed.success) {
      setChecked(fieldErrorsOf(parsed.error));
      return;
    }
    setChecked({});
    const res = await state.run(() => save(parsed.data));
    if (res.ok) {
      announce(res.message);
      router.push(back);
    }
  }

  const errors = { ...(state.problem?.fieldErrors ?? {}), ...checked };
  return (
    <form onSubmit={submit} noValidate className="card space-y-5">
      {fields({ id: formId, state: form, onChange: (next) => setForm((f) => ({ ...f, ...next })), errors })}
      <FormError
        message={Object.keys(checked).length ? 'Check the highlighted fields.' : state.problem?.message}
        signedOut={state.problem?.signedOut}
      />
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
          {state.pending ? 'Saving…' : 'Save'}
        </button>
        <a href={back} className={buttonStyles.ghost}>
          Cancel
        </a>
      </div>
    </form>
  );
}
