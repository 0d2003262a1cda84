import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, startApi } from '../../fixture.ts';
import { createMember, privacyCast } from '../../helpers.ts';
import { del, get, insertVideo, post } from '../fixtures.ts';
import { loopbackProvider, type Provider } from './video-fixtures.ts';

// The videos module (docs/api.md, "Videos"): the origin's paths and fields, link videos resolved
// through a YouTube and Vimeo oEmbed provider served on loopback, ratings, privacy.

const VIDEOS = '/api/v1/videos';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';

const oembed = loopbackProvider();
const t = setupApi({ config: oembed.settings });
let provider: Provider;
beforeAll(() => {
  provider = oembed.current();
});

const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((v) => v.id);

describe('GET /videos/support_types, categories, view_options, comment_options', () => {
  it('lists YouTube, Vimeo and Upload where ffmpeg runs, the categories and the privacy choices', async () => {
    const me = await createMember(t.db);
    expect((await get(t, me.token, `${VIDEOS}/support_types`)).body.data).toEqual([
      { id: 1, title: 'YouTube' },
      { id: 2, title: 'Vimeo' },
      { id: 3, title: 'Upload' },
    ]);
    const categories = (await get(t, me.token, `${VIDEOS}/categories`)).body.data as Array<{ title: string }>;
    expect(categories.map((c) => c.title)).toContain('Comedy');
    expect((await get(t, me.token, `${VIDEOS}/view_options`)).body.data.map((o: { id: string }) => o.id)).toEqual([
      'everyone',
      'registered',
      'owner_member',
      'owner',
    ]);
    expect((await get(t, me.token, `${VIDEOS}/comment_options`)).status).toBe(200);
    // Without the scope, none of it.
    const basic = (await createMember(t.db, undefined, ['basic'])).token;
    expect((await get(t, basic, `${VIDEOS}/support_types`)).status).toBe(403);
  });

  it('without ffmpeg, Upload is not offered and an upload is refused, while links still work', async () => {
    const me = await createMember(t.db);
    const ffmpeg = t.app.config.ffmpegPath;
    t.app.config.ffmpegPath = '/nonexistent/ffmpeg';
    try {
      expect((await get(t, me.token, `${VIDEOS}/support_types`)).body.data.map((s: { title: string }) => s.title)).toEqual([
        'YouTube',
        'Vimeo',
      ]);
      const up = await post(
        t,
        me.token,
        VIDEOS,
        { type: 'upload', title: 'x' },
        { Filedata: { filename: 'a.mp4', content: Buffer.from('abc') } },
      );
      expect(up.status).toBe(400);
      expect(up.body.data.error_params[0]).toMatchObject({ name: 'type', message: expect.stringMatching(/cannot convert videos/) });
      expect((await post(t, me.token, VIDEOS, { type: 'youtube', url: YOUTUBE })).status).toBe(200);
    } finally {
      t.app.config.ffmpegPath = ffmpeg;
    }
  });
});

