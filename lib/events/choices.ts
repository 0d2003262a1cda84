import { getEventChoices, type EventChoices } from '../social-api/events.ts';
import { userCache } from '../user-cache.ts';

// The event categories and privacy options, which the filters and the event form show on every
// render: read once every few minutes per person (lib/user-cache.ts).

const cache = userCache<EventChoices>({ ttlMs: 5 * 60_000 });

export function getCachedEventChoices(session: { userId: number; accessToken: string }): Promise<EventChoices> {
  return cache.get(session.userId, () => getEventChoices(session.accessToken));
}
