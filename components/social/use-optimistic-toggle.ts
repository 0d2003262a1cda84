'use client';

import { useRef, useState } from 'react';
import { callAction, type ActionResult } from '@/lib/action-result';

export type ToggleState = { on: boolean; count: number };

/**
 * An on/off with a count that changes at once and goes back, with the site's reason, when the
 * site refuses (likes of items and of comments). A second press while one is on its way waits.
 */
export function useOptimisticToggle(initial: ToggleState, send: (on: boolean) => Promise<ActionResult<unknown>>) {
  const [state, setState] = useState(initial);
  const [error, setError] = useState<{ message: string; signedOut?: boolean } | null>(null);
  const busy = useRef(false);

  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    const before = state;
    const on = !before.on;
    setState({ on, count: Math.max(0, before.count + (on ? 1 : -1)) });
    setError(null);
    const res = await callAction(() => send(on));
    busy.current = false;
    if (!res.ok) {
      setState(before);
      setError({ message: res.message, signedOut: res.signedOut });
    }
    return res.ok;
  };

  return { ...state, toggle, error };
}
