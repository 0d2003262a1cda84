import type { Metadata } from 'next';
import { LegacyNotice } from '@/components/legacy/legacy-notice';
import { countOf, LegacyListSection } from '@/components/legacy/list-section';
import { Pager } from '@/components/legacy/pager';
import { getNotifications } from '@/lib/legacy/methods';
import { pageParam, readLegacy } from '@/lib/legacy/page';

export const metadata: Metadata = { title: 'Notifications' };

/** The person's notifications, newest first (notification.get; the site marks them read). */
export default async function LegacyNotificationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = pageParam((await searchParams).page);
  const read = await readLegacy((token) => getNotifications(token, page));
  if (!read.ok) return <LegacyNotice {...read} />;
  const { items, total } = read.data;
  return (
    <LegacyListSection id="legacy-notifications" title="Notifications" count={countOf(total, 'notification', 'notifications')}>
      {items.length ? (
        <ul aria-label="Notifications" className="mt-4 space-y-2">
          {items.map((n) => (
            <li key={n.id} className="card flex items-center gap-3">
              {n.icon ? <img src={n.icon} alt="" width={40} height={40} className="size-10 rounded-full object-cover" /> : null}
              {n.link ? (
                <a href={n.link} target="_blank" rel="noopener" className="underline-offset-2 hover:underline">
                  {n.message}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span>{n.message}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{page > 1 ? 'There are no more notifications.' : 'No notifications.'}</p>
      )}
      <Pager paging={read.data} path="/apps/legacy/notifications" label="Notifications" />
    </LegacyListSection>
  );
}
