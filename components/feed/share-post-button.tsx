'use client';

import { useId, useState, type FormEvent } from 'react';
import { activityShareSchema, ACTIVITY_BODY_MAX, fieldErrorsOf } from '@/lib/validations/activity';
import { sharePost } from './actions';
import { callAction } from './call-action';
import { Dialog } from './dialog';
import { useFeed } from './feed-context';
import { buttonStyles } from './styles';

export type SharePostButtonProps = { activityId: number; ownerName: string };

/** "Share" opens a dialog for an optional message; the new activity goes to the top of the feed. */
export function SharePostButton({ activityId, ownerName }: SharePostButtonProps) {
  const { prepend, announce, showsOwnPosts } = useFeed();
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const fieldId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = activityShareSchema.safeParse({ activityId, body });
    if (!parsed.success) {
      setError(fieldErrorsOf(parsed.error).body ?? 'Check the message.');
      return;
    }
    setPending(true);
    setError('');
    const res = await callAction(() => sharePost({ activityId, body }));
    setPending(false);
    if (!res.ok) {
      // The message stays in the box: nothing typed is lost.
      setError(res.fieldErrors?.body ?? res.message);
      return;
    }
    setOpen(false);
    setBody('');
    if (res.data && showsOwnPosts) {
      prepend([res.data]);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    announce(res.message || 'Shared on your wall.');
  };

  return (
    <>
      <button type="button" className={buttonStyles.ghost} onClick={() => setOpen(true)}>
        Share
      </button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} title="Share this post" description={`${ownerName}’s post will appear on your wall.`}>
        <form onSubmit={submit} noValidate>
          <label htmlFor={fieldId} className="text-sm font-medium">
            Add a message (optional)
          </label>
          <textarea
            id={fieldId}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
            maxLength={ACTIVITY_BODY_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-3 text-sm dark:border-slate-600 dark:bg-slate-950"
          />
          {error ? (
            <p id={`${fieldId}-error`} role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
              {error}
            </p>
          ) : null}
          <div className="mt-4 flex justify-end gap-3">
            <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={pending}>
              {pending ? 'Sharing…' : 'Share'}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
