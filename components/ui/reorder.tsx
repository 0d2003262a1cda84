'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useAction, type ActionProblem } from '@/components/ui/use-action';
import type { ActionResult } from '@/lib/action-result';

/**
 * An owner's reordering of an item's parts (an album's photos, a playlist's songs): the order being
 * made (null while not reordering), and its save — `save` sends the ids in order; a success says
 * the API's sentence, ends the reordering and reads the page again.
 */
export function useReorder<T extends { id: number }>(save: (ids: number[]) => Promise<ActionResult>) {
  const router = useRouter();
  const announce = useAnnounce();
  const action = useAction();
  const [order, setOrder] = useState<T[] | null>(null);
  const saveOrder = async () => {
    if (!order) return;
    const res = await action.run(() => save(order.map((item) => item.id)));
    if (!res.ok) return;
    announce(res.message);
    setOrder(null);
    router.refresh();
  };
  return { ...action, order, setOrder, saveOrder };
}

/** Below the list being reordered: why a save failed, Cancel and "Save order". */
export function ReorderFooter({
  problem,
  pending,
  onCancel,
  onSave,
}: {
  problem: ActionProblem;
  pending: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  return (
    <>
      <FormError message={problem?.message} signedOut={problem?.signedOut} className="mt-3" />
      <div className="mt-3 flex justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className={buttonStyles.primary} onClick={onSave} disabled={pending}>
          {pending ? 'Saving…' : 'Save order'}
        </button>
      </div>
    </>
  );
}
