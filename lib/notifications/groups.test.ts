import { describe, expect, it } from 'vitest';
import type { Notification, NotificationKind } from '../social-api/activities.ts';
import { byDay, groupNotifications, readPage, WINDOW } from './groups.ts';

const HOUR = 3_600_000;
const person = (id: number) => ({ id, name: `Person ${id}`, image: '' });

/** A seeded pseudo-random generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS: NotificationKind[] = ['like', 'like', 'like', 'share', 'comment', 'tag', 'event_invite', 'event_request', 'friend_request'];

/** `count` notifications over `days` days before `end`, newest first, as the API lists them (a time, then a lower id). */
function generate(count: number, days: number, seed: number, end = Date.UTC(2026, 10, 26, 20)): Notification[] {
  const next = random(seed);
  const rows: Notification[] = [];
  for (let id = 1; id <= count; id++) {
    const kind = KINDS[Math.floor(next() * KINDS.length)]!;
    const itemId = 1 + Math.floor(next() * 4);
    rows.push({
      id,
      kind,
      actor: person(1 + Math.floor(next() * 12)),
      item: kind === 'friend_request' ? { type: 'user', id: itemId } : { type: itemId % 2 ? 'classified' : 'blog', id: itemId },
      title: `Thing ${itemId}`,
      createdAt: end - Math.floor(next() * days * 24 * HOUR),
      read: next() < 0.5,
    });
  }
  return rows.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

/** A server's list after a cursor, WINDOW at a time, as readPage's `read`. */
const serverOf = (all: Notification[]) => async (before: number | undefined) => {
  const from = before === undefined ? 0 : all.findIndex((n) => n.id === before) + 1;
  return all.slice(from, from + WINDOW);
};

const notification = (over: Partial<Notification> & Pick<Notification, 'id'>): Notification => ({
  kind: 'like',
  actor: person(over.id),
  item: { type: 'classified', id: 9 },
  title: 'Road bike',
  createdAt: Date.UTC(2026, 10, 26, 12) - over.id * 60_000,
  read: true,
  ...over,
});

describe('groupNotifications', () => {
  it('likes of the same thing on the same day are one group naming each person once, newest first; unread while any is', () => {
    const groups = groupNotifications(
      [
        notification({ id: 1, actor: person(1) }),
        notification({ id: 2, actor: person(2), read: false }),
        notification({ id: 3, actor: person(1) }),
        notification({ id: 4, actor: person(3) }),
      ],
      'UTC',
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.actors.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(groups[0]!.notifications.map((n) => n.id)).toEqual([1, 2, 3, 4]);
    expect(groups[0]!.read).toBe(false);
    expect(groups[0]!.latest).toBe(Date.UTC(2026, 10, 26, 12) - 60_000);
  });

  it('separates days (in the reader’s zone), things, kinds and a liked comment from its item', () => {
    const at = (h: number) => Date.UTC(2026, 10, 26, h);
    const groups = groupNotifications(
      [
        notification({ id: 1, createdAt: at(3) }),
        notification({ id: 2, createdAt: at(2) }),
        notification({ id: 3, createdAt: at(1), item: { type: 'classified', id: 10 } }),
        notification({ id: 4, createdAt: at(1), kind: 'share' }),
        notification({ id: 5, createdAt: at(0), commentId: 77 }),
      ],
      'UTC',
    );
    expect(groups.map((g) => g.notifications.map((n) => n.id))).toEqual([[1, 2], [3], [4], [5]]);
    // At 03:00 and 02:00 UTC it is still the 25th in New York: one day, then the other.
    const ny = groupNotifications(
      [notification({ id: 1, createdAt: at(6) }), notification({ id: 2, createdAt: at(4) })],
      'America/New_York',
    );
    expect(ny.map((g) => g.day)).toEqual(['2026-11-26', '2026-11-25']);
  });

  it('never collapses comments, tags, invitations, join requests or friend requests', () => {
    for (const kind of ['comment', 'tag', 'event_invite', 'event_request', 'friend_request', 'friend_accept', 'wall_post'] as const) {
      const groups = groupNotifications([notification({ id: 1, kind }), notification({ id: 2, kind })], 'UTC');
      expect(groups, kind).toHaveLength(2);
    }
  });

  it('over several hundred generated notifications: every like or share of a thing on a day in one group, nothing lost or twice', () => {
    const all = generate(600, 10, 7);
    const groups = groupNotifications(all, 'Europe/Paris');
    expect(groups.flatMap((g) => g.notifications.map((n) => n.id)).sort((a, b) => a - b)).toEqual(
      all.map((n) => n.id).sort((a, b) => a - b),
    );
    const keys = new Set<string>();
    for (const g of groups) {
      expect(keys.has(g.key)).toBe(false);
      keys.add(g.key);
      if (g.kind === 'like' || g.kind === 'share') {
        for (const n of g.notifications) expect([n.kind, n.item, n.commentId]).toEqual([g.kind, g.item, g.commentId]);
      } else expect(g.notifications).toHaveLength(1);
    }
    // Groups come newest first, and so do the days.
    expect(groups.map((g) => g.latest)).toEqual([...groups.map((g) => g.latest)].sort((a, b) => b - a));
    expect(byDay(groups).map((d) => d.day)).toEqual([...new Set(groups.map((g) => g.day))]);
  });
});

describe('readPage', () => {
  it('pages in whole days: no group split or repeated across pages, and together the pages are the whole list', async () => {
    for (const seed of [1, 2, 3]) {
      const all = generate(700, 12, seed);
      const read = serverOf(all);
      const seen = new Map<string, number>();
      const shown: number[] = [];
      let before: number | undefined;
      let pages = 0;
      do {
        const page = (await readPage(read, before, 'UTC'))!;
        pages++;
        for (const g of groupNotifications(page.notifications, 'UTC')) {
          expect(seen.has(g.key), `${g.key} on two pages`).toBe(false);
          seen.set(g.key, pages);
        }
        shown.push(...page.notifications.map((n) => n.id));
        before = page.next;
      } while (before !== undefined);
      expect(shown).toEqual(all.map((n) => n.id));
      expect(pages).toBeGreaterThan(5);
      // The groups of the pages are the groups of the whole list.
      expect([...seen.keys()].sort()).toEqual(
        groupNotifications(all, 'UTC')
          .map((g) => g.key)
          .sort(),
      );
    }
  });

  it('a day longer than a window is read whole; the last page has no next', async () => {
    const busy = generate(WINDOW * 2 + 10, 0.5, 4, Date.UTC(2026, 10, 26, 20));
    // More than a window of one older day: the third window is full, and its oldest day starts the next page.
    const older = generate(WINDOW + 10, 0.3, 5, Date.UTC(2026, 10, 20, 12)).map((n) => ({ ...n, id: n.id + 1000 }));
    const all = [...busy, ...older];
    const first = (await readPage(serverOf(all), undefined, 'UTC'))!;
    expect(first.notifications).toHaveLength(busy.length);
    expect(first.next).toBe(busy.at(-1)!.id);
    const second = (await readPage(serverOf(all), first.next, 'UTC'))!;
    expect(second.notifications.map((n) => n.id)).toEqual(older.map((n) => n.id));
    expect(second.next).toBeUndefined();
  });

  it('a server without the list: undefined', async () => {
    expect(await readPage(async () => undefined, undefined, 'UTC')).toBeUndefined();
  });
});
