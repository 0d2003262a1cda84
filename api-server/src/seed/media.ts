import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { DB } from '../db/index.ts';
import { now } from '../db/index.ts';
import { createActivity } from '../data/activities.ts';
import { insertPlaylist, openPlaylistValues } from '../data/music.ts';
import { insertSong } from '../data/songs.ts';
import { insertVideo } from '../data/videos.ts';
import { bodyHtml } from '../domain/text.ts';
import { ffmpegAvailable, generate } from '../media/ffmpeg.ts';
import { createMediaWorker } from '../media/worker.ts';
import { songSourceKey } from '../storage/songs.ts';
import { mediaStore, videoSourceKey } from '../storage/videos.ts';

// The demo's videos and songs (npm start, and `npm run seed -- --media`): clips and tones made by
// ffmpeg from its own generated sources (nothing is downloaded), stored as uploads are and
// converted by the media worker itself (media/worker.ts), so that they are what an upload
// becomes — an H.264 MP4 with its poster, size and duration; an AAC song. A video and a song are
// then posted in the feed. Without ffmpeg there are none, and the log says so. The tests'
// seed leaves them out (a conversion takes seconds), as does a database that has them already.

/** An uploaded clip of the demo: its owner (a demo user's email), its words, and ffmpeg's sources for it. */
interface DemoClip {
  owner: string;
  title: string;
  description: string;
  sources: string[];
  seconds: number;
  /** A video filter on the way out (the Game of Life's cells made large). */
  filter?: string;
}

const CLIPS: DemoClip[] = [
  {
    owner: 'alice@example.com',
    title: 'Test card, counting',
    description: 'A test card whose colours drift while a counter counts the seconds; a low hum underneath.',
    sources: ['testsrc2=size=640x360:rate=25', 'sine=frequency=220:sample_rate=44100'],
    seconds: 6,
  },
  {
    owner: 'bob@example.com',
    title: 'Colour bars and the reference tone',
    description: 'Broadcast colour bars, still, with the steady 1 kHz reference tone.',
    sources: ['smptehdbars=size=640x360:rate=25', 'sine=frequency=1000:sample_rate=44100'],
    seconds: 5,
  },
  {
    owner: 'demo@example.com',
    title: 'A walk along the Mandelbrot set',
    description: 'Zooming slowly into the edge of the Mandelbrot set, its colours unfolding; soft brown noise.',
    sources: ['mandelbrot=size=640x360:rate=25:maxiter=256', 'anoisesrc=color=brown:amplitude=0.08:sample_rate=44100'],
    seconds: 6,
  },
  {
    owner: 'grace@example.com',
    title: 'The Game of Life, upright',
    description: 'Conway’s Game of Life in a phone’s upright frame: cells in indigo are born and die; a quiet tone.',
    sources: ['life=size=72x128:rate=8:ratio=0.25:mold=10:life_color=#818cf8:death_color=#312e81', 'sine=frequency=330:sample_rate=44100'],
    seconds: 6,
    filter: 'scale=360:640:flags=neighbor',
  },
];

/** A chord held or pulsing, by its notes' frequencies: an aevalsrc expression. */
const chord = (notes: number[], pulse = 0) =>
  `aevalsrc=${notes.map((f) => `0.12*sin(2*PI*${f}*t)`).join('+')}${pulse ? `*(0.6+0.4*sin(2*PI*${pulse}*t))` : ''}:s=44100`;

const PLAYLIST = {
  owner: 'bob@example.com',
  title: 'Tones for a quiet evening',
  description: 'Three chords made by ffmpeg: held, then breathing slowly.',
  songs: [
    { title: 'C major, held', source: chord([261.63, 329.63, 392]), seconds: 20 },
    { title: 'A minor, held', source: chord([220, 261.63, 329.63]), seconds: 20 },
    { title: 'F major, breathing', source: chord([174.61, 220, 261.63], 0.5), seconds: 24 },
  ],
};

