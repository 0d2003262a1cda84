import type { GroupRole } from '../db/types.ts';
import { storeImage } from '../storage/images.ts';
import { landscapeJpeg } from './pictures.ts';
import type { SeedContext } from './context.ts';

const DAY = 86400;

interface DemoGroup {
  owner: number;
  title: string;
  description: string;
  category: string;
  approval?: number;
  auth_view?: GroupRole;
  photo: boolean;
  /** Days before seeding it was made. */
  age: number;
  /** Other people's rows, by demo user index: officers (with their title), members, requests and invitations. */
  people: Array<[number, 'officer' | 'member' | 'requested' | 'invited', string?]>;
}

const GROUPS: DemoGroup[] = [
  {
    owner: 0,
    title: 'Springfield runners',
    description: 'Easy runs around town on Tuesday evenings and a long one on Sunday mornings. Every pace is welcome.',
    category: 'Sports',
    photo: true,
    age: 40,
    people: [
      [1, 'officer', 'Route planner'],
      [2, 'member'],
      [3, 'member'],
      [5, 'member'],
    ],
  },
  {
    owner: 0,
    title: 'Elm Street neighbours',
    description: 'For the people of Elm Street: lost cats, street parties, tools to lend. Ask to join and an officer lets you in.',
    category: 'Neighbourhood',
    approval: 1,
    photo: true,
    age: 25,
    people: [
      [4, 'member'],
      [6, 'requested'],
      [8, 'requested'],
      [2, 'invited'],
    ],
  },
  {
    owner: 1,
    title: 'Film club',
    description: 'One classic a month, watched at home and talked over on Friday. Suggestions welcome.',
    category: 'Arts & Culture',
    photo: false,
    age: 18,
    people: [
      [2, 'member'],
      [3, 'officer'],
      [0, 'member'],
    ],
  },
  {
    owner: 7,
    title: 'Sourdough bakers',
    description: 'Starters, crumb shots and the loaves that went wrong. Members only: ask to join.',
    category: 'Hobbies',
    approval: 1,
    auth_view: 'member',
    photo: true,
    age: 9,
    people: [
      [8, 'member'],
      [9, 'member'],
    ],
  },
];

/**
 * Demo groups (issue 48): open and approval groups, one for its members only, with officers,
 * members, requests and an invitation waiting, so that /groups and a group's Members tab are not
 * empty in the demo. No notifications: the demo's notifications stay what the other modules made.
 */
export async function seedGroups({ db, config, r, t0, users, log }: SeedContext): Promise<void> {
  log('seeding groups…');
  const uid = (i: number) => users[i]!;
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'title']).where('module', '=', 'group').execute()).map((c) => [c.title, c.id]),
  );
  for (const g of GROUPS) {
    const picture = g.photo ? await storeImage(config.dataDir, await landscapeJpeg(r, 900, 300)) : undefined;
    const created = t0 - g.age * DAY;
    const row = await db
      .insertInto('groups')
      .values({
        owner_id: uid(g.owner),
        title: g.title,
        description: g.description,
        category_id: categories.get(g.category) ?? null,
        allow_search: 1,
        approval: g.approval ?? 0,
        auth_invite: 'member',
        auth_view: g.auth_view ?? 'everyone',
        auth_comment: 'member',
        auth_photo: 'member',
        auth_event: 'officer',
        image_key: picture?.key ?? null,
        image_width: picture?.width ?? null,
        image_height: picture?.height ?? null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('group_members')
      .values([
        { group_id: row.id, user_id: uid(g.owner), state: 'officer', title: '', invited_by: null, created_at: created },
        ...g.people.map(([m, state, title], k) => ({
          group_id: row.id,
          user_id: uid(m),
          state,
          title: title ?? '',
          invited_by: state === 'invited' ? uid(g.owner) : null,
          created_at: created + (k + 1) * 3600,
        })),
      ])
      .execute();
  }
}
