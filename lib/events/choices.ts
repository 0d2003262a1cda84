import { getEventChoices } from '../social-api/events.ts';
import { cachedChoices } from '../user-cache.ts';

/** The event categories and privacy options, for the lists' filters and the event form (lib/user-cache.ts). */
export const getCachedEventChoices = cachedChoices((token) => getEventChoices(token));

/** The same for an event made in a group: its privacy adds the group's members (parent_member). */
export const getCachedGroupEventChoices = cachedChoices((token) => getEventChoices(token, true));
