import type { ReaderClock } from '@/lib/time/zones';
import { CardFacts, ItemCard } from '@/components/ui/item-card';
import { routes } from '@/lib/routes';
import type { EventSummary, Rsvp } from '@/lib/social-api/events';
import { EventWhen } from './event-when';

export const RSVP_LABELS: Record<Rsvp, string> = {
  attending: 'Going',
  maybe_attending: 'Maybe',
  not_attending: 'Not going',
  awaiting_reply: 'Invited',
  requested: 'Request pending',
};

/** An event in a list: picture, title, when, where, how many are going, and the reader's answer. */
export function EventCard({ event, clock, level }: { event: EventSummary; clock: ReaderClock; level?: 2 | 3 }) {
  const badge = event.rsvp ? (event.owner && event.can.edit ? 'Organiser' : RSVP_LABELS[event.rsvp]) : undefined;
  return (
    <ItemCard href={routes.event(event.id)} title={event.title} thumb={event.thumb} icon="icon-calendar" shape="wide" level={level}>
      <EventWhen start={event.start} end={event.end} timeZone={event.timeZone} clock={clock} className="block text-sm" />
      {event.location ? <p className="muted text-sm">{event.location}</p> : null}
      <CardFacts badge={badge}>
        {event.going} going
        {event.category ? ` · ${event.category.title}` : null}
      </CardFacts>
    </ItemCard>
  );
}
