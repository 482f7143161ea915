/**
 * The SKU registry of a catalog (style codes, §2.2 `sku`): which catalog item holds which style
 * code, both ways, in typed arrays instead of millions of strings (issue 33: start-up and RSS at
 * 1,000,000 products, and a registry that a world snapshot stores as it is):
 *
 * - an arena of the drawn codes in catalog-key order (`bytes`, ASCII, and `ends`: key k's code
 *   is `bytes[ends[k-1] .. ends[k])`, empty for keys without one);
 * - an open-addressing hash table (`slots`: catalog key + 1, 0 empty) over the normalised codes
 *   ({@link normaliseSku}), for lookups by code;
 * - an overlay for the few codes that are not drawn: a data file's codes, and codes of products
 *   a data file adds (`--data`, mocks/data/products-file.ts);
 * - on demand, the catalog keys in normalised-code order (`order`), for prefix search.
 *
 * No Node API: the MSW handlers build it in the browser too.
 */
import { normaliseSku } from './sku.js';

/** What a snapshot stores of a registry (mocks/world/snapshot.ts); the overlay is never stored. */
export interface SkuTableState {
  /** The drawn codes, ASCII, concatenated in catalog-key order. */
  bytes: Uint8Array;
  /** Catalog key → end offset of its code in `bytes` (its start is the previous key's end). */
  ends: Uint32Array;
  /** Hash table over normalised codes: catalog key + 1, 0 for an empty slot; length a power of two. */
  slots: Int32Array;
  /** Catalog keys in normalised-code order, once built ({@link SkuTable.sortedKeys}). */
  order: Uint32Array | undefined;
}

/** Slots of the hash table for `keys` catalog keys: the least power of two, at least 64, that is at least twice as many. */
export function tableSize(keys: number): number {
  let size = 64;
  while (size < keys * 2) size *= 2;
  return size;
}

/** FNV-1a over the UTF-16 code units of a normalised code. */
function hashOf(norm: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < norm.length; i++) h = Math.imul(h ^ norm.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Upper-case ASCII letter or digit as `normaliseSku` keeps it, or -1 for a code unit it drops. */
function normalisedUnit(c: number): number {
  if (c >= 0x61 && c <= 0x7a) return c - 0x20;
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) ? c : -1;
}

/** The SKU registry of one catalog (see the module comment). */
export class SkuTable {
  private bytes: Uint8Array;
  private readonly ends: Uint32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private used = 0;
  /** Keys whose end offset is final (appends come in key order). */
  private filled = 0;
  private order: Uint32Array | undefined;
  /** Catalog key → its code when it is not the drawn one in the arena (a data file's, or a key past the arena). */
  private readonly overlay = new Map<number, string>();
  /** Normalised code → catalog key for the overlay's codes; looked up before the hash table. */
  private readonly overlayKeys = new Map<string, number>();

  /**
   * An empty registry for catalog keys 0 to `keys - 1`, or one restored from a snapshot's state
   * (already checked by mocks/world/snapshot.ts).
   */
  constructor(keys: number, state?: SkuTableState) {
    if (state) {
      this.bytes = state.bytes;
      this.ends = state.ends;
      this.slots = state.slots;
      this.order = state.order;
      this.used = state.ends.length === 0 ? 0 : (state.ends[state.ends.length - 1] as number);
      this.filled = state.ends.length;
    } else {
      this.bytes = new Uint8Array(Math.max(64, keys * 10));
      this.ends = new Uint32Array(keys);
      this.slots = new Int32Array(tableSize(keys));
    }
    this.mask = this.slots.length - 1;
  }

  /** The registry as a snapshot stores it (the arena trimmed to what is used). */
  state(): SkuTableState {
    return { bytes: this.bytes.subarray(0, this.used), ends: this.ends, slots: this.slots, order: this.order };
  }

  /** Number of catalog keys the arena covers. */
  get keys(): number {
    return this.ends.length;
  }

