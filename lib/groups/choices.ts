import { getGroupChoices } from '../social-api/groups.ts';
import { cachedChoices } from '../user-cache.ts';

/** The group categories and roles, for the list's filters and the group form (lib/user-cache.ts). */
export const getCachedGroupChoices = cachedChoices(getGroupChoices);
