import { id, listQuery, oneOf, page, text, type QueryOf } from '../list-query.ts';

/** A list of videos as the URL says it (/videos?q=lake&category=3&sort=views&user=7&page=2). */
export const videoList = listQuery(
  {
    q: text,
    category: id,
    /** Most viewed or best rated first; newest first without it. */
    sort: oneOf('views', 'rating'),
    /** One member's videos (not on /videos/my). */
    user: id,
    page,
  },
  // The origin's words (its API's: keywords, category_id, user_id, sort=creation_date|view_count|rating).
  {
    renamed: { keywords: 'q', category_id: 'category', user_id: 'user' },
    values: { sort: { view_count: 'views', creation_date: '' } },
  },
);

export type VideoListQuery = QueryOf<typeof videoList>;

/** The API's order for the URL's. */
export const apiSort = (sort: VideoListQuery['sort']): 'view_count' | 'rating' | 'creation_date' =>
  sort === 'views' ? 'view_count' : sort === 'rating' ? 'rating' : 'creation_date';
