'use client';

import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { callAction, type ActionResult } from '@/lib/action-result';
import { fieldErrorsOf, splitFieldErrors } from '@/lib/validations/field-errors';

export type ActionProblem = { message: string; signedOut?: boolean; fieldErrors?: Record<string, string> } | null;

/**
 * A form's or a button's server action: whether it is on its way, and why it failed. `run`
 * answers the result so the caller does what success means; a failure is kept in `problem`
 * (the form keeps everything typed). A form without react-hook-form shows its refusal from
 * `problem` alone: `fieldErrors[name]` beside each field, `message` on the form's line, whether
 * the action refused it (`run`) or the form's schema did before sending (`invalid`).
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ActionProblem>(null);

  // The same function every render, so that an effect may run it.
  const run = useCallback(async <T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> => {
    setPending(true);
    setProblem(null);
    const res = await callAction(action);
    // The fields are enabled again before the caller puts the focus on one of them.
    flushSync(() => setPending(false));
    if (!res.ok) setProblem({ message: res.message, signedOut: res.signedOut, fieldErrors: res.fieldErrors });
    return res;
  }, []);

  /** The form's schema refused its values: the messages of its fields (`names`) beside them, any other on the form's line. */
  const invalid = (error: Parameters<typeof fieldErrorsOf>[0], names: readonly string[]) => {
    const { placed, unplaced } = splitFieldErrors(fieldErrorsOf(error), names);
    setProblem({ message: unplaced.join(' '), fieldErrors: placed });
  };

  /** A field changed: its error goes. */
  const clearFieldError = (name: string) => {
    if (!problem?.fieldErrors?.[name]) return;
    setProblem((p) => p && { ...p, fieldErrors: Object.fromEntries(Object.entries(p.fieldErrors ?? {}).filter(([n]) => n !== name)) });
  };

  return { pending, problem, setProblem, run, invalid, clearFieldError };
}
