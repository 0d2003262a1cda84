'use client';

import { useState, type FormEvent } from 'react';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { ActionResult } from '@/lib/action-result';
import { GROUP_REJECT_MESSAGE_MAX } from '@/lib/validations/limits';

export type DeclineDialogProps = {
  person: { id: number; name: string };
  /** Declines the request, with the message typed ('' for none). */
  decline: (message: string) => Promise<ActionResult>;
  onClose: () => void;
  onDone: (res: ActionResult) => void;
};

/**
 * An officer declines a request to join, and may say why: the message (optional, at most 500
 * characters) reaches the person with the notification that tells them (group_reject). A refusal
 * keeps what was typed.
 */
export function DeclineDialog({ person, decline, onClose, onDone }: DeclineDialogProps) {
  const state = useAction();
  const [message, setMessage] = useState('');
  const left = GROUP_REJECT_MESSAGE_MAX - message.length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await state.run(() => decline(message.trim()));
    if (res.ok) onDone(res);
  };

  return (
    <Dialog
      open
      onClose={() => !state.pending && onClose()}
      title={`Decline ${person.name}’s request?`}
      description="They are told their request was declined, and may ask again later."
    >
      <form onSubmit={submit} className="space-y-3">
        <div>
          <label htmlFor="decline-message" className="text-sm font-medium">
            Message to {person.name} (optional)
          </label>
          <textarea
            id="decline-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            rows={4}
            maxLength={GROUP_REJECT_MESSAGE_MAX}
            aria-describedby="decline-message-count"
            className="field"
          />
          <p id="decline-message-count" className="muted mt-1 text-xs">
            {left} characters left
          </p>
        </div>
        <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} />
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={state.pending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={state.pending}>
            {state.pending ? 'Declining…' : 'Decline request'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
