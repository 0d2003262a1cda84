import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken } from './api-token.ts';
import { API_URL } from './servers.ts';
import { signIn } from './sign-in.ts';

function media(name: string, args: string[]): Buffer {
  const file = test.info().outputPath(name);
  execFileSync('ffmpeg', ['-v', 'error', ...args, '-y', file]);
  return fs.readFileSync(file);
}

test('screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  const token = await apiToken(request, undefined, ['basic', 'activities', 'music', 'videos', 'groups']);
  const auth = { authorization: `Bearer ${token}` };
  const api = (p: string) => `${API_URL}/api/v1${p}`;
  const tone = media('tone.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3']);
  const clip = media('clip.mp4', ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=640x360:rate=25', '-pix_fmt', 'yuv420p']);
  const me = (await (await request.get(api('/users/me'), { headers: auth })).json()).data.id as number;

  const pl = await request.post(api('/music'), { headers: auth, multipart: { title: 'Evening tones', description: 'Three calm tones' } });
  const playlist = (await pl.json()).data.id as number;
  for (const n of ['Low hum', 'Warm sine']) {
    const r = await request.post(api('/music/add_song'), { headers: auth, multipart: { playlist_id: String(playlist), title: n, Filedata: { name: `${n}.wav`, mimeType: 'audio/wav', buffer: tone } } });
    expect(r.ok(), await r.text()).toBe(true);
  }
  const song = await request.post(api('/music/compose_upload'), { headers: auth, multipart: { type: 'wall', Filedata: { name: 'Feed tone.wav', mimeType: 'audio/wav', buffer: tone } } });
  const songId = (await song.json()).data.song_id as number;
  const vid = await request.post(api('/videos/compose_upload'), { headers: auth, multipart: { type: 'upload', Filedata: { name: 'bars.mp4', mimeType: 'video/mp4', buffer: clip } } });
  expect(vid.ok(), await vid.text()).toBe(true);
  const videoId = (await vid.json()).data.video_id as number;
  await expect.poll(async () => (await (await request.get(api(`/videos/${videoId}`), { headers: auth, params: { fields: 'status' } })).json()).data.status, { timeout: 60_000 }).toBe('processed');
  await expect.poll(async () => (await (await request.get(api(`/music/songs/${songId}`), { headers: auth })).json()).data.status, { timeout: 60_000 }).toBe('processed');
  await request.post(api('/activities'), { headers: auth, multipart: { body: 'A tone for the evening', 'attachment[type]': 'music', 'attachment[song_id]': String(songId) } });
  await request.post(api('/activities'), { headers: auth, multipart: { body: 'Colour bars', 'attachment[type]': 'video', 'attachment[video_id]': String(videoId), 'attachment[title]': 'Colour bars' } });
  const groups = (await (await request.get(api('/groups/my'), { headers: auth, params: { show: 'only_groups_i_lead', fields: 'id,title' } })).json()).data as Array<{ id: number; title: string }>;
  const elm = groups.find((g) => g.title === 'Elm Street neighbours')!.id;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const pages: Array<[string, string]> = [
    ['feed', '/'],
    ['group-wall', `/groups/${elm}/wall`],
    ['group-photos', `/groups/${elm}/photos`],
    ['group-events', `/groups/${elm}/events`],
    ['group-events-past', `/groups/${elm}/events?when=past`],
    ['group-members', `/groups/${elm}/members`],
    ['music', '/music'],
    ['playlist', `/music/${playlist}`],
    ['profile-groups', `/users/${me}/groups`],
    ['profile-videos', `/users/${me}/videos`],
    ['search-music', '/search?q=tones&type=music_playlist'],
    ['messages', '/messages?open=8'],
    ['video-edit', `/videos/${videoId}/edit`],
    ['playlist-edit', `/music/${playlist}/edit`],
  ];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, path] of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/${name}-${scheme}.png`, fullPage: false });
    }
  }
});
