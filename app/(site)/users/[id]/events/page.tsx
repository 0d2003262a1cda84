import type { Metadata } from 'next';
import { EventCard } from '@/components/events/event-card';
import { emptyTab, ProfileTab } from '@/components/users/profile-tab';
import { routes } from '@/lib/routes';
import { readerClock } from '@/lib/time/reader-clock';
import { PROFILE_TABS } from '@/lib/users/profile';
import { loadTabPage, type ProfileTabRouteProps } from '@/lib/users/tab-page';

export const metadata: Metadata = { title: 'Events' };

/** The events a member organises (the profile's Events tab). */
export default async function MemberEventsPage(props: ProfileTabRouteProps) {
  const [{ member, own, list, hrefOf }, clock] = await Promise.all([loadTabPage('events', PROFILE_TABS.events, props), readerClock()]);
  return (
    <ProfileTab
      title={own ? 'Events you organise' : `Events ${member.name} organises`}
      list={list}
      noun={['event', 'events']}
      empty={emptyTab(own, member.name, 'organised an event', { href: routes.newEvent, label: 'Create an event' })}
      item={(event) => <EventCard event={event} clock={clock} />}
      hrefOf={hrefOf}
    />
  );
}
