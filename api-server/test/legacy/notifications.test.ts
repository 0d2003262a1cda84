import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { befriend, createUser, tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get, insertBlog, insertEvent, insertPhoto, insertAlbum, post, tagMember } from '../routes/fixtures.ts';
import { callApi, expectError, legacyToken } from './fixtures.ts';

const t = setupApi();
let me: number, alice: number, bob: number;
let token: string;
let blog: number, photo: number;

beforeAll(async () => {
  me = (await createUser(t.db, { full_name: 'Mo Me' })).id;
  alice = (await createUser(t.db, { full_name: 'Alice A' })).id;
  bob = (await createUser(t.db, { full_name: 'Bob B' })).id;
  token = await legacyToken(t, me);
  blog = await insertBlog(t.db, me);
  photo = await insertPhoto(t.db, me, await insertAlbum(t.db, me), 'Sunset');
  // Made through the v1 API, as people would.
  const aliceV1 = await tokenFor(t.db, alice, ['basic']);
  const bobV1 = await tokenFor(t.db, bob, ['basic']);
  await post(t, aliceV1, '/api/v1/core/likes', { item_type: 'blog', item_id: blog });
  const c = await post(t, bobV1, '/api/v1/core/comments', { item_type: 'photo', item_id: photo, body: 'Nice' });
  const mine = await post(t, await tokenFor(t.db, me, ['basic']), '/api/v1/core/comments', {
    item_type: 'photo',
    item_id: photo,
    body: 'Thanks',
  });
  await post(t, aliceV1, '/api/v1/core/likes', { item_type: 'photo', item_id: photo, comment_id: mine.body.data.id });
  void c;
});

const unreadV1 = async () =>
  (await get(t, await tokenFor(t.db, me, ['activities']), '/api/v1/activities/updates')).body.data.notification_count;

describe('GET /api.php?method=notification.getNewCount', () => {
  it('answers the number of unread notifications, as /activities/updates counts them', async () => {
    const body = await callApi(t, token, 'notification.getNewCount');
    expect(body).toEqual({ api: { total: 1, pages: 1, current_page: 1 }, output: 3 });
    expect(await unreadV1()).toBe(3);
  });

  it("another user's count answers error 7", async () => {
    expectError(await callApi(t, token, 'notification.getNewCount', { user_id: alice }), 7, /notifications/);
  });
});

describe('GET /api.php?method=notification.get', () => {
  it('answers the notifications newest first as {notification_id, link, message, icon}', async () => {
    const body = await callApi(t, token, 'notification.get');
    expect(body.api).toEqual({ total: 3, pages: 1, current_page: 1 });
    const ids = await t.db.selectFrom('notifications').select('id').where('user_id', '=', me).orderBy('id', 'desc').execute();
    const aliceIcon = `${t.config.publicUrl}/files/img/default-user/50sq.png`;
    expect(body.output).toEqual([
      {
        notification_id: ids[0]!.id,
        link: `${t.config.webOrigin}/photos/${photo}`,
        message: 'Alice A liked your comment.',
        icon: aliceIcon,
      },
      {
        notification_id: ids[1]!.id,
        link: `${t.config.webOrigin}/photos/${photo}`,
        message: 'Bob B commented on your photo “Sunset”.',
        icon: aliceIcon,
      },
      {
        notification_id: ids[2]!.id,
        link: `${t.config.webOrigin}/blogs/${blog}`,
        message: 'Alice A liked your blog “My blog”.',
        icon: aliceIcon,
      },
    ]);
  });

  it('reading them marks them read: both counts drop to 0 and newer ones count again', async () => {
    expect((await callApi(t, token, 'notification.getNewCount')).output).toBe(0);
    expect(await unreadV1()).toBe(0);
    await t.db
      .insertInto('notifications')
      .values({
        user_id: me,
        actor_id: bob,
        kind: 'share',
        item_type: 'blog',
        item_id: blog,
        source_type: null,
        source_id: null,
        created_at: now() + 5,
      })
      .execute();
    expect((await callApi(t, token, 'notification.getNewCount')).output).toBe(1);
    const body = await callApi(t, token, 'notification.get');
    expect(body.output[0].message).toBe('Bob B shared your blog “My blog”.');
    expect((await callApi(t, token, 'notification.getNewCount')).output).toBe(0);
  });

  it('pages 10 at a time', async () => {
    const rows = Array.from({ length: 11 }, (_x, i) => ({
      user_id: me,
      actor_id: alice,
      kind: 'like' as const,
      item_type: 'blog',
      item_id: blog,
      source_type: null,
      source_id: null,
      created_at: now() - 100 - i,
    }));
    await t.db.insertInto('notifications').values(rows).execute();
    const p2 = await callApi(t, token, 'notification.get', { page: 2 });
    expect(p2.api).toEqual({ total: 15, pages: 2, current_page: 2 });
    expect(p2.output).toHaveLength(5);
  });

  it("another user's notifications answer error 7 and mark nothing", async () => {
    const other = await legacyToken(t, alice);
    expectError(await callApi(t, other, 'notification.get', { user_id: me }), 7);
  });
});

