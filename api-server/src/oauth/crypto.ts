import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

// N=2^15, r=8, p=1: OWASP's minimum for scrypt; the 64 MiB it needs is within maxmem.
// Under the unit-test runner (NODE_ENV=test, which Vitest sets) N=2^10, as Django's and Rails'
// test settings hash cheaply: the tests hash and check hundreds of passwords and client secrets,
// and at 2^15 (about 100 ms a hash, 64 MiB) the sign-in throttle's ran past their time limit
// on two loaded cores. They test what is done with a hash, not its cost; a stored hash carries
// its own N, so a check follows whichever cost made it. Every server that runs (npm start, the
// end-to-end and cluster tests, the benches) hashes at 2^15.
const SCRYPT = { N: process.env.NODE_ENV === 'test' ? 1024 : 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 + 1024 * 1024 };
const KEYLEN = 32;

/** A password or client secret, stored as `scrypt$N$r$p$salt$hash`. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(secret, salt, KEYLEN, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** 256 bits of randomness, URL-safe. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Tokens and codes are high-entropy, so a plain SHA-256 suffices to store them unreadably. */
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
