import type { Metadata } from 'next';
import { EventForm } from '@/components/events/event-form';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedEventChoices } from '@/lib/events/choices';
import { newEventDefaults, timeZoneList } from '@/lib/events/form-defaults';
import { env } from '@/lib/env';
import { readerClock } from '@/lib/time/reader-clock';

export const metadata: Metadata = { title: 'Create an event' };

/** A new event: the form starts tomorrow evening in the reader's zone (the browser's once known). */
export default async function NewEventRoute() {
  const choices = await loadPage((s) => getCachedEventChoices(s));
  const clock = await readerClock();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Create an event</h1>
      <EventForm
        // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: this is the request's time
        defaults={newEventDefaults(clock.zone, Date.now(), choices)}
        zoneChosen={false}
        choices={choices}
        zones={timeZoneList(clock.zone)}
        maxBytes={env().UPLOAD_MAX_BYTES}
      />
    </div>
  );
}
