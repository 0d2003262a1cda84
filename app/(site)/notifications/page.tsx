import { dateTimeFormat } from '#shared/time/kept.ts';
import type { Metadata } from 'next';
import { MarkRead } from '@/components/notifications/mark-read';
import { NotificationItem } from '@/components/notifications/notification-item';
import { buttonStyles } from '@/components/ui/button';
import { ListTabs } from '@/components/ui/list/list-header';
import { EmptyState } from '@/components/ui/list/list-results';
import { ZoneSync } from '@/components/ui/zone-sync';
import type { SearchParams } from '@/lib/list-query';
import { byDay } from '@/lib/notifications/groups';
import { loadNotificationList } from '@/lib/notifications/list';
import { NOTIFICATION_FILTERS, type NotificationFilterName } from '@/lib/notifications/list-query';
import { routes } from '@/lib/routes';
import { dayKey } from '@/lib/time/zones';

export const metadata: Metadata = { title: 'Notifications' };

export type NotificationsPageProps = { searchParams: Promise<SearchParams> };

/** "Today", "Yesterday", then the date in the reader's locale ("Monday, 23 November"; the year when not this one). */
function dayTitle(day: string, now: number, zone: string, locale: string): string {
  if (day === dayKey(now, zone)) return 'Today';
  if (day === dayKey(now - 86_400_000, zone)) return 'Yesterday';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const thisYear = Number(dayKey(now, zone).slice(0, 4));
  return dateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(y !== thisYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d, 12));
}

/** What others did with the reader's things, grouped and by day, newest first; opening it marks them read. */
export default async function NotificationsPage({ searchParams }: NotificationsPageProps) {
  const { query, groups, newest, next, clock, now } = await loadNotificationList(searchParams);
  const tabs = [
    { href: routes.notificationList(), label: 'All', current: !query.kind },
    ...(Object.entries(NOTIFICATION_FILTERS) as Array<[NotificationFilterName, { label: string }]>).map(([kind, f]) => ({
      href: routes.notificationList({ kind }),
      label: f.label,
      current: query.kind === kind,
    })),
  ];
  return (
    <div className="mx-auto w-full max-w-2xl">
      <ZoneSync serverZone={clock.zone} />
      <h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
      {groups === undefined ? (
        // A server without the list (an extension of the API): the bell's count still works.
        <p className="muted mt-6">This site does not list notifications. The bell above still counts the new ones.</p>
      ) : (
        <>
          <ListTabs label="Kinds of notifications" tabs={tabs} />
          {groups.length === 0 ? (
            <EmptyState>
              {query.before
                ? 'No older notifications.'
                : query.kind
                  ? `Nothing here yet: no ${NOTIFICATION_FILTERS[query.kind].label.toLowerCase()}.`
                  : 'Nothing yet. When people like, comment on or share what you post, you will see it here.'}
            </EmptyState>
          ) : (
            byDay(groups, clock.zone).map(({ day, groups: ofDay }) => (
              <section key={day} aria-labelledby={`day-${day}`} className="mt-6">
                <h2 id={`day-${day}`} className="muted text-sm font-semibold">
                  {dayTitle(day, now, clock.zone, clock.locale)}
                </h2>
                <ul className="card mt-2 space-y-1 p-2">
                  {ofDay.map((g) => (
                    <NotificationItem key={g.key} group={g} />
                  ))}
                </ul>
              </section>
            ))
          )}
          {newest ? <MarkRead maxId={newest} /> : null}
          {query.before || next ? (
            <nav aria-label="Pages of notifications" className="mt-6 flex items-center justify-between gap-3">
              {query.before ? (
                <a href={routes.notificationList({ kind: query.kind })} className={buttonStyles.secondary}>
                  Newest
                </a>
              ) : (
                <span />
              )}
              {next ? (
                <a href={routes.notificationList({ kind: query.kind, before: next })} className={buttonStyles.secondary} rel="next">
                  Older
                </a>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
