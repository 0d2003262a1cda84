import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUpdates } from '../social-api/activities.ts';
import { ApiError } from '../social-api/errors.ts';
import {
  deleteConversations,
  getConversation,
  listConversations,
  replyToConversation,
  searchMessages,
  sendMessage,
} from '../social-api/messages.ts';
import { blockMember, getMessagePrivacy, listBlocked, setMessagePrivacy, unblockMember } from '../social-api/privacy.ts';
import { uploadComposePhoto } from '../social-api/albums.ts';
import { getMember } from '../social-api/users.ts';
import { png } from '../testing/pictures.ts';
import { apiError, startRelay, type Relay } from '../testing/relay.ts';
import { membersOf, setupRealApi } from '../testing/real-api.ts';
import { composeVideoUploadOptions } from '../videos/uploads.ts';
import { fetchVideoFile, getVideoForEditing, listVideos } from '../social-api/videos.ts';
import { formRequest, ORIGIN } from '../testing/multipart.ts';
import { streamUpload } from '../uploads/stream-upload.ts';
import { createMediaWorker } from '../../api-server/src/media/worker.ts';
import { makeClip } from '../../api-server/test/routes/videos/video-fixtures.ts';
import { messageVideoCommand, readNewer, replyCommand, startCommand } from './commands.ts';
import { refusalOf } from './words.ts';

// The messages client (lib/social-api/messages.ts, privacy.ts) and the commands the pages' actions
// run, against the real api-server (docs/api.md, "Extensions": Messages): the folders, a
// conversation's windows and its poll cursor, sending and the refusals in the API's words, blocking
// and who may write to whom; and against a server without any of it.

const api = setupRealApi();
const { demo, alice, bob, grace, henry, ivy } = membersOf(api, ['demo', 'alice', 'bob', 'grace', 'henry', 'ivy']);

// A relay in front of the API, passing everything on until a test has it answer as a server
// without messages does (the client's configuration is read once, so the relay is there from the start).
let relay: Relay;
let without = false;
beforeAll(async () => {
  relay = await startRelay(api.baseUrl, (_, _method, path) => {
    if (!without) return undefined;
    if (path.startsWith('/messages')) return apiError(404, 'not_found', 'No such endpoint.');
    if (path === '/users/block' || path === '/users/settings_privacy') {
      return apiError(400, 'invalid_parameters', 'id: must be integer', [{ name: 'id', message: 'must be integer' }]);
    }
    return undefined;
  });
  process.env.SOCIAL_API_URL = relay.baseUrl;
});
afterAll(async () => {
  await relay?.close();
});

