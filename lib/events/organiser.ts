import { listEventMembers, listEventsILead, type LedEvent } from '../social-api/events.ts';
import type { Who } from '../social-api/users.ts';

// What the organiser's dashboard reads: the events I lead, and the pending requests of the
// upcoming ones (each event with requests is asked for its list: the API has no list across events).

export interface OrganiserRequests {
  events: LedEvent[];
  requests: Array<{ eventId: number; eventTitle: string; person: Who }>;
}

export async function getOrganiserRequests(token: string, past = false): Promise<OrganiserRequests> {
  const upcoming = await listEventsILead(token, { when: 'upcoming' });
  const withRequests = upcoming.filter((e) => (e.counts.requested ?? 0) > 0);
  const [lists, pastEvents] = await Promise.all([
    Promise.all(withRequests.map((e) => listEventMembers(token, e.id, 'requested', 1, 50))),
    past ? listEventsILead(token, { when: 'past' }) : Promise.resolve(upcoming),
  ]);
  const requests = withRequests.flatMap((e, i) => lists[i]!.map((person) => ({ eventId: e.id, eventTitle: e.title, person })));
  return { events: pastEvents, requests };
}
