import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { get, picture, post } from '../fixtures.ts';
import { addToGroup, makeGroup } from './group-fixtures.ts';

// A group's page in one request (docs/api.md, "Groups": a tab in one request): GET /groups/{id}
// carries a page of its wall, photos, events, members or the people waiting when `fields` names
// the list, each exactly what its own endpoint answers, with that endpoint's words prefixed.

const t = setupApi();
const GROUPS = '/api/v1/groups';

let olive: Member, mia: Member, rita: Member;
/** An approval group with three posts on its wall, two photos, an event, a member and a request waiting. */
let club: number;
let posts: number[];

const detail = (token: string, query: Record<string, string | number>) => get(t, token, `${GROUPS}/${club}`, query);

beforeAll(async () => {
  olive = await createMember(t.db, 'Olive Officer');
  mia = await createMember(t.db, 'Mia Member');
  rita = await createMember(t.db, 'Rita Requester');
  club = await makeGroup(t.db, olive.id, { title: 'Hiking club', approval: 1 });
  await addToGroup(t.db, club, mia.id, 'member');
  await addToGroup(t.db, club, rita.id, 'requested');
  posts = [];
  for (const body of ['First walk', 'Second walk', 'Third walk']) {
    const res = await post(t, mia.token, '/api/v1/activities', { subject_type: 'group', subject_id: club, body });
    expect(res.status).toBe(200);
    posts.push(res.body.data.id);
  }
  const jpeg = await picture('jpeg');
  const ids: number[] = [];
  for (let i = 0; i < 2; i += 1) {
    const up = await post(
      t,
      olive.token,
      `${GROUPS}/photos_upload`,
      { group_id: club },
      { Filedata: { filename: 'p.jpg', content: jpeg } },
    );
    ids.push(up.body.data.id);
  }
  const added = await post(t, olive.token, `${GROUPS}/photos`, { group_id: club, ids: ids.join(',') });
  expect(added.status).toBe(200);
  posts.push(added.body.data.activity_id);
  const event = await post(t, olive.token, '/api/v1/events', { title: 'Ridge walk', parent_type: 'group', parent_id: club });
  expect(event.status).toBe(200);
});

describe('GET /groups/{id} with its lists', () => {
  it('carries each list its own endpoint answers, paged with its prefixed words, beside the group', async () => {
    const wallQuery = { subject_type: 'group', subject_id: club, fields: 'id,owner,content', limit: 2 };
    const wall = await get(t, mia.token, '/api/v1/activities', wallQuery);
    const withWall = await detail(mia.token, { fields: 'id,title,can_post,wall', wall_fields: 'id,owner,content', wall_limit: 2 });
    expect(withWall.status).toBe(200);
    expect(withWall.body.data).toEqual({ id: club, title: 'Hiking club', can_post: true, wall: wall.body.data });
    // The photos' post and the third walk, newest first; the next page below next_id.
    expect(wall.body.data.items.map((a: { id: number }) => a.id)).toEqual([posts[3], posts[2]]);
    const older = await detail(mia.token, { fields: 'wall', wall_fields: 'id', wall_maxid: wall.body.data.next_id, wall_limit: 2 });
    expect(older.body.data.wall).toMatchObject({ items: [{ id: posts[1] }, { id: posts[0] }], end_of_feed: true });

    const cases: Array<[string, string, Record<string, string | number>, Record<string, string | number>]> = [
      [
        'photos',
        `${GROUPS}/photos`,
        { fields: 'id,thumb', limit: 1, page: 2 },
        { photo_fields: 'id,thumb', photo_limit: 1, photo_page: 2 },
      ],
      ['events', `${GROUPS}/events`, { fields: 'id,title', when: 'all' }, { event_fields: 'id,title', event_when: 'all' }],
      ['members', `${GROUPS}/members`, { limit: 1, page: 2 }, { member_limit: 1, member_page: 2 }],
    ];
    for (const [name, url, own, prefixed] of cases) {
      const alone = await get(t, olive.token, url, { group_id: club, ...own });
      expect(alone.status, name).toBe(200);
      expect(alone.body.data, name).toHaveLength(1);
      const together = await detail(olive.token, { fields: `id,${name}`, ...prefixed });
      expect(together.body.data, name).toEqual({ id: club, [name]: alone.body.data });
    }
  });

  it('gives the people waiting to officers alone (null for anyone else), and no list that fields does not name', async () => {
    const waiting = await get(t, olive.token, `${GROUPS}/members`, { group_id: club, waiting: 1 });
    expect(waiting.body.data).toEqual([expect.objectContaining({ id: rita.id, waiting_type: 'requested' })]);
    const officer = await detail(olive.token, { fields: 'requested_count,members,waiting', waiting_limit: 5 });
    expect(officer.body.data).toEqual({
      requested_count: 1,
      members: [expect.objectContaining({ id: olive.id, membership: 'owner' }), expect.objectContaining({ id: mia.id, membership: '' })],
      waiting: waiting.body.data,
    });
    expect((await detail(mia.token, { fields: 'requested_count,waiting' })).body.data).toEqual({ requested_count: null, waiting: null });
    const plain = await detail(mia.token, {});
    for (const name of ['wall', 'photos', 'events', 'members', 'waiting']) expect(plain.body.data, name).not.toHaveProperty(name);
  });

  it("refuses a list's unknown field naming its own word (400), and a hidden group stays 404 with its lists", async () => {
    for (const [word, name] of [
      ['wall_fields', 'wall'],
      ['photo_fields', 'photos'],
      ['event_fields', 'events'],
    ]) {
      const res = await detail(mia.token, { fields: name!, [word!]: 'id,nonsense' });
      expect(res.status, word).toBe(400);
      expect(res.body.data.error_params, word).toEqual([expect.objectContaining({ name: word })]);
    }
    const hidden = await makeGroup(t.db, olive.id, { auth_view: 'member' });
    const res = await get(t, mia.token, `${GROUPS}/${hidden}`, { fields: 'id,wall,photos,events,members' });
    expect(res.status).toBe(404);
  });
});
