import { cookies } from 'next/headers';
import { getSession } from '../auth/session.ts';
import { listNotificationGroups } from '../social-api/activities.ts';
import { validZone } from '../time/zones.ts';
import { fetchHeaderCounts } from './count.ts';
import { groupHref, wordsOf } from './words.ts';

// The bell's two reads, for every signed-in page (components/shell/notification-bell.tsx):
// GET /api/notifications/count, the unread counts its one polling tab asks for (the bell's, and
// the envelope's beside it: one GET /activities/updates gives both); and
// GET /api/notifications/latest, the latest few groups its panel shows when opened (the panel
// then marks them seen: components/notifications/actions.ts markSeen).

const SIGNED_OUT = () => Response.json({ message: 'Sign in to see your notifications.' }, { status: 401 });

/**
 * The unread counts now (200 `{count, messages}`: `messages` null where the envelope is not shown);
 * 503 when the API would not say, so that the poll backs off.
 */
export async function bellCount(): Promise<Response> {
  const session = await getSession();
  if (!session) return SIGNED_OUT();
  const counts = await fetchHeaderCounts(session.userId, session.accessToken);
  return counts === null
    ? Response.json({ message: 'The count is not available right now.' }, { status: 503, headers: { 'cache-control': 'no-store' } })
    : Response.json({ count: counts.notifications, messages: counts.messages }, { headers: { 'cache-control': 'no-store' } });
}

/** A row of the bell's panel, its words made here. */
export interface PanelRow {
  key: string;
  href: string | null;
  names: string;
  what: string;
  latest: number;
  read: boolean;
  image: string;
}

const PANEL_ROWS = 6;

/** The latest few groups (200 `{rows, newest}`, `rows: null` on a server without the list; `newest`: the newest notification shown). */
export async function bellLatest(): Promise<Response> {
  const session = await getSession();
  if (!session) return SIGNED_OUT();
  const zone = validZone((await cookies()).get('tz')?.value) ?? 'UTC';
  const groups = await listNotificationGroups(session.accessToken, { limit: PANEL_ROWS, zone });
  const rows: PanelRow[] | null =
    groups?.map((g) => ({
      key: g.key,
      href: groupHref(g) ?? null,
      ...wordsOf(g),
      latest: g.latest,
      read: g.read,
      image: g.actors[0]?.image ?? '',
    })) ?? null;
  const newest = (groups ?? []).reduce((max, g) => Math.max(max, g.newestId), 0);
  return Response.json({ rows, newest }, { headers: { 'cache-control': 'no-store' } });
}
