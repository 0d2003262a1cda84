import crypto from 'node:crypto';

// Session records hold OAuth tokens; at rest (SQLite file, Redis) they are sealed with
// AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the store is not a
// copy of everyone's tokens.
function key(secret: string): Buffer {
  return crypto.createHash('sha256').update(`session-store:${secret}`).digest();
}

export function seal(secret: string, value: unknown): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function unseal<T>(secret: string, sealed: string): T | undefined {
  try {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', key(secret), iv!);
    decipher.setAuthTag(tag!);
    return JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')) as T;
  } catch {
    return undefined; // tampered, or sealed under another secret: as good as absent
  }
}

/** Store keys are hashes of session ids: the store never holds a usable session id. */
export const sessionKey = (sid: string): string => crypto.createHash('sha256').update(sid).digest('base64url');
