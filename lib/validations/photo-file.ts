// What makes a file a photo this site takes, decided by its first bytes (its "magic number"),
// never by its name or the type the browser guessed from the name. The same check runs in the
// browser before anything is sent (components/albums/upload) and in the BFF's upload routes
// before anything reaches the API (lib/uploads). No dependencies: it ships to the browser.

/** The formats the API stores (api-server/src/storage/images.ts), by MIME type. */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** How many leading bytes `sniffPhotoType` needs. */
export const PHOTO_SNIFF_BYTES = 12;

export const PHOTO_KINDS_TEXT = 'JPEG, PNG, GIF or WebP';

/** The pictures the API takes, by MIME type and by file name extension. */
const PHOTO_TYPES: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
};
/** The file input's `accept`. */
export const PHOTO_ACCEPT = Object.keys(PHOTO_TYPES).join(',');

const KB = 1024;
const MB = 1024 * 1024;

/** A size as people read it: MB with one decimal, whole KB, or bytes. */
export function formatBytes(n: number): string {
  if (n >= MB) return `${Math.round((n / MB) * 10) / 10} MB`;
  if (n >= KB) return `${Math.round(n / KB)} KB`;
  return `${n} bytes`;
}

/** What a spelling from formatBytes stands for, in bytes. */
function shownBytes(text: string): number {
  const [value, unit] = text.split(' ');
  return Number(value) * (unit === 'MB' ? MB : unit === 'KB' ? KB : 1);
}

/**
 * A size over a limit and the limit, spelled so that the size always reads as the larger: as
 * formatBytes spells them when that shows it ("12.4 MB", "10 MB"), else in the limit's unit with
 * as many decimals as it takes ("10.001 MB", "10 MB"), else in bytes ("10,485,761 bytes",
 * "10,485,760 bytes"): rounding alone would say a file one byte too large is "10 MB" against a
 * limit of "10 MB".
 */
export function formatSizeOver(size: number, maxBytes: number): { size: string; max: string } {
  const [roughSize, roughMax] = [formatBytes(size), formatBytes(maxBytes)];
  if (shownBytes(roughSize) > shownBytes(roughMax)) return { size: roughSize, max: roughMax };
  const [unit, name] = maxBytes >= MB ? [MB, 'MB'] : maxBytes >= KB ? [KB, 'KB'] : [1, 'bytes'];
  if (unit > 1) {
    for (let digits = 1; digits <= 3; digits += 1) {
      const shown = (n: number) => (n / unit).toFixed(digits);
      if (Number(shown(size)) > Number(shown(maxBytes))) return { size: `${shown(size)} ${name}`, max: `${shown(maxBytes)} ${name}` };
    }
  }
  const exact = (n: number) => `${n.toLocaleString('en-US')} bytes`;
  return { size: exact(size), max: exact(maxBytes) };
}

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((byte, i) => b[at + i] === byte);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** The photo format these leading bytes start, or undefined when they start no format we take. */
export function sniffPhotoType(head: Uint8Array): PhotoType | undefined {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'image/gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  return undefined;
}

export const notAPhotoMessage = (name: string) => `“${name}” is not a photo this site takes. Choose a ${PHOTO_KINDS_TEXT} picture.`;

const emptyPhotoMessage = (name: string) => `“${name}” is empty. Choose another picture.`;

export function tooLargePhotoMessage(name: string, size: number, maxBytes: number): string {
  const shown = formatSizeOver(size, maxBytes);
  return `“${name}” is ${shown.size}; photos can be at most ${shown.max}. Choose a smaller picture.`;
}

/**
 * Why a file the person picked cannot be uploaded as a photo, or undefined when it can: read
 * from its first bytes (browser). The size is known without reading the file.
 */
export async function checkPhotoBytes(file: Blob & { name: string }, maxBytes: number): Promise<string | undefined> {
  if (file.size === 0) return emptyPhotoMessage(file.name);
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, PHOTO_SNIFF_BYTES).arrayBuffer());
  } catch {
    return `“${file.name}” could not be read. Choose it again.`;
  }
  if (!sniffPhotoType(head)) return notAPhotoMessage(file.name);
  if (file.size > maxBytes) return tooLargePhotoMessage(file.name, file.size, maxBytes);
  return undefined;
}

/** A photo's description, its alt text, as the API keeps it (POST /albums/photos/{id}; api-server DESCRIPTION_MAX). */
export const PHOTO_DESCRIPTION_MAX = 5000;

/** Why a chosen file cannot be uploaded as a photo (by its name and type: its bytes are sniffed later), or undefined when it can. */
export function checkPhotoFile(file: { name: string; type: string; size: number }, maxBytes: number): string | undefined {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const allowed = PHOTO_TYPES[file.type.toLowerCase()];
  if (!allowed || !allowed.includes(ext)) {
    return notAPhotoMessage(file.name);
  }
  if (file.size === 0) return emptyPhotoMessage(file.name);
  if (file.size > maxBytes) return tooLargePhotoMessage(file.name, file.size, maxBytes);
  return undefined;
}
