import type { Metadata } from 'next';
import { MarkRead } from '@/components/notifications/mark-read';
import { NotificationItem } from '@/components/notifications/notification-item';
import { EmptyState } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import { loadPage } from '@/lib/auth/page-session';
import { listQuery, page as pageWord, type SearchParams } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import { listNotifications } from '@/lib/social-api/activities';

export const metadata: Metadata = { title: 'Notifications' };

const PAGE_SIZE = 20;
const notificationList = listQuery({ page: pageWord });

export type NotificationsPageProps = { searchParams: Promise<SearchParams> };

/** What others did with the reader's things, newest first; opening it marks them read. */
export default async function NotificationsPage({ searchParams }: NotificationsPageProps) {
  const page = notificationList.parse(await searchParams).page ?? 1;
  const items = await loadPage((s) => listNotifications(s.accessToken, { page, limit: PAGE_SIZE }));
  const newest = items?.reduce((max, n) => Math.max(max, n.id), 0) ?? 0;
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
      {items === undefined ? (
        // A server without the list (an extension of the API): the bell's count still works.
        <p className="muted mt-6">This site does not list notifications. The bell above still counts the new ones.</p>
      ) : items.length === 0 ? (
        <EmptyState>
          {page === 1
            ? 'Nothing yet. When people like, comment on or share what you post, you will see it here.'
            : 'No more notifications.'}
        </EmptyState>
      ) : (
        <>
          <ul className="card mt-6 space-y-1 p-2">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </ul>
          {newest ? <MarkRead maxId={newest} /> : null}
        </>
      )}
      <Pager
        label="Pages of notifications"
        page={page}
        more={items?.length === PAGE_SIZE}
        hrefOf={(n) => `${routes.notifications}${notificationList.search({ page: n })}`}
        prev="Newer"
        next="Older"
      />
    </div>
  );
}
