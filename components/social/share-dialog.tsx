'use client';

import { useId, useState, type FormEvent } from 'react';
import { SOCIAL_BODY_MAX, shareCreateSchema } from '@/lib/validations/social';
import type { ItemRef } from '@/lib/social-api/items';
import { buttonStyles } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { share } from './actions';

export type ShareDialogProps = {
  item: ItemRef;
  /** "this post": the dialog's title says what is shared. */
  what: string;
  /** "Alice Martin’s post will appear on your wall." */
  description: string;
  onClose: () => void;
  onShared: (activityId: number, message: string) => void;
};

/** Shares an item on the reader's wall with an optional message; nothing typed is lost on a failure. */
export default function ShareDialog({ item, what, description, onClose, onShared }: ShareDialogProps) {
  const [body, setBody] = useState('');
  const { pending, problem, run, invalid } = useAction();
  const error = problem && { message: problem.fieldErrors?.body ?? problem.message, signedOut: problem.signedOut };
  const fieldId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = shareCreateSchema.safeParse({ item, body });
    if (!parsed.success) {
      invalid(parsed.error, ['body']);
      return;
    }
    const res = await run(() => share({ item, body }));
    if (res.ok) onShared(res.data.activityId, res.message || 'Shared on your wall.');
  };

  return (
    <Dialog open onClose={() => !pending && onClose()} title={`Share ${what}`} description={description}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium">
          Add a message (optional)
        </label>
        <textarea
          id={fieldId}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          rows={3}
          maxLength={SOCIAL_BODY_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="field p-3"
        />
        <FormError id={`${fieldId}-error`} message={error?.message} signedOut={error?.signedOut} className="mt-2" />
        <div className="mt-4 flex justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={pending}>
            {pending ? 'Sharing…' : 'Share on my wall'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
