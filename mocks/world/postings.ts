/**
 * Postings of a marketplace's search index (mocks/world/catalog.ts `MarketIndex`, used by
 * mocks/world/search.ts): term → rank positions, ascending. Built whole at start-up, or restored
 * from a world snapshot packed (issue 33): each list as varint-coded gaps, decoded the first time
 * a query reads its term. A packed list is checked in full when the snapshot is read
 * ({@link checkPacked}), so decoding later cannot fail.
 *
 * No Node API: the MSW handlers build it in the browser too.
 */

/** Postings packed: per term (in index order) its count of positions and the end of its bytes. */
export interface PackedPostings {
  terms: string[];
  /** Positions per term. */
  counts: Uint32Array;
  /** End offset in `bytes` of each term's list (its start is the previous term's end). */
  ends: Uint32Array;
  /** The lists: each position minus the previous one (the first as it is), as unsigned LEB128 varints. */
  bytes: Uint8Array;
}

/** Appends `v` (unsigned, below 2^32) as a LEB128 varint; returns the new length. */
function putVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[at++] = v;
  return at;
}

/** The postings of one field class (title or other fields) of one marketplace. */
export class Postings {
  private readonly lists = new Map<string, Uint32Array>();
  private readonly packed: PackedPostings | undefined;
  /** Term → its position in `packed`. */
  private readonly positions = new Map<string, number>();

  /** Empty postings to fill with {@link set}, or packed ones restored (checked with {@link checkPacked} first). */
  constructor(packed?: PackedPostings) {
    this.packed = packed;
    packed?.terms.forEach((t, i) => this.positions.set(t, i));
  }

  /** Adds a term's list (start-up). */
  set(term: string, list: Uint32Array): void {
    this.lists.set(term, list);
  }

  /** The rank positions of a term, ascending, or undefined when no product has it. */
  get(term: string): Uint32Array | undefined {
    const own = this.lists.get(term);
    if (own !== undefined || this.packed === undefined) return own;
    const i = this.positions.get(term);
    if (i === undefined) return undefined;
    const p = this.packed;
    const list = new Uint32Array(p.counts[i] as number);
    let at = i === 0 ? 0 : (p.ends[i - 1] as number);
    let prev = 0;
    for (let j = 0; j < list.length; j++) {
      let v = 0;
      let shift = 0;
      let b: number;
      do {
        b = p.bytes[at++] as number;
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      prev += v;
      list[j] = prev;
    }
    this.lists.set(term, list);
    return list;
  }

  /** True when some product has the term. */
  has(term: string): boolean {
    return this.lists.has(term) || this.positions.has(term);
  }

  /** Every term, in index order. */
  keys(): string[] {
    return this.packed ? this.packed.terms : [...this.lists.keys()];
  }

  /** The postings packed, as a snapshot stores them. */
  pack(): PackedPostings {
    if (this.packed) return this.packed;
    const terms = [...this.lists.keys()];
    let total = 0;
    for (const l of this.lists.values()) total += l.length;
    let out = new Uint8Array(Math.max(16, total * 2));
    const counts = new Uint32Array(terms.length);
    const ends = new Uint32Array(terms.length);
    let at = 0;
    terms.forEach((t, i) => {
      const list = this.lists.get(t) as Uint32Array;
      counts[i] = list.length;
      if (at + list.length * 5 > out.length) {
        const grown = new Uint8Array(Math.max(out.length * 2, at + list.length * 5));
        grown.set(out.subarray(0, at));
        out = grown;
      }
      let prev = 0;
      for (let j = 0; j < list.length; j++) {
        at = putVarint(out, at, (list[j] as number) - prev);
        prev = list[j] as number;
      }
      ends[i] = at;
    });
    return { terms, counts, ends, bytes: out.subarray(0, at) };
  }
}

/**
 * Checks packed postings of a marketplace of `n` products in full: every list decodes to
 * `count` positions below `n`, strictly ascending, ending exactly at its end.
 * @returns undefined when they hold, else what is wrong (one line).
 */
export function checkPacked(p: PackedPostings, n: number): string | undefined {
  if (p.counts.length !== p.terms.length || p.ends.length !== p.terms.length) return 'its postings do not match its terms';
  let at = 0;
  for (let i = 0; i < p.terms.length; i++) {
    const end = p.ends[i] as number;
    if (end < at || end > p.bytes.length) return 'its postings overlap or run past their section';
    const count = p.counts[i] as number;
    if (count > n) return 'a postings list is longer than the catalog';
    let prev = -1;
    let sum = 0;
    for (let j = 0; j < count; j++) {
      let v = 0;
      let shift = 0;
      let b: number;
      do {
        if (at >= end || shift > 28) return 'a postings list is cut short or not a varint';
        b = p.bytes[at++] as number;
        v += (b & 0x7f) * 2 ** shift;
        shift += 7;
      } while (b & 0x80);
      sum += v;
      if (sum >= n || sum <= prev) return 'a postings list does not ascend within the catalog';
      prev = sum;
    }
    if (at !== end) return 'a postings list has bytes after its positions';
  }
  return undefined;
}