/** How long ffmpeg may take to make one of them. */
const GENERATE_SECONDS = 60;

export async function seedDemoMedia(db: DB, config: Config, log: (msg: string) => void = () => {}): Promise<void> {
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email']).where('email', 'like', '%@example.com').execute()).map((u) => [u.email, u.id]),
  );
  const demo = users.get('demo@example.com');
  if (demo === undefined) return;
  const first = await db.selectFrom('videos').select('id').where('title', '=', CLIPS[0]!.title).executeTakeFirst();
  if (first) return;
  if (!(await ffmpegAvailable(config.ffmpegPath))) {
    log('no ffmpeg on this machine: the demo has no videos or songs (links and everything else work)');
    return;
  }
  log('making the demo videos and songs with ffmpeg…');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-media-'));
  const store = mediaStore(config.dataDir);
  try {
    const videoIds: number[] = [];
    for (const [i, clip] of CLIPS.entries()) {
      const file = path.join(dir, `clip-${i}.mp4`);
      await generate(config.ffmpegPath, {
        sources: clip.sources,
        options: [
          '-t',
          String(clip.seconds),
          ...(clip.filter ? ['-vf', clip.filter] : []),
          '-r',
          '25',
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-pix_fmt',
          'yuv420p',
          '-c:a',
          'aac',
          '-shortest',
        ],
        output: file,
        seconds: GENERATE_SECONDS,
      });
      videoIds.push(
        await insertVideo(db, {
          ownerId: users.get(clip.owner)!,
          values: {
            title: clip.title,
            description: clip.description,
            category_id: null,
            allow_search: 1,
            auth_view: 'everyone',
            auth_comment: 'everyone',
          },
          source: { type: 'upload' },
          tags: 'demo',
          place: (id) => store.writeFrom(videoSourceKey(id), file),
        }),
      );
    }
    const songIds: number[] = [];
    for (const [i, song] of PLAYLIST.songs.entries()) {
      const file = path.join(dir, `song-${i}.wav`);
      await generate(config.ffmpegPath, {
        sources: [song.source],
        options: ['-t', String(song.seconds), '-ac', '2', '-c:a', 'pcm_s16le'],
        output: file,
        seconds: GENERATE_SECONDS,
      });
      songIds.push(
        await insertSong(db, {
          ownerId: users.get(PLAYLIST.owner)!,
          title: song.title,
          playlistId: null,
          place: (id) => store.writeFrom(songSourceKey(id), file),
        }),
      );
    }
    await insertPlaylist(db, {
      ownerId: users.get(PLAYLIST.owner)!,
      values: openPlaylistValues(PLAYLIST.title, PLAYLIST.description),
      songIds,
    });
    // The worker converts them as it converts any upload (and tells their owners).
    const converted = await createMediaWorker({ db, config }).drain();
    log(`${converted} videos and songs converted`);

    // Alice posts her clip, Bob a song of his playlist: a video and a song in the feed, two days
    // back (below the first screen: the feed's first paint is the same with or without ffmpeg).
    const t = now();
    const post = (owner: number, text: string, attachment: { attachment_type: 'video' | 'music'; attachment_id: number }, at: number) =>
      createActivity(db, {
        owner_id: owner,
        subject_type: 'user',
        subject_id: owner,
        content: bodyHtml(text),
        auth_view: 'everyone',
        is_share: 0,
        created_at: at,
        ...attachment,
      });
    await post(
      users.get(CLIPS[0]!.owner)!,
      'Made this test card with ffmpeg. Watch the counter!',
      {
        attachment_type: 'video',
        attachment_id: videoIds[0]!,
      },
      t - 2 * 86400 - 3 * 3600,
    );
    await post(
      users.get(PLAYLIST.owner)!,
      'A chord for the evening.',
      { attachment_type: 'music', attachment_id: songIds[0]! },
      t - 2 * 86400 - 5 * 3600,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
