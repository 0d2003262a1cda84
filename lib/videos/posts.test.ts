import { describe, expect, it } from 'vitest';
import { createMediaWorker } from '../../api-server/src/media/worker.ts';
import { makeClip } from '../../api-server/test/routes/videos/video-fixtures.ts';
import type { Session } from '../auth/session.ts';
import { createActivity, getActivity, listActivities, listNotificationGroups, type Attachment } from '../social-api/activities.ts';
import { searchSite } from '../social-api/search.ts';
import { createVideoLink, createVideoUpload, getMyVideoStates, listVideos } from '../social-api/videos.ts';
import { membersOf, setupRealApiWithProvider } from '../testing/real-api.ts';
import { streamUpload } from '../uploads/stream-upload.ts';
import { PROFILE_TABS } from '../users/profile.ts';
import { addPostVideoLinkCommand } from './commands.ts';
import { composeVideoUploadOptions } from './uploads.ts';

// Videos in posts, as the feed reads them (lib/social-api/activities.ts: a video's card in the
// activity's attachments, one read for the page), as the compose box adds them (its upload route
// and its link command), and where a posted video is found then (search, the profile's Videos
// tab, the owner's notifications), against the real api-server over loopback HTTP with a loopback
// oEmbed provider and a clip made by ffmpeg.

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

const api = setupRealApiWithProvider();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

const everyone = { title: '', description: '', tags: [], authView: 'everyone', authComment: 'everyone', searchable: true };

