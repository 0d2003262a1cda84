'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import { routes } from '@/lib/routes';
import { removeListing, setListingState } from './actions';

export type ListingOwnerActionsProps = {
  id: number;
  title: string;
  canOpen: boolean;
  canClose: boolean;
  canDelete: boolean;
};

/**
 * The seller's actions on their listing's page, as the API's flags allow: mark it sold (close)
 * or reopen it, delete it after a confirmation that names it.
 */
export function ListingOwnerActions({ id, title, canOpen, canClose, canDelete }: ListingOwnerActionsProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const state = useAction();
  const [confirming, setConfirming] = useState(false);

  const toggle = async (open: boolean) => {
    const res = await state.run(() => setListingState({ id, open }));
    if (res.ok) {
      announce(res.message);
      router.refresh();
    }
  };

  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {canClose ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => toggle(false)} disabled={state.pending}>
            {state.pending ? 'Closing…' : 'Mark as sold (close)'}
          </button>
        ) : null}
        {canOpen ? (
          <button type="button" className={buttonStyles.primary} onClick={() => toggle(true)} disabled={state.pending}>
            {state.pending ? 'Reopening…' : 'Reopen'}
          </button>
        ) : null}
        {canDelete ? (
          <button type="button" className="btn-ghost text-rose-700 dark:text-rose-300" onClick={() => setConfirming(true)}>
            Delete
          </button>
        ) : null}
      </div>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} className="mt-2" />
      {confirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          title={`Delete “${title}”?`}
          description="The listing will be removed with its photos, likes and comments. This cannot be undone."
          confirmLabel="Delete listing"
          pendingLabel="Deleting…"
          action={() => removeListing({ id })}
          onDone={(message) => {
            setConfirming(false);
            announce(message || 'The listing was deleted.');
            router.replace(routes.listings());
          }}
        />
      ) : null}
    </div>
  );
}
