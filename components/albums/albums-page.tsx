import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import type { AlbumsPageProps } from '@/lib/albums/list';
import { albumList } from '@/lib/albums/list-query';
import { chipsOf } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import { AlbumTile } from './album-tile';

/** /albums and /albums/my (the list-page kit, components/ui/list/): heading, tabs, filters, the grid, the pager. */
export function AlbumsPage({ mine, query, list, categories, memberName }: AlbumsPageProps) {
  const hrefOf = mine ? routes.myAlbums : routes.albums;
  const title = mine ? 'My albums' : query.user ? `${memberName ?? 'This member'}’s albums` : 'Albums';
  const chips = chipsOf(
    query,
    hrefOf,
    [
      [query.user && `${memberName ?? 'One member'}’s albums`, 'user'],
      [query.sort && 'Most viewed first', 'sort'],
    ],
    categories,
  );
  return (
    <div className="mx-auto w-full max-w-5xl">
      <ListHeader title={title} action={{ href: routes.addPhotos(), label: 'New album' }} />
      <ListTabs
        label="Albums"
        tabs={[
          { href: routes.albums(), label: 'All albums', current: !mine },
          { href: routes.myAlbums(), label: 'My albums', current: mine },
        ]}
      />
      <ListFilters label="Filter albums" words={albumList.words} query={query} hrefOf={hrefOf} keep={['user']} columns={2}>
        <CategoryFilter value={query.category} categories={categories} />
        <SortFilter value={query.sort} />
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={hrefOf()} />
      <ListResults
        list={list}
        noun={['album', 'albums']}
        filtered={chips.length > 0}
        clearHref={hrefOf()}
        empty={mine ? 'You have no albums yet.' : 'No albums yet.'}
        item={(album, i) => <AlbumTile album={album} firstRow={i < 4} />}
        label="Albums"
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
      />
      <Pager label="Pages of albums" page={list.page} more={list.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
    </div>
  );
}
