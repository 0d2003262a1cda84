import { getVideoChoices } from '../social-api/videos.ts';
import { cachedChoices } from '../user-cache.ts';

/** The video categories, privacy options and whether uploads are taken, for the filters and the forms (lib/user-cache.ts). */
export const getCachedVideoChoices = cachedChoices(getVideoChoices);
