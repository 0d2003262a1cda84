// What makes a file a video this site takes, decided by its first bytes (its container's
// signature), never by its name: the same check runs in the browser before anything is sent
// (components/videos) and in the BFF's upload route before anything reaches the API
// (app/api/upload/video). ffmpeg on the API decides the rest (a file that is not a playable video
// ends `conversion_failed`). No dependencies: it ships to the browser.

import { bytes, checkMediaBytes, startsWith } from './media-file.ts';

/** How many leading bytes `sniffVideoType` needs. */
export const VIDEO_SNIFF_BYTES = 12;

export const VIDEO_KINDS_TEXT = 'MP4, MOV, WebM, MKV, AVI, MPEG, OGG, FLV or WMV';

/** The file input's `accept`. */
export const VIDEO_ACCEPT = 'video/*,.mkv,.flv,.wmv';

const SIGNATURES: Array<[type: string, test: (b: Uint8Array) => boolean]> = [
  // ISO base media (MP4, MOV, M4V, 3GP): a box at 0, `ftyp` (or an old QuickTime's first box).
  ['video/mp4', (b) => ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].some((box) => startsWith(b, bytes(box), 4))],
  ['video/x-matroska', (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])],
  ['video/x-msvideo', (b) => startsWith(b, bytes('RIFF')) && startsWith(b, bytes('AVI '), 8)],
  ['video/mpeg', (b) => startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3])],
  ['video/ogg', (b) => startsWith(b, bytes('OggS'))],
  ['video/x-flv', (b) => startsWith(b, bytes('FLV'))],
  ['video/x-ms-asf', (b) => startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])],
];

/** The video container these leading bytes start, or undefined when they start none we take. */
export function sniffVideoType(head: Uint8Array): string | undefined {
  return SIGNATURES.find(([, test]) => test(head))?.[0];
}

export const notAVideoMessage = (name: string) => `“${name}” is not a video this site takes. Choose a ${VIDEO_KINDS_TEXT} file.`;

/** Why a file the person picked cannot be uploaded as a video, or undefined when it can (lib/validations/media-file.ts). */
export function checkVideoBytes(file: Blob & { name: string }, maxBytes: number): Promise<string | undefined> {
  return checkMediaBytes(file, maxBytes, {
    sniffBytes: VIDEO_SNIFF_BYTES,
    sniff: sniffVideoType,
    notThis: notAVideoMessage,
    tooLarge: (name, size, max) => `“${name}” is ${size}; videos can be at most ${max}. Choose a shorter video.`,
  });
}
