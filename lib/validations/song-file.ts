// What makes a file a song this site takes, decided by its first bytes (its format's signature),
// never by its name: the same check runs in the browser before anything is sent
// (components/music) and in the BFF's upload route before anything reaches the API
// (app/api/upload/song). ffmpeg on the API decides the rest (a file that is not sound ends
// `conversion_failed`). No dependencies: it ships to the browser.

import { bytes, checkMediaBytes, startsWith } from './media-file.ts';

/** How many leading bytes `sniffSongType` needs. */
export const SONG_SNIFF_BYTES = 12;

export const SONG_KINDS_TEXT = 'MP3, M4A, AAC, WAV, OGG, Opus, FLAC, WebM or AIFF';

/** The file input's `accept`. */
export const SONG_ACCEPT = 'audio/*,.mp3,.m4a,.aac,.wav,.ogg,.oga,.opus,.flac,.weba,.aif,.aiff';

const SIGNATURES: Array<[type: string, test: (b: Uint8Array) => boolean]> = [
  // MP3 with its ID3 tag, or starting at a frame (11 bits of sync: MPEG audio and AAC's ADTS).
  ['audio/mpeg', (b) => startsWith(b, bytes('ID3')) || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)],
  ['audio/mp4', (b) => startsWith(b, bytes('ftyp'), 4)],
  ['audio/wav', (b) => startsWith(b, bytes('RIFF')) && startsWith(b, bytes('WAVE'), 8)],
  ['audio/ogg', (b) => startsWith(b, bytes('OggS'))],
  ['audio/flac', (b) => startsWith(b, bytes('fLaC'))],
  ['audio/webm', (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])],
  ['audio/aiff', (b) => startsWith(b, bytes('FORM')) && (startsWith(b, bytes('AIFF'), 8) || startsWith(b, bytes('AIFC'), 8))],
];

/** The audio format these leading bytes start, or undefined when they start none we take. */
export function sniffSongType(head: Uint8Array): string | undefined {
  return SIGNATURES.find(([, test]) => test(head))?.[0];
}

export const notASongMessage = (name: string) => `“${name}” is not a song this site takes. Choose a ${SONG_KINDS_TEXT} file.`;

/** Why a file the person picked cannot be uploaded as a song, or undefined when it can (lib/validations/media-file.ts). */
export function checkSongBytes(file: Blob & { name: string }, maxBytes: number): Promise<string | undefined> {
  return checkMediaBytes(file, maxBytes, {
    sniffBytes: SONG_SNIFF_BYTES,
    sniff: sniffSongType,
    notThis: notASongMessage,
    tooLarge: (name, size, max) => `“${name}” is ${size}; songs can be at most ${max}.`,
  });
}
