import { notFound } from 'next/navigation';
import { loadPage } from './auth/page-session.ts';
import type { Session } from './auth/session.ts';
import { isApiError } from './social-api/errors.ts';

// How a list page reads (the loader convention): the page is `<ModuleList {...await
// loadModuleList(props)} />`, and the loader, in lib/<feature>/list.ts, parses the URL with the
// module's words (lib/list-query.ts) and reads through loadListPage: one API call for the page's
// items and, beside it, what seldom changes from a per-person cache (the module's choices,
// lib/user-cache.ts `cachedChoices`), so that a render costs one API call.

/** One page of a list as its loader read it. */
export type ListPageData<T> = {
  /** The page's items; undefined when the API refused the filters (a category that is no longer there: 400). */
  items: T[] | undefined;
  page: number;
  pageSize: number;
  /** Whether another page may follow (this one was full). */
  more: boolean;
};

export type ListRead<T> = (session: Session, paging: { page: number; limit: number }) => Promise<T[]>;

/** The page `page` of a list (`read` gets the limit to ask for), and `beside(session)` read at the same time. */
export async function loadListPage<T, B = undefined>(
  { page = 1, pageSize }: { page?: number; pageSize: number },
  read: ListRead<T>,
  beside?: (session: Session) => Promise<B>,
): Promise<[list: ListPageData<T>, beside: B]> {
  const [items, other] = await loadPage((s) =>
    Promise.all([
      read(s, { page, limit: pageSize }).catch((e: unknown) => {
        if (isApiError(e, 400)) return undefined;
        throw e;
      }),
      beside?.(s) as Promise<B>,
    ]),
  );
  return [{ items, page, pageSize, more: items?.length === pageSize }, other];
}

/** Whether a list of an extension (videos, music) can be shown: 'absent' on a server without it, 'scope' for a sign-in older than it. */
export type ExtensionAccess = 'ok' | 'absent' | 'scope';

/**
 * Reads a list of an extension, whose reader answers undefined from a server without it: a member
 * that is not there (one member's list, `user`: the API's 404) is the page's 404, and a token
 * without the extension's scope (403: a sign-in older than it) is `scope`; the page then explains
 * instead of listing.
 */
export async function readExtensionList<T>(
  read: () => Promise<T[] | undefined>,
  user: number | undefined,
): Promise<{ items: T[]; access: ExtensionAccess }> {
  try {
    const items = await read();
    return items ? { items, access: 'ok' } : { items: [], access: 'absent' };
  } catch (e) {
    if (user && isApiError(e, 404)) notFound();
    if (!isApiError(e, 403)) throw e;
    return { items: [], access: 'scope' };
  }
}
