'use client';

import { useRef, useState } from 'react';
import { callAction, type ActionResult } from '@/lib/action-result';

export type ToggleState = { on: boolean; count: number };

/**
 * An on/off with a count that changes at once and goes back, with the site's reason, when the
 * site refuses (likes of items and of comments). Presses made while a request is on its way
 * are not lost: the last one wins, and it is sent once the site has answered the one before.
 */
export function useOptimisticToggle(initial: ToggleState, send: (on: boolean) => Promise<ActionResult<unknown>>) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState<{ message: string; signedOut?: boolean } | null>(null);
  // What the site holds, and what the person wants it to hold.
  const confirmed = useRef(initial);
  const wanted = useRef(initial.on);
  const running = useRef(false);

  const shown = (): ToggleState => {
    const c = confirmed.current;
    return wanted.current === c.on ? c : { on: wanted.current, count: Math.max(0, c.count + (wanted.current ? 1 : -1)) };
  };

  const sync = async () => {
    running.current = true;
    while (wanted.current !== confirmed.current.on) {
      const on = wanted.current;
      const res = await callAction(() => send(on));
      if (!res.ok) {
        wanted.current = confirmed.current.on;
        setState(confirmed.current);
        setError({ message: res.message, signedOut: res.signedOut });
        break;
      }
      confirmed.current = { on, count: Math.max(0, confirmed.current.count + (on ? 1 : -1)) };
    }
    running.current = false;
  };

  const toggle = () => {
    wanted.current = !wanted.current;
    setState(shown());
    setError(null);
    if (!running.current) void sync();
  };

  return { ...state, toggle, error };
}
