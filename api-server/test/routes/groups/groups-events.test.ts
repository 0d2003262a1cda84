import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, post } from '../fixtures.ts';
import { addToGroup, makeGroup } from './group-fixtures.ts';

// A group's events (issue 48; docs/api.md, "Groups": events): POST /events with
// parent_type=group&parent_id (per the group's auth_event), whose privacy adds parent_member (the
// group's members), and GET /groups/events.

const t = setupApi();
const EVENTS = '/api/v1/events';

let olive: Member, mia: Member, sam: Member, visitorToken: string;
/** A public group, and the members-only event its owner made in it. */
let club: number, meetup: number;

const create = (token: string, fields: Record<string, string | number>) => post(t, token, EVENTS, { title: 'Night walk', ...fields });
const groupEvents = (token: string | null, group: number) => get(t, token, '/api/v1/groups/events', { group_id: group, fields: 'id' });
const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((e) => e.id);

beforeAll(async () => {
  olive = await createMember(t.db, 'Olive Officer');
  mia = await createMember(t.db, 'Mia Member');
  sam = await createMember(t.db, 'Sam Stranger');
  visitorToken = await tokenFor(t.db, null);
  club = await makeGroup(t.db, olive.id, { title: 'Hiking club' });
  await addToGroup(t.db, club, mia.id, 'member');
  const res = await create(olive.token, { parent_type: 'group', parent_id: club, auth_view: 'parent_member', title: 'Lantern ridge walk' });
  expect(res.status).toBe(200);
  meetup = res.body.data.id;
});

describe('POST /events in a group', () => {
  it('makes the event in the group: the detail says so, and the group lists it to its members alone', async () => {
    const detail = await get(t, mia.token, `${EVENTS}/${meetup}`, { fields: 'id,parent_type,parent_id,auth_view' });
    expect(detail.body.data).toEqual({ id: meetup, parent_type: 'group', parent_id: club, auth_view: 'parent_member' });
    expect(ids(await groupEvents(olive.token, club))).toEqual([meetup]);
    expect(ids(await groupEvents(mia.token, club))).toEqual([meetup]);
    // Sam and a visitor see the public group, not its members' event.
    expect(ids(await groupEvents(sam.token, club))).toEqual([]);
    expect(ids(await groupEvents(visitorToken, club))).toEqual([]);
    for (const token of [sam.token, visitorToken]) expect((await get(t, token, `${EVENTS}/${meetup}`)).status).toBe(404);
    const own = await get(t, olive.token, `${EVENTS}/${(await create(olive.token, {})).body.data.id}`, { fields: 'parent_type,parent_id' });
    expect(own.body.data).toEqual({ parent_type: 'user', parent_id: olive.id });
  });

  it('parent_member lets the members in everywhere an event is read: the list of events, search, comments', async () => {
    for (const [who, sees] of [
      [mia, true],
      [sam, false],
    ] as const) {
      expect(ids(await get(t, who.token, EVENTS, { fields: 'id' })).includes(meetup)).toBe(sees);
      const found = await get(t, who.token, '/api/v1/core/search', { keywords: 'lantern' });
      expect(found.body.data.items.map((i: { id: number }) => i.id)).toEqual(sees ? [meetup] : []);
      const comment = await post(t, who.token, '/api/v1/core/comments', { item_type: 'event', item_id: meetup, body: 'Count me in' });
      expect(comment.status).toBe(sees ? 200 : 404);
    }
  });

  it('refuses who may not add events (403), a hidden group (404), a group without its id, and the wrong privacy (400); nothing is made', async () => {
    const hidden = await makeGroup(t.db, olive.id, { auth_view: 'member' });
    const count = async () => (await t.db.selectFrom('events').select('id').execute()).length;
    const before = await count();
    const refused = await create(mia.token, { parent_type: 'group', parent_id: club });
    expect(refused.status).toBe(403);
    expect(refused.body.data.message).toBe('You may not add events to this group.');
    expect((await create(sam.token, { parent_type: 'group', parent_id: hidden })).status).toBe(404);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ parent_type: 'group' }, 'parent_id'],
      [{ auth_view: 'parent_member' }, 'auth_view'],
      [{ parent_type: 'group', parent_id: club, auth_comment: 'owner_member' }, 'auth_comment'],
    ];
    for (const [fields, name] of cases) {
      const res = await create(olive.token, fields);
      expect(res.status).toBe(400);
      expect(res.body.data.error_params).toContainEqual(expect.objectContaining({ name }));
    }
    expect(await count()).toBe(before);
    // An edit keeps to the same choices.
    const edit = await post(t, olive.token, `${EVENTS}/${meetup}`, { title: 'Lantern ridge walk', auth_view: 'owner_member' });
    expect(edit.status).toBe(400);
  });

  it("an event in a members-only group is hidden with the group, whatever its own privacy; the group's auth_event decides who adds", async () => {
    const quiet = await makeGroup(t.db, olive.id, { auth_view: 'member' });
    await addToGroup(t.db, quiet, mia.id, 'member');
    await t.db.updateTable('groups').set({ auth_event: 'member' }).where('id', '=', quiet).execute();
    const id = (await create(mia.token, { parent_type: 'group', parent_id: quiet, auth_view: 'everyone' })).body.data.id;
    expect((await get(t, olive.token, `${EVENTS}/${id}`)).status).toBe(200);
    expect((await get(t, sam.token, `${EVENTS}/${id}`)).status).toBe(404);
    expect((await get(t, sam.token, '/api/v1/groups/events', { group_id: quiet })).status).toBe(404);
  });

  it("invitations to a members' event go to those who may see it", async () => {
    await befriend(t.db, olive.id, sam.id);
    const res = await post(t, olive.token, `${EVENTS}/${meetup}/invite`, { user_ids: `${sam.id}` });
    expect(res.status).toBe(400);
    expect(res.body.data.error_params).toContainEqual(expect.objectContaining({ name: 'user_ids' }));
  });
});

describe('GET /events/view_options', () => {
  it('adds parent_member (and leaves out friends) for parent_type=group', async () => {
    const plain = (await get(t, olive.token, `${EVENTS}/view_options`)).body.data.map((o: { id: string }) => o.id);
    expect(plain).toEqual(['everyone', 'registered', 'owner_member', 'owner']);
    const inGroup = await get(t, olive.token, `${EVENTS}/comment_options`, { parent_type: 'group' });
    expect(inGroup.body.data).toEqual([
      { id: 'everyone', title: 'Everyone' },
      { id: 'registered', title: 'All members' },
      { id: 'parent_member', title: 'Group members' },
      { id: 'owner', title: 'Only me' },
    ]);
  });
});

describe('deleting the group', () => {
  it("keeps its events, their owners': a members' event is then its owner's alone", async () => {
    const group = await makeGroup(t.db, olive.id);
    await addToGroup(t.db, group, mia.id, 'member');
    const id = (await create(olive.token, { parent_type: 'group', parent_id: group, auth_view: 'parent_member' })).body.data.id;
    expect((await get(t, mia.token, `${EVENTS}/${id}`)).status).toBe(200);
    expect((await del(t, olive.token, `/api/v1/groups/${group}`)).status).toBe(200);
    expect((await get(t, olive.token, `${EVENTS}/${id}`, { fields: 'parent_type' })).body.data).toEqual({ parent_type: 'user' });
    expect((await get(t, mia.token, `${EVENTS}/${id}`)).status).toBe(404);
  });
});
