// What the video and song files' checks share (lib/validations/video-file.ts, song-file.ts): a
// file told by its first bytes, and the reasons a picked file is refused before anything is sent.
// No dependencies but the sizes' words: it ships to the browser.

import { formatSizeOver } from './photo-file.ts';

/** The character codes of a signature written as text ("OggS"). */
export const bytes = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether `b` holds `sig` at `at`. */
export const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

/** A kind of media file: how many leading bytes tell it, what tells it, and the words of its refusals. */
export interface MediaFileKind {
  sniffBytes: number;
  sniff(head: Uint8Array): string | undefined;
  notThis(name: string): string;
  /** The refusal of a file too large, given its size and the limit in words. */
  tooLarge(name: string, size: string, max: string): string;
}

/**
 * Why a file the person picked cannot be uploaded as this kind, or undefined when it can: read
 * from its first bytes (browser). The size is known without reading the file.
 */
export async function checkMediaBytes(file: Blob & { name: string }, maxBytes: number, kind: MediaFileKind): Promise<string | undefined> {
  if (file.size === 0) return `“${file.name}” is empty. Choose another file.`;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, kind.sniffBytes).arrayBuffer());
  } catch {
    return `“${file.name}” could not be read. Choose it again.`;
  }
  if (!kind.sniff(head)) return kind.notThis(file.name);
  if (file.size > maxBytes) {
    const shown = formatSizeOver(file.size, maxBytes);
    return kind.tooLarge(file.name, shown.size, shown.max);
  }
  return undefined;
}
