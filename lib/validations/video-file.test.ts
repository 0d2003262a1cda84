import { describe, expect, it } from 'vitest';
import { checkVideoBytes, sniffVideoType } from './video-file.ts';

// A file is taken as a video by its container's first bytes, in the browser and in the upload
// route alike; its name and the type the browser guessed do not count.

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const file = (head: Uint8Array, name: string, size = head.length) => {
  const all = new Uint8Array(size);
  all.set(head.subarray(0, size));
  return Object.assign(new Blob([all]), { name });
};

describe('what is a video', () => {
  it('knows the containers people upload by their signatures', () => {
    expect(sniffVideoType(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('video/mp4');
    expect(sniffVideoType(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBe('video/mp4');
    expect(sniffVideoType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe('video/x-matroska');
    expect(sniffVideoType(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBe('video/x-msvideo');
    expect(sniffVideoType(bytes([0, 0, 1, 0xba]))).toBe('video/mpeg');
    expect(sniffVideoType(bytes('OggS', [0]))).toBe('video/ogg');
    expect(sniffVideoType(bytes('FLV', [1]))).toBe('video/x-flv');
    expect(sniffVideoType(bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]))).toBe('video/x-ms-asf');
  });

  it('refuses pictures, text, a WebP (RIFF but not AVI) and too few bytes', () => {
    expect(sniffVideoType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(sniffVideoType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBeUndefined();
    expect(sniffVideoType(bytes('Just some words here'))).toBeUndefined();
    expect(sniffVideoType(bytes([0, 0, 0]))).toBeUndefined();
  });

  it('says why a picked file cannot be uploaded: empty, not a video, too large', async () => {
    const mp4 = bytes([0, 0, 0, 0x20], 'ftypisom');
    expect(await checkVideoBytes(file(mp4, 'clip.mp4'), 1000)).toBeUndefined();
    expect(await checkVideoBytes(file(new Uint8Array(0), 'empty.mp4'), 1000)).toBe('“empty.mp4” is empty. Choose another file.');
    expect(await checkVideoBytes(file(bytes('hello world!'), 'clip.mp4'), 1000)).toMatch(/^“clip\.mp4” is not a video this site takes/);
    expect(await checkVideoBytes(file(mp4, 'long.mp4', 2048), 1024)).toBe(
      '“long.mp4” is 2 KB; videos can be at most 1 KB. Choose a shorter video.',
    );
  });
});
