'use client';

import { useEffect } from 'react';
import type { Message } from '@/lib/social-api/messages';
import { useLatest } from '@/components/ui/use-latest';

// An open conversation's live part: it asks GET /api/messages/{id}?since={cursor} every 3 s while
// the page is visible (a message from the other person shows within the 5 s), every 30 s
// while hidden, at once when it becomes visible again, and backs off up to a minute while the
// server fails. One request at a time; the cursor is the API's own (exclusive, past what it
// gave), held by the caller, who merges by id: nothing is missed or shown twice. Why a poll and
// not a stream: docs/decisions/0015-messages-poll-the-conversation.md.

const VISIBLE_MS = 3_000;
const HIDDEN_MS = 30_000;
const MAX_MS = 60_000;

export interface PollAnswer {
  messages: Message[];
  newest: number | null;
  canReply: boolean;
}

/**
 * Polls while `on`; `cursor()` is read before each request (the newest message the page has),
 * `onNewer` hears each answer, `onGone` a conversation that is no longer the reader's.
 */
export function useConversationPoll(
  conversationId: number,
  on: boolean,
  cursor: () => number | null,
  onNewer: (answer: PollAnswer) => void,
  onGone: () => void,
): void {
  const latest = useLatest({ cursor, onNewer, onGone });
  useEffect(() => {
    if (!on) return;
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let failures = 0;

    const wait = () => {
      if (document.visibilityState !== 'visible') return HIDDEN_MS;
      return failures ? Math.min(VISIBLE_MS * 2 ** failures, MAX_MS) : VISIBLE_MS;
    };
    const schedule = () => {
      clearTimeout(timer);
      if (!stop.signal.aborted) timer = setTimeout(poll, wait());
    };

    async function poll() {
      if (inFlight) return;
      inFlight = true;
      try {
        const since = latest.current.cursor() ?? 0;
        const res = await fetch(`/api/messages/${conversationId}?since=${since}`, {
          cache: 'no-store',
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(15_000)]),
        });
        if (res.status === 401) return; // Signed out: nothing to poll until the next sign-in.
        if (res.status === 404) {
          latest.current.onGone();
          return;
        }
        if (!res.ok) throw new Error(String(res.status));
        const answer = (await res.json()) as PollAnswer;
        failures = 0;
        if (Array.isArray(answer.messages)) latest.current.onNewer(answer);
      } catch {
        if (stop.signal.aborted) return;
        failures += 1;
      } finally {
        inFlight = false;
      }
      schedule();
    }

    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(timer);
      void poll();
    };
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      stop.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [conversationId, on, latest]);
}
