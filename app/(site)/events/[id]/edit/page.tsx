import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EventForm } from '@/components/events/event-form';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedEventChoices } from '@/lib/events/choices';
import { editEventDefaults, timeZoneList } from '@/lib/events/form-defaults';
import { env } from '@/lib/env';
import { idParam } from '@/lib/params';
import { getEvent } from '@/lib/social-api/events';

export const metadata: Metadata = { title: 'Edit event' };

/** The organiser's edit form; anyone else (who may not edit) gets the 404 page. */
export default async function EditEventRoute({ params }: { params: Promise<{ id: string }> }) {
  const id = await idParam(params);
  const [event, choices] = await loadPage((s) => Promise.all([getEvent(s.accessToken, id), getCachedEventChoices(s)]));
  if (!event || !event.can.edit) notFound();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Edit “{event.title}”</h1>
      <EventForm
        id={id}
        defaults={editEventDefaults(event)}
        zoneChosen
        choices={choices}
        zones={timeZoneList(event.timeZone)}
        picture={event.img || undefined}
        maxBytes={env().UPLOAD_MAX_BYTES}
      />
    </div>
  );
}
