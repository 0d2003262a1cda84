import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { EventPage } from '@/components/events/event-page';
import { PublicPreview } from '@/components/social/public-preview';
import { loadPublicPage } from '@/lib/auth/page-session';
import { canMessage, siteHasMessages } from '@/lib/messages/available';
import { idParam } from '@/lib/params';
import { eventPreview } from '@/lib/previews/items';
import { previewMetadata } from '@/lib/previews/preview';
import { routes } from '@/lib/routes';
import { getEventPage, listEventMembers } from '@/lib/social-api/events';
import { readerClock } from '@/lib/time/reader-clock';

export type EventRouteProps = { params: Promise<{ id: string }> };

/**
 * One read per request: metadata and page both ask. The organiser also gets the pending
 * requests. A visitor reads what everyone may see.
 */
const load = cache((id: number) =>
  loadPublicPage(async (r) => {
    // Beside the event, whether messages are here ("Message organiser": lib/messages/available.ts).
    const [page, messaging] = await Promise.all([
      getEventPage(r.token, id, r.userId ?? 0),
      r.session ? canMessage(r.session) : siteHasMessages(),
    ]);
    if (!page) return undefined;
    const requests = r.session && page.event.counts.requested ? await listEventMembers(r.token, id, 'requested', 1, 50) : [];
    return { ...page, requests, visitor: !r.session, own: page.event.owner.id === r.userId, messaging };
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
  // The organiser is written to by anyone who sees the event; the organiser writes to the guests.
  const messages = !page.messaging
    ? undefined
    : page.own
      ? { guestsHref: routes.newMessage({ guestsOf: page.event.id }) }
      : { contact: { href: routes.newMessage({ item: { type: 'event', id: page.event.id } }), signIn: page.visitor } };
  // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: this is the request's time
  const now = Date.now();
  const content = (
    <EventPage event={page.event} social={page.social} requests={page.requests} clock={clock} now={now} messages={messages} />
  );
  return page.visitor ? <PublicPreview what="this event">{content}</PublicPreview> : content;
}
