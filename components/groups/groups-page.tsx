import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, FriendsFilter, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import type { GroupsPageProps } from '@/lib/groups/list';
import { groupList } from '@/lib/groups/list-query';
import { chipsOf } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import { GroupCard } from './group-card';
import { GroupsUnavailable } from './groups-unavailable';

/** The orders besides the newest first, as the sort filter and its chip say them. */
const SORTS = { members: 'Most members' } as const;

/** /groups and /groups/my (the list-page kit, components/ui/list/): tabs, filters, the groups, paging. */
export function GroupsPage({ mine, access, query, categories, list }: GroupsPageProps) {
  const hrefOf = mine ? routes.myGroups : routes.groups;
  const unfiltered = hrefOf({ lead: query.lead });
  const chips = chipsOf(
    query,
    hrefOf,
    [
      [query.show && 'Owned by your friends', 'show'],
      [query.sort && SORTS[query.sort], 'sort'],
    ],
    categories,
  );
  const title = mine ? 'My groups' : 'Groups';
  if (access !== 'ok') {
    return (
      <div className="mx-auto w-full max-w-4xl">
        <ListHeader title={title} />
        <GroupsUnavailable access={access} />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-4xl">
      <ListHeader title={title} action={{ href: routes.newGroup, label: 'Create a group' }} />
      <ListTabs
        label="Group lists"
        tabs={[
          { href: routes.groups(), label: 'All groups', current: !mine },
          { href: routes.myGroups(), label: 'My groups', current: mine && !query.lead },
          { href: routes.myGroups({ lead: true }), label: 'Groups I lead', current: mine && Boolean(query.lead) },
        ]}
      />
      <ListFilters label="Filter groups" words={groupList.words} query={query} hrefOf={hrefOf} keep={['lead']}>
        {/* /groups/my has no category, friends or sort filters (the API offers none there). */}
        {mine ? null : (
          <>
            <CategoryFilter value={query.category} categories={categories} />
            <FriendsFilter label="Owned by" value={query.show} />
            <SortFilter value={query.sort} options={{ '': 'Newest first', ...SORTS }} />
          </>
        )}
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={unfiltered} />
      <ListResults
        list={list}
        noun={['group', 'groups']}
        filtered={chips.length > 0}
        clearHref={unfiltered}
        empty={mine ? (query.lead ? 'You lead no group yet.' : 'You belong to no group yet.') : 'No groups yet. Start one!'}
        item={(group) => <GroupCard group={group} />}
      />
      <Pager label="Pages of groups" page={list.page} more={list.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
    </div>
  );
}
