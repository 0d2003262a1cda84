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
  /** Where the page goes once the item is gone. */
  then: string;
};

/** An item page's "Delete": a confirmation that names the item, then the page it leaves for. */
export function DeleteButton({ title, description, confirmLabel, action, doneMessage, then }: DeleteButtonProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" onClick={() => setConfirming(true)}>
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
            router.replace(then);
          }}
        />
      ) : null}
    </>
  );
}
