import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createMember, tokenFor, type Answer, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { del, get, picture, post } from '../fixtures.ts';
import { addToGroup, DETAIL_KEYS, groupCategory, makeGroup, stateIn } from './group-fixtures.ts';

const t = setupApi();
let owner: Member, friend: Member, stranger: Member, clientToken: string;

beforeAll(async () => {
  owner = await createMember(t.db, 'Alice Owner');
  friend = await createMember(t.db, 'Grace Friend');
  stranger = await createMember(t.db, 'Sam Stranger');
  await befriend(t.db, owner.id, friend.id);
  clientToken = await tokenFor(t.db, null);
});

const URL = '/api/v1/groups';

function expectParamError(res: Answer, name: string, errorText = 'invalid_parameter') {
  expect(res.status).toBe(400);
  expect(res.body.data.error_text).toBe('invalid_parameters');
  expect(res.body.data.error_params).toContainEqual(expect.objectContaining({ name, error_text: errorText }));
}

const detail = async (token: string | null, id: number, fields?: string) => get(t, token, `${URL}/${id}`, fields ? { fields } : {});

describe('POST /groups', () => {
  it('answers the new id; the creator owns it, is its first officer, and the settings default as the origin', async () => {
    const res = await post(t, owner.token, URL, { title: '  Hiking club ', description: 'Walks on Sundays' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: expect.any(Number) } });
    const id = res.body.data.id as number;
    expect(await stateIn(t.db, id, owner.id)).toBe('officer');
    const g = (
      await detail(
        owner.token,
        id,
        'title,description,membership,total_member,allow_search,approval,auth_invite,auth_view,auth_comment,auth_photo,auth_event,category',
      )
    ).body.data;
    expect(g).toEqual({
      title: 'Hiking club',
      description: 'Walks on Sundays',
      membership: 'owner',
      total_member: 1,
      allow_search: 1,
      approval: 0,
      auth_invite: 'member',
      auth_view: 'everyone',
      auth_comment: 'member',
      auth_photo: 'member',
      auth_event: 'officer',
      category: null,
    });
  });

  it('takes every setting, a category and a photo (thumb and img served)', async () => {
    const category = await groupCategory(t.db, 'Sports');
    const res = await post(
      t,
      owner.token,
      URL,
      {
        title: 'Chess',
        category_id: category,
        allow_search: 0,
        approval: 1,
        auth_invite: 'officer',
        auth_view: 'member',
        auth_comment: 'officer',
        auth_photo: 'registered',
        auth_event: 'member',
      },
      { photo: { filename: 'c.png', content: await picture('png', 300, 200), type: 'image/png' } },
    );
    expect(res.status).toBe(200);
    const g = (
      await detail(
        owner.token,
        res.body.data.id,
        'category,approval,auth_invite,auth_view,auth_comment,auth_photo,auth_event,allow_search,thumb,img,img_width,img_height',
      )
    ).body.data;
    expect(g).toMatchObject({
      category: { id: category, title: 'Sports' },
      approval: 1,
      auth_invite: 'officer',
      auth_view: 'member',
      auth_comment: 'officer',
      auth_photo: 'registered',
      auth_event: 'member',
      allow_search: 0,
      img_width: 300,
      img_height: 200,
    });
    for (const url of [g.thumb, g.img]) {
      expect(url).toMatch(/^http/);
      expect((await t.app.inject({ url: new globalThis.URL(url).pathname })).statusCode).toBe(200);
    }
  });

  it('refuses a missing title, an unknown category or role, a client token, and stores nothing', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    expectParamError(await post(t, owner.token, URL, { description: 'x' }), 'title', 'missing_parameter');
    expectParamError(await post(t, owner.token, URL, { title: '   ' }), 'title');
    expectParamError(await post(t, owner.token, URL, { title: 'A', category_id: 999999 }), 'category_id');
    const eventCategory = await t.db.selectFrom('categories').select('id').where('module', '=', 'event').executeTakeFirstOrThrow();
    expectParamError(await post(t, owner.token, URL, { title: 'A', category_id: eventCategory.id }), 'category_id');
    expect((await post(t, owner.token, URL, { title: 'A', auth_view: 'owner_member' })).status).toBe(400);
    expect((await post(t, owner.token, URL, { title: 'A', auth_comment: 'everyone' })).status).toBe(400);
    expect((await post(t, owner.token, URL, { title: 'A', auth_invite: 'registered' })).status).toBe(400);
    expect((await post(t, owner.token, URL, { title: 'A', photo: 'text' })).status).toBe(400);
    const client = await post(t, clientToken, URL, { title: 'A' });
    expect(client.status).toBe(403);
    expect(Number(await count())).toBe(before);
  });
});

