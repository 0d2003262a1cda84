/**
 * Any other page: no photo open over it. A soft navigation keeps a slot it does not match as
 * it was, so without this a link followed from inside the viewer (the album, a tagged member)
 * would leave the viewer open over the next page. (The slug's name is the site's catch-all's.)
 */
export { default } from '../default';
