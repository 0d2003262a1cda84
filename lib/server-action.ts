import { getSession, type Session } from './auth/session.ts';
import { CHECK_FIELDS, SIGNED_OUT_MESSAGE, type ActionResult } from './action-result.ts';
import { isApiError } from './social-api/errors.ts';
import { fieldErrorsOf, valuesFieldErrors, type FieldErrorsReader } from './validations/field-errors.ts';

// The server half of every feature's actions.ts: each action is a public POST endpoint (Next
// checks its Origin), so it validates its input with the form's own schema, re-reads the
// session, and answers only what the interface shows. Errors become messages here, once.

export { CHECK_FIELDS };
export type { ActionResult, Session };

/**
 * An API failure or our own bug as a result the interface can show. With `fields` (the form's
 * apiFieldErrorsReader), a refusal that names fields answers them under the form's field
 * names, with `message` (null: the API's own message).
 */
export function failure(e: unknown, fields?: FieldErrorsReader, message: string | null = CHECK_FIELDS): ActionResult<never> {
  if (isApiError(e)) {
    if (e.status === 401) return { ok: false, message: SIGNED_OUT_MESSAGE, signedOut: true };
    if (!Object.keys(e.fieldErrors).length) return { ok: false, message: e.message };
    return fields
      ? { ok: false, message: message ?? e.message, fieldErrors: fields(e.fieldErrors) }
      : { ok: false, message: e.message, fieldErrors: e.fieldErrors };
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
export function invalidFields(error: Parameters<typeof fieldErrorsOf>[0], message = CHECK_FIELDS): ActionResult<never> {
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

type Parsed<S> = { success: true; data: S } | { success: false; error: Parameters<typeof valuesFieldErrors>[0] };

/** What a form that makes a thing or edits one saves with (saveCommand). */
export interface SaveSteps<S extends { id?: number }, P, T> {
  /** The form's save schema: the thing's id when it is an edit, the form's `values`, and what else the save takes. */
  schema: { safeParse(input: unknown): Parsed<S> };
  /** What the API is sent, from the checked input. */
  payload: (input: S) => P;
  /** Makes the thing; answers its id. */
  create: (token: string, payload: P) => Promise<number>;
  update: (token: string, id: number, payload: P) => Promise<unknown>;
  /** The API's field errors under the form's names. */
  fields: FieldErrorsReader;
  /** What the form says when the thing is gone (deleted meanwhile): what was typed stays. */
  gone: string;
  /** The answer once saved (`input.id` is undefined when it was made). */
  saved: (token: string, id: number, input: S) => ActionResult<T> | Promise<ActionResult<T>>;
}

/**
 * The save command of a form that makes a thing or edits it (`id`): the input is checked with the
 * schema the browser used (nothing reaches the API otherwise; a field that fails is answered on
 * the field, a bad id is a request no form of ours sends), then created or updated; the API's
 * refusal comes back on the form's fields, and a thing deleted meanwhile says so.
 */
export function saveCommand<S extends { id?: number }, P, T>(
  steps: SaveSteps<S, P, T>,
): (token: string, input: unknown) => Promise<ActionResult<T>> {
  return async (token, input) => {
    const parsed = steps.schema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = valuesFieldErrors(parsed.error);
      return 'form' in fieldErrors ? invalid() : { ok: false, message: CHECK_FIELDS, fieldErrors };
    }
    const { id } = parsed.data;
    try {
      const payload = steps.payload(parsed.data);
      const saved = id ?? (await steps.create(token, payload));
      if (id) await steps.update(token, id, payload);
      return await steps.saved(token, saved, parsed.data);
    } catch (e) {
      if (isApiError(e, 404)) return { ok: false, message: steps.gone };
      return failure(e, steps.fields);
    }
  };
}
