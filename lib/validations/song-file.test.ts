import { describe, expect, it } from 'vitest';
import { checkSongBytes, sniffSongType } from './song-file.ts';

// A song is told by its first bytes, never by its name: in the browser before anything is sent and
// in the upload route before anything reaches the API.

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const file = (content: Uint8Array, name: string, size = content.length) =>
  Object.assign(new Blob([content as Uint8Array<ArrayBuffer>, new Uint8Array(Math.max(0, size - content.length))]), { name });

describe('sniffSongType', () => {
  it('knows MP3 (tagged or from a frame), M4A, WAV, Ogg, FLAC, WebM and AIFF, and nothing else', () => {
    expect(sniffSongType(bytes('ID3', [4, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('audio/mpeg');
    expect(sniffSongType(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('audio/mpeg');
    expect(sniffSongType(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffSongType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe('audio/wav');
    expect(sniffSongType(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeUndefined();
    expect(sniffSongType(bytes('OggS', [0, 2]))).toBe('audio/ogg');
    expect(sniffSongType(bytes('fLaC', [0, 0, 0, 0x22]))).toBe('audio/flac');
    expect(sniffSongType(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe('audio/webm');
    expect(sniffSongType(bytes('FORM', [0, 0, 0, 0], 'AIFF'))).toBe('audio/aiff');
    expect(sniffSongType(bytes('hello world!'))).toBeUndefined();
    expect(sniffSongType(bytes([0x89], 'PNG'))).toBeUndefined();
  });
});

describe('checkSongBytes', () => {
  it('refuses an empty file, one that is not a song and one too large, each by its name', async () => {
    const wav = bytes('RIFF', [0, 0, 0, 0], 'WAVE');
    expect(await checkSongBytes(file(wav, 'tone.wav'), 1000)).toBeUndefined();
    expect(await checkSongBytes(file(new Uint8Array(0), 'empty.mp3'), 1000)).toBe('“empty.mp3” is empty. Choose another file.');
    expect(await checkSongBytes(file(bytes('just some words'), 'song.mp3'), 1000)).toMatch(/^“song\.mp3” is not a song this site takes/);
    expect(await checkSongBytes(file(wav, 'long.wav', 2048), 1024)).toBe('“long.wav” is 2 KB; songs can be at most 1 KB.');
  });
});
