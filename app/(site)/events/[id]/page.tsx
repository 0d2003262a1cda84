import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EventPage } from '@/components/events/event-page';
import { loadPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { readerClock } from '@/lib/reader-clock';
import { getEventPage, listEventMembers } from '@/lib/social-api/events';

export type EventRouteProps = { params: Promise<{ id: string }> };

/** One read per request: metadata and page both ask. The organiser also gets the pending requests. */
const load = cache((id: number) =>
  loadPage(async (s) => {
    const page = await getEventPage(s.accessToken, id, s.userId);
    if (!page) return undefined;
    const requests = page.event.counts.requested ? await listEventMembers(s.accessToken, id, 'requested', 1, 50) : [];
    return { ...page, requests };
  }),
);

export async function generateMetadata({ params }: EventRouteProps): Promise<Metadata> {
  const page = await load(await idParam(params));
  return page ? { title: page.event.title } : {};
}

export default async function EventRoute({ params }: EventRouteProps) {
  const page = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!page) notFound();
  const clock = await readerClock();
  return <EventPage event={page.event} social={page.social} requests={page.requests} clock={clock} now={Date.now()} />;
}
