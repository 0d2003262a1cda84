'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ActionResult } from '@/lib/action-result';
import { useAnnounce } from './announcer';
import { ConfirmDialog } from './confirm-dialog';

export type DeleteButtonProps = {
  /** The item's name, as the confirmation asks ("Delete “…”?"). */
  title: string;
  /** What goes with it, said before anything is done. */
  description: string;
  confirmLabel: string;
  action: () => Promise<ActionResult>;
  /** Said when the API gave no message of its own. */
  doneMessage: string;
  /** Where the page goes once the item is gone; without it, the page is read again (an item of a list on it). */
  then?: string;
  /** The button's accessible name where a page has several ("Delete “Road song”"); "Delete" otherwise. */
  label?: string;
};

/** An item page's "Delete": a confirmation that names the item, then the page it leaves for. */
export function DeleteButton({ title, description, confirmLabel, action, doneMessage, then, label }: DeleteButtonProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" aria-label={label} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {confirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          title={`Delete “${title}”?`}
          description={description}
          confirmLabel={confirmLabel}
          pendingLabel="Deleting…"
          action={action}
          onDone={(message) => {
            setConfirming(false);
            announce(message || doneMessage);
            if (then) router.replace(then);
            else router.refresh();
          }}
        />
      ) : null}
    </>
  );
}
