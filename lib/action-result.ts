// What every server action answers, and how client components call one. Safe to import from
// client components: it holds no server code (the server half is lib/server-action.ts).

export type ActionResult<T = undefined> =
  { ok: true; message: string; data: T } | { ok: false; message: string; fieldErrors?: Record<string, string>; signedOut?: boolean };

/** What a refusal that names fields says above them. */
export const CHECK_FIELDS = 'Check the highlighted fields.';
export const SIGNED_OUT_MESSAGE = 'You are signed out. Sign in again to continue.';
const CONNECTION_LOST_MESSAGE = 'The connection to the site was lost. Check your connection and try again.';

/**
 * Runs a server action from an event handler. A request that never gets an answer (offline,
 * the server restarting, a new deployment) rejects instead of answering a result; it becomes
 * a failed result here, so every control shows its message and its way to try again.
 */
export async function callAction<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await run();
  } catch {
    return { ok: false, message: CONNECTION_LOST_MESSAGE };
  }
}
