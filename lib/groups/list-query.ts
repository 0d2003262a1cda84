import { flag, id, listQuery, oneOf, page, text, type QueryOf } from '../list-query.ts';

/** A list of groups as the URL says it (/groups?q=…&category=3&show=friends&sort=members&page=2; /groups/my?lead=1). */
export const groupList = listQuery({
  q: text,
  category: id,
  /** Groups my friends own; everyone's without it. */
  show: oneOf('friends'),
  /** Newest first without it. */
  sort: oneOf('members'),
  /** /groups/my: only the groups I lead (as owner or officer). */
  lead: flag,
  page,
});

export type GroupListQuery = QueryOf<typeof groupList>;
