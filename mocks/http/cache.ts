/**
 * A bounded LRU cache of finished responses. The data world is immutable, so a request's
 * answer depends only on its URL and the caller's entitlement: the mock builds each answer
 * once and replays its bytes. Bounded by entries and by bytes; least recently used goes first.
 */

/** A cached answer: status, the headers that do not depend on the caller, and the body bytes. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: Uint8Array;
}

/** LRU cache keyed by string. `maxEntries` 0 disables it. */
export class ResponseCache {
  private readonly map = new Map<string, CachedResponse>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  /**
   * @param maxEntries answers kept at most (0: no cache).
   * @param maxBytes body bytes kept at most (default 64 MiB).
   */
  constructor(maxEntries: number, maxBytes = 64 * 1024 * 1024) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  /** The cached answer, marked as most recently used; undefined on a miss. */
  get(key: string): CachedResponse | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }

  /** Keeps an answer (unless it alone is larger than the byte bound), evicting the oldest. */
  set(key: string, value: CachedResponse): void {
    if (this.maxEntries === 0 || value.bytes.length > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.bytes.length;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += value.bytes.length;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.map.keys().next().value as string;
      this.bytes -= this.map.get(oldest)?.bytes.length ?? 0;
      this.map.delete(oldest);
    }
  }

  /** Forgets everything (used when the public URL changes). */
  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }

  /** Number of answers held. */
  get size(): number {
    return this.map.size;
  }
}
