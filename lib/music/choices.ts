import { getMusicChoices } from '../social-api/music.ts';
import { cachedChoices } from '../user-cache.ts';

/** A playlist's privacy options, for its forms (lib/user-cache.ts). */
export const getCachedMusicChoices = cachedChoices(getMusicChoices);
