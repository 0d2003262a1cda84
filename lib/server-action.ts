import { getSession, type Session } from './auth/session.ts';
import { SIGNED_OUT_MESSAGE, type ActionResult } from './action-result.ts';
import { isApiError } from './social-api/errors.ts';
import { fieldErrorsOf } from './validations/field-errors.ts';

// The server half of every feature's actions.ts: each action is a public POST endpoint (Next
// checks its Origin), so it validates its input with the form's own schema, re-reads the
// session, and answers only what the interface shows. Errors become messages here, once.

export type { ActionResult, Session };

/** An API failure or our own bug as a result the interface can show. */
export function failure(e: unknown): ActionResult<never> {
  if (isApiError(e)) {
    if (e.status === 401) return { ok: false, message: SIGNED_OUT_MESSAGE, signedOut: true };
    return { ok: false, message: e.message, fieldErrors: Object.keys(e.fieldErrors).length ? e.fieldErrors : undefined };
  }
  // Anything else is our bug or an unexpected answer: logged here, never shown raw.
  console.error('[server action]', e);
  return { ok: false, message: 'Something went wrong. Please try again.' };
}

/** Input that did not pass its schema: a request no form of ours sends as it stands. */
export function invalid(message = 'That request was not understood. Reload the page and try again.'): ActionResult<never> {
  return { ok: false, message };
}

/** A form's values that did not pass its schema, with one message per field. */
export function invalidFields(error: Parameters<typeof fieldErrorsOf>[0], message = 'Check the highlighted fields.'): ActionResult<never> {
  return { ok: false, message, fieldErrors: fieldErrorsOf(error) };
}

/** Runs `run` with the signed-in person's session; a signed-out request changes nothing. */
export async function withSession<T>(run: (session: Session) => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  let session: Session | null;
  try {
    session = await getSession();
  } catch (e) {
    return failure(e);
  }
  if (!session) return { ok: false, message: SIGNED_OUT_MESSAGE, signedOut: true };
  try {
    return await run(session);
  } catch (e) {
    return failure(e);
  }
}
