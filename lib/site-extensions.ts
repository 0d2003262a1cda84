import { withAppToken } from './auth/page-session.ts';
import { apiFetch } from './social-api/client.ts';
import { apiConfig } from './social-api/config.ts';
import { isApiError, isMissingExtension } from './social-api/errors.ts';

// Whether this site's API has one of our extensions (messages, groups…), for what a page shows
// around its content (a navigation entry, "Sign in to contact the seller") at no cost to its
// render: the site's own token asks a route of the extension once in a while and the answer is
// kept in this process for a few minutes.

const PROBE_TTL_MS = 10 * 60_000;
/** An API that could not answer is asked again this soon: not at every page (each would wait on it while the API is down). */
const UNKNOWN_TTL_MS = 30_000;
const holder = globalThis as typeof globalThis & {
  __socialExtensionProbes?: Map<string, { until: number; answer: Promise<boolean | undefined> }>;
};

/**
 * A reader of "does this site have the extension whose list is GET `path`": true when the route
 * answers (or answers 403: it wants a member), false from a server without it; false too while the
 * API cannot say, and then asked again in half a minute rather than in ten.
 */
export function extensionProbe(path: string): () => Promise<boolean> {
  return async () => {
    const probes = (holder.__socialExtensionProbes ??= new Map());
    const known = probes.get(path);
    if (known && Date.now() < known.until) return (await known.answer) ?? false;
    const answer = probe(path);
    const entry = { until: Date.now() + PROBE_TTL_MS, answer };
    probes.set(path, entry);
    const here = await answer;
    if (here === undefined) entry.until = Date.now() + UNKNOWN_TTL_MS;
    return here ?? false;
  };
}

async function probe(path: string): Promise<boolean | undefined> {
  try {
    await withAppToken((token) => apiFetch(apiConfig(), path, { token, query: { limit: 1 } }));
    return true;
  } catch (e) {
    if (isApiError(e, 403)) return true;
    if (isMissingExtension(e)) return false;
    return undefined;
  }
}
