import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { addMessage, createConversation } from '../../src/domain/messages.ts';
import { createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { callApi, expectError, legacyToken } from './fixtures.ts';

const t = setupApi();
let me: number, other: number;
let token: string;

beforeAll(async () => {
  me = (await createUser(t.db)).id;
  other = (await createUser(t.db)).id;
  token = await legacyToken(t, me);
});

/** A conversation of one message (the legacy mail is the messages module's, migration 016), read by its recipient or not. */
async function mail(from: number, to: number, is_read: number) {
  const conversationId = await createConversation(t.db, { creatorId: from, title: 'Hi', memberIds: [to], at: now() });
  await addMessage(t.db, { conversationId, senderId: from, text: 'Hello', at: now() });
  if (is_read)
    await t.db
      .updateTable('conversation_members')
      .set({ inbox_read: 1 })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', to)
      .execute();
}

describe('GET /api.php?method=mail.getNewCount', () => {
  it('answers the number of unread conversations received (read and sent ones do not count)', async () => {
    expect(await callApi(t, token, 'mail.getNewCount')).toEqual({ api: { total: 1, pages: 1, current_page: 1 }, output: 0 });
    await mail(other, me, 0);
    await mail(other, me, 0);
    await mail(other, me, 1);
    await mail(me, other, 0);
    expect((await callApi(t, token, 'mail.getNewCount')).output).toBe(2);
    expect((await callApi(t, token, 'mail.getNewCount', { user_id: me })).output).toBe(2);
  });

  it("another user's count answers error 7: mail is private", async () => {
    expectError(await callApi(t, token, 'mail.getNewCount', { user_id: other }), 7, /mail/);
  });
});

describe('GET /api.php?method=musicsharing.getSongs', () => {
  let songs: number[];
  beforeAll(async () => {
    songs = [];
    for (let i = 0; i < 12; i++) {
      const row = await t.db
        .insertInto('songs')
        .values({ owner_id: other, title: `Song ${i}`, file_key: `songs/s${i}.wav`, play_count: i * 3, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      songs.push(row.id);
    }
  });

  it("answers a user's songs newest first as {path_file, album_url, listen}, 10 a page", async () => {
    const p1 = await callApi(t, token, 'musicsharing.getSongs', { user_id: other });
    expect(p1.api).toEqual({ total: 12, pages: 2, current_page: 1 });
    expect(p1.output).toHaveLength(10);
    expect(p1.output[0]).toEqual({
      path_file: `${t.config.publicUrl}/files/songs/s11.wav`,
      album_url: `${t.config.webOrigin}/users/${other}`,
      listen: 33,
    });
    const p2 = await callApi(t, token, 'musicsharing.getSongs', { user_id: other, page: 2 });
    expect(p2.api).toEqual({ total: 12, pages: 2, current_page: 2 });
    expect(p2.output.map((s: { listen: number }) => s.listen)).toEqual([3, 0]);
  });

  it("without user_id it answers the token user's songs", async () => {
    expect(await callApi(t, token, 'musicsharing.getSongs')).toEqual({ api: { total: 0, pages: 0, current_page: 1 }, output: [] });
  });

  it('an unknown user answers error 6', async () => {
    expectError(await callApi(t, token, 'musicsharing.getSongs', { user_id: 999_999 }), 6);
  });
});