describe('POST /videos with a link', () => {
  it('resolves a YouTube address through oEmbed: the title when none is given, the size, the player address', async () => {
    const me = await createMember(t.db);
    const res = await post(t, me.token, VIDEOS, { type: 'youtube', url: `${YOUTUBE}&t=42`, tags: 'music, classic' });
    expect(res.status).toBe(200);
    const id = res.body.data.video_id as number;
    const video = await get(t, me.token, `${VIDEOS}/${id}`);
    expect(video.body.data).toMatchObject({
      id,
      title: 'Never Gonna Give You Up',
      video_type: 'youtube',
      video_src: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      status: 'processed',
      duration: '',
      width: 480,
      height: 270,
      rating: 0,
      total_vote: 0,
      is_rated: false,
      total_view: 0,
      can_edit: true,
      can_delete: true,
      can_embed: true,
      category: null,
      tags: [
        { id: expect.any(Number), title: 'classic' },
        { id: expect.any(Number), title: 'music' },
      ],
    });
    // Keywords find it by its tags too.
    expect(ids(await get(t, me.token, VIDEOS, { user_id: me.id, keywords: 'CLASSIC' }))).toEqual([id]);
    expect(Object.keys(video.body.data).sort()).toEqual(
      [
        'id',
        'title',
        'duration',
        'thumb',
        'owner',
        'total_view',
        'rating',
        'description',
        'date',
        'total_comment',
        'total_like',
        'status',
        'total_vote',
        'is_rated',
        'video_type',
        'video_src',
        'category',
        'tags',
        'can_edit',
        'can_delete',
        'can_embed',
        'width',
        'height',
        'poster',
      ].sort(),
    );
  });

  it("takes Vimeo's duration and description, and its own title over the provider's", async () => {
    const me = await createMember(t.db);
    const id = (await post(t, me.token, VIDEOS, { type: 'vimeo', url: VIMEO, title: 'Mine' })).body.data.video_id as number;
    const video = await get(t, me.token, `${VIDEOS}/${id}`, { fields: 'title,description,duration,duration_seconds,video_src' });
    expect(video.body.data).toEqual({
      title: 'Mine',
      description: 'A player, on Vimeo.',
      duration: '01:02',
      duration_seconds: 62,
      video_src: 'https://player.vimeo.com/video/76979871',
    });
  });

  it('refuses what is not a known YouTube or Vimeo video, and never fetches the picture a provider names on a private address', async () => {
    const me = await createMember(t.db);
    const refused = async (fields: Record<string, string>) => {
      const res = await post(t, me.token, VIDEOS, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      return res.body.data.error_params[0] as { name: string; message: string };
    };
    expect(await refused({ type: 'youtube', url: 'http://127.0.0.1:9/watch?v=dQw4w9WgXcQ' })).toMatchObject({ name: 'url' });
    expect(await refused({ type: 'youtube', url: 'https://www.youtube.com/watch?v=AAAAAAAAAAA' })).toMatchObject({
      name: 'url',
      message: expect.stringMatching(/not a video YouTube shows/),
    });
    expect(await refused({ type: 'vimeo', url: YOUTUBE })).toMatchObject({
      name: 'url',
      message: expect.stringMatching(/YouTube address/),
    });
    expect(await refused({ type: 'youtube' })).toMatchObject({ name: 'url', error_text: 'missing_parameter' } as object);
    expect((await post(t, me.token, VIDEOS, { type: 'dailymotion', url: YOUTUBE })).status).toBe(400);

    // The loopback provider names a picture on its own (private) address: it is not fetched.
    const hits = provider.hits.length;
    const id = (await post(t, me.token, VIDEOS, { type: 'youtube', url: YOUTUBE })).body.data.video_id as number;
    expect(provider.hits.slice(hits).map((h) => h.split('?')[0])).toEqual(['/youtube']);
    expect((await get(t, me.token, `${VIDEOS}/${id}`, { fields: 'poster,thumb' })).body.data).toEqual({ poster: '', thumb: '' });
  });

  it("stores the provider's picture as the poster where private addresses are allowed (a local demo)", async () => {
    const api = await startApi({ config: { oembed: provider.oembed, linkPreviewAllowPrivate: true } });
    try {
      const me = await createMember(api.db);
      const id = (await post(api, me.token, VIDEOS, { type: 'youtube', url: YOUTUBE })).body.data.video_id as number;
      const video = await get(api, me.token, `${VIDEOS}/${id}`, { fields: 'poster,thumb' });
      expect(video.body.data.poster).toMatch(/^http.*\/files\/img\/[0-9a-f]+\/1024\.jpg$/);
      const poster = await api.app.inject({ method: 'GET', url: new URL(video.body.data.thumb as string).pathname });
      expect(poster.statusCode).toBe(200);
    } finally {
      await api.close();
    }
  });
});

describe('GET /videos and /videos/my', () => {
  let owner: Awaited<ReturnType<typeof createMember>>;
  let other: Awaited<ReturnType<typeof createMember>>;
  let comedy: number;
  const v: Record<string, number> = {};
  beforeAll(async () => {
    owner = await createMember(t.db);
    other = await createMember(t.db);
    comedy = (
      await t.db.selectFrom('categories').select('id').where('module', '=', 'video').where('title', '=', 'Comedy').executeTakeFirstOrThrow()
    ).id;
    v.old = await insertVideo(t.db, owner.id, { title: 'Zebra dance', created_at: 1000, view_count: 5 });
    v.funny = await insertVideo(t.db, owner.id, {
      title: 'Funny cats',
      category_id: comedy,
      created_at: 2000,
      rating_sum: 9,
      rating_count: 2,
    });
    v.hidden = await insertVideo(t.db, owner.id, { title: 'Unlisted cats', allow_search: 0, created_at: 3000 });
    v.waiting = await insertVideo(t.db, owner.id, {
      title: 'Cats uploading',
      type: 'upload',
      code: null,
      url: null,
      status: 'to_be_processed',
      created_at: 4000,
    });
    v.others = await insertVideo(t.db, other.id, { title: 'Dogs', created_at: 5000, rating_sum: 5, rating_count: 1 });
  });

  it("lists what others may see, one member's with user_id, by keywords, category and sort", async () => {
    const reader = (await createMember(t.db)).token;
    const mine = (q: Record<string, string | number>) => get(t, reader, VIDEOS, { user_id: owner.id, ...q });
    expect(ids(await mine({}))).toEqual([v.funny, v.old]);
    expect(ids(await get(t, reader, VIDEOS, { user_id: other.id }))).toEqual([v.others]);
    // In the title, the description (the fixture's: "Cats & dogs") or the tags.
    expect(ids(await mine({ keywords: 'FUNNY' }))).toEqual([v.funny]);
    expect(ids(await mine({ keywords: 'dogs' }))).toEqual([v.funny, v.old]);
    expect(ids(await mine({ category_id: comedy }))).toEqual([v.funny]);
    expect(ids(await mine({ sort: 'view_count' }))).toEqual([v.old, v.funny]);
    expect(ids(await get(t, reader, VIDEOS, { sort: 'rating', limit: 2 }))).toEqual([v.others, v.funny]);
    expect(ids(await mine({ page: 2, limit: 1 }))).toEqual([v.old]);
    const first = (await mine({ limit: 1 })).body.data[0];
    expect(Object.keys(first).sort()).toEqual([
      'duration',
      'height',
      'id',
      'owner',
      'poster',
      'rating',
      'thumb',
      'title',
      'total_view',
      'width',
    ]);
    expect(first).toMatchObject({ rating: 4.5, owner: { id: owner.id } });
    expect((await mine({ fields: 'id,status,nope' })).status).toBe(400);
    expect((await get(t, reader, VIDEOS, { user_id: 999999 })).status).toBe(404);
    expect((await get(t, reader, VIDEOS, { sort: 'random' })).status).toBe(400);
  });

  it("lists the reader's own in every status, or in one", async () => {
    const all = await get(t, owner.token, `${VIDEOS}/my`);
    expect(ids(all)).toEqual([v.waiting, v.hidden, v.funny, v.old]);
    expect(all.body.data[0]).toMatchObject({ status: 'to_be_processed', date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(Object.keys(all.body.data[0])).toEqual(expect.arrayContaining(['description', 'total_comment', 'total_like', 'status']));
    expect(ids(await get(t, owner.token, `${VIDEOS}/my`, { status: 'to_be_processed' }))).toEqual([v.waiting]);
    expect(ids(await get(t, owner.token, `${VIDEOS}/my`, { keywords: 'zebra' }))).toEqual([v.old]);
    const client = await privacyCast(t.db);
    expect((await get(t, client.clientToken, `${VIDEOS}/my`)).status).toBe(403);
  });
});

describe('privacy (auth_view) of a video', () => {
  it('lets in whom auth_view names, in the detail and the lists; the owner alone sees its settings', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertVideo(t.db, cast.owner, { auth_view: 'owner_member', auth_comment: 'owner' });
    const detail = (token: string) =>
      get(t, token, `${VIDEOS}/${id}`, { fields: 'id,auth_view,auth_comment,allow_search,can_edit,can_embed' });
    expect((await detail(cast.ownerToken)).body.data).toEqual({
      id,
      auth_view: 'owner_member',
      auth_comment: 'owner',
      allow_search: true,
      can_edit: true,
      can_embed: false,
    });
    expect((await detail(cast.friendToken)).body.data).toEqual({ id, can_edit: false, can_embed: false });
    expect((await detail(cast.strangerToken)).status).toBe(404);
    expect((await detail(cast.clientToken)).status).toBe(404);
    expect(ids(await get(t, cast.friendToken, VIDEOS, { user_id: cast.owner }))).toEqual([id]);
    expect(ids(await get(t, cast.strangerToken, VIDEOS, { user_id: cast.owner }))).toEqual([]);
    // Comments follow auth_comment (the video is an item of /core/comments).
    const comment = await post(t, cast.friendToken, '/api/v1/core/comments', { item_type: 'video', item_id: id, body: 'Nice' });
    expect(comment.status).toBe(403);
  });

  it('counts a view of anyone but the owner, and embeds a link everyone may see (uploads: videos-poster-embed.test.ts)', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertVideo(t.db, cast.owner);
    await get(t, cast.ownerToken, `${VIDEOS}/${id}`);
    expect((await get(t, cast.friendToken, `${VIDEOS}/${id}`, { fields: 'total_view' })).body.data).toEqual({ total_view: 1 });
    const embed = await get(t, cast.strangerToken, `${VIDEOS}/${id}/embed`);
    expect(embed.body.data.code).toBe(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="480" height="270" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
    const upload = await insertVideo(t.db, cast.owner, { type: 'upload', code: null, url: null });
    // An upload without its converted file has no player yet.
    expect((await get(t, cast.ownerToken, `${VIDEOS}/${upload}/embed`)).status).toBe(403);
  });
});

describe('POST /videos/rate', () => {
  it('takes 1 to 5 once per member, and the mean and count follow', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertVideo(t.db, cast.owner);
    const rate = (token: string, rating: number | string) => post(t, token, `${VIDEOS}/rate`, { video_id: id, rating });
    expect((await rate(cast.friendToken, 4)).body).toEqual({ success: true, data: { total: 1 } });
    expect((await rate(cast.strangerToken, 1)).body.data).toEqual({ total: 2 });
    const again = await rate(cast.friendToken, 5);
    expect(again.status).toBe(403);
    expect(again.body.data.message).toBe('You already rated this video.');
    expect((await rate(cast.ownerToken, 6)).status).toBe(400);
    expect((await rate(cast.ownerToken, 0)).status).toBe(400);
    expect((await rate(cast.clientToken, 3)).status).toBe(403);
    expect((await get(t, cast.friendToken, `${VIDEOS}/${id}`, { fields: 'rating,total_vote,is_rated' })).body.data).toEqual({
      rating: 2.5,
      total_vote: 2,
      is_rated: true,
    });
    expect((await get(t, cast.ownerToken, `${VIDEOS}/${id}`, { fields: 'is_rated' })).body.data).toEqual({ is_rated: false });
    const hidden = await insertVideo(t.db, cast.owner, { auth_view: 'owner' });
    expect((await post(t, cast.strangerToken, `${VIDEOS}/rate`, { video_id: hidden, rating: 3 })).status).toBe(404);
  });
});

describe('POST and DELETE /videos/{id}', () => {
  it('the owner edits the title, description, tags, category and privacy; others may not', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertVideo(t.db, cast.owner);
    expect((await post(t, cast.friendToken, `${VIDEOS}/${id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await post(t, cast.ownerToken, `${VIDEOS}/${id}`, { title: '  ' })).status).toBe(400);
    const edit = await post(t, cast.ownerToken, `${VIDEOS}/${id}`, {
      title: 'Renamed',
      description: 'Now described',
      tags: 'one',
      auth_view: 'owner',
      allow_search: 0,
    });
    expect(edit.body).toEqual({ success: true });
    expect(
      (await get(t, cast.ownerToken, `${VIDEOS}/${id}`, { fields: 'title,description,tags,auth_view,allow_search' })).body.data,
    ).toEqual({
      title: 'Renamed',
      description: 'Now described',
      tags: [{ id: expect.any(Number), title: 'one' }],
      auth_view: 'owner',
      allow_search: false,
    });
    expect((await get(t, cast.friendToken, `${VIDEOS}/${id}`)).status).toBe(404);
  });

  it('the owner deletes a video with its likes and comments; it is gone for everyone', async () => {
    const cast = await privacyCast(t.db);
    const id = await insertVideo(t.db, cast.owner);
    expect((await post(t, cast.friendToken, '/api/v1/core/likes', { item_type: 'video', item_id: id })).status).toBe(200);
    expect((await del(t, cast.friendToken, `${VIDEOS}/${id}`)).status).toBe(403);
    expect((await del(t, cast.ownerToken, `${VIDEOS}/${id}`)).body).toEqual({
      success: true,
      data: { message: 'Video has been deleted.' },
    });
    expect((await get(t, cast.ownerToken, `${VIDEOS}/${id}`)).status).toBe(404);
    expect(await t.db.selectFrom('likes').select('id').where('target_type', '=', 'video').where('target_id', '=', id).execute()).toEqual(
      [],
    );
  });
});
