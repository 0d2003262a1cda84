import { beforeAll, describe, expect, it } from 'vitest';
import { befriend, createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { callApi, expectError, legacyToken } from './fixtures.ts';

const USER_KEYS = [
  'country_iso',
  'full_name',
  'gender',
  'joined',
  'photo_120px',
  'photo_50px',
  'photo_50px_square',
  'photo_original',
  'profile_url',
  'user_id',
  'user_name',
];

const t = setupApi();
let me: number, friend: number, stranger: number;
let token: string;

beforeAll(async () => {
  me = (await createUser(t.db, { full_name: 'Mia Me', email: 'mia@example.com' })).id;
  friend = (await createUser(t.db, { full_name: 'Fay Friend' })).id;
  stranger = (await createUser(t.db, { full_name: 'Sam Stranger' })).id;
  await befriend(t.db, me, friend);
  await t.db.updateTable('users').set({ gender: 'female', country_iso: 'FR', joined: 1_600_000_000 }).where('id', '=', me).execute();
  token = await legacyToken(t, me);
});

describe('GET /api.php?method=user.getUser', () => {
  it('answers the token user with every field of the document, email included', async () => {
    const body = await callApi(t, token, 'user.getUser');
    expect(body.api).toEqual({ total: 1, pages: 1, current_page: 1 });
    const u = await t.db.selectFrom('users').selectAll().where('id', '=', me).executeTakeFirstOrThrow();
    expect(body.output).toEqual({
      user_id: me,
      user_name: u.user_name,
      full_name: 'Mia Me',
      joined: 1_600_000_000,
      gender: 'female',
      country_iso: 'FR',
      email: 'mia@example.com',
      photo_50px: `${t.config.publicUrl}/files/img/default-user/50sq.png`,
      photo_50px_square: `${t.config.publicUrl}/files/img/default-user/50sq.png`,
      photo_120px: `${t.config.publicUrl}/files/img/default-user/120.png`,
      photo_original: `${t.config.publicUrl}/files/img/default-user/original.png`,
      profile_url: `${t.config.webOrigin}/users/${me}`,
    });
    expect((await t.app.inject({ url: new URL(body.output.photo_120px).pathname })).statusCode).toBe(200);
  });

  it('another user (user_id) comes without email: addresses are private', async () => {
    const body = await callApi(t, token, 'user.getUser', { user_id: stranger });
    expect(Object.keys(body.output).sort()).toEqual(USER_KEYS);
    expect(body.output).toMatchObject({ user_id: stranger, full_name: 'Sam Stranger' });
  });

  it('user_id naming oneself shows the email', async () => {
    expect((await callApi(t, token, 'user.getUser', { user_id: me })).output.email).toBe('mia@example.com');
  });

  it('an unknown user answers error 6', async () => {
    expectError(await callApi(t, token, 'user.getUser', { user_id: 999_999 }), 6, /999999/);
  });
});

describe('GET /api.php?method=friend.getFriends', () => {
  it("lists the token user's friends as users without email", async () => {
    const body = await callApi(t, token, 'friend.getFriends');
    expect(body.api).toEqual({ total: 1, pages: 1, current_page: 1 });
    expect(body.output).toHaveLength(1);
    expect(Object.keys(body.output[0]).sort()).toEqual(USER_KEYS);
    expect(body.output[0]).toMatchObject({ user_id: friend, full_name: 'Fay Friend' });
  });

  it("lists another user's friends with user_id; nobody's friends is an empty list", async () => {
    expect((await callApi(t, token, 'friend.getFriends', { user_id: friend })).output.map((u: { user_id: number }) => u.user_id)).toEqual([
      me,
    ]);
    expect(await callApi(t, token, 'friend.getFriends', { user_id: stranger })).toEqual({
      api: { total: 0, pages: 0, current_page: 1 },
      output: [],
    });
  });

  it('answers the full list 10 a page, by name', async () => {
    const popular = (await createUser(t.db)).id;
    const names: string[] = [];
    for (let i = 0; i < 12; i++) {
      const name = `Friend ${String.fromCharCode(76 - i)}`; // L, K, … A
      names.push(name);
      await befriend(t.db, popular, (await createUser(t.db, { full_name: name })).id);
    }
    const p1 = await callApi(t, token, 'friend.getFriends', { user_id: popular });
    expect(p1.api).toEqual({ total: 12, pages: 2, current_page: 1 });
    const p2 = await callApi(t, token, 'friend.getFriends', { user_id: popular, page: 2 });
    expect(p2.api).toEqual({ total: 12, pages: 2, current_page: 2 });
    expect([...p1.output, ...p2.output].map((u: { full_name: string }) => u.full_name)).toEqual([...names].sort());
  });

  it('an unknown user answers error 6', async () => {
    expectError(await callApi(t, token, 'friend.getFriends', { user_id: 999_999 }), 6);
  });
});

describe('GET /api.php?method=friend.isFriend', () => {
  it('answers is_friend 1 for a friend and 0 otherwise', async () => {
    expect(await callApi(t, token, 'friend.isFriend', { friend_user_id: friend })).toEqual({
      api: { total: 1, pages: 1, current_page: 1 },
      output: { is_friend: 1 },
    });
    expect((await callApi(t, token, 'friend.isFriend', { friend_user_id: stranger })).output).toEqual({ is_friend: 0 });
    expect((await callApi(t, token, 'friend.isFriend', { friend_user_id: me })).output).toEqual({ is_friend: 0 });
  });

  it('user_id asks about two other users', async () => {
    expect((await callApi(t, token, 'friend.isFriend', { user_id: friend, friend_user_id: me })).output).toEqual({ is_friend: 1 });
    expect((await callApi(t, token, 'friend.isFriend', { user_id: friend, friend_user_id: stranger })).output).toEqual({ is_friend: 0 });
  });

  it('a missing friend_user_id answers error 4; unknown users error 6', async () => {
    expectError(await callApi(t, token, 'friend.isFriend'), 4, /friend_user_id/);
    expectError(await callApi(t, token, 'friend.isFriend', { friend_user_id: 999_999 }), 6);
    expectError(await callApi(t, token, 'friend.isFriend', { user_id: 999_998, friend_user_id: friend }), 6);
  });
});
