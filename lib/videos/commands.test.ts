import { describe, expect, it } from 'vitest';
import { createMediaWorker } from '../../api-server/src/media/worker.ts';
import { insertAlbum } from '../../api-server/test/routes/fixtures.ts';
import { makeClip } from '../../api-server/test/routes/videos/video-fixtures.ts';
import {
  fetchVideoFile,
  getMyVideoStates,
  getVideo,
  getVideoChoices,
  getVideoForEditing,
  listMyVideos,
  listVideos,
} from '../social-api/videos.ts';
import { membersOf, setupRealApiWithProvider } from '../testing/real-api.ts';
import { formRequest, ORIGIN } from '../testing/multipart.ts';
import { streamUpload } from '../uploads/stream-upload.ts';
import type { VideoUploadValues } from '../validations/video.ts';
import { addVideoLinkCommand, chooseVideoPosterCommand, deleteVideoCommand, editVideoCommand, rateVideoCommand } from './commands.ts';
import { POSTER_PHOTOS_PAGE, posterPhotoChoices } from './poster-photos.ts';
import { videoUploadOptions } from './uploads.ts';

// The videos' loaders and commands (what components/videos/actions.ts and the upload route run
// for the signed-in person) against the real api-server over loopback HTTP, on the demo data,
// with a YouTube and Vimeo oEmbed provider served on loopback and a clip made by ffmpeg.

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';

const api = setupRealApiWithProvider();
const { demo, alice } = membersOf(api, ['demo', 'alice']);

const values = (over: Partial<VideoUploadValues> = {}): VideoUploadValues => ({
  title: '',
  description: '',
  tags: [],
  categoryId: '',
  authView: 'everyone',
  authComment: 'everyone',
  searchable: true,
  ...over,
});

describe('adding a video by its address', () => {
  it('resolves it through the provider: its title when none is typed, its poster and size; the lists and the page show it', async () => {
    const added = await addVideoLinkCommand(demo.token, { ...values({ tags: ['music', 'classic'] }), type: 'youtube', url: YOUTUBE });
    expect(added).toEqual({ ok: true, message: 'Your video was added.', data: { id: expect.any(Number) } });
    if (!added.ok) return;
    const video = await getVideo(alice.token, added.data.id, alice.id);
    expect(video).toMatchObject({
      title: 'Never Gonna Give You Up',
      player: { kind: 'youtube', code: 'dQw4w9WgXcQ' },
      width: 480,
      height: 270,
      status: 'processed',
      canEdit: false,
      isRated: false,
      tags: expect.arrayContaining([expect.objectContaining({ title: 'music' }), expect.objectContaining({ title: 'classic' })]),
      social: { item: { type: 'video', id: added.data.id }, likeCount: 0 },
    });
    expect(video!.poster).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/img\//);
    expect(video!.settings).toBeUndefined();

    const everyone = await listVideos(alice.token, { keywords: 'Never Gonna' });
    expect(everyone!.map((v) => v.id)).toContain(added.data.id);
    expect((await listVideos(alice.token, { userId: demo.id }))!.map((v) => v.id)).toContain(added.data.id);
    expect((await listVideos(alice.token, { userId: alice.id }))!.map((v) => v.id)).not.toContain(added.data.id);
    // A member who is not there is the API's 404 (the page's), not "a server without videos".
    await expect(listVideos(alice.token, { userId: 999_999 })).rejects.toMatchObject({ status: 404 });
    const mine = await listMyVideos(demo.token);
    expect(mine!.find((v) => v.id === added.data.id)).toMatchObject({ status: 'processed', statusMessage: '' });
  });

  it('takes a Vimeo address with the title typed, and the owner reads the settings back to edit them', async () => {
    const choices = await getVideoChoices(demo.token);
    expect(choices).toMatchObject({ upload: true, view: expect.arrayContaining([expect.objectContaining({ id: 'everyone' })]) });
    const category = choices!.categories[0]!;
    const added = await addVideoLinkCommand(demo.token, {
      ...values({ title: 'A player', categoryId: String(category.id), authView: 'owner', searchable: false }),
      type: 'vimeo',
      url: VIMEO,
    });
    if (!added.ok) throw new Error(added.message);
    const mine = await getVideoForEditing(demo.token, added.data.id);
    expect(mine).toMatchObject({
      title: 'A player',
      description: 'A player, on Vimeo.',
      duration: '01:02',
      player: { kind: 'vimeo', code: '76979871' },
      category: { id: category.id },
      canEdit: true,
      settings: { authView: 'owner', authComment: 'everyone', searchable: false },
    });
    // Only its owner may see it.
    expect(await getVideo(alice.token, added.data.id, alice.id)).toBeUndefined();
  });

  it('refuses what the form refuses before the API, and puts the API’s refusals on the address', async () => {
    expect(await addVideoLinkCommand(demo.token, { ...values(), type: 'youtube', url: 'not an address' })).toEqual({
      ok: false,
      message: 'Check the highlighted fields.',
      fieldErrors: { url: 'Paste the whole address, starting with https://.' },
    });
    const unknown = await addVideoLinkCommand(demo.token, {
      ...values(),
      type: 'youtube',
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa',
    });
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.fieldErrors?.url).toBeTruthy();
    const other = await addVideoLinkCommand(demo.token, { ...values(), type: 'youtube', url: 'https://example.com/clip' });
    expect(!other.ok && other.fieldErrors?.url).toBeTruthy();
  });
});

