import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EventPage } from '@/components/events/event-page';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { idParam } from '@/lib/params';
import { eventPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { getEventPage, listEventMembers } from '@/lib/social-api/events';
import { readerClock } from '@/lib/time/reader-clock';

export type EventRouteProps = { params: Promise<{ id: string }> };

/**
 * One read per request: metadata and page both ask. The organiser also gets the pending
 * requests. A visitor reads what everyone may see.
 */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    const page = await getEventPage(r.token, id, r.userId ?? 0);
    if (!page) return undefined;
    const requests = r.session && page.event.counts.requested ? await listEventMembers(r.token, id, 'requested', 1, 50) : [];
    return { ...page, requests, visitor: !r.session };
  }),
);

export async function generateMetadata({ params }: EventRouteProps): Promise<Metadata> {
  const page = await load(await idParam(params));
  return page ? previewMetadata(eventPreview(page.event)) : {};
}

export default async function EventRoute({ params }: EventRouteProps) {
  const page = await load(await idParam(params));
  // Unknown and hidden look the same: the API answers 404 for both.
  if (!page) notFound();
  const clock = await readerClock();
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: this is the request's time
  const content = <EventPage event={page.event} social={page.social} requests={page.requests} clock={clock} now={Date.now()} />;
  return page.visitor ? <PublicPreview what="this event">{content}</PublicPreview> : content;
}