/** A multipart body with one file part, as a stream (what the BFF passes on). */
async function filePart(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('type', 'upload');
  form.append('title', 'Colour bars');
  form.append('Filedata', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const encoded = new Response(form);
  return { body: encoded.body!, contentType: encoded.headers.get('content-type')! };
}

const videoOf = (attachments: Attachment[]) => {
  const a = attachments[0];
  return a?.kind === 'video' ? a.video : undefined;
};

describe('a video in a post, as the feed reads it', () => {
  it('a link: its poster, its shape, its provider’s player; the title sent with the post becomes the video’s', async () => {
    const videoId = await createVideoLink(demo.token, { type: 'youtube', url: YOUTUBE }, everyone);
    const post = await createActivity(demo.token, { body: 'Watch this', video: { id: videoId, title: 'The classic' } });

    const feed = await listActivities(alice.token);
    const activity = feed!.items.find((a) => a.id === post.id)!;
    expect(activity.attachments).toHaveLength(1);
    expect(videoOf(activity.attachments)).toEqual({
      id: videoId,
      title: 'The classic',
      width: 480,
      height: 270,
      poster: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/img\//),
      player: { kind: 'youtube', code: 'dQw4w9WgXcQ' },
      status: 'processed',
      statusMessage: '',
      duration: '',
    });
  });

  it('an upload: converting while it waits, to its readers too, then playable with its size, poster and duration', async () => {
    const upload = await filePart(await makeClip(), 'bars.mkv');
    const videoId = await createVideoUpload(demo.token, upload);
    const post = await createActivity(demo.token, { body: '', video: { id: videoId, description: 'Colour bars and a tone' } });

    const waiting = videoOf((await getActivity(alice.token, post.id))!.attachments);
    expect(waiting).toMatchObject({
      id: videoId,
      title: 'Colour bars',
      status: 'to_be_processed',
      player: { kind: 'upload', ready: false },
    });
    expect(waiting!.poster).toBe('');

    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(1);

    const ready = videoOf((await getActivity(alice.token, post.id))!.attachments);
    expect(ready).toMatchObject({
      id: videoId,
      status: 'processed',
      player: { kind: 'upload', ready: true },
      width: 160,
      height: 120,
      duration: '00:01',
    });
    expect(ready!.poster).toMatch(/\/files\/img\//);
  });
});

/** Sends a file through the compose box's video route as a browser does (the file alone). */
async function composeUpload(file: Uint8Array, name: string): Promise<Response> {
  const form = new FormData();
  form.append('Filedata', new Blob([file as Uint8Array<ArrayBuffer>]), name);
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  const request = new Request('http://web.test/api/upload/compose-video', {
    method: 'POST',
    headers: { origin: 'http://web.test', 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength) },
    body: new Blob([body]).stream(),
    duplex: 'half',
  } as RequestInit);
  return streamUpload(request, {
    webOrigin: 'http://web.test',
    maxBytes: 10 * 1024 * 1024,
    session: async () => ({ accessToken: demo.token }),
    ...composeVideoUploadOptions,
  });
}

const tabOf = (member: { token: string; id: number }, userId: number) =>
  PROFILE_TABS.videos({ accessToken: member.token, userId: member.id } as Session, userId, { page: 1, limit: 12 });

describe('the compose box’s video', () => {
  it('a pasted address: the provider’s video, unlisted until the post carries it, then found by search and on the profile', async () => {
    const word = `Quokkaclip${Date.now().toString(36)}`;
    const added = await addPostVideoLinkCommand(demo.token, { url: YOUTUBE });
    expect(added).toEqual({
      ok: true,
      message: 'Video added: “Never Gonna Give You Up”.',
      data: {
        id: expect.any(Number),
        title: 'Never Gonna Give You Up',
        description: '',
        status: 'processed',
        thumb: expect.stringMatching(/\/files\/img\//),
      },
    });
    if (!added.ok) return;
    const id = added.data.id;
    expect((await tabOf(alice, demo.id))!.map((v) => v.id)).not.toContain(id);

    await createActivity(demo.token, { body: 'An old favourite', video: { id, title: `${word} classic` } });
    expect((await tabOf(alice, demo.id))!.map((v) => v.id)).toContain(id);
    expect((await tabOf(alice, alice.id))!.map((v) => v.id)).not.toContain(id);
    const found = (await searchSite(alice.token, { keywords: word, type: 'video' }))!;
    expect(found.hits).toEqual([
      expect.objectContaining({ id, type: 'video', title: `${word} classic`, image: expect.stringMatching(/\/files\/img\//) }),
    ]);
    expect(found.types.find((t) => t.id === 'video')?.count).toBe(1);
  });

  it('refuses an address that is not a video’s, before the API and from it, on the address', async () => {
    expect(await addPostVideoLinkCommand(demo.token, { url: 'not an address' })).toEqual({
      ok: false,
      message: 'Check the highlighted fields.',
      fieldErrors: { url: 'Paste the whole address, starting with https://.' },
    });
    const other = await addPostVideoLinkCommand(demo.token, { url: 'https://example.com/clip' });
    expect(!other.ok && other.fieldErrors?.url).toBeTruthy();
  });

  it('an uploaded file: refused when it is not a video; else waiting to be converted, then its owner is told it is ready', async () => {
    const before = (await listVideos(demo.token, { userId: demo.id, limit: 50 }))!.length;
    const text = await composeUpload(new TextEncoder().encode('no video here'), 'notes.txt');
    expect(text.status).toBe(415);

    const res = await composeUpload(await makeClip(), 'Beach day.mkv');
    expect(res.status).toBe(200);
    const video = (await res.json()) as { id: number };
    expect(video).toEqual({ id: expect.any(Number), title: 'Beach day', description: '', status: 'to_be_processed', thumb: '' });
    expect(await getMyVideoStates(demo.token, [video.id])).toEqual([expect.objectContaining({ id: video.id, status: 'to_be_processed' })]);
    // Unlisted: not on the profile until posted.
    expect((await listVideos(demo.token, { userId: demo.id, limit: 50 }))!.length).toBe(before);

    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(1);
    expect(await getMyVideoStates(demo.token, [video.id])).toEqual([expect.objectContaining({ id: video.id, status: 'processed' })]);
    const told = (await listNotificationGroups(demo.token, { kinds: ['video_processed'] }))!;
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'video_processed', item: { type: 'video', id: video.id }, title: 'Beach day' }),
      ]),
    );
  });
});
