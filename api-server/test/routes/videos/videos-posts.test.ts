import { beforeAll, describe, expect, it } from 'vitest';
import { createMediaWorker } from '../../../src/media/worker.ts';
import { setupApi } from '../../fixture.ts';
import { call, privacyCast } from '../../helpers.ts';
import { del, get, insertVideo, post } from '../fixtures.ts';
import { friends, open, reply, seasoned, send } from '../messages/message-fixtures.ts';
import { makeClip, loopbackProvider } from './video-fixtures.ts';

// Videos in posts and messages (docs/api.md, "Videos": in posts and messages): POST
// /videos/compose_upload, attachment[type]=video on POST /activities and on messages, the card a
// post or a message carries, and who sees it.

const VIDEOS = '/api/v1/videos';
const ACTIVITIES = '/api/v1/activities';

const t = setupApi({ config: loopbackProvider().settings });
let clip: Buffer;
beforeAll(async () => {
  clip = await makeClip();
});

const drain = () => createMediaWorker({ db: t.db, config: t.config }).drain();
const composeUpload = (token: string, fields: Record<string, string | number> = {}) =>
  post(t, token, `${VIDEOS}/compose_upload`, fields, { Filedata: { filename: 'Beach day.mkv', content: clip } });
const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((v) => v.id);
/** The attachments of an activity as `token`'s member reads it. */
const attachmentsOf = async (token: string, id: number) => {
  const res = await get(t, token, `${ACTIVITIES}/${id}`, { fields: 'id,attachments' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.attachments as Array<Record<string, unknown>>;
};
const postVideo = (token: string, videoId: number, more: Record<string, string | number> = {}) =>
  post(t, token, ACTIVITIES, { body: 'Look at this', 'attachment[type]': 'video', 'attachment[video_id]': videoId, ...more });

describe('POST /videos/compose_upload and a post that carries the video', () => {
  it('uploads a video kept out of every list until posted; the post shows it processing, then playable', async () => {
    const cast = await privacyCast(t.db);
    const up = await composeUpload(cast.ownerToken);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const id = up.body.data.video_id as number;
    expect(up.body.data).toMatchObject({ title: 'Beach day', description: '', status: 'to_be_processed', src: '' });

    // Posted while it converts: the card says so, to whoever may see it, and has nothing to play yet.
    const posted = await postVideo(cast.ownerToken, id, { 'attachment[title]': 'Our beach day', 'attachment[description]': 'Waves' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const activity = posted.body.data.id as number;
    expect(await attachmentsOf(cast.strangerToken, activity)).toEqual([
      {
        id,
        type: 'video',
        title: 'Our beach day',
        description: 'Waves',
        img: '',
        href: `${t.config.webOrigin}/videos/${id}`,
        duration: '',
        duration_seconds: null,
        status: 'to_be_processed',
        video_type: 'upload',
        video_src: '',
      },
    ]);

    expect(await drain()).toBe(1);
    const [card] = await attachmentsOf(cast.clientToken, activity);
    expect(card).toMatchObject({
      id,
      type: 'video',
      title: 'Our beach day',
      img: expect.stringMatching(/\/files\/img\/[0-9a-f]+\/500\.jpg$/),
      width: 160,
      height: 120,
      duration: '00:01',
      duration_seconds: 1,
      status: 'processed',
      video_type: 'upload',
      video_src: `${t.config.publicUrl}/api/v1/videos/${id}/file`,
    });
    // Posted, it is listed as any other video, with the title the post gave it.
    expect(ids(await get(t, cast.strangerToken, VIDEOS, { user_id: cast.owner }))).toEqual([id]);
    expect((await get(t, cast.strangerToken, `${VIDEOS}/${id}`)).body.data.title).toBe('Our beach day');
  });

  it('keeps an unposted video out of the lists (its owner still has it among their own) and takes a link by its uri', async () => {
    const cast = await privacyCast(t.db);
    const link = await post(t, cast.ownerToken, `${VIDEOS}/compose_upload`, {
      type: 'youtube',
      uri: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data).toMatchObject({ title: 'Never Gonna Give You Up', status: 'processed' });
    const id = link.body.data.video_id as number;
    for (const token of [cast.strangerToken, cast.friendToken, cast.ownerToken]) {
      expect(ids(await get(t, token, VIDEOS, { user_id: cast.owner }))).toEqual([]);
    }
    expect(ids(await get(t, cast.ownerToken, `${VIDEOS}/my`))).toEqual([id]);
    expect((await postVideo(cast.ownerToken, id)).status).toBe(200);
    expect(ids(await get(t, cast.friendToken, VIDEOS, { user_id: cast.owner }))).toEqual([id]);
  });

  it("attaches only one's own video, never one whose conversion failed", async () => {
    const cast = await privacyCast(t.db);
    const theirs = await insertVideo(t.db, cast.friend);
    const bad = await postVideo(cast.ownerToken, theirs);
    expect(bad.status).toBe(400);
    expect(bad.body.data.error_params[0].name).toBe('attachment[video_id]');
    const failed = await insertVideo(t.db, cast.owner, { type: 'upload', code: null, url: null, status: 'conversion_failed' });
    expect((await postVideo(cast.ownerToken, failed)).status).toBe(400);
    const missing = await post(t, cast.ownerToken, ACTIVITIES, { body: 'x', 'attachment[type]': 'video' });
    expect(missing.body.data.error_params[0]).toMatchObject({ name: 'attachment[video_id]', error_text: 'missing_parameter' });
  });

  it("shows the card only to those the video's auth_view lets in; the post itself shows to everyone", async () => {
    const cast = await privacyCast(t.db);
    const friendsOnly = await insertVideo(t.db, cast.owner, { auth_view: 'owner_member' });
    const activity = (await postVideo(cast.ownerToken, friendsOnly)).body.data.id as number;
    expect((await attachmentsOf(cast.ownerToken, activity)).map((a) => a.id)).toEqual([friendsOnly]);
    expect((await attachmentsOf(cast.friendToken, activity)).map((a) => a.id)).toEqual([friendsOnly]);
    expect(await attachmentsOf(cast.strangerToken, activity)).toEqual([]);
    expect(await attachmentsOf(cast.clientToken, activity)).toEqual([]);
    // In the feed too.
    const wall = await get(t, cast.strangerToken, ACTIVITIES, { subject_type: 'user', subject_id: cast.owner, fields: 'id,attachments' });
    expect(wall.body.data.items).toContainEqual({ id: activity, attachments: [] });
    // A video that failed later is its owner's card alone.
    const failing = await insertVideo(t.db, cast.owner, { type: 'upload', code: null, url: null, status: 'to_be_processed' });
    const second = (await postVideo(cast.ownerToken, failing)).body.data.id as number;
    expect((await attachmentsOf(cast.friendToken, second))[0]).toMatchObject({ status: 'to_be_processed' });
    await t.db.updateTable('videos').set({ status: 'conversion_failed' }).where('id', '=', failing).execute();
    expect(await attachmentsOf(cast.friendToken, second)).toEqual([]);
    expect((await attachmentsOf(cast.ownerToken, second))[0]).toMatchObject({ status: 'conversion_failed' });
  });

  it('a video deleted later leaves its post without the card (a post without words goes with it)', async () => {
    const cast = await privacyCast(t.db);
    const video = await insertVideo(t.db, cast.owner);
    const worded = (await postVideo(cast.ownerToken, video)).body.data.id as number;
    const bare = (await post(t, cast.ownerToken, ACTIVITIES, { 'attachment[type]': 'video', 'attachment[video_id]': video })).body.data
      .id as number;
    expect((await del(t, cast.ownerToken, `${VIDEOS}/${video}`)).status).toBe(200);
    expect(await attachmentsOf(cast.friendToken, worded)).toEqual([]);
    expect((await get(t, cast.friendToken, `${ACTIVITIES}/${bare}`)).status).toBe(404);
  });
});

describe('a video sent in a message', () => {
  it("is carried by the message and seen, and played, by the conversation's members through conversation_id alone", async () => {
    const [alice, grace] = await friends(t.db);
    const frank = await seasoned(t.db);
    const up = await composeUpload(alice.token, { c_type: 'message', title: 'For you' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const video = up.body.data.video_id as number;
    const id = await send(t, alice, grace, 'A clip', { 'attachment[type]': 'video', 'attachment[video_id]': video });
    const waiting = (await open(t, grace, id)).messages[0].attachment;
    expect(waiting).toMatchObject({ id: video, type: 'video', title: 'For you', status: 'to_be_processed', src: '', video_src: '' });

    expect(await drain()).toBe(1);
    const [msg] = (await open(t, grace, id)).messages;
    const src = `${t.config.publicUrl}/api/v1/videos/${video}/file?conversation_id=${id}`;
    expect(msg.attachment).toMatchObject({ id: video, type: 'video', src, video_src: src, width: 160, height: 120, status: 'processed' });
    expect(msg.attachment.href).toBeUndefined();

    const seen = await get(t, grace.token, `${VIDEOS}/${video}`, { conversation_id: id });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.video_src).toBe(src);
    const file = (token: string, conversation?: number) =>
      call(t.app, token, {
        method: 'GET',
        url: `${VIDEOS}/${video}/file${conversation ? `?conversation_id=${conversation}` : ''}`,
        headers: { range: 'bytes=0-9' },
      });
    expect((await file(grace.token, id)).status).toBe(206);
    // Not without the conversation, nor through another, nor for someone outside it.
    const other = await send(t, alice, grace, 'Another');
    expect((await get(t, grace.token, `${VIDEOS}/${video}`)).status).toBe(404);
    expect((await get(t, grace.token, `${VIDEOS}/${video}`, { conversation_id: other })).status).toBe(404);
    expect((await get(t, frank.token, `${VIDEOS}/${video}`, { conversation_id: id })).status).toBe(404);
    expect((await file(grace.token)).status).toBe(404);
    expect((await file(frank.token, id)).status).toBe(404);
    // Nor is it listed or found anywhere, its owner's own list aside.
    expect(ids(await get(t, grace.token, VIDEOS, { user_id: alice.id }))).toEqual([]);
    expect(ids(await get(t, alice.token, `${VIDEOS}/my`))).toEqual([video]);
    const found = await get(t, alice.token, '/api/v1/core/search', { keywords: 'For you', type: 'video' });
    expect(found.body.data.count).toBe(0);

    // A reply may carry one, of the replier's own only.
    const back = (await composeUpload(grace.token, { c_type: 'message', title: 'Mine' })).body.data.video_id as number;
    expect((await reply(t, grace, id, 'Mine', { 'attachment[type]': 'video', 'attachment[video_id]': back })).status).toBe(200);
    expect((await get(t, alice.token, `${VIDEOS}/${back}`, { conversation_id: id })).status).toBe(200);
    const refused = await reply(t, grace, id, 'Yours', { 'attachment[type]': 'video', 'attachment[video_id]': video });
    expect(refused.status).toBe(400);
    expect(refused.body.data.error_params[0].name).toBe('attachment[video_id]');
  });
});
