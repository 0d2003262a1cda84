import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/db/index.ts';
import { seedLegacy, tuneWav } from '../../src/seed/legacy.ts';
import { rng } from '../../src/seed/random.ts';
import { createUser } from '../helpers.ts';
import { setupApi } from '../fixture.ts';
import { callApi, legacyToken } from '../legacy/fixtures.ts';

const t = setupApi();
let users: number[];

beforeAll(async () => {
  users = [];
  for (let i = 0; i < 10; i++) users.push((await createUser(t.db)).id);
  await seedLegacy({ db: t.db, config: t.config, r: rng(1), t0: now(), users, friendsOf: () => [], log: () => {} });
});

describe('legacy demo data', () => {
  it('gives Demo User songs whose files are real WAV audio of one to three seconds, served under /files/', async () => {
    const token = await legacyToken(t, users[0]!);
    const songs = await callApi(t, token, 'musicsharing.getSongs');
    expect(songs.output.length).toBeGreaterThanOrEqual(3);
    for (const song of songs.output) {
      const res = await t.app.inject({ url: new URL(song.path_file).pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^audio\/(x-)?wav/);
      const wav = res.rawPayload;
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(3);
      expect(song.listen).toBeGreaterThan(0);
    }
  });

  it('leaves Demo User some unread mail', async () => {
    const token = await legacyToken(t, users[0]!);
    expect((await callApi(t, token, 'mail.getNewCount')).output).toBe(3);
  });

  it('tuneWav writes a PCM header that matches its data and is not silent', () => {
    const wav = tuneWav([440, 0], 0.5);
    expect(wav.length).toBe(44 + 22_050 * 2);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt16LE(20)).toBe(1);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(5000);
  });
});
