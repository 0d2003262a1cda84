'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { callAction, type ActionResult } from '@/lib/action-result';
import type { GroupMemberAction } from '@/lib/social-api/groups';
import { actOnMember } from './actions';

// Loaded on the click that opens it.
const DeclineDialog = dynamic(() => import('./decline-dialog').then((m) => m.DeclineDialog));

/** Each action's button: its words, its look, and its name for a screen reader (with the person's name). */
const BUTTONS: Record<GroupMemberAction, { label: string; look: string; aria: (name: string) => string }> = {
  approve: { label: 'Approve', look: buttonStyles.primary, aria: (n) => `Approve ${n}` },
  reject: { label: 'Decline', look: buttonStyles.secondary, aria: (n) => `Decline ${n}` },
  promote: { label: 'Make officer', look: buttonStyles.secondary, aria: (n) => `Make ${n} an officer` },
  demote: { label: 'Make member', look: buttonStyles.secondary, aria: (n) => `Make ${n} a member again` },
  remove: { label: 'Remove', look: 'btn-ghost text-rose-700 dark:text-rose-300', aria: (n) => `Remove ${n}` },
};

export type MemberActionsProps = {
  groupId: number;
  person: { id: number; name: string };
  actions: GroupMemberAction[];
  /** An invitation waiting: removing it withdraws it. */
  invited?: boolean;
};

/**
 * An officer's buttons on one person of the group (approve or decline a request, withdraw an
 * invitation, remove; the owner's make or unmake an officer). The result shows on the row and the
 * page is read again, so that the row moves to where it belongs now.
 */
export function MemberActions({ groupId, person, actions, invited = false }: MemberActionsProps) {
  const router = useRouter();
  const announce = useAnnounce();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [declining, setDeclining] = useState(false);
  if (!actions.length && !result) return null;

  const show = (res: ActionResult) => {
    setResult({ ok: res.ok, message: res.message });
    announce(res.message);
    router.refresh();
  };
  const run = async (action: GroupMemberAction) => {
    setPending(true);
    const res = await callAction(() => actOnMember({ id: groupId, userId: person.id, action }));
    setPending(false);
    show(res);
  };

  // An invitation is withdrawn, not a member removed.
  const withdraw = (a: GroupMemberAction) => invited && a === 'remove';
  return (
    <span className="ml-auto flex flex-wrap items-center gap-2">
      {actions.map((a) => (
        <button
          key={a}
          type="button"
          className={BUTTONS[a].look}
          disabled={pending}
          aria-label={withdraw(a) ? `Withdraw the invitation of ${person.name}` : BUTTONS[a].aria(person.name)}
          // Declining a request asks first, for a message to its sender.
          onClick={() => (a === 'reject' ? setDeclining(true) : run(a))}
        >
          {withdraw(a) ? 'Withdraw invitation' : BUTTONS[a].label}
        </button>
      ))}
      {declining ? (
        <DeclineDialog
          person={person}
          decline={(message) => actOnMember({ id: groupId, userId: person.id, action: 'reject', message: message || undefined })}
          onClose={() => setDeclining(false)}
          onDone={(res) => {
            setDeclining(false);
            show(res);
          }}
        />
      ) : null}
      {result ? (
        <span role="status" className={`text-sm ${result.ok ? 'text-emerald-800 dark:text-emerald-300' : 'error-text'}`}>
          {result.message}
        </span>
      ) : null}
    </span>
  );
}
