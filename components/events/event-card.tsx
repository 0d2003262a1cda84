import type { ReaderClock } from '@/lib/time/zones';
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
export function EventCard({ event, clock }: { event: EventSummary; clock: ReaderClock }) {
  return (
    <article className="card flex gap-4" data-kb-item="">
      {event.thumb ? (
        <img src={event.thumb} alt="" width={120} height={68} className="h-[68px] w-[120px] shrink-0 rounded-lg object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-[68px] w-[120px] shrink-0 items-center justify-center rounded-lg bg-indigo-50 dark:bg-indigo-950/50"
        >
          <span className="icon icon-calendar size-6 text-indigo-700 dark:text-indigo-300" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold">
          <a href={routes.event(event.id)} className="hover:underline">
            {event.title}
          </a>
        </h2>
        <EventWhen start={event.start} end={event.end} timeZone={event.timeZone} clock={clock} className="block text-sm" />
        {event.location ? <p className="muted text-sm">{event.location}</p> : null}
        <p className="muted text-sm">
          {event.going} going
          {event.category ? ` · ${event.category.title}` : null}
          {event.rsvp ? (
            <>
              {' · '}
              <span className="badge">{event.owner && event.can.edit ? 'Organiser' : RSVP_LABELS[event.rsvp]}</span>
            </>
          ) : null}
        </p>
      </div>
    </article>
  );
}
