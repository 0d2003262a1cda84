import { id, listQuery, oneOf, page, text, type QueryOf } from '../list-query.ts';

/** A list of albums as the URL says it (/albums?q=lake&category=3&sort=views&user=7&page=2). */
export const albumList = listQuery(
  {
    q: text,
    category: id,
    /** Most viewed first (then most liked); newest first without it. */
    sort: oneOf('views'),
    /** One member's albums (not on /albums/my). */
    user: id,
    page,
  },
  // The words /albums had before the lists shared theirs.
  { renamed: { keywords: 'q', category_id: 'category', user_id: 'user' }, values: { sort: { popular: 'views', recent: '' } } },
);

export type AlbumListQuery = QueryOf<typeof albumList>;