  /**
   * Appends the drawn code of catalog key `key`; keys must come in increasing order (the ones
   * skipped get no code).
   * @throws RangeError when `key` is past the arena or not after the last one appended.
   */
  append(key: number, sku: string): void {
    if (key >= this.ends.length || key < this.filled) throw new RangeError(`SKU arena: key ${key} is not after ${this.filled - 1} and below ${this.ends.length}`);
    const start = this.used;
    while (this.filled <= key) this.ends[this.filled++] = start;
    let ascii = true;
    for (let i = 0; i < sku.length; i++) if (sku.charCodeAt(i) > 0x7e || sku.charCodeAt(i) < 0x20) ascii = false;
    if (!ascii) {
      this.claim(key, sku);
      return;
    }
    if (start + sku.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, start + sku.length));
      grown.set(this.bytes.subarray(0, start));
      this.bytes = grown;
    }
    for (let i = 0; i < sku.length; i++) this.bytes[start + i] = sku.charCodeAt(i);
    this.used = start + sku.length;
    this.ends[key] = this.used;
    let slot = hashOf(normaliseSku(sku)) & this.mask;
    while ((this.slots[slot] as number) !== 0) slot = (slot + 1) & this.mask;
    this.slots[slot] = key + 1;
    this.order = undefined;
  }

  /** Gives catalog key `key` the code `sku` in place of its drawn one (a data file's), or a code past the arena. */
  claim(key: number, sku: string): void {
    const old = this.overlay.get(key);
    if (old !== undefined && this.overlayKeys.get(normaliseSku(old)) === key) this.overlayKeys.delete(normaliseSku(old));
    this.overlay.set(key, sku);
    this.overlayKeys.set(normaliseSku(sku), key);
    this.order = undefined;
  }

  /** Closes the arena after the last append: keys after the last one with a code get an empty one. */
  seal(): void {
    while (this.filled < this.ends.length) this.ends[this.filled++] = this.used;
  }

  /** Start offset of key k's drawn code. */
  private startOf(key: number): number {
    return key === 0 ? 0 : (this.ends[key - 1] as number);
  }

  /** The drawn code of a key in the arena ('' when none). */
  private drawn(key: number): string {
    if (key >= this.ends.length) return '';
    const start = this.startOf(key);
    const end = this.ends[key] as number;
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(this.bytes[i] as number);
    return s;
  }

  /** The code of a catalog item in marketplace A's form, or '' when it has none. */
  skuOf(key: number): string {
    if (this.overlay.size > 0) {
      const own = this.overlay.get(key);
      if (own !== undefined) return own;
    }
    return this.drawn(key);
  }

  /** True when the arena's drawn code of `key`, normalised, is `norm`. */
  private drawnIs(key: number, norm: string): boolean {
    const end = this.ends[key] as number;
    let j = 0;
    for (let i = this.startOf(key); i < end; i++) {
      const c = normalisedUnit(this.bytes[i] as number);
      if (c < 0) continue;
      if (j >= norm.length || norm.charCodeAt(j) !== c) return false;
      j++;
    }
    return j === norm.length;
  }

  /** The catalog key holding a normalised code, or undefined. */
  keyOfNormalised(norm: string): number | undefined {
    if (this.overlayKeys.size > 0) {
      const own = this.overlayKeys.get(norm);
      if (own !== undefined) return own;
    }
    let slot = hashOf(norm) & this.mask;
    for (;;) {
      const v = this.slots[slot] as number;
      if (v === 0) return undefined;
      const key = v - 1;
      // A key whose drawn code a data file replaced no longer answers to it.
      if (this.drawnIs(key, norm)) return this.overlay.has(key) ? undefined : key;
      slot = (slot + 1) & this.mask;
    }
  }

  /**
   * Catalog keys of every code, in normalised-code order (built on first use, then kept; a
   * snapshot stores it).
   */
  sortedKeys(): Uint32Array {
    if (this.order) return this.order;
    // Keys and their normalised codes side by side (no object per code: 1,850,000 codes at 1,000,000 products).
    const keys: number[] = [];
    const norms: string[] = [];
    for (let key = 0; key < this.ends.length; key++) {
      if (this.overlay.has(key) || (this.ends[key] as number) === this.startOf(key)) continue;
      const norm = normaliseSku(this.drawn(key));
      // A drawn code a data file's code shadows (the lookup answers with the data file's product).
      if (this.overlayKeys.size > 0 && this.overlayKeys.has(norm)) continue;
      keys.push(key);
      norms.push(norm);
    }
    for (const [key, sku] of this.overlay) {
      keys.push(key);
      norms.push(normaliseSku(sku));
    }
    const at = new Uint32Array(keys.length);
    for (let i = 0; i < at.length; i++) at[i] = i;
    at.sort((x, y) => {
      const a = norms[x] as string;
      const b = norms[y] as string;
      return a < b ? -1 : a > b ? 1 : (keys[x] as number) - (keys[y] as number);
    });
    this.order = at.map((i) => keys[i] as number);
    return this.order;
  }

  /** Catalog keys whose normalised code starts with `norm`, in code order, at most `cap`. */
  keysWithPrefix(norm: string, cap: number): number[] {
    const order = this.sortedKeys();
    const normOf = (i: number): string => normaliseSku(this.skuOf(order[i] as number));
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (normOf(mid) < norm) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < order.length && out.length < cap; i++) {
      if (!normOf(i).startsWith(norm)) break;
      out.push(order[i] as number);
    }
    return out;
  }
}
