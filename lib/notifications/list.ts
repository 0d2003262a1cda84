import { redirect } from 'next/navigation';
import { loadPage } from '../auth/page-session.ts';
import type { SearchParams } from '../list-query.ts';
import { readerClock } from '../reader-clock.ts';
import { routes } from '../routes.ts';
import { listNotifications } from '../social-api/activities.ts';
import { isApiError } from '../social-api/errors.ts';
import { groupNotifications, readPage, WINDOW, type NotificationGroup } from './groups.ts';
import { NOTIFICATION_FILTERS, notificationList, type NotificationListQuery } from './list-query.ts';

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
 * One page of /notifications: whole days of the reader's notifications (lib/notifications/groups.ts),
 * grouped. Nearly always one API call (a window of WINDOW notifications); a single day with more
 * than that reads on. A cursor that is not the reader's (an old or edited address) starts over.
 */
export async function loadNotificationList(searchParams: Promise<SearchParams>): Promise<NotificationListData> {
  const query = notificationList.parse(await searchParams);
  const clock = await readerClock();
  const kinds = query.kind ? NOTIFICATION_FILTERS[query.kind].kinds : undefined;
  let page;
  try {
    page = await loadPage((s) =>
      readPage((before) => listNotifications(s.accessToken, { limit: WINDOW, kinds, beforeId: before }), query.before, clock.zone),
    );
  } catch (e) {
    if (query.before && isApiError(e, 400) && e.fieldErrors.before_id) redirect(routes.notificationList({ kind: query.kind }));
    throw e;
  }
  const now = Date.now();
  if (!page) return { query, groups: undefined, newest: 0, clock, now };
  return {
    query,
    groups: groupNotifications(page.notifications, clock.zone),
    newest: page.notifications.reduce((max, n) => Math.max(max, n.id), 0),
    next: page.next,
    clock,
    now,
  };
}
