import type { ActionResult } from './actions';

/**
 * Runs a server action from an event handler. A request that never gets an answer (offline,
 * the server restarting, a new deployment) rejects instead of answering a result; it becomes
 * a failed result here, so every control shows its message and its way to try again.
 */
export async function callAction<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await run();
  } catch {
    return { ok: false, message: 'The connection to the site was lost. Check your connection and try again.' };
  }
}
