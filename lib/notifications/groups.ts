import type { NotificationGroup } from '../social-api/activities.ts';
import { dayKey } from '../time/zones.ts';

// The notification list as people read it: the server groups (GET /activities/notifications/groups:
// likes and shares of the same thing on the same day of the reader's zone are one row) and pages by
// whole groups (docs/api.md, "Extensions": Notifications;
// docs/decisions/0014-notifications-grouped-by-the-api.md); the client lays the rows out by day.

/** The list's days in order (the reader's, `YYYY-MM-DD`), each with its groups: the sections Today, Yesterday, then dates. */
export function byDay(groups: readonly NotificationGroup[], zone: string): Array<{ day: string; groups: NotificationGroup[] }> {
  const days: Array<{ day: string; groups: NotificationGroup[] }> = [];
  for (const g of groups) {
    const day = dayKey(g.latest, zone);
    const last = days.at(-1);
    if (last?.day === day) last.groups.push(g);
    else days.push({ day, groups: [g] });
  }
  return days;
}
