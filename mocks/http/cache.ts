/**
 * A bounded LRU cache of finished responses. The data world is immutable, so a request's
 * answer depends only on its URL and the caller's entitlement: the mock builds each answer
 * once and replays its bytes. Bounded by entries and by bytes; least recently used goes first.
 * The byte bound counts everything an entry holds: its key (the URL a client chose, so a
 * client cannot grow the cache with long URLs), its body as text and as bytes, and a fixed
 * overhead for the entry's objects. Keys longer than {@link MAX_KEY_CHARS} are not cached.
 */

/** Longest key (URL) kept, in UTF-16 code units; longer URLs are answered but never cached. */
export const MAX_KEY_CHARS = 2048;
/** Bytes counted per entry for its objects (map slot, headers, record) besides key and body. */
export const ENTRY_OVERHEAD_BYTES = 512;

/** Bytes an entry is counted for: key and body text at 2 bytes a code unit, body bytes, overhead. */
export const entryBytes = (key: string, value: CachedResponse): number => 2 * key.length + 2 * value.body.length + value.bytes.length + ENTRY_OVERHEAD_BYTES;

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
   * @param maxBytes bytes held at most, keys and bodies counted (see {@link entryBytes}); default 64 MiB.
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

  /** Keeps an answer (unless its key is too long or it alone exceeds the byte bound), evicting the oldest. */
  set(key: string, value: CachedResponse): void {
    if (this.maxEntries === 0 || key.length > MAX_KEY_CHARS) return;
    const size = entryBytes(key, value);
    if (size > this.maxBytes) return;
    const old = this.map.get(key);
    if (old) {
      this.bytes -= entryBytes(key, old);
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += size;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [oldest, entry] = this.map.entries().next().value as [string, CachedResponse];
      this.bytes -= entryBytes(oldest, entry);
      this.map.delete(oldest);
    }
  }

  /** Bytes held, as counted by {@link entryBytes}. */
  get heldBytes(): number {
    return this.bytes;
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
