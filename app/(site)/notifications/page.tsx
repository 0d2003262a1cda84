import type { Metadata } from 'next';
import Link from 'next/link';
import { MarkRead } from '@/components/notifications/mark-read';
import { NotificationItem } from '@/components/notifications/notification-item';
import { loadPage } from '@/lib/auth/page-session';
import { routes } from '@/lib/routes';
import { listNotifications } from '@/lib/social-api/activities';

export const metadata: Metadata = { title: 'Notifications' };

const PAGE_SIZE = 20;

export type NotificationsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** What others did with the reader's things, newest first; opening it marks them read. */
export default async function NotificationsPage({ searchParams }: NotificationsPageProps) {
  const raw = (await searchParams).page;
  const page = Math.min(1000, Math.max(1, Number.parseInt(typeof raw === 'string' ? raw : '1', 10) || 1));
  const items = await loadPage((s) => listNotifications(s.accessToken, { page, limit: PAGE_SIZE }));
  const newest = items?.reduce((max, n) => Math.max(max, n.id), 0) ?? 0;
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
      {items === undefined ? (
        // A server without the list (an extension of the API): the bell's count still works.
        <p className="muted mt-6">This site does not list notifications. The bell above still counts the new ones.</p>
      ) : items.length === 0 ? (
        <p className="muted mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          {page === 1
            ? 'Nothing yet. When people like, comment on or share what you post, you will see it here.'
            : 'No more notifications.'}
        </p>
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
      <nav aria-label="Pages of notifications" className="mt-6 flex justify-between">
        {page > 1 ? (
          <Link href={page === 2 ? routes.notifications : `${routes.notifications}?page=${page - 1}`} className="btn btn-secondary">
            Newer
          </Link>
        ) : (
          <span />
        )}
        {items && items.length === PAGE_SIZE ? (
          <Link href={`${routes.notifications}?page=${page + 1}`} className="btn btn-secondary">
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
