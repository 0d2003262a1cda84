'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAnnounce } from '@/components/ui/announcer';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button';
import { callAction } from '@/lib/action-result';
import { routes } from '@/lib/routes';
import type { Who } from '@/lib/social-api/users';
import { decideRequest } from './actions';

export type PendingRequest = { eventId: number; eventTitle?: string; person: Who };

type RowState = { pending?: boolean; result?: string; ok?: boolean };

const key = (r: PendingRequest) => `${r.eventId}:${r.person.id}`;

/**
 * Requests to join, each with Accept and Decline, and (when `multi`) chosen several at once:
 * every row shows its own result. The counts of the page are read again after each answer; every
 * row that was answered stays with its result, a failed one too (a request withdrawn meanwhile
 * says it is no longer pending), and only rows still pending keep their buttons.
 */
export function RequestList({ requests, multi = false }: { requests: PendingRequest[]; multi?: boolean }) {
  const router = useRouter();
  const announce = useAnnounce();
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  // The list as it stood at the last answer: answered requests (done or not) stay in their place
  // with their result after the page reads its data again, which no longer has those that are
  // done or were withdrawn.
  const [shown, setShown] = useState<PendingRequest[]>([]);

  const pending = new Set(requests.map(key));
  const kept = new Set(shown.map(key));
  const all = [...shown.filter((r) => pending.has(key(r)) || rows[key(r)]?.result), ...requests.filter((r) => !kept.has(key(r)))];
  // Rows that may still be answered: pending as the page last read them, and not done since.
  const isOpen = (r: PendingRequest) => pending.has(key(r)) && !rows[key(r)]?.ok;
  const open = requests.filter(isOpen);

  const decide = async (list: PendingRequest[], accept: boolean) => {
    setRows((prev) => ({ ...prev, ...Object.fromEntries(list.map((r) => [key(r), { pending: true }])) }));
    const results = await Promise.all(
      list.map(async (r) => [key(r), await callAction(() => decideRequest({ id: r.eventId, userId: r.person.id, accept }))] as const),
    );
    setRows((prev) => ({
      ...prev,
      ...Object.fromEntries(
        results.map(([k, res]) => [k, { ok: res.ok, result: res.ok ? (accept ? 'Accepted' : 'Declined') : res.message }]),
      ),
    }));
    setChosen(new Set());
    setShown(all);
    const okCount = results.filter(([, r]) => r.ok).length;
    announce(`${okCount} of ${list.length} ${accept ? 'accepted' : 'declined'}${okCount < list.length ? '; the others say why' : ''}.`);
    router.refresh();
  };

  return (
    <div>
      {multi && open.length > 1 ? (
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <span className="muted text-sm">{chosen.size} chosen</span>
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!chosen.size}
            onClick={() =>
              decide(
                open.filter((r) => chosen.has(key(r))),
                true,
              )
            }
          >
            Accept chosen
          </button>
          <button
            type="button"
            className="btn-ghost"
            disabled={!chosen.size}
            onClick={() =>
              decide(
                open.filter((r) => chosen.has(key(r))),
                false,
              )
            }
          >
            Decline chosen
          </button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {all.map((r) => {
          const s = rows[key(r)] ?? {};
          const live = isOpen(r);
          const label = `${r.person.name}${r.eventTitle ? ` for ${r.eventTitle}` : ''}`;
          return (
            <li key={key(r)} className="flex flex-wrap items-center gap-3" data-request={key(r)}>
              {multi && live ? (
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label={`Choose ${label}`}
                  checked={chosen.has(key(r))}
                  onChange={() =>
                    setChosen((prev) => {
                      const next = new Set(prev);
                      if (next.has(key(r))) next.delete(key(r));
                      else next.add(key(r));
                      return next;
                    })
                  }
                />
              ) : null}
              <Avatar person={r.person} size="sm" />
              <span className="min-w-0 flex-1">
                <a href={routes.user(r.person.id)} className="name">
                  {r.person.name}
                </a>
                {r.eventTitle ? (
                  <span className="muted block text-sm">
                    wants to join{' '}
                    <a href={routes.event(r.eventId)} className="link">
                      {r.eventTitle}
                    </a>
                  </span>
                ) : null}
              </span>
              {live ? (
                <>
                  <button
                    type="button"
                    className={buttonStyles.primary}
                    disabled={s.pending}
                    onClick={() => decide([r], true)}
                    aria-label={`Accept ${label}`}
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={s.pending}
                    onClick={() => decide([r], false)}
                    aria-label={`Decline ${label}`}
                  >
                    Decline
                  </button>
                </>
              ) : null}
              {s.result ? (
                <span role="status" className={`text-sm ${s.ok ? 'text-emerald-800 dark:text-emerald-300' : 'error-text'}`}>
                  {s.result}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
