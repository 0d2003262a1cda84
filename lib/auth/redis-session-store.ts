import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { seal, sessionKey, unseal } from './seal.ts';
import type { SessionRecord, SessionStore } from './session-store.ts';

// Deletes the lock only when it is still ours: a lock that outlived its time and was taken by
// another instance must not be released by the first holder (the classic SET NX PX pattern).
const UNLOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * The session store shared by several web instances (REDIS_URL): the same sealed records and
 * hashed keys as the SQLite store, expiry by Redis TTL, the refresh lock by SET NX PX.
 */
export class RedisSessionStore implements SessionStore {
  private readonly redis: Redis;
  private readonly secret: string;
  private readonly prefix: string;
  /** Lock values this instance holds, so that unlock releases only its own lock. */
  private readonly held = new Map<string, string>();

  constructor(url: string, secret: string, prefix = 'social-web:') {
    this.secret = secret;
    this.prefix = prefix;
    this.redis = new Redis(url, {
      // A request waits for a sign-in check a few seconds at most, never forever.
      connectTimeout: 5000,
      commandTimeout: 5000,
      maxRetriesPerRequest: 2,
      lazyConnect: true,
    });
    // Errors reach the callers of each command; without a listener ioredis would also print them all.
    this.redis.on('error', () => {});
  }

  private key(sid: string) {
    return `${this.prefix}session:${sessionKey(sid)}`;
  }

  private lockKey(sid: string) {
    return `${this.prefix}lock:${sessionKey(sid)}`;
  }

  async get(sid: string) {
    const value = await this.redis.get(this.key(sid));
    return value ? unseal<SessionRecord>(this.secret, value) : undefined;
  }

  async set(sid: string, record: SessionRecord, ttlSeconds: number) {
    // One SET replaces the whole record: a reader sees the old tokens or the new, never a mix.
    await this.redis.set(this.key(sid), seal(this.secret, record), 'PX', Math.max(1, Math.round(ttlSeconds * 1000)));
  }

  async delete(sid: string) {
    await this.redis.del(this.key(sid), this.lockKey(sid));
  }

  async lock(sid: string, ms: number) {
    const value = crypto.randomBytes(16).toString('base64url');
    const ok = await this.redis.set(this.lockKey(sid), value, 'PX', ms, 'NX');
    if (ok !== 'OK') return false;
    this.held.set(sid, value);
    return true;
  }

  async unlock(sid: string) {
    const value = this.held.get(sid);
    if (!value) return;
    this.held.delete(sid);
    await this.redis.eval(UNLOCK, 1, this.lockKey(sid), value);
  }

  async close() {
    this.redis.disconnect();
  }
}
