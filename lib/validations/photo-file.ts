// What makes a file a photo this site takes, decided by its first bytes (its "magic number"),
// never by its name or the type the browser guessed from the name. The same check runs in the
// browser before anything is sent (components/albums/upload) and in the BFF's upload routes
// before anything reaches the API (lib/uploads). No dependencies: it ships to the browser.

/** The formats the API stores (api-server/src/storage/images.ts), by MIME type. */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** How many leading bytes `sniffPhotoType` needs. */
export const PHOTO_SNIFF_BYTES = 12;

export const PHOTO_KINDS_TEXT = 'JPEG, PNG, GIF or WebP';

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
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

export const notAPhotoMessage = (name: string) =>
  `“${name}” is not a photo this site takes. Choose a ${PHOTO_KINDS_TEXT} picture.`;

export const emptyPhotoMessage = (name: string) => `“${name}” is empty. Choose another picture.`;

export const tooLargePhotoMessage = (name: string, size: number, maxBytes: number) =>
  `“${name}” is ${formatBytes(size)}; photos can be at most ${formatBytes(maxBytes)}. Choose a smaller picture.`;

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