describe('editing, rating and deleting', () => {
  it('saves the settings, rates once, and deletes for the owner only', async () => {
    const added = await addVideoLinkCommand(demo.token, { ...values(), type: 'youtube', url: YOUTUBE });
    if (!added.ok) throw new Error(added.message);
    const id = added.data.id;

    expect(await editVideoCommand(alice.token, { id, values: values({ title: 'Mine now' }) })).toMatchObject({ ok: false });
    expect(await editVideoCommand(demo.token, { id, values: values({ title: '  ' }) })).toEqual({
      ok: false,
      message: 'Check the highlighted fields.',
      fieldErrors: { title: 'Give your video a title.' },
    });
    expect(
      await editVideoCommand(demo.token, { id, values: values({ title: 'Renamed', description: 'A singer in a trench coat.' }) }),
    ).toEqual({
      ok: true,
      message: 'Your video was saved.',
      data: { id },
    });
    expect(await getVideo(alice.token, id, alice.id)).toMatchObject({ title: 'Renamed', description: 'A singer in a trench coat.' });

    expect(await rateVideoCommand(alice.token, { id, rating: 6 })).toMatchObject({ ok: false });
    expect(await rateVideoCommand(alice.token, { id, rating: 4 })).toEqual({
      ok: true,
      message: 'You rated this video 4 out of 5.',
      data: { total: 1 },
    });
    expect(await rateVideoCommand(alice.token, { id, rating: 5 })).toEqual({ ok: false, message: 'You have rated this video already.' });
    expect(await getVideo(alice.token, id, alice.id)).toMatchObject({ rating: 4, ratingCount: 1, isRated: true });

    expect((await deleteVideoCommand(alice.token, { id })).ok).toBe(false);
    expect(await deleteVideoCommand(demo.token, { id })).toEqual({ ok: true, message: 'Video has been deleted.', data: undefined });
    expect(await getVideo(demo.token, id, demo.id)).toBeUndefined();
  });
});

/** Sends a file through the upload route's checks as a browser does: the form's values as the `video` field, then the file. */
async function upload(file: Uint8Array, name: string, fields: unknown, maxBytes = 10 * 1024 * 1024): Promise<Response> {
  const request = await formRequest([
    { name: 'video', value: JSON.stringify(fields) },
    { name: 'Filedata', file: Buffer.from(file), fileName: name, type: 'application/octet-stream' },
  ]);
  return streamUpload(request, {
    webOrigin: ORIGIN,
    maxBytes,
    session: async () => ({ accessToken: demo.token }),
    ...videoUploadOptions,
  });
}

