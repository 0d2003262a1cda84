import { describe, expect, it } from 'vitest';
import type { NotificationGroup } from '../social-api/activities.ts';
import { byDay } from './groups.ts';

const group = (key: string, latest: number): NotificationGroup => ({
  key,
  kind: 'like',
  item: { type: 'classified', id: 9 },
  title: 'Road bike',
  actors: [{ id: 1, name: 'Alice', image: '' }],
  actorCount: 1,
  newestId: 1,
  latest,
  read: true,
});

describe('byDay', () => {
  it('sections the groups by the day of their latest notification in the reader’s zone, in the list’s order', () => {
    const at = (h: number) => Date.UTC(2026, 10, 26, h);
    const groups = [group('a', at(12)), group('b', at(4)), group('c', at(3))];
    expect(byDay(groups, 'UTC').map((d) => [d.day, d.groups.map((g) => g.key)])).toEqual([['2026-11-26', ['a', 'b', 'c']]]);
    // At 04:00 and 03:00 UTC it is still the 25th in New York.
    expect(byDay(groups, 'America/New_York').map((d) => [d.day, d.groups.map((g) => g.key)])).toEqual([
      ['2026-11-26', ['a']],
      ['2026-11-25', ['b', 'c']],
    ]);
  });
});
