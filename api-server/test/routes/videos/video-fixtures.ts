import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../../src/config.ts';
import { picture, post } from '../fixtures.ts';
import type { TestApp } from '../../fixture.ts';

const run = promisify(execFile);

/** A tiny clip made by ffmpeg: 1 s of its test picture (160×120, 10 frames a second) and a tone. */
export async function makeClip(args: readonly string[] = [], ext = 'mkv'): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clip-'));
  const file = path.join(dir, `clip.${ext}`);
  try {
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:v',
      'mpeg4',
      '-c:a',
      'mp2',
      '-shortest',
      ...args,
      file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A one-frame video of an absurd width (9000×16), losslessly packed: a few hundred bytes. */
export async function makeWideClip(): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clip-'));
  const file = path.join(dir, 'wide.mkv');
  try {
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=9000x16:d=0.1:r=10', '-c:v', 'ffv1', file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Uploads `content` as a new video of the token's member. */
export function uploadVideo(t: TestApp, token: string, content: Buffer, fields: Record<string, string | number> = {}) {
  return post(t, token, '/api/v1/videos', { type: 'upload', title: 'My clip', ...fields }, { Filedata: { filename: 'clip.mkv', content } });
}

export interface Provider {
  /** The oEmbed endpoints, as config.oembed takes them. */
  oembed: { youtube: string; vimeo: string };
  /** Requests the provider had, by path (with the query). */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A YouTube and Vimeo oEmbed provider on loopback: it knows the video ids `dQw4w9WgXcQ` and
 * `76979871` (others answer 404), and names a picture on its own (loopback) address. On a port of
 * the system's choosing, unless `port` (the end-to-end tests' provider: e2e/oembed-provider.ts).
 */
export async function startProvider(port = 0): Promise<Provider> {
  const hits: string[] = [];
  const jpeg = await picture('jpeg', 320, 180);
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/thumb.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      return;
    }
    const asked = url.searchParams.get('url') ?? '';
    const known =
      url.pathname === '/youtube' && asked === 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
        ? { title: 'Never Gonna Give You Up', width: 480, height: 270 }
        : url.pathname === '/vimeo' && asked === 'https://vimeo.com/76979871'
          ? { title: 'The New Vimeo Player', description: 'A player, on Vimeo.', duration: 62, width: 640, height: 360 }
          : undefined;
    if (!known) {
      res.writeHead(404).end('Not Found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'video', ...known, thumbnail_url: `${base}/thumb.jpg` }));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    oembed: { youtube: `${base}/youtube`, vimeo: `${base}/vimeo` },
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * A provider (above) for a test file's whole run: `settings` holds its endpoints (pass them to
 * setupApi, which reads them once the provider has started), `current()` the provider.
 */
export function loopbackProvider(): { settings: Partial<Config>; current: () => Provider } {
  let provider: Provider | undefined;
  const settings: Partial<Config> = {};
  beforeAll(async () => {
    provider = await startProvider();
    settings.oembed = provider.oembed;
  });
  afterAll(async () => {
    await provider?.close();
  });
  return { settings, current: () => provider! };
}
