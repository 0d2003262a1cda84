import { describe, expect, it } from 'vitest';
import { toOwnerSummary } from '../../../src/domain/owners.ts';
import { befriend, createMember, tokenFor, type Member } from '../../helpers.ts';
import { setupApi } from '../../fixture.ts';
import { callApi, legacyToken } from '../../legacy/fixtures.ts';
import { del, get } from '../fixtures.ts';
import {
  MESSAGES,
  compose,
  expectRefused,
  folder,
  friends,
  messageCount,
  open,
  remove,
  reply,
  seasoned,
  send,
} from './message-fixtures.ts';

// Messages (docs/api.md, "Messages"): the origin's endpoints and fields, folders, read and
// unread, delete and resurface, paging inside a conversation, search.

const t = setupApi();
const summary = (m: Member) => toOwnerSummary(t.config, { id: m.id, full_name: m.name, avatar_key: null });
const DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('POST /messages, the folders and GET /messages/{id}', () => {
  it("puts a new conversation in the sender's outbox and, unread, in the recipient's inbox, with the origin's fields", async () => {
    const [alice, grace] = await friends(t.db);
    const res = await compose(t, alice, { to: String(grace.id), title: 'Saturday hike?', body: 'Are you coming?\nBring water.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: 'Your message has been sent successfully.', id: expect.any(Number) });
    const id = res.body.data.id;

    const [inGrace] = await folder(t, grace, 'inbox');
    expect(inGrace).toEqual({
      id,
      title: 'Saturday hike?',
      body: 'Are you coming? Bring water.',
      participant: summary(alice),
      date: expect.stringMatching(DATE),
      read: false,
      timestamp: expect.any(Number),
      item: null,
      locked: false,
    });
    expect(await folder(t, grace, 'outbox')).toEqual([]);
    const [outAlice] = await folder(t, alice, 'outbox');
    expect(outAlice).toMatchObject({ id, title: 'Saturday hike?', participant: summary(grace), read: true });
    expect(await folder(t, alice, 'inbox')).toEqual([]);
    expect(await messageCount(t, grace)).toBe(1);
    expect(await messageCount(t, alice)).toBe(0);

    const detail = await open(t, grace, id);
    expect(detail).toEqual({
      id,
      title: 'Saturday hike?',
      recipients: [summary(alice), summary(grace)].sort((a, b) => a.id - b.id),
      date: expect.stringMatching(DATE),
      read: true,
      messages: [
        {
          id: expect.any(Number),
          from: summary(alice),
          date: expect.stringMatching(DATE),
          timestamp: expect.any(Number),
          body: 'Are you coming?<br />Bring water.',
          attachment: null,
        },
      ],
      can_reply: true,
      timestamp: expect.any(Number),
      item: null,
      locked: false,
      maxid: null,
      minid: detail.messages[0].id,
    });
    // Opening it marked it read.
    expect((await folder(t, grace, 'inbox'))[0]!.read).toBe(true);
    expect(await messageCount(t, grace)).toBe(0);
    // fields narrows the answer.
    expect(await open(t, grace, id, { fields: 'id,can_reply' })).toEqual({ id, can_reply: true });
    expectRefused(await get(t, grace.token, `${MESSAGES}/${id}`, { fields: 'id,nope' }), 400, 'fields');
  });

  it('defaults the title to "(No subject)", drops duplicate recipients, shows "N people" for a group', async () => {
    const [alice, grace] = await friends(t.db);
    const henry = await seasoned(t.db, 'Henry Ito');
    await befriend(t.db, alice.id, henry.id);
    const id = (await compose(t, alice, { to: `${grace.id}, ${henry.id},${grace.id}`, body: 'Hi both' })).body.data.id;
    const [entry] = await folder(t, grace, 'inbox');
    expect(entry).toMatchObject({ id, title: '(No subject)', participant: { type: 'users', title: '2 people', total: 2 } });
    expect((await open(t, henry, id)).recipients.map((r: { id: number }) => r.id).sort()).toEqual([alice.id, grace.id, henry.id].sort());
  });

  it('refuses a missing or blank body, a bad `to`, oneself, an unknown member and more than 10 recipients (400 naming them)', async () => {
    const [alice, grace] = await friends(t.db);
    expectRefused(await compose(t, alice, { to: String(grace.id) }), 400, 'body');
    expectRefused(await compose(t, alice, { to: String(grace.id), body: '   \n ' }), 400, 'body');
    expectRefused(await compose(t, alice, { body: 'hi' }), 400, 'to');
    expectRefused(await compose(t, alice, { to: 'abc', body: 'hi' }), 400, 'to');
    expectRefused(await compose(t, alice, { to: String(alice.id), body: 'hi' }), 400, 'to', /you/);
    expectRefused(await compose(t, alice, { to: '99999999', body: 'hi' }), 400, 'to', /no member: 99999999/);
    const many: Member[] = [];
    for (let i = 0; i < 11; i++) {
      const m = await createMember(t.db);
      await befriend(t.db, alice.id, m.id);
      many.push(m);
    }
    expectRefused(await compose(t, alice, { to: many.map((m) => m.id).join(','), body: 'hi' }), 400, 'to', /at most 10/);
    expectRefused(await compose(t, alice, { to: String(grace.id), body: 'hi', title: 'x'.repeat(256) }), 400, 'title');
    expect(await folder(t, grace, 'inbox')).toEqual([]);
  });

  it('is 404 for a conversation one is not in, revealing nothing, on every endpoint', async () => {
    const [alice, grace] = await friends(t.db);
    const frank = await seasoned(t.db, 'Frank Müller');
    const id = await send(t, alice, grace);
    for (const res of [
      await get(t, frank.token, `${MESSAGES}/${id}`),
      await get(t, frank.token, `${MESSAGES}/99999999`),
      await reply(t, frank, id, 'let me in'),
      await remove(t, frank, [id]),
    ]) {
      expectRefused(res, 404);
    }
    expect((await open(t, grace, id)).messages).toHaveLength(1);
  });

  it('needs the messages scope and a user: 403 for a client-credentials token', async () => {
    const [alice, grace] = await friends(t.db);
    const noScope = await tokenFor(t.db, alice.id, ['basic', 'activities']);
    const res = await get(t, noScope, `${MESSAGES}/inbox`);
    expect(res.status).toBe(403);
    expect(res.body.data.error_text).toBe('insufficient_scope');
    const client = await tokenFor(t.db, null, ['messages']);
    expect((await get(t, client, `${MESSAGES}/inbox`)).status).toBe(403);
    // Without the scope, GET /activities/updates leaves message_count out.
    expect((await get(t, noScope, '/api/v1/activities/updates')).body.data).not.toHaveProperty('message_count');
    expect((await compose(t, alice, { to: String(grace.id), body: 'hi' })).status).toBe(200);
  });
});

describe('replies, read and unread, delete and resurface', () => {
  it('a reply marks the conversation unread for the others and moves it to the top of both folders', async () => {
    const [alice, grace] = await friends(t.db);
    const first = await send(t, alice, grace, 'First');
    const second = await send(t, alice, grace, 'Second');
    expect((await folder(t, grace, 'inbox')).map((c) => c.id)).toEqual([second, first]);
    await open(t, grace, first);
    await open(t, grace, second);
    expect(await messageCount(t, grace)).toBe(0);

    const res = await reply(t, grace, first, 'Answer');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: 'Your reply was sent.', id: expect.any(Number) });
    // Alice: first is back on top of her inbox, unread; Grace: in her outbox now.
    expect((await folder(t, alice, 'inbox')).map((c) => [c.id, c.read, c.body])).toEqual([[first, false, 'Answer']]);
    expect((await folder(t, grace, 'outbox')).map((c) => c.id)).toEqual([first]);
    expect(await messageCount(t, alice)).toBe(1);
    expect(await messageCount(t, grace)).toBe(0);
    const detail = await open(t, alice, first);
    expect(detail.messages.map((m: { body: string; from: { id: number } }) => [m.from.id, m.body])).toEqual([
      [alice.id, 'First'],
      [grace.id, 'Answer'],
    ]);
    expect(await messageCount(t, alice)).toBe(0);
  });

  it("DELETE /messages removes conversations from the caller's folders only; a reply brings one back without what was deleted", async () => {
    const [alice, grace] = await friends(t.db);
    const id = await send(t, alice, grace, 'Old words');
    const other = await send(t, alice, grace, 'Other');
    expect((await remove(t, grace, [id, other])).body.data).toEqual({ message: '2 conversations were deleted.' });
    expect(await folder(t, grace, 'inbox')).toEqual([]);
    expect(await messageCount(t, grace)).toBe(0);
    // Alice still has both.
    expect((await folder(t, alice, 'outbox')).map((c) => c.id).sort()).toEqual([id, other].sort());
    expect((await open(t, alice, id)).messages).toHaveLength(1);
    // Deleted messages are not found by search.
    expect((await get(t, grace.token, `${MESSAGES}/search`, { keywords: 'Old' })).body.data).toEqual([]);

    expect((await reply(t, alice, id, 'New words')).status).toBe(200);
    const [back] = await folder(t, grace, 'inbox');
    expect(back).toMatchObject({ id, read: false, body: 'New words' });
    expect(await messageCount(t, grace)).toBe(1);
    expect((await open(t, grace, id)).messages.map((m: { body: string }) => m.body)).toEqual(['New words']);
    expect((await open(t, alice, id)).messages.map((m: { body: string }) => m.body)).toEqual(['Old words', 'New words']);
  });

  it('refuses malformed ids (400) and a list naming a conversation of others (404, nothing deleted)', async () => {
    const [alice, grace] = await friends(t.db);
    const mine = await send(t, alice, grace);
    expectRefused(await remove(t, grace, []), 400, 'ids');
    expectRefused(await del(t, grace.token, MESSAGES, { ids: `${mine},abc` }), 400, 'ids');
    expectRefused(await remove(t, grace, [mine, 99999999]), 404);
    expect((await folder(t, grace, 'inbox')).map((c) => c.id)).toEqual([mine]);
  });
});

