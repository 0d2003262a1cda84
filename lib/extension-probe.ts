import { withAppToken } from './auth/page-session.ts';
import { isApiError, isMissingExtension } from './social-api/errors.ts';

// Whether the API has one of its optional extensions (messages, videos), asked with the site's
// own token once in a while and kept in this process for a few minutes, so that a page shows or
// hides its way there (the navigation's entry) at no cost to its render.

const PROBE_TTL_MS = 10 * 60_000;

/**
 * `read(token)` calls one of the extension's routes: an answer, or a 403 (the route is there and
 * wants a member, or a scope the site's token lacks), says it is here; what a server without the
 * route answers (isMissingExtension) says it is not. An API that cannot answer is "not here" for
 * this page and asked again at the next one.
 */
export function extensionProbe(read: (token: string) => Promise<unknown>): () => Promise<boolean> {
  let known: { at: number; answer: Promise<boolean | undefined> } | undefined;
  const probe = async (): Promise<boolean | undefined> => {
    try {
      await withAppToken(read);
      return true;
    } catch (e) {
      if (isApiError(e, 403)) return true;
      if (isMissingExtension(e)) return false;
      return undefined;
    }
  };
  return async () => {
    if (known && Date.now() - known.at < PROBE_TTL_MS) return (await known.answer) ?? false;
    const answer = probe();
    const mine = { at: Date.now(), answer };
    known = mine;
    const here = await answer;
    if (here === undefined && known === mine) known = undefined;
    return here ?? false;
  };
}
