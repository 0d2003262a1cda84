'use client';

import { useState } from 'react';
import { deletePost } from './actions';
import { callAction } from './call-action';
import { Dialog } from './dialog';
import { useFeed } from './feed-context';
import { buttonStyles } from './styles';

export type DeletePostButtonProps = { activityId: number };

/** "Delete" with a confirmation dialog; the post leaves the feed once the API has deleted it. */
export function DeletePostButton({ activityId }: DeletePostButtonProps) {
  const { remove, announce } = useFeed();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const confirm = async () => {
    setPending(true);
    setError('');
    const res = await callAction(() => deletePost({ activityId }));
    setPending(false);
    if (!res.ok) {
      setError(res.message);
      return;
    }
    setOpen(false);
    announce('The post was deleted.');
    remove(activityId);
  };

  return (
    <>
      <button type="button" className={buttonStyles.ghost} onClick={() => setOpen(true)}>
        Delete
      </button>
      <Dialog
        open={open}
        onClose={() => !pending && setOpen(false)}
        title="Delete this post?"
        description="It will be removed from your wall and from your friends’ feeds, with its likes and comments. This cannot be undone."
      >
        {error ? (
          <p role="alert" className="mb-3 text-sm text-rose-700 dark:text-rose-300">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button type="button" className={buttonStyles.secondary} onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </button>
          <button type="button" className={buttonStyles.danger} onClick={confirm} disabled={pending}>
            {pending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </Dialog>
    </>
  );
}
