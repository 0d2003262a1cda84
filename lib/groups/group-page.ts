import { loadPage } from '@/lib/auth/page-session';
import type { Session } from '@/lib/auth/session';
import { canMessage } from '@/lib/messages/available';
import { page as pageWord } from '@/lib/list-query';
import type { FeedPage } from '@/lib/social-api/activities';
import type { PhotoThumb } from '@/lib/social-api/albums';
import type { EventSummary } from '@/lib/social-api/events';
import { getGroupEvents, getGroupMembers, getGroupPhotos, getGroupWall, type GroupEventsWhen } from '@/lib/social-api/group-tabs';
import { getGroup, type GroupDetail, type GroupMember } from '@/lib/social-api/groups';
import type { DetailRead } from '@/lib/social-api/fields';

// A group's pages: the header's group and the tab's list, read together in one API call before
// anything streams (docs/web/pages.md, "One read"; docs/api.md, "Groups": a tab in one request).

/**
 * The group as the page shows it: its owner's "Message members" only where the reader can use
 * messages here (from the header's counts, read for the page anyway: lib/messages/available.ts).
 */
async function forReader<R extends { group: GroupDetail }>(s: Session, read: Promise<R | undefined>): Promise<R | undefined> {
  const [got, messaging] = await Promise.all([read, canMessage(s)]);
  if (!got) return undefined;
  const { group } = got;
  return { ...got, group: { ...group, can: { ...group.can, messageMembers: group.can.messageMembers && messaging } } };
}

/** The group and who reads it; undefined when it is not there or not visible to the reader. */
export async function loadGroup(id: number, visit?: DetailRead): Promise<{ group: GroupDetail; viewerId: number } | undefined> {
  return loadPage(async (s) => {
    const read = await forReader(
      s,
      getGroup(s.accessToken, id, visit).then((group) => group && { group }),
    );
    return read && { group: read.group, viewerId: s.userId };
  });
}

/** A group's tab's route: its id, and (a list) its page. */
export type GroupTabRouteProps = { params: Promise<{ id: string }>; searchParams: Promise<{ page?: string | string[] }> };

/** The page a tab's URL asks for (`?page=`), 1 without one. */
export async function tabPageOf(searchParams: GroupTabRouteProps['searchParams']): Promise<number> {
  const raw = (await searchParams).page;
  return pageWord.read(typeof raw === 'string' ? raw : '') ?? 1;
}

/** The Members tab: how many a page shows. */
const MEMBERS_PAGE_SIZE = 50;

export interface GroupMembersPage {
  group: GroupDetail;
  viewerId: number;
  members: GroupMember[];
  page: number;
  more: boolean;
  /** The requests and invitations waiting (officers; empty for anyone else). */
  waiting: GroupMember[];
}

/** The Members tab: the group, a page of its members and (officers) the people waiting, in one API call. */
export async function loadGroupMembers(id: number, page: number): Promise<GroupMembersPage | undefined> {
  return loadPage(async (s) => {
    const read = await forReader(s, getGroupMembers(s.accessToken, id, { page, limit: MEMBERS_PAGE_SIZE }));
    if (!read) return undefined;
    const { members, waiting } = read.list;
    return { group: read.group, viewerId: s.userId, members, page, more: members.length === MEMBERS_PAGE_SIZE, waiting };
  });
}

/** The Wall tab: the group and the first page of its wall (the feed's client pages on), in one API call. */
export async function loadGroupWall(id: number): Promise<{ group: GroupDetail; wall: FeedPage } | undefined> {
  return loadPage(async (s) => {
    const read = await forReader(s, getGroupWall(s.accessToken, id));
    return read && { group: read.group, wall: read.list };
  });
}

/** A tab of a group that lists something a page at a time: the group, the page, and whether another follows. */
export interface GroupListTab<T> {
  group: GroupDetail;
  items: T[];
  page: number;
  more: boolean;
}

/** The Photos tab's page: four rows of six on a wide screen. */
export const GROUP_PHOTOS_PAGE_SIZE = 24;
/** The Events tab's page. */
const GROUP_EVENTS_PAGE_SIZE = 10;

async function loadListTab<T>(
  read: (token: string, id: number, paging: { page: number; limit: number }) => Promise<{ group: GroupDetail; list: T[] } | undefined>,
  id: number,
  page: number,
  limit: number,
): Promise<GroupListTab<T> | undefined> {
  return loadPage(async (s) => {
    const got = await forReader(s, read(s.accessToken, id, { page, limit }));
    return got && { group: got.group, items: got.list, page, more: got.list.length === limit };
  });
}

/** The Photos tab: the group and a page of its photos, in one API call. */
export const loadGroupPhotos = (id: number, page: number): Promise<GroupListTab<PhotoThumb> | undefined> =>
  loadListTab(getGroupPhotos, id, page, GROUP_PHOTOS_PAGE_SIZE);

/** The Events tab: the group and a page of its upcoming or past events, in one API call. */
export const loadGroupEvents = (id: number, page: number, when: GroupEventsWhen): Promise<GroupListTab<EventSummary> | undefined> =>
  loadListTab((token, groupId, paging) => getGroupEvents(token, groupId, paging, when), id, page, GROUP_EVENTS_PAGE_SIZE);

/** Which events the Events tab's URL asks for (`?when=past`: those ended; upcoming otherwise). */
export async function tabWhenOf(searchParams: Promise<{ when?: string | string[] }>): Promise<GroupEventsWhen> {
  return (await searchParams).when === 'past' ? 'past' : 'upcoming';
}
