import { env } from '../env.ts';
import { isSessionEnded, LegacyApiError, legacyErrorMessage } from './client.ts';
import { legacyToken } from './session.ts';

// How every page of the legacy app reads: with the session's token, and every legacy failure
// turned into a message the page shows (never the token, never a trace).

export type LegacyRead<T> = { ok: true; data: T } | { ok: false; ended: boolean; message: string };

export const SESSION_ENDED = 'This app’s session has ended, or the link that opened it was already used.';

export async function readLegacy<T>(run: (token: string) => Promise<T>): Promise<LegacyRead<T>> {
  const token = await legacyToken();
  if (!token) return { ok: false, ended: true, message: SESSION_ENDED };
  try {
    return { ok: true, data: await run(token) };
  } catch (e) {
    if (!(e instanceof LegacyApiError)) throw e;
    return { ok: false, ended: isSessionEnded(e), message: isSessionEnded(e) ? SESSION_ENDED : legacyErrorMessage(e) };
  }
}

/** The site's page that opens the app again with a fresh key (served by the site, not by us). */
export function reopenHref(): string {
  const e = env();
  return `${new URL(e.LEGACY_API_URL).origin}/apps/${e.LEGACY_APP_ID}`;
}

/** `?page=` as a page number from 1 (anything else is the first page). */
export function pageParam(value: string | string[] | undefined): number {
  const n = typeof value === 'string' && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
  return n;
}
