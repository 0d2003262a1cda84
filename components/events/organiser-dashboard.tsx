import type { ReactNode } from 'react';
import { ZoneSync } from '@/components/ui/zone-sync';
import { formatShortWhen } from '@/lib/events/time';
import type { ReaderClock } from '@/lib/time/zones';
import { routes } from '@/lib/routes';
import { ColumnHeaders } from '@/components/ui/column-headers';
import type { LedEvent } from '@/lib/social-api/events';
import { ItemMessagesCell } from '@/components/dashboard/item-messages-cell';
import type { ItemMessageCounts } from '@/lib/messages/item-counts';
import { RequestList, type PendingRequest } from './request-list';

export type OrganiserDashboardProps = {
  past: boolean;
  events: LedEvent[];
  requests: PendingRequest[];
  clock: ReaderClock & { known: boolean };
  /** The calendar feed's section (components/events/calendar-feed.tsx), when offered. */
  feed?: ReactNode;
  /** The conversations about each event; undefined: no "Messages" column (a server without messages). */
  messages?: ItemMessageCounts;
};

/** /dashboard/events: the events I lead as a table with their counts, and every pending request at once. */
export function OrganiserDashboard({ past, events, requests, clock, feed, messages }: OrganiserDashboardProps) {
  return (
    <div className="space-y-8">
      <ZoneSync serverZone={clock.known ? clock.zone : ''} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Your events</h2>
        <a href={routes.newEvent} className="btn btn-primary">
          Create an event
        </a>
      </div>

      <section aria-labelledby="dash-requests">
        <h3 id="dash-requests" className="text-lg font-semibold">
          Requests to join ({requests.length})
        </h3>
        {requests.length ? (
          <div className="card mt-3">
            <RequestList requests={requests} multi />
          </div>
        ) : (
          <p className="muted mt-2">Nobody is waiting for an answer.</p>
        )}
      </section>

      <section aria-labelledby="dash-events">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h3 id="dash-events" className="text-lg font-semibold">
            {past ? 'Past events you organised' : 'Upcoming events you organise'}
          </h3>
          <a href={routes.dashboardEvents(!past)} className="link text-sm">
            {past ? 'Show upcoming events' : 'Show past events'}
          </a>
        </div>
        <p className="muted text-xs">Times in {clock.known ? clock.zone.replace(/_/g, ' ') : 'UTC'}.</p>
        {events.length === 0 ? (
          <p className="muted mt-2">{past ? 'No past events.' : 'You organise no upcoming events.'}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="muted text-xs">
                <ColumnHeaders
                  cellClassName="py-2 pr-3"
                  columns={[
                    { label: 'Date' },
                    { label: 'Event' },
                    ...['Going', 'Maybe', 'Awaiting reply', 'Requests', ...(messages ? ['Messages'] : [])].map((label) => ({
                      label,
                      className: 'text-right',
                    })),
                    { label: <span className="sr-only">Actions</span> },
                  ]}
                />
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200 dark:border-slate-800">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <time dateTime={new Date(e.start).toISOString()}>{formatShortWhen(e.start, clock)}</time>
                    </td>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      <a href={routes.event(e.id)} className="link">
                        {e.title}
                      </a>
                    </th>
                    <td className="py-2 pr-3 text-right">{e.counts.attending}</td>
                    <td className="py-2 pr-3 text-right">{e.counts.maybe}</td>
                    <td className="py-2 pr-3 text-right">{e.counts.awaitingReply}</td>
                    <td className="py-2 pr-3 text-right">{e.counts.requested ?? 0}</td>
                    {messages ? (
                      <td className="py-2 pr-3 text-right whitespace-nowrap">
                        <ItemMessagesCell item={{ type: 'event', id: e.id }} title={e.title} count={messages[e.id]} />
                      </td>
                    ) : null}
                    <td className="py-2 text-right">
                      <a href={routes.editEvent(e.id)} className="link" aria-label={`Edit ${e.title}`}>
                        Edit
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {feed}
    </div>
  );
}
