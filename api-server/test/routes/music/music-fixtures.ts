import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Insertable } from 'kysely';
import type { DB } from '../../../src/db/index.ts';
import { now } from '../../../src/db/index.ts';
import type { SongsTable } from '../../../src/db/types.ts';
import type { TestApp } from '../../fixture.ts';
import { post } from '../fixtures.ts';

const run = promisify(execFile);

/** A tone made by ffmpeg: `seconds` of its `sine` source, as a WAV. */
export async function makeTone(seconds = 1): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tone-'));
  const file = path.join(dir, 'tone.wav');
  try {
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'pcm_s16le', file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads `content` as a new song of the token's member (POST /music/songs, or another upload route with its fields). */
export function uploadSong(
  t: TestApp,
  token: string,
  content: Buffer,
  fields: Record<string, string | number> = {},
  url = '/api/v1/music/songs',
) {
  return post(t, token, url, fields, { Filedata: { filename: 'My tone.wav', content, type: 'audio/wav' } });
}

/** A converted song of `owner` stored directly (its file need not exist), in `playlistId` at `position`. */
export async function insertConvertedSong(
  db: DB,
  owner: number,
  playlistId: number | null,
  p: Partial<Insertable<SongsTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('songs')
    .values({
      owner_id: owner,
      title: 'A song',
      file_key: `song/0/${Math.random().toString(16).slice(2)}.m4a`,
      play_count: 0,
      created_at: now(),
      playlist_id: playlistId,
      duration: 200,
      status: 'processed',
      status_reason: null,
      in_media: 1,
      ...p,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
