import { cache } from 'react';
import type { Session } from '@/lib/auth/session';
import { loadListPage, type ListPageData } from '@/lib/list-page';
import { listQuery, page as pageWord, text, type SearchParams } from '@/lib/list-query';
import { listAlbums, type AlbumCard } from '@/lib/social-api/albums';
import { listBlogs, type BlogSummary } from '@/lib/social-api/blogs';
import { listListings, type ListingSummary } from '@/lib/social-api/classifieds';
import { listEvents, type EventSummary } from '@/lib/social-api/events';
import { listFriends, type Friend } from '@/lib/social-api/friends';
import { listGroups, listMyGroups, type GroupSummary } from '@/lib/social-api/groups';
import { getMember, type Member } from '@/lib/social-api/users';
import { listVideos, type MyVideo } from '@/lib/social-api/videos';

// A member's profile (/users/{id} and its tabs): the header's member, read once per request by
// the layout and the page's metadata (GET /users/{id}), and each tab's one list read — the
// module's own list with the member's user_id, through the list-page kit's loader.

/** The member and how the reader stands with them; undefined for one who does not exist. */
export function loadMember(session: Session, id: number): Promise<Member | undefined> {
  return memberOnce(session.accessToken, session.userId, id);
}
// cache() compares arguments by identity: primitives, so that the layout and the page share one read.
const memberOnce = cache((token: string, viewerId: number, id: number) => getMember(token, id, { id: viewerId }));

/** A tab's URL: its page, and (Friends) a name to look for. */
export const profileTabList = listQuery({ q: text, page: pageWord });

const PAGE_SIZE = 12;

export type TabRead<T> = (
  session: Session,
  userId: number,
  paging: { page: number; limit: number },
  q?: string,
) => Promise<T[] | undefined>;

/** What each tab lists: the module's list read with the member's id. */
export const PROFILE_TABS = {
  albums: ((s, userId, p) => listAlbums(s.accessToken, { userId, ...p })) as TabRead<AlbumCard>,
  blogs: ((s, userId, p) => listBlogs(s.accessToken, { userId, ...p })) as TabRead<BlogSummary>,
  listings: ((s, userId, p) => listListings(s.accessToken, { userId, status: 'all', ...p })) as TabRead<ListingSummary>,
  events: ((s, userId, p) => listEvents(s.accessToken, { userId, ...p })) as TabRead<EventSummary>,
  friends: ((s, userId, p, q) => listFriends(s.accessToken, { userId, keywords: q, ...p })) as TabRead<Friend>,
  // One's own are all of them (GET /groups/my: those kept out of searches too); another's, those the reader may see.
  groups: ((s, userId, p) =>
    userId === s.userId ? listMyGroups(s.accessToken, p) : listGroups(s.accessToken, { userId, ...p })) as TabRead<GroupSummary>,
  // A site without videos has no such tab (ProfileTabs): its list reads as empty.
  videos: ((s, userId, p) => listVideos(s.accessToken, { userId, ...p })) as TabRead<MyVideo>,
};

/** One page of a member's tab from the words of its URL: one API call. */
export async function loadProfileTab<T>(
  read: TabRead<T>,
  userId: number,
  searchParams: Promise<SearchParams>,
): Promise<{ list: ListPageData<T>; q?: string }> {
  const query = profileTabList.parse(await searchParams);
  const [list] = await loadListPage(
    { page: query.page, pageSize: PAGE_SIZE },
    async (s, paging) => (await read(s, userId, paging, query.q)) ?? [],
  );
  return { list, q: query.q };
}