describe('GET /groups/{id}', () => {
  it("answers the origin's detail fields, with staff (the owner, then officers with their titles) and the view counted", async () => {
    const id = await makeGroup(t.db, owner.id, { title: 'Readers', description: 'Books' });
    await addToGroup(t.db, id, friend.id, 'officer', 'Treasurer');
    await addToGroup(t.db, id, stranger.id, 'member');
    const res = await detail(stranger.token, id);
    expect(res.status).toBe(200);
    const g = res.body.data;
    expect(Object.keys(g)).toEqual(DETAIL_KEYS);
    expect(g).toMatchObject({ id, title: 'Readers', description: 'Books', thumb: '', category: null, total_view: 1, total_member: 3 });
    expect(g.owner).toMatchObject({ id: owner.id, type: 'user', title: 'Alice Owner' });
    expect(g.staff.map((s: { id: number; membership: string }) => [s.id, s.membership])).toEqual([
      [owner.id, 'owner'],
      [friend.id, 'Treasurer'],
    ]);
    expect(g.updated_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The owner's own visit does not count.
    expect((await detail(owner.token, id, 'total_view')).body.data).toEqual({ total_view: 1 });
    expect((await detail(friend.token, id, 'total_view')).body.data).toEqual({ total_view: 2 });
  });

  it('gives each reader the flags and membership of their place in the group', async () => {
    const id = await makeGroup(t.db, owner.id);
    await addToGroup(t.db, id, friend.id, 'officer');
    const f = 'membership,' + 'can_edit,can_delete,can_join,can_leave,can_invite,can_message_members,can_approve,can_post';
    const of = async (token: string) => (await detail(token, id, f)).body.data;
    expect(await of(owner.token)).toEqual({
      membership: 'owner',
      can_edit: true,
      can_delete: true,
      can_join: false,
      can_leave: false,
      can_invite: true,
      can_message_members: true,
      can_approve: true,
      can_post: true,
    });
    expect(await of(friend.token)).toEqual({
      membership: 'officer',
      can_edit: true,
      can_delete: false,
      can_join: false,
      can_leave: true,
      can_invite: true,
      can_message_members: false,
      can_approve: true,
      can_post: true,
    });
    expect(await of(stranger.token)).toEqual({
      membership: null,
      can_edit: false,
      can_delete: false,
      can_join: true,
      can_leave: false,
      can_invite: false,
      can_message_members: false,
      can_approve: false,
      can_post: false,
    });
    expect(await of(clientToken)).toEqual({
      membership: null,
      can_edit: false,
      can_delete: false,
      can_join: false,
      can_leave: false,
      can_invite: false,
      can_message_members: false,
      can_approve: false,
      can_post: false,
    });
  });

  it('is 404 to whom auth_view keeps out (registered: a client; member: a non-member; officer: a member), alike for a missing id', async () => {
    const registered = await makeGroup(t.db, owner.id, { auth_view: 'registered' });
    const membersOnly = await makeGroup(t.db, owner.id, { auth_view: 'member' });
    const officersOnly = await makeGroup(t.db, owner.id, { auth_view: 'officer' });
    await addToGroup(t.db, membersOnly, friend.id, 'member');
    await addToGroup(t.db, officersOnly, friend.id, 'member');
    await addToGroup(t.db, officersOnly, stranger.id, 'invited');
    expect((await detail(clientToken, registered)).status).toBe(404);
    expect((await detail(stranger.token, registered)).status).toBe(200);
    expect((await detail(stranger.token, membersOnly)).status).toBe(404);
    expect((await detail(friend.token, membersOnly)).status).toBe(200);
    expect((await detail(friend.token, officersOnly)).status).toBe(404);
    // An invitation lets one see the group, to answer it.
    expect((await detail(stranger.token, officersOnly)).status).toBe(200);
    expect((await detail(owner.token, officersOnly)).status).toBe(200);
    const missing = await detail(owner.token, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body.data.error_text).toBe('not_found');
    // A hidden group's views are not counted.
    expect((await detail(owner.token, membersOnly, 'total_view')).body.data.total_view).toBe(1);
  });

  it('refuses an unknown field with 400', async () => {
    const id = await makeGroup(t.db, owner.id);
    expectParamError(await detail(owner.token, id, 'title,password'), 'fields');
  });
});

describe('POST /groups/{id} (edit)', () => {
  it('lets an officer change what they send and keeps the rest; a new photo replaces the old', async () => {
    const id = await makeGroup(t.db, owner.id, { title: 'Old', description: 'Keep me', approval: 0 });
    await addToGroup(t.db, id, friend.id, 'officer');
    const res = await post(
      t,
      friend.token,
      `${URL}/${id}`,
      { title: 'New', approval: 1, auth_view: 'registered' },
      { photo: { filename: 'p.png', content: await picture('png'), type: 'image/png' } },
    );
    expect(res.status).toBe(200);
    const g = (await detail(owner.token, id, 'title,description,approval,auth_view,thumb')).body.data;
    expect(g).toMatchObject({ title: 'New', description: 'Keep me', approval: 1, auth_view: 'registered' });
    expect(g.thumb).not.toBe('');
    expectParamError(await post(t, owner.token, `${URL}/${id}`, { title: ' ' }), 'title');
  });

  it('refuses a member (403) and a reader who may not see it (404), changing nothing', async () => {
    const id = await makeGroup(t.db, owner.id, { title: 'Mine' });
    await addToGroup(t.db, id, friend.id, 'member');
    const hidden = await makeGroup(t.db, owner.id, { title: 'Secret', auth_view: 'member' });
    const refused = await post(t, friend.token, `${URL}/${id}`, { title: 'Taken' });
    expect(refused.status).toBe(403);
    expect(refused.body.data.error_text).toBe('forbidden');
    expect((await post(t, stranger.token, `${URL}/${hidden}`, { title: 'Taken' })).status).toBe(404);
    expect((await detail(owner.token, id, 'title')).body.data.title).toBe('Mine');
    expect((await detail(owner.token, hidden, 'title')).body.data.title).toBe('Secret');
  });
});

describe('DELETE /groups/{id}', () => {
  it('lets the owner alone delete it, with its memberships, wall posts and notifications', async () => {
    const id = await makeGroup(t.db, owner.id);
    await addToGroup(t.db, id, friend.id, 'officer');
    await post(t, stranger.token, `${URL}/${id}/join`);
    const wall = await t.db
      .insertInto('activities')
      .values({
        owner_id: friend.id,
        subject_type: 'group',
        subject_id: id,
        content: 'Hi all',
        auth_view: 'everyone',
        is_share: 0,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await post(t, owner.token, `${URL}/${id}/invite`, { user_ids: String(friend.id) });
    expect((await del(t, friend.token, `${URL}/${id}`)).status).toBe(403);
    expect((await detail(owner.token, id)).status).toBe(200);
    const res = await del(t, owner.token, `${URL}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toEqual(expect.any(String));
    expect((await detail(owner.token, id)).status).toBe(404);
    expect(await t.db.selectFrom('group_members').select('user_id').where('group_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('activities').select('id').where('id', '=', wall.id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('notifications').select('id').where('item_type', '=', 'group').where('item_id', '=', id).execute(),
    ).toEqual([]);
    expect((await del(t, owner.token, `${URL}/${id}`)).status).toBe(404);
  });
});

describe('GET /groups/categories and the options', () => {
  it('lists the seeded group categories by title', async () => {
    const res = await get(t, clientToken, `${URL}/categories`);
    expect(res.status).toBe(200);
    const titles = res.body.data.map((c: { title: string }) => c.title);
    expect(titles).toContain('Hobbies');
    expect(titles).toEqual([...titles].sort());
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), title: expect.any(String) });
  });

  it('answers the roles: view_options from everyone to officers, the others without everyone', async () => {
    const ids = async (name: string) => (await get(t, clientToken, `${URL}/${name}`)).body.data.map((o: { id: string }) => o.id);
    expect(await ids('view_options')).toEqual(['everyone', 'registered', 'member', 'officer']);
    for (const name of ['comment_options', 'photo_options', 'event_options'])
      expect(await ids(name)).toEqual(['registered', 'member', 'officer']);
  });
});
