import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../env.ts';

// Pictures of other sites reach readers through the BFF's image route (app/api/image), never
// straight from those sites: a reader's address, cookies and the page they read stay here. The
// route fetches only addresses this server put in a page: each carries an HMAC of the address
// (key derived from SESSION_SECRET), so the route is no open proxy for anyone's URLs.

const IMAGE_ROUTE = '/api/image';

// Derived once per secret (a page signs each of its pictures from other sites).
let derived: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = env().SESSION_SECRET;
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('social-web image route v1').digest() };
  return derived.key;
}

export function imageSignature(url: string): string {
  return createHmac('sha256', key()).update(url).digest('base64url').slice(0, 32);
}

export function validImageSignature(url: string, signature: string): boolean {
  const expected = Buffer.from(imageSignature(url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An http(s) address, parsed; null for '' and anything else. */
export function webAddress(url: string): URL | null {
  // URL.parse answers null where `new URL` throws: a link without a picture ('') is common, and a
  // thrown error (its stack captured) cost more than the rest of a feed post's reshaping.
  const parsed = url ? URL.parse(url) : null;
  return parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed : null;
}

/**
 * The src to put in a page for a picture: pictures of the API (its file server) as they are,
 * any other http(s) picture through the image route, '' for anything else.
 */
export function imageSrc(url: string): string {
  const parsed = webAddress(url);
  if (!parsed) return '';
  if (parsed.origin === env().apiOrigin) return parsed.href;
  return `${IMAGE_ROUTE}?${new URLSearchParams({ url: parsed.href, sig: imageSignature(parsed.href) })}`;
}
