import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { seedGroups } from '../../src/seed/groups.ts';
import { rng } from '../../src/seed/random.ts';
import { createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

const t = setupApi();
let users: number[];

beforeAll(async () => {
  users = [];
  for (let i = 0; i < 10; i++) users.push((await createUser(t.db)).id);
  await seedGroups({ db: t.db, config: t.config, r: rng(1), t0: now(), users, friendsOf: () => [], log: () => {} });
});

describe('groups demo data', () => {
  it('lists open and approval groups to Demo User, not the members-only one; their group waits on two requests and an invitation', async () => {
    const demo = await tokenFor(t.db, users[0]!);
    const listed = (await get(t, demo, '/api/v1/groups?fields=id,title,total_member,membership')).body.data as Array<{
      id: number;
      title: string;
      total_member: number;
      membership: string | null;
    }>;
    expect(listed.map((g) => [g.title, g.total_member, g.membership])).toEqual([
      ['Film club', 4, 'member'],
      ['Elm Street neighbours', 2, 'owner'],
      ['Springfield runners', 5, 'owner'],
    ]);
    const elm = listed.find((g) => g.title === 'Elm Street neighbours')!;
    const waiting = (await get(t, demo, `/api/v1/groups/members?group_id=${elm.id}&waiting=1`)).body.data as Array<{
      id: number;
      waiting_type: string;
    }>;
    expect(waiting.map((w) => [w.id, w.waiting_type])).toEqual([
      [users[6], 'requested'],
      [users[8], 'requested'],
      [users[2], 'invited'],
    ]);
    const runners = listed.find((g) => g.title === 'Springfield runners')!;
    const staff = (await get(t, demo, `/api/v1/groups/${runners.id}?fields=staff,thumb`)).body.data;
    expect(staff.thumb).not.toBe('');
    expect(staff.staff.map((s: { id: number; membership: string }) => [s.id, s.membership])).toEqual([
      [users[0], 'owner'],
      [users[1], 'Route planner'],
    ]);
    // Grace's bakers are for their members: Ivy, one of them, sees them.
    const ivy = await tokenFor(t.db, users[9]!);
    expect(((await get(t, ivy, '/api/v1/groups?fields=title')).body.data as Array<{ title: string }>).map((g) => g.title)).toContain(
      'Sourdough bakers',
    );
  });
});
