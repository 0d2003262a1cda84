import { notFound } from 'next/navigation';
import { getCachedAlbumChoices } from '@/lib/albums/choices';
import { albumList, type AlbumListQuery } from '@/lib/albums/list-query';
import { loadListPage, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { listAlbums, type AlbumCard } from '@/lib/social-api/albums';

export type AlbumListRouteProps = { searchParams: Promise<SearchParams> };

export type AlbumsPageProps = {
  mine: boolean;
  query: AlbumListQuery;
  list: ListPageData<AlbumCard>;
  categories: Array<{ id: number; title: string }>;
  /** Whose albums these are (?user=). */
  memberName?: string;
};

const PAGE_SIZE = 24;

/** One page of /albums or /albums/my from the words of its URL (lib/list-page.ts); a member that is not there is 404. */
export async function loadAlbumList(mine: boolean, { searchParams }: AlbumListRouteProps): Promise<AlbumsPageProps> {
  const query = albumList.parse(await searchParams);
  // One's own albums are all of them: no member to choose.
  if (mine) delete query.user;
  const [list, choices] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    async (s, { page, limit }) =>
      (await listAlbums(s.accessToken, {
        keywords: query.q,
        sort: query.sort === 'views' ? 'popular' : 'recent',
        categoryId: query.category,
        userId: query.user,
        mine,
        page,
        limit,
      })) ?? notFound(),
    getCachedAlbumChoices,
  );
  return { mine, query, list, categories: choices.categories, memberName: list.items?.[0]?.owner.name };
}
