import { id, listQuery, oneOf, page, text, type QueryOf } from '../list-query.ts';

/** A list of posts as the URL says it (/blogs?q=lyon&category=3&sort=views&show=friends&page=2). */
export const blogList = listQuery({
  q: text,
  category: id,
  /** Most viewed first; newest first without it. */
  sort: oneOf('views'),
  /** Posts by the reader's friends; everyone's without it. */
  show: oneOf('friends'),
  page,
});

export type BlogListQuery = QueryOf<typeof blogList>;