describe('GET /api.php?method=notification.get: tags, invitations and requests to join', () => {
  let dana: number, erik: number, fay: number;
  let danaToken: string, danaV1: string;
  let photo: number, invite: number, picnic: number;

  beforeAll(async () => {
    dana = (await createUser(t.db, { full_name: 'Dana D' })).id;
    erik = (await createUser(t.db, { full_name: 'Erik E' })).id;
    fay = (await createUser(t.db, { full_name: 'Fay F' })).id;
    await befriend(t.db, dana, erik);
    danaToken = await legacyToken(t, dana);
    danaV1 = await tokenFor(t.db, dana, ['activities']);
    const erikV1 = await tokenFor(t.db, erik);
    photo = await insertPhoto(t.db, erik, await insertAlbum(t.db, erik));
    await tagMember(t, erikV1, photo, dana);
    invite = await insertEvent(t.db, erik);
    await t.db.updateTable('events').set({ title: 'Picnic' }).where('id', '=', invite).execute();
    await post(t, erikV1, `/api/v1/events/${invite}/invite`, { user_ids: String(dana) });
    picnic = await insertEvent(t.db, dana);
    await t.db.updateTable('events').set({ title: 'Picnic', approval: 1 }).where('id', '=', picnic).execute();
    await post(t, await tokenFor(t.db, fay), `/api/v1/events/${picnic}/request`);
  });

  it('words them as the site does, linking to the photo or the event', async () => {
    const body = await callApi(t, danaToken, 'notification.get');
    expect(body.api).toEqual({ total: 3, pages: 1, current_page: 1 });
    expect(body.output.map((n: { link: string; message: string }) => [n.message, n.link])).toEqual([
      ['Fay F asked to join your event “Picnic”.', `${t.config.webOrigin}/events/${picnic}`],
      ['Erik E invited you to the event “Picnic”.', `${t.config.webOrigin}/events/${invite}`],
      ['Erik E tagged you in a photo.', `${t.config.webOrigin}/photos/${photo}`],
    ]);
  });

  it('marked them all read: the v1 list shows is_read and the count is 0', async () => {
    const list = (await get(t, danaV1, '/api/v1/activities/notifications')).body.data;
    expect(list.map((n: { is_read: boolean }) => n.is_read)).toEqual([true, true, true]);
    expect((await callApi(t, danaToken, 'notification.getNewCount')).output).toBe(0);
  });

  it('names no title and links to the site when the item is hidden from the reader', async () => {
    await t.db.updateTable('events').set({ auth_view: 'owner' }).where('id', '=', invite).execute();
    const body = await callApi(t, danaToken, 'notification.get');
    expect(body.output[1]).toMatchObject({ message: 'Erik E invited you to an event.', link: t.config.webOrigin });
  });
});

describe('GET /api.php?method=notification.get: groups', () => {
  it('words invitations, requests, approvals and additions to a group, linking to the group', async () => {
    const [gil, hal, ida] = await Promise.all(
      ['Gil G', 'Hal H', 'Ida I'].map(async (full_name) => (await createUser(t.db, { full_name })).id),
    );
    await befriend(t.db, gil!, hal!);
    const gilV1 = await tokenFor(t.db, gil!);
    const halV1 = await tokenFor(t.db, hal!);
    const club = (await post(t, gilV1, '/api/v1/groups', { title: 'Chess club', approval: 1 })).body.data.id as number;
    await post(t, gilV1, `/api/v1/groups/${club}/invite`, { user_ids: String(hal) });
    await post(t, await tokenFor(t.db, ida!), `/api/v1/groups/${club}/request`);
    await post(t, gilV1, '/api/v1/groups/approve_member', { group_id: club, user_id: ida! });
    const other = (await post(t, halV1, '/api/v1/groups', { title: 'Go club' })).body.data.id as number;
    await befriend(t.db, hal!, ida!);
    await post(t, halV1, '/api/v1/groups/member', { group_id: other, user_id: ida! });
    const link = (id: number) => `${t.config.webOrigin}/groups/${id}`;
    const messages = async (id: number) =>
      (await callApi(t, await legacyToken(t, id), 'notification.get')).output.map((n: { link: string; message: string }) => [
        n.message,
        n.link,
      ]);
    expect(await messages(hal!)).toEqual([['Gil G invited you to join the group “Chess club”.', link(club)]]);
    expect(await messages(gil!)).toEqual([['Ida I asked to join your group “Chess club”.', link(club)]]);
    expect(await messages(ida!)).toEqual([
      ['Hal H added you to the group “Go club”.', link(other)],
      ['Gil G approved your request to join the group “Chess club”.', link(club)],
    ]);
  });
});
