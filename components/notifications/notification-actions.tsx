'use client';

import { useState } from 'react';
import { answerEvent, decideRequest } from '@/components/events/actions';
import { useAnnounce } from '@/components/ui/announcer';
import { buttonStyles } from '@/components/ui/button';
import { useAction } from '@/components/ui/use-action';
import type { ActionResult } from '@/lib/action-result';
import type { Rsvp } from '@/lib/social-api/events';
import { answerFriend } from './actions';

// What a notification that asks for an answer lets the reader do in place: answer an invitation,
// accept or decline a request to join their event or to be their friend. Each goes through the
// same command as the event's page, the organiser's dashboard or the profile.

export type NotificationAsk =
  | { kind: 'event_invite'; eventId: number; rsvp: Rsvp }
  | { kind: 'event_request'; eventId: number; userId: number }
  | { kind: 'friend_request'; requestId: number };

const ANSWERS = [
  ['attending', 'Going'],
  ['maybe_attending', 'Maybe'],
  ['not_attending', 'Not going'],
] as const;

export function NotificationActions({ ask, about }: { ask: NotificationAsk; about: string }) {
  const { pending, problem, run } = useAction();
  const announce = useAnnounce();
  const [rsvp, setRsvp] = useState<Rsvp | null>(ask.kind === 'event_invite' ? ask.rsvp : null);
  const [decided, setDecided] = useState<string | null>(null);

  const act = async (action: () => Promise<ActionResult>, after: () => void) => {
    const res = await run(action);
    if (!res.ok) return;
    after();
    announce(res.message);
  };

  let controls;
  if (ask.kind === 'event_invite') {
    controls = (
      <div role="group" aria-label={`Your answer: ${about}`} className="flex flex-wrap gap-1">
        {ANSWERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={buttonStyles.ghost}
            aria-pressed={rsvp === value}
            disabled={pending}
            onClick={() =>
              void act(
                () => answerEvent({ id: ask.eventId, rsvp: value }),
                () => setRsvp(value),
              )
            }
          >
            {label}
          </button>
        ))}
      </div>
    );
  } else if (decided) {
    controls = <span className="muted text-sm">{decided}</span>;
  } else {
    const decide = (accept: boolean) =>
      act(
        () =>
          ask.kind === 'event_request'
            ? decideRequest({ id: ask.eventId, userId: ask.userId, accept })
            : answerFriend({ requestId: ask.requestId, accept }),
        () => setDecided(accept ? 'Accepted' : 'Declined'),
      );
    controls = (
      <div role="group" aria-label={`Answer: ${about}`} className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.primary} disabled={pending} onClick={() => void decide(true)}>
          Accept
        </button>
        <button type="button" className={buttonStyles.secondary} disabled={pending} onClick={() => void decide(false)}>
          Decline
        </button>
      </div>
    );
  }
  return (
    <div className="mt-2">
      {controls}
      {problem ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {problem.message}
        </p>
      ) : null}
    </div>
  );
}
