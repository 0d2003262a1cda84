import { ActiveFilters } from '@/components/ui/list/active-filters';
import { ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import { chipsOf } from '@/lib/list-query';
import type { MusicPageProps } from '@/lib/music/list';
import { playlistList } from '@/lib/music/list-query';
import { routes } from '@/lib/routes';
import { MusicUnavailable } from './music-unavailable';
import { PlaylistTile } from './playlist-tile';

const SORTS = { '': 'Newest first', popular: 'Most played' };

/** /music and /music/my (the list-page kit, components/ui/list/): heading, tabs, filters, the playlists, the pager. */
export function MusicPage({ mine, query, list, memberName, access }: MusicPageProps) {
  if (access !== 'ok') return <MusicUnavailable access={access} />;
  const hrefOf = mine ? routes.myMusic : routes.music;
  const title = mine ? 'My playlists' : query.user ? `${memberName ?? 'This member'}’s playlists` : 'Music';
  const chips = chipsOf(query, hrefOf, [
    [query.user && `${memberName ?? 'One member'}’s playlists`, 'user'],
    [query.sort && SORTS[query.sort], 'sort'],
  ]);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <ListHeader title={title} action={{ href: routes.newPlaylist, label: 'New playlist' }} />
      <ListTabs
        label="Music"
        tabs={[
          { href: routes.music(), label: 'All playlists', current: !mine },
          { href: routes.myMusic(), label: 'My playlists', current: mine },
        ]}
      />
      <ListFilters label="Filter playlists" words={playlistList.words} query={query} hrefOf={hrefOf} keep={['user']} columns={2}>
        <SortFilter value={query.sort} options={SORTS} />
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={hrefOf()} />
      <ListResults
        list={list}
        noun={['playlist', 'playlists']}
        filtered={chips.length > 0}
        clearHref={hrefOf()}
        empty={mine ? 'You have no playlists yet.' : 'No playlists yet.'}
        item={(playlist, i) => <PlaylistTile playlist={playlist} firstRow={i < 4} mine={mine} />}
        label="Playlists"
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
      />
      <Pager label="Pages of playlists" page={list.page} more={list.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
    </div>
  );
}
