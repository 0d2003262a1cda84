import type { FetchedImage } from './fetch-image.ts';

/**
 * Pictures the image route fetched, in memory, by address: at most `maxBytes` in all, each kept
 * `ttlMs`; the least recently used go first. Refusals are kept too (briefly), so that a page
 * full of one broken picture asks the other site once.
 */
export class ImageCache {
  private readonly entries = new Map<
    string,
    { value: FetchedImage | { status: number; message: string }; size: number; expires: number }
  >();
  private bytes = 0;

  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly refusalTtlMs: number;

  constructor(maxBytes: number, ttlMs: number, refusalTtlMs = 60_000) {
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
    this.refusalTtlMs = refusalTtlMs;
  }

  get(url: string, now = Date.now()) {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    this.entries.delete(url);
    if (entry.expires <= now) {
      this.bytes -= entry.size;
      return undefined;
    }
    // Re-inserted: a Map iterates in insertion order, so the first entry is the least recent.
    this.entries.set(url, entry);
    return entry.value;
  }

  set(url: string, value: FetchedImage | { status: number; message: string }, now = Date.now()): void {
    const size = 'body' in value ? value.body.length : 64;
    if (size > this.maxBytes) return;
    const old = this.entries.get(url);
    if (old) {
      this.entries.delete(url);
      this.bytes -= old.size;
    }
    this.entries.set(url, { value, size, expires: now + ('body' in value ? this.ttlMs : this.refusalTtlMs) });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.size;
    }
  }

  get size(): number {
    return this.bytes;
  }
}
