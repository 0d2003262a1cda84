'use client';

import { useRouter } from 'next/navigation';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { DeleteButton } from '@/components/ui/delete-button';
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
          <DeleteButton
            title={title}
            description="The listing will be removed with its photos, likes and comments. This cannot be undone."
            confirmLabel="Delete listing"
            action={() => removeListing({ id })}
            doneMessage="The listing was deleted."
            then={routes.listings()}
          />
        ) : null}
      </div>
      <FormError message={state.problem?.message} signedOut={state.problem?.signedOut} className="mt-2" />
    </div>
  );
}
