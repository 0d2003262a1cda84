import { execFileSync } from 'node:child_process';
import { test } from '@playwright/test';

// Media files made by ffmpeg from its generated sources (lavfi) for the journeys that upload them
// (e2e/videos.spec.ts, e2e/messages.spec.ts, e2e/music.spec.ts), in the test's own output folder.

/** `name` in the test's output folder, made by ffmpeg from the lavfi `sources` with the output options `options`. */
function generated(name: string, sources: string[], options: string[] = []): string {
  const file = test.info().outputPath(name);
  execFileSync('ffmpeg', ['-v', 'error', ...sources.flatMap((s) => ['-f', 'lavfi', '-i', s]), ...options, '-y', file]);
  return file;
}

/** A clip of colour bars and a tone, `size` (WxH) for `seconds`. */
export function makeClip(name: string, size: string, seconds: number): string {
  return generated(name, [`testsrc=duration=${seconds}:size=${size}:rate=30`, `sine=duration=${seconds}`], ['-shortest']);
}

/** A tone of `frequency` Hz for `seconds`, as a small mono file (a WAV by its name). */
export function makeTone(name: string, frequency: number, seconds: number): string {
  return generated(name, [`sine=frequency=${frequency}:duration=${seconds}`], ['-ac', '1', '-ar', '22050']);
}
