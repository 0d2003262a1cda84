import { loadListPage, readExtensionList, type ExtensionAccess, type ListPageData } from '@/lib/list-page';
import type { SearchParams } from '@/lib/list-query';
import { playlistList, type PlaylistListQuery } from '@/lib/music/list-query';
import { listMyPlaylists, listPlaylists, type PlaylistCard } from '@/lib/social-api/music';

export type PlaylistListRouteProps = { searchParams: Promise<SearchParams> };

/** 'absent': the server has no music (an extension); 'scope': the sign-in predates it. The page then explains instead of listing. */
export type MusicAccess = ExtensionAccess;

export type MusicPageProps = {
  mine: boolean;
  query: PlaylistListQuery;
  list: ListPageData<PlaylistCard>;
  /** Whose playlists these are (?user=). */
  memberName?: string;
  access: MusicAccess;
};

const PAGE_SIZE = 12;

/**
 * One page of /music or /music/my from the words of its URL (lib/list-page.ts): one API call for
 * the playlists. A member that is not there is 404; a server without music is `absent` (the page
 * says so, with a 200).
 */
export async function loadPlaylistList(mine: boolean, { searchParams }: PlaylistListRouteProps): Promise<MusicPageProps> {
  const query = playlistList.parse(await searchParams);
  if (mine) delete query.user;
  let access: MusicAccess = 'ok';
  const [list] = await loadListPage({ page: query.page, pageSize: PAGE_SIZE }, async (s, { page, limit }) => {
    const filters = { keywords: query.q, sort: query.sort === 'popular' ? ('popular' as const) : undefined, page, limit };
    const read = await readExtensionList(
      () => (mine ? listMyPlaylists(s.accessToken, filters) : listPlaylists(s.accessToken, { ...filters, userId: query.user })),
      query.user,
    );
    access = read.access;
    return read.items;
  });
  return { mine, query, list, memberName: list.items?.[0]?.owner.name, access };
}
