import { useId } from 'react';
import { SignInButton } from '@/components/auth/sign-in-button';
import { SocialBar } from '@/components/social/social-bar';
import { PersonRole } from '@/components/ui/person-role';
import { buttonStyles } from '@/components/ui/button';
import { ZoneSync } from '@/components/ui/zone-sync';
import type { ReaderClock } from '@/lib/time/zones';
import { routes } from '@/lib/routes';
import type { Social } from '@/lib/social-api/core';
import type { EventDetail } from '@/lib/social-api/events';
import type { Who } from '@/lib/social-api/users';
import { RSVP_LABELS } from './event-card';
import { EventActions } from './event-actions';
import { EventWhen } from './event-when';
import { MemberCounts } from './member-counts';
import { RequestList } from './request-list';
import { AltBadge } from '@/components/photos/alt-badge';

export type EventPageProps = {
  event: EventDetail;
  social: Social;
  clock: ReaderClock & { known: boolean };
  /** The organiser's pending requests (empty for anyone else). */
  requests: Who[];
  now: number;
  /** Messages, where the site has them: "Message organiser" (a visitor signs in first), or the organiser's "Message guests". */
  messages?: { contact?: { href: string; signIn: boolean }; guestsHref?: string };
};

/** An event on its own page: picture, title, host, when and where, description, guests, the reader's actions, the social layer. */
export function EventPage({ event, social, clock, requests, now, messages }: EventPageProps) {
  const id = useId();
  const ended = event.end < now;
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-3xl lg:max-w-5xl">
      <ZoneSync serverZone={clock.known ? clock.zone : ''} />
      {/* A fixed 16:9 box: nothing moves when the picture arrives. Its description is its alt, readable by everyone from ALT. */}
      {event.img ? (
        <div className="relative mb-6">
          <img src={event.img} alt={event.imgDescription} className="aspect-[16/9] w-full rounded-2xl object-cover" />
          {event.imgDescription ? <AltBadge text={event.imgDescription} /> : null}
        </div>
      ) : null}
      <header>
        {event.category ? <p className="muted text-sm">{event.category.title}</p> : null}
        <h1 id={`${id}-title`} className="mt-1 text-3xl font-bold tracking-tight">
          {event.title}
        </h1>
        {ended ? <p className="badge mt-2">This event has ended</p> : null}
        {/* The date block and, beside it from lg (below it on a narrow screen), the organiser and the way to reach them. */}
        <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-8">
          <div>
            <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="muted">When</dt>
              <dd>
                <EventWhen start={event.start} end={event.end} timeZone={event.timeZone} clock={clock} />
              </dd>
              {event.location ? (
                <>
                  <dt className="muted">Where</dt>
                  <dd>{event.location}</dd>
                </>
              ) : null}
              <dt className="muted">Host</dt>
              <dd>{event.host || event.owner.name}</dd>
              {event.rsvp ? (
                <>
                  <dt className="muted">You</dt>
                  <dd>
                    <span className="badge">{RSVP_LABELS[event.rsvp]}</span>
                  </dd>
                </>
              ) : null}
            </dl>
            <p className="mt-3">
              <a href={routes.eventIcs(event.id)} className="link text-sm" download>
                Add to calendar (.ics)
              </a>
            </p>
          </div>
          <section aria-label="Organiser" className="card">
            <div className="flex items-center gap-3">
              <PersonRole person={event.owner} label="Organised by" />
            </div>
            {messages?.contact || messages?.guestsHref ? (
              <div className="mt-4 flex flex-wrap gap-2">
                {messages.contact ? (
                  messages.contact.signIn ? (
                    <SignInButton callbackUrl={messages.contact.href}>Sign in to message the organiser</SignInButton>
                  ) : (
                    <a href={messages.contact.href} className={`${buttonStyles.primary} with-icon icon-mail`}>
                      Message organiser
                    </a>
                  )
                ) : null}
                {messages.guestsHref ? (
                  <a href={messages.guestsHref} className={`${buttonStyles.secondary} with-icon icon-mail`}>
                    Message guests
                  </a>
                ) : null}
              </div>
            ) : null}
          </section>
        </div>
      </header>

      {event.description ? <p className="mt-6 whitespace-pre-line">{event.description}</p> : null}

      <MemberCounts id={event.id} counts={event.counts} />

      <EventActions id={event.id} title={event.title} rsvp={event.rsvp} can={event.can} open={!ended} owner={event.can.edit} />

      {requests.length ? (
        <section aria-labelledby={`${id}-requests`} className="card mt-6">
          <h2 id={`${id}-requests`} className="mb-3 font-semibold">
            Requests to join ({requests.length})
          </h2>
          <RequestList requests={requests.map((person) => ({ eventId: event.id, person }))} />
        </section>
      ) : null}

      <div className="mt-8">
        <SocialBar social={social} ownerId={event.owner.id} label={`“${event.title}”`} what="this event" writing />
      </div>
    </article>
  );
}
