'use client';

import { useActionState, useState, type FormEvent } from 'react';
import { callAction } from '@/lib/action-result';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import type { FormAnswer } from './actions';

export type ConfirmFormProps = {
  /** A form action of ./actions.ts: it redirects a post without script, answers the result to script. */
  action: (previous: FormAnswer, form: FormData) => Promise<FormAnswer>;
  /** The form's hidden fields. */
  fields: Record<string, string | number>;
  /** The button's words, and its look. */
  label: string;
  className: string;
  /** The question asked first (with script; without it the post is the answer). */
  confirm: { title: string; description: string; confirmLabel: string; pendingLabel: string; danger?: boolean };
  onDone: (message: string) => void;
};

/**
 * A button that asks first, then does: with script a confirmation dialog and the action from it;
 * without script a plain form whose post does it (the page comes back, or shows the refusal).
 */
export function ConfirmForm({ action, fields, label, className, confirm, onDone }: ConfirmFormProps) {
  const [noScript, formAction] = useActionState(action, null);
  const [asking, setAsking] = useState<FormData | null>(null);

  const ask = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAsking(new FormData(e.currentTarget));
  };

  return (
    <form action={formAction} onSubmit={ask}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        {label}
      </button>
      <FormError message={noScript && !noScript.ok ? noScript.message : undefined} className="mt-1" />
      {asking ? (
        <ConfirmDialog
          open
          onClose={() => setAsking(null)}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel}
          pendingLabel={confirm.pendingLabel}
          danger={confirm.danger}
          action={() =>
            callAction(async () => (await action(null, asking)) ?? { ok: false, message: 'Something went wrong. Please try again.' })
          }
          onDone={(message) => {
            setAsking(null);
            onDone(message);
          }}
        />
      ) : null}
    </form>
  );
}
