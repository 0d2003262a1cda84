import { getEventChoices } from '../social-api/events.ts';
import { cachedChoices } from '../user-cache.ts';

/** The event categories and privacy options, for the lists' filters and the event form (lib/user-cache.ts). */
export const getCachedEventChoices = cachedChoices(getEventChoices);
