import { ActiveFilters } from '@/components/ui/list/active-filters';
import { CategoryFilter, ListFilters, SortFilter } from '@/components/ui/list/list-filters';
import { ListHeader, ListTabs } from '@/components/ui/list/list-header';
import { ListResults } from '@/components/ui/list/list-results';
import { Pager } from '@/components/ui/list/pager';
import { chipsOf } from '@/lib/list-query';
import { routes } from '@/lib/routes';
import type { VideosPageProps } from '@/lib/videos/list';
import { videoList } from '@/lib/videos/list-query';
import { VideoStatesPoll } from './video-states-poll';
import { VideoTile } from './video-tile';
import { VideosUnavailable } from './videos-unavailable';

const SORTS = { '': 'Newest first', views: 'Most viewed', rating: 'Best rated' };

/** /videos and /videos/my (the list-page kit, components/ui/list/): heading, tabs, filters, the grid, the pager. */
export function VideosPage({ mine, query, list, categories, memberName, access }: VideosPageProps) {
  if (access !== 'ok') return <VideosUnavailable access={access} />;
  const hrefOf = mine ? routes.myVideos : routes.videos;
  const title = mine ? 'My videos' : query.user ? `${memberName ?? 'This member'}’s videos` : 'Videos';
  const chips = chipsOf(
    query,
    hrefOf,
    [
      [query.user && `${memberName ?? 'One member'}’s videos`, 'user'],
      [query.sort && SORTS[query.sort], 'sort'],
    ],
    categories,
  );
  const waiting = mine ? (list.items ?? []).filter((v) => v.status === 'to_be_processed' || v.status === 'being_processed') : [];
  return (
    <div className="mx-auto w-full max-w-5xl">
      <ListHeader title={title} action={{ href: routes.newVideo, label: 'Add a video' }} />
      <ListTabs
        label="Videos"
        tabs={[
          { href: routes.videos(), label: 'All videos', current: !mine },
          { href: routes.myVideos(), label: 'My videos', current: mine },
        ]}
      />
      <ListFilters label="Filter videos" words={videoList.words} query={query} hrefOf={hrefOf} keep={['user']} columns={2}>
        <CategoryFilter value={query.category} categories={categories} />
        <SortFilter value={query.sort} options={SORTS} />
      </ListFilters>
      <ActiveFilters chips={chips} clearHref={hrefOf()} />
      <ListResults
        list={list}
        noun={['video', 'videos']}
        filtered={chips.length > 0}
        clearHref={hrefOf()}
        empty={mine ? 'You have no videos yet.' : 'No videos yet.'}
        item={(video, i) => <VideoTile video={video} firstRow={i < 4} mine={mine} />}
        label="Videos"
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
      />
      <Pager label="Pages of videos" page={list.page} more={list.more} hrefOf={(n) => hrefOf({ ...query, page: n })} />
      {waiting.length ? <VideoStatesPoll ids={waiting.map((v) => v.id)} /> : null}
    </div>
  );
}
