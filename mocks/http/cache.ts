/**
 * A bounded LRU cache of finished responses, on `lru-cache`. The data world is immutable, so a
 * request's answer depends only on its URL and the caller's entitlement: the mock builds each
 * answer once and replays its bytes. Bounded by entries and by bytes; least recently used goes
 * first. The byte bound counts everything an entry holds: its key (the URL a client chose, so a
 * client cannot grow the cache with long URLs), its body as text and as bytes, and a fixed
 * overhead for the entry's objects. Keys longer than {@link MAX_KEY_CHARS} are not cached.
 */
import { LRUCache } from 'lru-cache';

/** Longest key (URL) kept, in UTF-16 code units; longer URLs are answered but never cached. */
export const MAX_KEY_CHARS = 2048;
/** Bytes counted per entry for its objects (map slot, headers, record) besides key and body. */
export const ENTRY_OVERHEAD_BYTES = 512;

/** Characters of the names and values of some headers. */
const headerChars = (headers: Record<string, string> | undefined): number => {
  let n = 0;
  if (headers) for (const name in headers) n += name.length + String(headers[name] ?? '').length;
  return n;
};

/**
 * Bytes an entry is counted for: key and body text at 2 bytes a code unit, body bytes, the text
 * of its finished header lists (if any) at 2 bytes a code unit, overhead.
 */
export const entryBytes = (key: string, value: CachedResponse): number => 2 * key.length + 2 * value.body.length + value.bytes.length + 2 * (headerChars(value.finished?.ok) + headerChars(value.finished?.notModified)) + ENTRY_OVERHEAD_BYTES;

/**
 * The headers of a cache hit as the core sends them, finished once per entry: the entry's own
 * headers, then `x-key-type` and `x-quota-current` (empty here: set per request, their place in
 * the order kept), the operation's deprecation headers and the CORS headers. `notModified` is the
 * same for a 304 answer (no `content-length`, no `content-type`), present when the entry is a 200
 * with an ETag.
 */
export interface FinishedHeaders {
  ok: Record<string, string>;
  notModified?: Record<string, string>;
}

/** A cached answer: status, the headers that do not depend on the caller, and the body bytes. */
export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: Uint8Array;
  /** The finished header lists of the core's fast path (mocks/http/core.ts), when it is on. */
  finished?: FinishedHeaders;
}

/** LRU cache keyed by string. `maxEntries` 0 disables it. */
export class ResponseCache {
  private readonly lru: LRUCache<string, CachedResponse> | undefined;

  /**
   * @param maxEntries answers kept at most (0: no cache).
   * @param maxBytes bytes held at most, keys and bodies counted (see {@link entryBytes}); default 64 MiB.
   */
  constructor(maxEntries: number, maxBytes = 64 * 1024 * 1024) {
    this.lru = maxEntries > 0 ? new LRUCache<string, CachedResponse>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (value, key) => entryBytes(key, value) }) : undefined;
  }

  /** The cached answer, marked as most recently used; undefined on a miss. */
  get(key: string): CachedResponse | undefined {
    return this.lru?.get(key);
  }

  /** Keeps an answer (unless its key is too long or it alone exceeds the byte bound), evicting the least recently used. */
  set(key: string, value: CachedResponse): void {
    if (!this.lru || key.length > MAX_KEY_CHARS || entryBytes(key, value) > this.lru.maxSize) return;
    this.lru.set(key, value);
  }

  /** Bytes held, as counted by {@link entryBytes}. */
  get heldBytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  /** Forgets everything (used when the public URL changes). */
  clear(): void {
    this.lru?.clear();
  }

  /** Number of answers held. */
  get size(): number {
    return this.lru?.size ?? 0;
  }
}