describe('the folders and a conversation', () => {
  it('lists the seeded "Contact seller" in the seller’s inbox, with its listing’s card, unread until opened', async () => {
    const inbox = (await listConversations(demo.token, 'inbox'))!;
    const about = inbox.find((c) => c.item?.type === 'classified')!;
    expect(about).toMatchObject({
      participant: { kind: 'member', who: { id: grace.id, name: 'Grace Kim' } },
      read: false,
      locked: false,
      item: { type: 'classified', closed: false },
    });
    expect(about.item!.price).toMatch(/^\$|^Free$/);
    expect(about.excerpt).toContain('Thursday evening');

    const c = (await getConversation(demo.token, about.id))!;
    expect(c.messages.map((m) => m.from.id)).toEqual([grace.id, demo.id, grace.id]);
    expect(c).toMatchObject({ canReply: true, locked: false, older: null, newest: c.messages.at(-1)!.id });
    expect((await listConversations(demo.token, 'inbox'))!.find((x) => x.id === about.id)!.read).toBe(true);
    // Not hers: nothing revealed.
    expect(await getConversation(alice.token, about.id)).toBeUndefined();
  });

  it('pages a long conversation both ways, and the poll’s cursor misses nothing and repeats nothing', async () => {
    const { id } = await sendMessage(henry.token, { to: [grace.id], body: 'Message 1' });
    for (let n = 2; n <= 25; n += 1) await replyToConversation(n % 2 ? henry.token : grace.token, id, `Message ${n}`);
    const newest = (await getConversation(grace.token, id))!;
    expect(newest.messages).toHaveLength(20);
    expect(newest.messages[0]!.html).toBe('Message 6');
    const older = (await getConversation(grace.token, id, { maxid: newest.older! }))!;
    expect(older.messages.map((m) => m.html)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    expect(older.older).toBeNull();

    // Two messages arrive; a read since the cursor brings exactly them, then nothing.
    await replyToConversation(henry.token, id, 'Message 26');
    await replyToConversation(henry.token, id, 'Message 27');
    const since = (await readNewer(grace.token, id, newest.newest!))!;
    expect(since.messages.map((m) => m.html)).toEqual(['Message 26', 'Message 27']);
    expect(await readNewer(grace.token, id, since.newest!)).toMatchObject({ messages: [], newest: since.newest });
  });

  it('escapes what was typed and links addresses; the search finds it; a deleted conversation leaves the folder', async () => {
    const { id } = await sendMessage(grace.token, { to: [henry.id], body: '<script>alert(1)</script>\nSee https://example.com/a?b=1' });
    const [m] = (await getConversation(henry.token, id))!.messages;
    expect(m!.html).not.toContain('<script');
    expect(m!.html).toContain('&lt;script&gt;');
    expect(m!.html).toMatch(/<br \/>See <a href="https:\/\/example.com\/a\?b=1" rel="nofollow noopener noreferrer" target="_blank">/);
    expect((await searchMessages(henry.token, 'example.com'))!.map((f) => f.conversation.id)).toContain(id);

    await deleteConversations(henry.token, [id]);
    expect((await listConversations(henry.token, 'inbox'))!.map((c) => c.id)).not.toContain(id);
    expect(await getConversation(grace.token, id)).toMatchObject({ id });
  });
});

describe('writing, and the refusals in the API’s words', () => {
  it('a reply answers the messages since the page’s newest, the new one among them', async () => {
    const { id } = await sendMessage(henry.token, { to: [grace.id], body: 'Hello Grace' });
    const c = (await getConversation(grace.token, id))!;
    await replyToConversation(henry.token, id, 'Are you there?');
    const res = await replyCommand(grace.token, { conversationId: id, body: '  Yes!  ', since: c.newest! });
    expect(res.ok && res.data.messages.map((m) => [m.from.id, m.html])).toEqual([
      [henry.id, 'Are you there?'],
      [grace.id, 'Yes!'],
    ]);
    expect(await replyCommand(grace.token, { conversationId: id, body: '   ' })).toMatchObject({
      ok: false,
      message: 'Write a message first.',
    });
  });

  it('sends a photo with its description (its alt) with the text, new and in a reply; a photo that is not one’s own is refused', async () => {
    /** A photo for a message (POST /albums/compose_upload type=message), as the composer's upload sends it. */
    const upload = async (token: string, width: number) => {
      const form = new FormData();
      form.append('type', 'message');
      form.append('Filedata', new Blob([new Uint8Array(png(width, 8))], { type: 'image/png' }), `m${width}.png`);
      const res = new Response(form);
      return (await uploadComposePhoto(token, { body: res.body!, contentType: res.headers.get('content-type')! })).photoId;
    };
    const first = await upload(henry.token, 21);
    const sent = await startCommand(henry.token, {
      to: [grace.id],
      body: 'The bike',
      photo: { id: first, description: '  A red bike against a wall  ' },
    });
    expect(sent.ok).toBe(true);
    const id = sent.ok ? sent.data.id : 0;
    const c = (await getConversation(grace.token, id))!;
    expect(c.messages.at(-1)!.attachment).toMatchObject({ kind: 'photo', id: first, alt: 'A red bike against a wall' });

    const second = await upload(grace.token, 22);
    const reply = await replyCommand(grace.token, {
      conversationId: id,
      body: 'Mine',
      photo: { id: second, description: '' },
      since: c.newest!,
    });
    expect(reply.ok && reply.data.messages.map((m) => [m.html, m.attachment])).toMatchObject([['Mine', { kind: 'photo', id: second }]]);

    // Henry's photo is not Grace's to send; the text is still required with a photo.
    expect(await replyCommand(grace.token, { conversationId: id, body: 'Again', photo: { id: first } })).toMatchObject({ ok: false });
    expect(await replyCommand(grace.token, { conversationId: id, body: ' ', photo: { id: second } })).toMatchObject({
      ok: false,
      message: 'Write a message first.',
    });
  });

  it('sends a video with its description: the conversation’s members see it convert, then play it through the conversation; nobody else does', async () => {
    // Uploaded as the composer does (POST /api/upload/compose-video with c_type=message before the file).
    const request = await formRequest([
      { name: 'c_type', value: 'message' },
      { name: 'Filedata', file: Buffer.from(await makeClip()), fileName: 'canal ride.mkv', type: 'application/octet-stream' },
    ]);
    const res = await streamUpload(request, {
      webOrigin: ORIGIN,
      maxBytes: 10 * 1024 * 1024,
      session: async () => ({ accessToken: alice.token }),
      ...composeVideoUploadOptions,
    });
    expect(res.status).toBe(200);
    const composed = (await res.json()) as { id: number; title: string; status: string };
    expect(composed).toMatchObject({ title: 'canal ride', status: 'to_be_processed' });
    const videoId = composed.id;
    // A message's video is in no list: its owner's alone until sent.
    expect((await listVideos(bob.token, { userId: alice.id }))!.map((v) => v.id)).not.toContain(videoId);

    const sent = await startCommand(alice.token, {
      to: [bob.id],
      body: 'The ride',
      video: { id: videoId, description: '  A bike ride along the canal at dusk  ' },
    });
    if (!sent.ok) throw new Error(sent.message);
    const id = sent.data.id;
    const c = (await getConversation(bob.token, id))!;
    expect(c.messages.at(-1)!.attachment).toEqual({
      kind: 'video',
      video: expect.objectContaining({
        id: videoId,
        conversationId: id,
        title: 'canal ride',
        status: 'to_be_processed',
        player: { kind: 'upload', ready: false },
      }),
    });
    // The card asks how it stands while it converts, as Bob and as Alice.
    expect(await messageVideoCommand(bob.token, { conversationId: id, videoId })).toMatchObject({
      ok: true,
      data: { status: 'to_be_processed' },
    });
    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(1);
    for (const reader of [bob, alice]) {
      expect(await messageVideoCommand(reader.token, { conversationId: id, videoId })).toMatchObject({
        ok: true,
        data: { id: videoId, conversationId: id, status: 'processed', player: { kind: 'upload', ready: true }, duration: '00:01' },
      });
    }
    expect((await getConversation(bob.token, id))!.messages.at(-1)!.attachment).toMatchObject({
      video: { status: 'processed', width: 160, height: 120, player: { ready: true } },
    });
    // Its description went onto it first: the video's text alternative.
    expect((await getVideoForEditing(alice.token, videoId))!.description).toBe('A bike ride along the canal at dusk');

    // Bob plays it through the conversation, with ranges; not without it; Ivy, outside it, not at all.
    const range = () => new Headers({ range: 'bytes=0-9' });
    const signal = new AbortController().signal;
    const through = await fetchVideoFile(bob.token, videoId, range(), signal, id);
    expect(through.status).toBe(206);
    expect((await through.arrayBuffer()).byteLength).toBe(10);
    for (const res of [
      await fetchVideoFile(bob.token, videoId, range(), signal),
      await fetchVideoFile(ivy.token, videoId, range(), signal, id),
    ]) {
      expect(res.status).toBe(404);
      await res.body?.cancel();
    }
    expect(await messageVideoCommand(ivy.token, { conversationId: id, videoId })).toEqual({ ok: true, message: '', data: 'gone' });

    // Alice's video is not Bob's to send; a message carries a photo or a video, not both; nothing is sent.
    expect(await replyCommand(bob.token, { conversationId: id, body: 'Mine too', video: { id: videoId } })).toMatchObject({ ok: false });
    expect(await replyCommand(alice.token, { conversationId: id, body: 'Both', photo: { id: 1 }, video: { id: videoId } })).toMatchObject({
      ok: false,
      fieldErrors: { video: 'Send a photo or a video with a message, not both.' },
    });
    expect((await getConversation(bob.token, id))!.messages).toHaveLength(1);
  });

  it('a stranger who only receives messages from friends is refused with the reason; "Contact seller" reaches her anyway', async () => {
    const res = await startCommand(grace.token, { to: [alice.id], body: 'Hi Alice' });
    expect(res).toEqual({ ok: false, message: 'Alice Martin only receives messages from friends.' });
    const member = (await getMember(grace.token, alice.id, { id: grace.id }))!;
    expect(member.messaging).toEqual({ allowed: false, refusal: 'Alice Martin only receives messages from friends.' });

    const listing = (
      await api.db
        .selectFrom('classifieds')
        .select('id')
        .where('owner_id', '=', alice.id)
        .where('is_closed', '=', 0)
        .executeTakeFirstOrThrow()
    ).id;
    const sent = await startCommand(grace.token, { item: { type: 'classified', id: listing }, body: 'Is it still for sale?' });
    expect(sent.ok).toBe(true);
    const about = (await listConversations(alice.token, 'inbox', { item: { type: 'classified', id: listing } }))!;
    expect(about.map((c) => c.id)).toContain(sent.ok && sent.data.id);
  });

  it('an organiser writes to the guests at once (replies off); an event without guests says so', async () => {
    const post = async (token: string, path: string, form: Record<string, string>) =>
      (await (
        await fetch(`${api.baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: new URLSearchParams(form),
        })
      ).json()) as {
        data: { id: number };
      };
    const { id: eventId } = (await post(alice.token, '/events', { title: 'Picnic by the lake', start_time: '2031-06-01 12:00:00' })).data;
    expect(await startCommand(alice.token, { guestsOf: eventId, body: 'Bring a blanket' })).toEqual({
      ok: false,
      message: 'This event has no guests to write to yet: invite some first.',
    });
    await post(alice.token, `/events/${eventId}/invite`, { user_ids: String(bob.id) });
    // Bob, the one guest, blocked for a while: the reason is said, not "no guests".
    await blockMember(alice.token, bob.id);
    expect(await startCommand(alice.token, { guestsOf: eventId, body: 'Bring a blanket' })).toEqual({
      ok: false,
      message: "You cannot write to this event's guests: you blocked each of them, or they blocked you. Nothing was sent.",
    });
    await unblockMember(alice.token, bob.id);
    const sent = await startCommand(alice.token, { guestsOf: eventId, body: 'Bring a blanket' });
    expect(sent.ok).toBe(true);
    const broadcast = (await getConversation(bob.token, sent.ok ? sent.data.id : 0))!;
    expect(broadcast).toMatchObject({ locked: true, canReply: false, item: { type: 'event', id: eventId, title: 'Picnic by the lake' } });
    expect(broadcast.item!.start).toBe(Date.UTC(2031, 5, 1, 12));
    expect((await listConversations(bob.token, 'inbox'))!.find((c) => c.id === broadcast.id)!.participant).toMatchObject({
      kind: 'event',
      title: 'Picnic by the lake',
    });
  });

  it("a group's owner writes to its members at once (replies off); a group without members, or another member, is refused", async () => {
    const post = async (token: string, path: string, form: Record<string, string> = {}) =>
      (await (
        await fetch(`${api.baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: new URLSearchParams(form),
        })
      ).json()) as { data: { id: number } };
    const { id: groupId } = (await post(alice.token, '/groups', { title: 'Lake swimmers' })).data;
    expect(await startCommand(alice.token, { membersOf: groupId, body: 'First swim on Sunday' })).toEqual({
      ok: false,
      message: 'This group has no members to write to yet: invite some first.',
    });
    await post(bob.token, `/groups/${groupId}/join`);
    expect(await startCommand(bob.token, { membersOf: groupId, body: 'Me too' })).toMatchObject({
      ok: false,
      message: "Only the group's owner can message its members.",
    });
    const sent = await startCommand(alice.token, { membersOf: groupId, title: '', body: 'First swim on Sunday' });
    expect(sent.ok).toBe(true);
    const broadcast = (await getConversation(bob.token, sent.ok ? sent.data.id : 0))!;
    expect(broadcast).toMatchObject({ title: 'Lake swimmers', locked: true, canReply: false });
    expect(broadcast.item).toBeUndefined();
    expect((await listConversations(bob.token, 'inbox'))!.find((c) => c.id === broadcast.id)!.participant).toEqual({
      kind: 'group',
      id: groupId,
      title: 'Lake swimmers',
      image: '',
    });
  });

  it('a limit (429) says when the person may write again, and that the text is kept', () => {
    const limit = new ApiError(429, 'too_many_requests', 'You have sent 20 messages in a minute', {}, 429, 40);
    expect(refusalOf(limit)).toBe(
      'You have sent 20 messages in a minute. You can send again in 40 seconds. Nothing was sent: your message is kept here.',
    );
    const said = new ApiError(429, 'too_many_requests', 'Too many. Try again in 3 minutes.', {}, 429, 170);
    expect(refusalOf(said)).toBe('Too many. Try again in 3 minutes. Nothing was sent: your message is kept here.');
  });
});

describe('blocking and who may write to me', () => {
  it('a block refuses a reply both ways with its reason, is listed, and lifts', async () => {
    const { id } = await sendMessage(henry.token, { to: [grace.id], body: 'Before the block' });
    await blockMember(grace.token, henry.id);
    expect((await listBlocked(grace.token))!.map((w) => w.id)).toEqual([henry.id]);
    expect((await getConversation(henry.token, id))!.canReply).toBe(false);
    const refused = await replyCommand(henry.token, { conversationId: id, body: 'Hello?' });
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/Grace Kim/) });
    expect(await getMember(henry.token, grace.id, { id: henry.id })).toMatchObject({ block: 'blockedBy', messaging: { allowed: false } });
    expect(await getMember(grace.token, henry.id, { id: grace.id })).toMatchObject({ block: 'blocked' });

    await unblockMember(grace.token, henry.id);
    expect(await listBlocked(grace.token)).toEqual([]);
    expect((await replyCommand(henry.token, { conversationId: id, body: 'Hello again' })).ok).toBe(true);
  });

  it('reads and sets who may start a conversation', async () => {
    expect(await getMessagePrivacy(henry.token)).toBe('friends');
    await setMessagePrivacy(henry.token, 'everyone');
    expect(await getMessagePrivacy(henry.token)).toBe('everyone');
    expect((await startCommand(alice.token, { to: [henry.id], body: 'Hi Henry' })).ok).toBe(true);
    await setMessagePrivacy(henry.token, 'friends');
  });

  it('the header’s counts carry the unread conversations', async () => {
    const before = (await getUpdates(henry.token)).messageCount!;
    await sendMessage(ivy.token, { to: [henry.id], body: 'Counted' });
    expect((await getUpdates(henry.token)).messageCount).toBe(before + 1);
    // A sign-in without the messages scope (older than messages here): no envelope.
    const older = await api.tokenOf('henry@example.com', ['basic', 'activities']);
    expect(await getUpdates(older)).toMatchObject({ messageCount: null });
  });
});

describe('against a server without messages', () => {
  beforeAll(() => {
    without = true;
  });
  afterAll(() => {
    without = false;
  });

  it('every reader says "not here" (undefined) rather than failing', async () => {
    expect(await listConversations(demo.token, 'inbox')).toBeUndefined();
    expect(await getConversation(demo.token, 1)).toBeUndefined();
    expect(await searchMessages(demo.token, 'bike')).toBeUndefined();
    expect(await listBlocked(demo.token)).toBeUndefined();
    expect(await getMessagePrivacy(demo.token)).toBeUndefined();
  });
});
