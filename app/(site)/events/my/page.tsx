import type { Metadata } from 'next';
import { EventsPage } from '@/components/events/events-page';
import { loadEventList, type EventListRouteProps } from '@/lib/events/list';

export const metadata: Metadata = { title: 'My events' };

/** The events I own or have a row in (attending, maybe, not, invited, asking), or only those I lead. */
export default async function MyEventsRoute(props: EventListRouteProps) {
  return <EventsPage {...await loadEventList(true, props)} />;
}
