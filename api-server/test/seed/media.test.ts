import { describe, expect, it } from 'vitest';
import { seedDemoMedia } from '../../src/seed/media.ts';
import { tokenFor } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { get } from '../routes/fixtures.ts';

// The demo's videos and songs (npm start; npm run seed -- --media): made by ffmpeg, converted by
// the media worker, and read back as a client reads them.

const t = setupApi({ seed: true });

type Video = {
  id: number;
  title: string;
  status: string;
  width: number;
  height: number;
  duration: string;
  thumb: string;
  owner: { title: string };
};

describe('the demo media', () => {
  it('adds four converted videos with posters and sizes, a playlist of three songs in order, and a video and a song in the feed; once', async () => {
    const logged: string[] = [];
    await seedDemoMedia(t.db, t.config, (m) => logged.push(m));
    expect(logged.at(-1)).toBe('7 videos and songs converted');
    const demo = (await t.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).id;
    const token = await tokenFor(t.db, demo);

    const videos = (await get(t, token, '/api/v1/videos', { limit: 50, fields: 'id,title,status,width,height,duration,thumb,owner' })).body
      .data as Video[];
    const demoVideos = videos.filter((v) => v.thumb !== '' && v.status === 'processed');
    expect(videos.map((v) => [v.title, v.owner.title, v.width, v.height, v.duration]).sort()).toEqual(
      [
        ['A walk along the Mandelbrot set', 'Demo User', 640, 360, '00:06'],
        ['Colour bars and the reference tone', 'Bob Chen', 640, 360, '00:05'],
        ['Test card, counting', 'Alice Martin', 640, 360, '00:06'],
        ['The Game of Life, upright', 'Grace Kim', 360, 640, '00:06'],
      ].sort(),
    );
    expect(demoVideos).toHaveLength(4);
    // Each plays: its file is there, an MP4.
    const file = await get(t, token, `/api/v1/videos/${videos[0]!.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');

    const playlists = (await get(t, token, '/api/v1/music', { keywords: 'quiet evening' })).body.data as { id: number; title: string }[];
    expect(playlists.map((p) => p.title)).toEqual(['Tones for a quiet evening']);
    const playlist = (await get(t, token, `/api/v1/music/${playlists[0]!.id}`)).body.data as {
      songs: { title: string; duration: number | string }[];
    };
    expect(playlist.songs.map((s) => s.title)).toEqual(['C major, held', 'A minor, held', 'F major, breathing']);

    // On Alice's and Bob's walls: the video and the song they posted.
    const wall = async (email: string) => {
      const id = (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
      const items = (await get(t, token, '/api/v1/activities', { subject_type: 'user', subject_id: id, limit: 50 })).body.data.items as {
        attachments?: { type: string; title: string }[];
      }[];
      return items
        .flatMap((a) => a.attachments ?? [])
        .filter((a) => a.type === 'video' || a.type === 'music')
        .map((a) => [a.type, a.title]);
    };
    expect(await wall('alice@example.com')).toEqual([['video', 'Test card, counting']]);
    expect(await wall('bob@example.com')).toEqual([['music', 'C major, held']]);

    // Again: nothing more.
    await seedDemoMedia(t.db, t.config);
    expect(((await get(t, token, '/api/v1/videos', { limit: 50, fields: 'id' })).body.data as unknown[]).length).toBe(4);
  }, 120_000);
});
