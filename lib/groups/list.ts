import { getCachedGroupChoices } from '@/lib/groups/choices';
import { groupList, type GroupListQuery } from '@/lib/groups/list-query';
import { loadListPage, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { isMissingExtension, isMissingScope } from '@/lib/social-api/errors';
import { listGroups, listMyGroups, type GroupChoices, type GroupSummary } from '@/lib/social-api/groups';

export type GroupListRouteProps = { searchParams: Promise<SearchParams> };

/** Whether groups can be read here: yes, not on this server, or not with a sign-in older than them. */
export type GroupsAccess = 'ok' | 'absent' | 'scope';

export type GroupsPageProps = {
  mine: boolean;
  access: GroupsAccess;
  query: GroupListQuery;
  categories: GroupChoices['categories'];
  list: ListPageData<GroupSummary>;
};

const PAGE_SIZE = 12;

/** What a read says when groups cannot be read here (undefined: it is another failure, thrown on). */
function accessOf(e: unknown): Exclude<GroupsAccess, 'ok'> | undefined {
  if (isMissingScope(e)) return 'scope';
  if (isMissingExtension(e)) return 'absent';
  return undefined;
}

/**
 * One page of /groups or /groups/my from the words of its URL (lib/list-page.ts): one API call
 * for the groups, the categories from the per-person cache beside it. A server without groups, or
 * a sign-in that predates them, is a page that says so (200), not an error.
 */
export async function loadGroupList(mine: boolean, { searchParams }: GroupListRouteProps): Promise<GroupsPageProps> {
  const parsed = groupList.parse(await searchParams);
  // One's own groups have no category, friends or sort (the API offers none there); everyone's are not "the ones I lead".
  const query: GroupListQuery = mine ? { q: parsed.q, lead: parsed.lead, page: parsed.page } : { ...parsed, lead: undefined };
  let access: GroupsAccess = 'ok';
  const unless =
    <T>(fallback: T) =>
    (e: unknown): T => {
      const why = accessOf(e);
      if (!why) throw e;
      access = why;
      return fallback;
    };
  const [list, choices] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    (s, paging) =>
      (mine
        ? listMyGroups(s.accessToken, { keywords: query.q, lead: query.lead, ...paging })
        : listGroups(s.accessToken, {
            keywords: query.q,
            categoryId: query.category,
            friends: query.show === 'friends',
            sort: query.sort === 'members' ? 'most_popular' : undefined,
            ...paging,
          })
      ).catch(unless<GroupSummary[]>([])),
    (s) => getCachedGroupChoices(s).catch(unless<GroupChoices | undefined>(undefined)),
  );
  return { mine, access, query, categories: choices?.categories ?? [], list };
}
