import type { Metadata } from 'next';
import { EventsPage } from '@/components/events/events-page';
import { loadEventList, type EventListRouteProps } from '@/lib/events/list';

export const metadata: Metadata = { title: 'Events' };

/** Upcoming (or past) events the reader may see, filtered by the URL, as a list or a month calendar. */
export default async function EventsRoute(props: EventListRouteProps) {
  return <EventsPage {...await loadEventList(false, props)} />;
}