describe('paging', () => {
  it('pages conversations by page and limit, newest first', async () => {
    const [alice, grace] = await friends(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await send(t, alice, grace, `Message ${i}`));
    const newestFirst = [...ids].reverse();
    expect((await folder(t, grace, 'inbox')).map((c) => c.id)).toEqual(newestFirst.slice(0, 10));
    expect((await folder(t, grace, 'inbox', { page: 2 })).map((c) => c.id)).toEqual(newestFirst.slice(10));
    expect((await folder(t, grace, 'inbox', { limit: 5, page: 2 })).map((c) => c.id)).toEqual(newestFirst.slice(5, 10));
    expect(await folder(t, grace, 'inbox', { page: 3 })).toEqual([]);
  });

  it('pages inside a conversation: the newest message_limit, maxid for older ones, minid for newer ones', async () => {
    const [alice, grace] = await friends(t.db);
    const id = await send(t, alice, grace, 'm0');
    for (let i = 1; i < 25; i++) expect((await reply(t, i % 2 ? grace : alice, id, `m${i}`)).status).toBe(200);
    const bodies = (d: { messages: Array<{ body: string }> }) => d.messages.map((m) => m.body);

    const newest = await open(t, alice, id);
    expect(bodies(newest)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(newest.maxid).toBe(newest.messages[0].id);
    expect(newest.minid).toBe(newest.messages[19].id);

    const older = await open(t, alice, id, { maxid: newest.maxid, message_limit: 3 });
    expect(bodies(older)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await open(t, alice, id, { maxid: older.maxid, message_limit: 3 });
    expect(bodies(oldest)).toEqual(['m0', 'm1']);
    expect(oldest.maxid).toBeNull();

    // The poll: nothing new, then what came since, each once.
    const none = await open(t, alice, id, { minid: newest.minid });
    expect(bodies(none)).toEqual([]);
    expect(none.minid).toBe(newest.minid);
    await reply(t, grace, id, 'm25');
    await reply(t, grace, id, 'm26');
    const fresh = await open(t, alice, id, { minid: newest.minid, message_limit: 1 });
    expect(bodies(fresh)).toEqual(['m25']);
    expect(fresh.maxid).toBe(fresh.messages[0].id);
    expect(bodies(await open(t, alice, id, { minid: fresh.minid }))).toEqual(['m26']);

    expect((await open(t, alice, id, { message_limit: 500 })).messages).toHaveLength(27);
    expectRefused(await get(t, alice.token, `${MESSAGES}/${id}`, { minid: 1, maxid: 5 }), 400, 'minid');
  });
});

describe('GET /messages/search', () => {
  it("finds the reader's messages by their text, case and accents folded, newest first; never others'", async () => {
    const [alice, grace] = await friends(t.db);
    const frank = await seasoned(t.db);
    const id = await send(t, alice, grace, 'The Café is open', { title: 'Coffee' });
    await reply(t, grace, id, 'Which cafe?');
    await send(t, alice, grace, 'Nothing here');
    const found = (await get(t, grace.token, `${MESSAGES}/search`, { keywords: 'cafe' })).body.data;
    expect(found.map((m: { body: string }) => m.body)).toEqual(['Which cafe?', 'The Café is open']);
    expect(found[1]).toEqual({
      id: expect.any(Number),
      title: 'Coffee',
      date: expect.stringMatching(DATE),
      timestamp: expect.any(Number),
      body: 'The Café is open',
      from: summary(alice),
      conversation: { id, title: 'Coffee' },
    });
    expect((await get(t, frank.token, `${MESSAGES}/search`, { keywords: 'cafe' })).body.data).toEqual([]);
    expectRefused(await get(t, grace.token, `${MESSAGES}/search`, { keywords: '  ' }), 400, 'keywords');
    expectRefused(await get(t, grace.token, `${MESSAGES}/search`, { keywords: 'x'.repeat(101) }), 400, 'keywords');
    // % and _ are text.
    expect((await get(t, grace.token, `${MESSAGES}/search`, { keywords: '%' })).body.data).toEqual([]);
  });
});

describe('text is plain: escaped on output', () => {
  it('never answers markup of the writer: a script is text, links become links; 5,001 characters and NUL are refused', async () => {
    const [alice, grace] = await friends(t.db);
    const hostile = '<script>alert(1)</script> <img src=x onerror=alert(2)> & see https://example.com/a?b=1&c=2';
    const id = await send(t, alice, grace, hostile, { title: '<b>Hi</b>' });
    const [msg] = (await open(t, grace, id)).messages;
    expect(msg.body).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &amp; see ' +
        '<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener" target="_blank">https://example.com/a?b=1&amp;c=2</a>',
    );
    const [entry] = await folder(t, grace, 'inbox');
    expect(entry!.body).not.toMatch(/<script|<img/);
    // A title is plain text, as other titles are.
    expect(entry!.title).toBe('<b>Hi</b>');
    expect((await get(t, grace.token, `${MESSAGES}/search`, { keywords: 'script' })).body.data[0].body).not.toMatch(/<script/);

    expectRefused(await compose(t, alice, { to: String(grace.id), body: 'x'.repeat(5001) }), 400, 'body');
    expect((await compose(t, alice, { to: String(grace.id), body: 'x'.repeat(5000) })).status).toBe(200);
    expectRefused(await compose(t, alice, { to: String(grace.id), body: 'nul\u0000here' }), 400, 'body');
    expectRefused(await reply(t, grace, id, 'y'.repeat(5001)), 400, 'body');
  });
});

describe('message_count and the legacy mail.getNewCount', () => {
  it('both answer the unread conversations of the reader', async () => {
    const [alice, grace] = await friends(t.db);
    const a = await send(t, alice, grace);
    const b = await send(t, alice, grace);
    await send(t, grace, alice);
    const legacy = await legacyToken(t, grace.id);
    expect(await messageCount(t, grace)).toBe(2);
    expect((await callApi(t, legacy, 'mail.getNewCount')).output).toBe(2);
    await open(t, grace, a);
    expect(await messageCount(t, grace)).toBe(1);
    expect((await callApi(t, legacy, 'mail.getNewCount')).output).toBe(1);
    await remove(t, grace, [b]);
    expect(await messageCount(t, grace)).toBe(0);
    expect((await callApi(t, legacy, 'mail.getNewCount')).output).toBe(0);
  });
});
