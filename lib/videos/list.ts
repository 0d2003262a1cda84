import { loadListPage, readExtensionList, type ExtensionAccess, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { listMyVideos, listVideos, type MyVideo } from '@/lib/social-api/videos';
import { getCachedVideoChoices } from '@/lib/videos/choices';
import { apiSort, videoList, type VideoListQuery } from '@/lib/videos/list-query';

export type VideoListRouteProps = { searchParams: Promise<SearchParams> };

export type VideosPageProps = {
  mine: boolean;
  query: VideoListQuery;
  list: ListPageData<MyVideo>;
  categories: Array<{ id: number; title: string }>;
  /** Whose videos these are (?user=). */
  memberName?: string;
  /** 'absent': the server has no videos (an extension); 'scope': the sign-in predates them. The page then explains instead of listing. */
  access: VideosAccess;
};

export type VideosAccess = ExtensionAccess;

const PAGE_SIZE = 12;

/**
 * One page of /videos or /videos/my from the words of its URL (lib/list-page.ts): one API call for
 * the videos, the cached choices beside it. A member that is not there is 404; a server without
 * videos is `absent` (the page says so, with a 200).
 */
export async function loadVideoList(mine: boolean, { searchParams }: VideoListRouteProps): Promise<VideosPageProps> {
  const query = videoList.parse(await searchParams);
  if (mine) delete query.user;
  let access: VideosAccess = 'ok';
  const [list, choices] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    async (s, { page, limit }) => {
      const filters = { keywords: query.q, sort: apiSort(query.sort), categoryId: query.category, page, limit };
      const read = await readExtensionList(
        () => (mine ? listMyVideos(s.accessToken, filters) : listVideos(s.accessToken, { ...filters, userId: query.user })),
        query.user,
      );
      access = read.access;
      return read.items;
    },
    (s) => getCachedVideoChoices(s).catch(() => undefined),
  );
  return {
    mine,
    query,
    list,
    categories: choices?.categories ?? [],
    memberName: list.items?.[0]?.owner.name,
    access,
  };
}
