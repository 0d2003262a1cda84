'use client';

import { useCallback, useState } from 'react';
import { callAction, type ActionResult } from '@/lib/action-result';

export type ActionProblem = { message: string; signedOut?: boolean; fieldErrors?: Record<string, string> } | null;

/**
 * A form's or a button's server action: whether it is on its way, and why it failed. `run`
 * answers the result so the caller does what success means; a failure is kept in `problem`
 * (the form keeps everything typed).
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ActionProblem>(null);

  // The same function every render, so that an effect may run it.
  const run = useCallback(async <T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> => {
    setPending(true);
    setProblem(null);
    const res = await callAction(action);
    setPending(false);
    if (!res.ok) setProblem({ message: res.message, signedOut: res.signedOut, fieldErrors: res.fieldErrors });
    return res;
  }, []);

  return { pending, problem, setProblem, run };
}
