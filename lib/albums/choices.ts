import { getAlbumOptions } from '../social-api/albums.ts';
import { cachedChoices } from '../user-cache.ts';

/** The album categories and privacy options, for the lists' filters, the upload page and the album's settings (lib/user-cache.ts). */
export const getCachedAlbumChoices = cachedChoices(getAlbumOptions);
