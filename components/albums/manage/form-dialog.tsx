'use client';

import { useRouter } from 'next/navigation';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { placeRefusal } from '@/components/ui/form-refusal';
import { useAction, type ActionProblem } from '@/components/ui/use-action';
import type { ActionResult } from '@/lib/action-result';

/**
 * A managing form's submit: the server action with the form's values; on failure its field
 * errors land on their fields (the first focused; the rest in the form's message) and nothing typed is lost; on
 * success the result is announced, the dialog closes and the page reads its data again.
 */
export function useDialogSubmit<V extends FieldValues>(
  form: UseFormReturn<V>,
  names: ReadonlyArray<Path<V>>,
  action: (values: V) => Promise<ActionResult>,
  onClose: () => void,
) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const submit = form.handleSubmit(async (values) => {
    const res = await state.run(() => action(values));
    if (!res.ok) {
      state.setProblem(placeRefusal(form, res, names));
      return;
    }
    announce(res.message);
    onClose();
    router.refresh();
  });
  return { ...state, submit };
}

export type FormDialogProps = {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  problem: ActionProblem;
  submitLabel: string;
  pendingLabel: string;
  submitDisabled?: boolean;
  children: ReactNode;
};

/** A dialog holding one form: its fields, why it failed, Cancel and the submit button. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  pending,
  problem,
  submitLabel,
  pendingLabel,
  submitDisabled,
  children,
}: FormDialogProps) {
  return (
    <Dialog open onClose={() => !pending && onClose()} title={title}>
      <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-4">
        <fieldset disabled={pending} className="space-y-4">
          {children}
        </fieldset>
        <FormError message={problem?.message} signedOut={problem?.signedOut} />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
