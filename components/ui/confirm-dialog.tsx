'use client';

import type { ActionResult } from '@/lib/action-result';
import { buttonStyles } from './button';
import { Dialog } from './dialog';
import { FormError } from './form-error';
import { useAction } from './use-action';

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The confirming button's words ("Delete"), and while it runs ("Deleting…"). */
  confirmLabel: string;
  pendingLabel: string;
  /** Runs on confirm; the dialog stays open with the reason when it fails. */
  action: () => Promise<ActionResult<unknown>>;
  onDone: (message: string) => void;
  danger?: boolean;
};

/** "Are you sure?" for what cannot be undone: Cancel, or the action with its result. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
  onDone,
  danger = true,
}: ConfirmDialogProps) {
  const { pending, problem: error, run } = useAction();

  const confirm = async () => {
    const res = await run(action);
    if (res.ok) onDone(res.message);
  };

  return (
    <Dialog open={open} onClose={() => !pending && onClose()} title={title} description={description}>
      <FormError message={error?.message} signedOut={error?.signedOut} className="mb-3" />
      <div className="flex justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={pending}>
          Cancel
        </button>
        <button type="button" className={danger ? buttonStyles.danger : buttonStyles.primary} onClick={confirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
