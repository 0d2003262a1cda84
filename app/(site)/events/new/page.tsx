import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EventForm } from '@/components/events/event-form';
import { WhoMay } from '@/components/groups/who-may';
import { loadPage } from '@/lib/auth/page-session';
import { getCachedEventChoices, getCachedGroupEventChoices } from '@/lib/events/choices';
import { newEventDefaults, timeZoneList } from '@/lib/events/form-defaults';
import { env } from '@/lib/env';
import { parseId } from '@/lib/params';
import { routes } from '@/lib/routes';
import { getGroup } from '@/lib/social-api/groups';
import { readerClock } from '@/lib/time/reader-clock';

export const metadata: Metadata = { title: 'Create an event' };

type NewEventRouteProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A new event: the form starts tomorrow evening in the reader's zone (the browser's once known).
 * With `?parent_type=group&parent_id=` it is made in that group (docs/api.md, "Groups": events):
 * the group is read (one API call; a group the reader may not see is 404), its privacy choices
 * add the group's members, and those the group's auth_event leaves out are told who may.
 */
export default async function NewEventRoute({ searchParams }: NewEventRouteProps) {
  const query = await searchParams;
  const inGroup = query.parent_type === 'group';
  const groupId = inGroup ? parseId(typeof query.parent_id === 'string' ? query.parent_id : undefined) : undefined;
  if (inGroup && groupId === undefined) notFound();
  const { choices, group } = await loadPage(async (s) => {
    if (groupId === undefined) return { choices: await getCachedEventChoices(s), group: undefined };
    const [choices, group] = await Promise.all([getCachedGroupEventChoices(s), getGroup(s.accessToken, groupId, { visit: false })]);
    return { choices, group };
  });
  if (groupId !== undefined && !group) notFound();
  const clock = await readerClock();
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">Create an event</h1>
      {group ? (
        <p className="muted mt-1">
          In the group{' '}
          <a href={routes.groupEvents(group.id)} className="link">
            {group.title}
          </a>
          .
        </p>
      ) : null}
      {group && !group.can.createEvent ? (
        <WhoMay group={group} what="event" />
      ) : (
        <EventForm
          // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: this is the request's time
          defaults={newEventDefaults(clock.zone, Date.now(), choices, group?.id)}
          zoneChosen={false}
          choices={choices}
          zones={timeZoneList(clock.zone)}
          maxBytes={env().UPLOAD_MAX_BYTES}
        />
      )}
    </div>
  );
}
