import { dayKey } from '../events/time.ts';
import type { Notification, NotificationKind } from '../social-api/activities.ts';
import type { Who } from '../social-api/users.ts';

// The notification list as people read it: likes and shares of the same thing on the same day
// (the reader's day, in their zone) are one row, "Alice, Bob and 3 others liked your listing";
// everything else (comments, tags, invitations, requests) stays a row of its own. The API lists
// single notifications; grouping them is the client's (README, "Extensions": notifications), and
// so is paging in whole days, so that a group is never split or repeated across pages.

/** The kinds that collapse: many people doing the same to the same thing. */
const COLLAPSING: ReadonlySet<NotificationKind> = new Set(['like', 'share']);

/** One row of the list: one notification, or several likes (or shares) of one thing on one day. */
export interface NotificationGroup {
  /** Stable across renders and pages: the kind, the thing and the day for a group, else the notification's id. */
  key: string;
  kind: NotificationKind;
  item: Notification['item'];
  title: string;
  commentId?: number;
  /** The reader's day of the group (`YYYY-MM-DD` in their zone). */
  day: string;
  /** Newest first, each person once. */
  actors: Who[];
  /** Newest first. */
  notifications: Notification[];
  /** The newest notification's time (epoch ms). */
  latest: number;
  /** Unread while any of its notifications is. */
  read: boolean;
}

/** Groups a newest-first list; the groups come newest first (by their newest notification). */
export function groupNotifications(list: readonly Notification[], zone: string): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const open = new Map<string, NotificationGroup>();
  for (const n of list) {
    const day = dayKey(n.createdAt, zone);
    const collapses = COLLAPSING.has(n.kind);
    const key = collapses ? `${n.kind}:${n.item.type}:${n.item.id}:${n.commentId ?? ''}:${day}` : `n${n.id}`;
    const group = collapses ? open.get(key) : undefined;
    if (group) {
      group.notifications.push(n);
      if (!group.actors.some((a) => a.id === n.actor.id)) group.actors.push(n.actor);
      group.read &&= n.read;
      continue;
    }
    const fresh: NotificationGroup = {
      key,
      kind: n.kind,
      item: n.item,
      title: n.title,
      ...(n.commentId ? { commentId: n.commentId } : {}),
      day,
      actors: [n.actor],
      notifications: [n],
      latest: n.createdAt,
      read: n.read,
    };
    groups.push(fresh);
    if (collapses) open.set(key, fresh);
  }
  return groups;
}

/** The list's days in order, each with its groups: the sections Today, Yesterday, then dates. */
export function byDay(groups: readonly NotificationGroup[]): Array<{ day: string; groups: NotificationGroup[] }> {
  const days: Array<{ day: string; groups: NotificationGroup[] }> = [];
  for (const g of groups) {
    const last = days.at(-1);
    if (last?.day === g.day) last.groups.push(g);
    else days.push({ day: g.day, groups: [g] });
  }
  return days;
}

/** Notifications read from the API at a time (its largest page). */
export const WINDOW = 50;
/** Windows read for one page at most: a single day with more notifications than this is split there. */
const MAX_WINDOWS = 4;

/** One page of the list: whole days, and where the next page starts (a cursor: the last notification shown). */
export interface NotificationPage {
  notifications: Notification[];
  next?: number;
}

/**
 * Reads one page of whole days: a window of notifications, less its oldest day when the window
 * is full (that day may go on in the next window; it starts the next page instead). A window
 * that holds a single day reads on until the day ends, up to MAX_WINDOWS windows. `read(before)`
 * gives up to WINDOW notifications after the cursor (undefined: the server has no list).
 */
export async function readPage(
  read: (before: number | undefined) => Promise<Notification[] | undefined>,
  before: number | undefined,
  zone: string,
): Promise<NotificationPage | undefined> {
  const rows: Notification[] = [];
  let cursor = before;
  for (let i = 0; i < MAX_WINDOWS; i++) {
    const got = await read(cursor);
    if (got === undefined) return i === 0 ? undefined : { notifications: rows };
    rows.push(...got);
    if (got.length < WINDOW) return { notifications: rows };
    const oldest = dayKey(rows.at(-1)!.createdAt, zone);
    const cut = rows.findIndex((n) => dayKey(n.createdAt, zone) === oldest);
    if (cut > 0) return { notifications: rows.slice(0, cut), next: rows[cut - 1]!.id };
    cursor = rows.at(-1)!.id;
  }
  return { notifications: rows, next: rows.at(-1)!.id };
}
