'use client';

import { useActionState, useState, type FormEvent } from 'react';
import { callAction } from '@/lib/action-result';
import { buttonStyles } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { useInBrowser } from '@/components/ui/use-in-browser';
import type { FormAnswer } from './actions';

export type ConfirmFormProps = {
  /** A form action of ./actions.ts: it redirects a post without script, answers the result to script. */
  action: (previous: FormAnswer, form: FormData) => Promise<FormAnswer>;
  /** The form's hidden fields. */
  fields: Record<string, string | number>;
  /** The button's words, and its look. */
  label: string;
  className: string;
  /** The question asked first: with script in a dialog, without it in the disclosure the button opens. */
  confirm: { title: string; description: string; confirmLabel: string; pendingLabel: string; danger?: boolean };
  onDone: (message: string) => void;
};

/**
 * A button that asks first, then does: with script a confirmation dialog and the action from it;
 * without script a disclosure (`<details>`, which opens without script) holding the question and
 * a plain form whose post does it (the page comes back, or shows the refusal). The server's HTML
 * is the disclosure; the page's script, once it runs, puts the dialog's button in its place.
 */
export function ConfirmForm({ action, fields, label, className, confirm, onDone }: ConfirmFormProps) {
  const [noScript, formAction] = useActionState(action, null);
  const [asking, setAsking] = useState<FormData | null>(null);
  const inBrowser = useInBrowser();
  const hidden = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  const refusal = <FormError message={noScript && !noScript.ok ? noScript.message : undefined} className="mt-1" />;

  if (!inBrowser)
    return (
      // The question opens under its button, over what follows (on a wide screen), rather than in the
      // actions' row, which it wrapped; one at a time on the page (details of one name: opening one closes the other).
      <details open={noScript?.ok === false} name="confirm-question" className="relative">
        <summary className={`${className} cursor-pointer list-none`}>{label}</summary>
        <form
          action={formAction}
          className="card mt-2 max-w-sm space-y-2 p-3 sm:absolute sm:top-full sm:right-0 sm:z-20 sm:w-80 sm:shadow-lg"
        >
          {hidden}
          <p className="font-medium">{confirm.title}</p>
          <p className="muted text-sm">{confirm.description}</p>
          <button type="submit" className={confirm.danger === false ? buttonStyles.primary : buttonStyles.danger}>
            {confirm.confirmLabel}
          </button>
          {refusal}
        </form>
      </details>
    );

  const ask = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setAsking(new FormData(e.currentTarget));
  };

  return (
    <form action={formAction} onSubmit={ask}>
      {hidden}
      <button type="submit" className={className}>
        {label}
      </button>
      {refusal}
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