describe('uploading a video through the BFF', () => {
  it('refuses a file that is not a video, one too large, and fields that do not pass, before anything reaches the API', async () => {
    const before = (await listMyVideos(demo.token, { limit: 50 }))!.length;
    const text = await upload(new TextEncoder().encode('just some words, not a video'), 'notes.txt', values({ title: 'Notes' }));
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toMatch(/“notes\.txt” is not a video this site takes/);
    const clip = await makeClip();
    const big = await upload(clip, 'clip.mkv', values({ title: 'Big' }), 100);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(/videos can be at most 100 bytes/);
    const untitled = await upload(clip, 'clip.mkv', values());
    expect(untitled.status).toBe(400);
    expect(await untitled.json()).toMatchObject({ field_errors: { title: 'Give your video a title.' } });
    expect((await listMyVideos(demo.token, { limit: 50 }))!.length).toBe(before);
  });

  it('streams a clip on to the API: it waits to be converted, then plays from its file with ranges', async () => {
    const clip = await makeClip();
    const res = await upload(clip, 'clip.mkv', values({ title: 'Test card', description: 'Colour bars and a tone' }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };

    expect(await getMyVideoStates(demo.token, [id])).toEqual([expect.objectContaining({ id, status: 'to_be_processed' })]);
    expect(await getVideo(alice.token, id, alice.id)).toBeUndefined();
    expect((await getVideo(demo.token, id, demo.id))!.player).toEqual({ kind: 'upload', ready: false });

    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(1);

    const video = await getVideo(alice.token, id, alice.id);
    expect(video).toMatchObject({
      title: 'Test card',
      status: 'processed',
      player: { kind: 'upload', ready: true },
      width: 160,
      height: 120,
    });
    expect(video!.duration).toBe('00:01');
    expect(await getMyVideoStates(demo.token, [id])).toEqual([expect.objectContaining({ id, status: 'processed' })]);

    const range = await fetchVideoFile(alice.token, id, new Headers({ range: 'bytes=0-99' }), new AbortController().signal);
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect(range.headers.get('content-type')).toBe('video/mp4');
    expect((await range.arrayBuffer()).byteLength).toBe(100);
    const total = Number(range.headers.get('content-range')!.split('/')[1]);
    const past = await fetchVideoFile(alice.token, id, new Headers({ range: `bytes=${total + 10}-` }), new AbortController().signal);
    expect(past.status).toBe(416);
    await past.body?.cancel();
  });

  it('offers the owner their own albums and photos, page by page, and makes a copy of one of them the poster (here of a link, whose frames are its provider’s)', async () => {
    const first = await posterPhotoChoices(demo.token, demo.id, { page: 1 });
    if (!first.ok) throw new Error(first.message);
    const albums = first.data.albums!;
    expect(albums.length).toBeGreaterThan(0);
    expect(albums.every((a) => a.photoCount > 0)).toBe(true);
    expect(first.data.albumId).toBe(albums[0]!.id);
    expect(first.data.photos.length).toBe(Math.min(albums[0]!.photoCount, POSTER_PHOTOS_PAGE));
    expect(first.data.more).toBe(albums[0]!.photoCount > POSTER_PHOTOS_PAGE);
    // Another album, asked for by id: its photos, without the list again.
    const other = albums.at(-1)!;
    const page = await posterPhotoChoices(demo.token, demo.id, { albumId: other.id, page: 1 });
    expect(page).toMatchObject({ ok: true, data: { albumId: other.id, photos: expect.any(Array) } });
    expect(page.ok && page.data.albums).toBeUndefined();
    // Someone else's album is not offered, and bad input changes nothing.
    expect(await posterPhotoChoices(alice.token, alice.id, { albumId: other.id, page: 1 })).toMatchObject({ ok: false });
    expect(await posterPhotoChoices(demo.token, demo.id, { page: 0 })).toMatchObject({ ok: false });

    const photoId = first.data.photos[0]!.id;
    const link = await addVideoLinkCommand(demo.token, { ...values(), type: 'vimeo', url: VIMEO });
    if (!link.ok) throw new Error(link.message);
    const before = (await getVideo(alice.token, link.data.id, alice.id))!.poster;
    // Not another member's video, and not another member's photo.
    expect(await chooseVideoPosterCommand(alice.token, { id: link.data.id, photoId })).toMatchObject({ ok: false });
    const alices = await posterPhotoChoices(alice.token, alice.id, { page: 1 });
    if (!alices.ok || !alices.data.photos[0]) throw new Error('alice has no photo in the demo data');
    expect(await chooseVideoPosterCommand(demo.token, { id: link.data.id, photoId: alices.data.photos[0].id })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/one of your photos/),
    });
    expect(await chooseVideoPosterCommand(demo.token, { id: link.data.id, photoId, time: 1 })).toMatchObject({ ok: false });
    expect((await getVideo(alice.token, link.data.id, alice.id))!.poster).toBe(before);

    const chosen = await chooseVideoPosterCommand(demo.token, { id: link.data.id, photoId });
    expect(chosen).toEqual({
      ok: true,
      message: 'The poster is now your photo.',
      data: { poster: expect.stringMatching(/\/files\/img\//) },
    });
    if (!chosen.ok) return;
    const after = await getVideo(alice.token, link.data.id, alice.id);
    expect(after!.poster).toBe(chosen.data.poster);
    expect(after!.poster).not.toBe(before);
    expect((await fetch(after!.poster)).headers.get('content-type')).toMatch(/^image\//);
  });

  it('lets the owner make a moment of the converted upload its poster, and no one else; a link’s poster stays its provider’s', async () => {
    const res = await upload(await makeClip(), 'clip.mkv', values({ title: 'Poster pick' }));
    const { id } = (await res.json()) as { id: number };
    expect(await chooseVideoPosterCommand(demo.token, { id, time: 0.5 })).toEqual({
      ok: false,
      message: 'The video is not converted yet: its poster can be chosen once it is.',
    });
    expect(await createMediaWorker({ db: api.db, config: api.config }).drain()).toBe(1);
    const before = (await getVideo(alice.token, id, alice.id))!.poster;

    expect(await chooseVideoPosterCommand(demo.token, { id, time: -1 })).toMatchObject({ ok: false });
    expect(await chooseVideoPosterCommand(alice.token, { id, time: 0.5 })).toEqual({
      ok: false,
      message: "Only its owner may choose this video's poster.",
    });
    expect((await getVideo(alice.token, id, alice.id))!.poster).toBe(before);

    const chosen = await chooseVideoPosterCommand(demo.token, { id, time: 0.54 });
    expect(chosen).toEqual({
      ok: true,
      message: 'The poster is now this frame.',
      data: { poster: expect.stringMatching(/\/files\/img\//) },
    });
    if (!chosen.ok) return;
    const after = await getVideo(alice.token, id, alice.id);
    expect(after!.poster).toBe(chosen.data.poster);
    expect(after!.poster).not.toBe(before);
    const picture = await fetch(after!.poster);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);

    const link = await addVideoLinkCommand(demo.token, { ...values(), type: 'youtube', url: YOUTUBE });
    if (!link.ok) throw new Error(link.message);
    expect(await chooseVideoPosterCommand(demo.token, { id: link.data.id, time: 1 })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/upload/),
    });
  });

  it('offers albums with photos beyond the newest 50, which here hold none', async () => {
    const before = await posterPhotoChoices(alice.token, alice.id, { page: 1 });
    if (!before.ok || !before.data.albums?.length) throw new Error('alice has no photos in the demo data');
    for (let n = 0; n < 51; n += 1) await insertAlbum(api.db, alice.id, { title: `Empty ${n}` });
    const after = await posterPhotoChoices(alice.token, alice.id, { page: 1 });
    expect(after).toMatchObject({ ok: true, data: { albums: before.data.albums, albumId: before.data.albumId } });
  });
});
