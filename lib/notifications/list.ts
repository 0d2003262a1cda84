import { redirect } from 'next/navigation';
import { loadPage } from '../auth/page-session.ts';
import type { SearchParams } from '../list-query.ts';
import { routes } from '../routes.ts';
import { listNotificationGroups, type NotificationGroup } from '../social-api/activities.ts';
import { isApiError } from '../social-api/errors.ts';
import { readerClock } from '../time/reader-clock.ts';
import { NOTIFICATION_FILTERS, notificationList, type NotificationListQuery } from './list-query.ts';

/** Groups a page shows. */
const PAGE_GROUPS = 25;

export interface NotificationListData {
  query: NotificationListQuery;
  /** The page's groups, newest first; undefined when the server keeps no list (an extension). */
  groups: NotificationGroup[] | undefined;
  /** The newest notification shown (what opening the list marks read), 0 for none. */
  newest: number;
  /** Where the next (older) page starts. */
  next?: number;
  /** The reader's zone and locale (days and dates are theirs); `known` once the browser told it. */
  clock: Awaited<ReturnType<typeof readerClock>>;
  /** When it was read (epoch ms): what Today and Yesterday are. */
  now: number;
}

/**
 * One page of /notifications: the reader's notifications grouped by the server, in their days,
 * whole groups a page (one API call; one group more than shown says whether an older page
 * exists). A cursor that is not the reader's (an old or edited address) starts over.
 */
export async function loadNotificationList(searchParams: Promise<SearchParams>): Promise<NotificationListData> {
  const query = notificationList.parse(await searchParams);
  const clock = await readerClock();
  const kinds = query.kind ? NOTIFICATION_FILTERS[query.kind].kinds : undefined;
  let read;
  try {
    read = await loadPage((s) =>
      listNotificationGroups(s.accessToken, { limit: PAGE_GROUPS + 1, kinds, beforeId: query.before, zone: clock.zone }),
    );
  } catch (e) {
    if (query.before && isApiError(e, 400) && e.fieldErrors.before_id) redirect(routes.notificationList({ kind: query.kind }));
    throw e;
  }
  const now = Date.now();
  if (!read) return { query, groups: undefined, newest: 0, clock, now };
  const groups = read.slice(0, PAGE_GROUPS);
  return {
    query,
    groups,
    newest: groups.reduce((max, g) => Math.max(max, g.newestId), 0),
    next: read.length > PAGE_GROUPS ? groups.at(-1)!.newestId : undefined,
    clock,
    now,
  };
}
