import crypto from 'node:crypto';

// Session records hold OAuth tokens; at rest (SQLite file, Redis) they are sealed with
// AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the store is not a
// copy of everyone's tokens.
const keys = new Map<string, crypto.KeyObject>();
function key(secret: string): crypto.KeyObject {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.createSecretKey(crypto.createHash('sha256').update(`session-store:${secret}`).digest());
    keys.set(secret, k);
  }
  return k;
}

// Every request of a browser opens the same sealed record again (until its tokens change):
// the plaintext is kept by the sealed text and its secret, so a request decrypts only what is
// new. Bounded, oldest out; a sealed text that did not open is never kept.
const OPENED_MAX = 10_000;
const opened = new Map<string, string>();

export function seal(secret: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function unseal<T>(secret: string, sealed: string): T | undefined {
  const cacheKey = `${secret}\u0000${sealed}`;
  const hit = opened.get(cacheKey);
  if (hit !== undefined) return JSON.parse(hit) as T;
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(secret), iv!);
    decipher.setAuthTag(tag!);
    const plain = Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    const value = JSON.parse(plain) as T;
    opened.set(cacheKey, plain);
    if (opened.size > OPENED_MAX) opened.delete(opened.keys().next().value!);
    return value;
  } catch {
    return undefined; // tampered, or sealed under another secret: as good as absent
  }
}

/** Store keys are hashes of session ids: the store never holds a usable session id. Kept per id (bounded, oldest out). */
const keysOfIds = new Map<string, string>();
export function sessionKey(sid: string): string {
  let k = keysOfIds.get(sid);
  if (k === undefined) {
    k = crypto.createHash('sha256').update(sid).digest('base64url');
    keysOfIds.set(sid, k);
    if (keysOfIds.size > OPENED_MAX) keysOfIds.delete(keysOfIds.keys().next().value!);
  }
  return k;
}
