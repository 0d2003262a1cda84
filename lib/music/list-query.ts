import { id, listQuery, oneOf, page, text, type QueryOf } from '../list-query.ts';

/** A list of playlists as the URL says it (/music?q=road&sort=popular&user=7&page=2). */
export const playlistList = listQuery(
  {
    q: text,
    /** Most played first; newest first without it. */
    sort: oneOf('popular'),
    /** One member's playlists (not on /music/my). */
    user: id,
    page,
  },
  // The origin's words (its API's: keywords, user_id, sort=recent|popular).
  { renamed: { keywords: 'q', user_id: 'user' }, values: { sort: { recent: '' } } },
);

export type PlaylistListQuery = QueryOf<typeof playlistList>;
