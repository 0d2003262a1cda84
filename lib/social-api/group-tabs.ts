import { apiFetch } from './client.ts';
import { apiConfig } from './config.ts';
import { isApiError } from './errors.ts';
import { NOT_A_VISIT } from './fields.ts';
import { FEED_FIELDS, FEED_PAGE_SIZE, listActivities, reshapeFeedPage, type FeedPage } from './activities.ts';
import { PHOTO_THUMB_FIELDS, parsePhotoThumbs, type PhotoThumb } from './albums.ts';
import { LIST_FIELDS as EVENT_LIST_FIELDS, parseEventList, type EventSummary, type EventWhen } from './events.ts';
import {
  GROUP_DETAIL_FIELDS,
  getGroup,
  listGroupMembers,
  parseGroupDetail,
  parseGroupMembers,
  type GroupDetail,
  type GroupMember,
} from './groups.ts';

// A group's tabs, each the group (its header) and a page of one of its lists in one request: the
// detail carries the list `fields` names, paged with its prefixed words (docs/api.md, "Groups": a
// tab in one request). A server without them refuses the name (400 naming `fields`): the group and
// the list are then read apart, side by side. A tab counts no view of the group (count_view=0):
// it is a part of a visit the group's own page (its About tab, where links to it lead) counted.

type Query = Record<string, string | number | undefined>;

/**
 * GET /groups/{id} with the lists named in `lists` (read from the answer by `read`); `apart` reads
 * them from their own endpoints for a server without them. undefined when the group is not there
 * or not visible to the reader.
 */
async function groupWith<T>(
  token: string,
  id: number,
  lists: string[],
  query: Query,
  read: (data: Record<string, unknown>) => T,
  apart: (group: GroupDetail) => Promise<T | undefined>,
): Promise<{ group: GroupDetail; list: T } | undefined> {
  let data: unknown;
  try {
    data = await apiFetch(apiConfig(), `/groups/${id}`, {
      token,
      query: { fields: [GROUP_DETAIL_FIELDS, ...lists].join(','), ...query, ...NOT_A_VISIT },
    });
  } catch (e) {
    if (isApiError(e, 404)) return undefined;
    if (!isApiError(e, 400) || !('fields' in e.fieldErrors)) throw e;
    const group = await getGroup(token, id, { visit: false });
    const list = group && (await apart(group));
    return group && list !== undefined ? { group, list } : undefined;
  }
  return { group: parseGroupDetail(data), list: read(data as Record<string, unknown>) };
}

const hidden404 = <T>(read: Promise<T>): Promise<T | undefined> =>
  read.catch((e: unknown) => {
    if (isApiError(e, 404)) return undefined;
    throw e;
  });

/** The Wall tab: the group and the first page of its wall (GET /activities?subject_type=group). */
export function getGroupWall(token: string, id: number): Promise<{ group: GroupDetail; list: FeedPage } | undefined> {
  return groupWith(
    token,
    id,
    ['wall'],
    { wall_limit: FEED_PAGE_SIZE, wall_fields: FEED_FIELDS },
    (d) => reshapeFeedPage(d.wall),
    () => listActivities(token, { subject: { type: 'group', id } }),
  );
}

type Paging = { page: number; limit: number };

/** GET /groups/photos: one page of the group's photos, in its album's order. */
async function listGroupPhotos(token: string, groupId: number, { page, limit }: Paging): Promise<PhotoThumb[]> {
  const data = await apiFetch(apiConfig(), '/groups/photos', {
    token,
    query: { group_id: groupId, page, limit, fields: PHOTO_THUMB_FIELDS },
  });
  return parsePhotoThumbs(data);
}

/** The Photos tab: the group and one page of its photos. */
export function getGroupPhotos(token: string, id: number, paging: Paging): Promise<{ group: GroupDetail; list: PhotoThumb[] } | undefined> {
  return groupWith(
    token,
    id,
    ['photos'],
    { photo_page: paging.page, photo_limit: paging.limit, photo_fields: PHOTO_THUMB_FIELDS },
    (d) => parsePhotoThumbs(d.photos),
    () => hidden404(listGroupPhotos(token, id, paging)),
  );
}

/** GET /groups/events: one page of the group's upcoming events, soonest first. */
async function listGroupEvents(token: string, groupId: number, { page, limit }: Paging, when: GroupEventsWhen): Promise<EventSummary[]> {
  const data = await apiFetch(apiConfig(), '/groups/events', {
    token,
    query: { group_id: groupId, when, page, limit, fields: EVENT_LIST_FIELDS },
  });
  return parseEventList(data);
}

/** Which of a group's events a page lists: those to come (soonest first) or those ended (most recent first). */
export type GroupEventsWhen = Exclude<EventWhen, 'all'>;

/** The Events tab: the group and one page of its upcoming or past events. */
export function getGroupEvents(
  token: string,
  id: number,
  paging: Paging,
  when: GroupEventsWhen = 'upcoming',
): Promise<{ group: GroupDetail; list: EventSummary[] } | undefined> {
  return groupWith(
    token,
    id,
    ['events'],
    { event_when: when, event_page: paging.page, event_limit: paging.limit, event_fields: EVENT_LIST_FIELDS },
    (d) => parseEventList(d.events),
    () => hidden404(listGroupEvents(token, id, paging, when)),
  );
}

interface GroupMembersList {
  members: GroupMember[];
  /** The requests and invitations waiting: officers alone are told (empty for anyone else). */
  waiting: GroupMember[];
}

/** The Members tab: the group, one page of its members and, for officers, the first page of the people waiting. */
export function getGroupMembers(
  token: string,
  id: number,
  paging: Paging,
): Promise<{ group: GroupDetail; list: GroupMembersList } | undefined> {
  return groupWith(
    token,
    id,
    ['members', 'waiting'],
    { member_page: paging.page, member_limit: paging.limit, waiting_limit: paging.limit },
    (d) => ({ members: parseGroupMembers(d.members), waiting: d.waiting ? parseGroupMembers(d.waiting) : [] }),
    async (group) => {
      // The group's counts say whether anyone waits: an officer's second read only then.
      const someone = group.can.approve && !!group.waiting && group.waiting.requested + group.waiting.invited > 0;
      const [members, waiting] = await Promise.all([
        hidden404(listGroupMembers(token, id, paging)),
        someone ? listGroupMembers(token, id, { waiting: true, limit: paging.limit }) : [],
      ]);
      return members && { members, waiting };
    },
  );
}
