/**
 * World snapshots (issue 33): the start-up work of a data world (title choices, the SKU
 * registry, popularity ranks and both search indexes; mocks/world/catalog.ts) as bytes, so a
 * large catalog starts by reading them instead of drawing every product again. A snapshot
 * changes no answer: the same seed, size and clock give the same bytes whether the world was
 * built or restored (test/mock/world-snapshot.test.ts compares answers of all eight operations).
 *
 * A snapshot file is an input surface (docs/threat-model.md, class D): {@link restoreWorld}
 * trusts nothing in it. It checks the header against the world asked for (format, kit version,
 * seed, size, clock), every section's type, bounds and length, every value's range (a rank is a
 * permutation, postings ascend within the catalog, codes are printable ASCII), that ranks follow
 * the weekly sales, and rebuilds sampled products from the seed to compare. Anything else is a
 * {@link SnapshotProblem}, never a crash; the caller then builds the world as usual.
 *
 * Layout (little-endian): `RKWORLD1`, a u32 header length, the header (JSON: format, tool, seed,
 * products, now, terms of every postings list, sections `[name, type, offset, length]`), then the
 * sections, each at a multiple of 8 bytes. No Node API: the caller reads and writes the file
 * (cli/world-cache.ts, through the one way to write a file) and checks its digest.
 */
import { TOOL_VERSION } from '../../generated/version.js';
import { COLORWAYS, EDITIONS } from './catalog-data.js';
import { DATED, UNNAMED, type CatalogState, type MarketState } from './catalog.js';
import { checkPacked, type PackedPostings } from './postings.js';
import { drawSku } from './sku.js';
import { genderOf, lineOf, releaseMonthOf, releaseYearOf } from './identity.js';
import { recentCount } from './sales.js';
import { mix } from './random.js';
import { createWorld, seedNumber, type World, type WorldOptions } from './world.js';
import { tableSize } from './sku-table.js';

/** Version of the layout; a snapshot of another version is not read. */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = 'RKWORLD1';
/** The header is at most this many bytes (terms of a few hundred postings lists). */
const MAX_HEADER = 4 * 1024 * 1024;
/** At most this many terms per postings list of a marketplace. */
const MAX_TERMS = 100_000;
/** Products (and catalog keys) rebuilt from the seed to compare with a restored world. */
const SAMPLES = 64;

/** Why a snapshot was not used (one line, no bytes of the file in it beyond its own header's numbers). */
export class SnapshotProblem extends Error {
  override readonly name = 'SnapshotProblem';
}

type Kind = 'u8' | 'i8' | 'i16' | 'u32' | 'i32';
const SIZE: Record<Kind, number> = { u8: 1, i8: 1, i16: 2, u32: 4, i32: 4 };
type Typed = Uint8Array | Int8Array | Int16Array | Uint32Array | Int32Array;
const KINDS = new Map<string, Kind>([
  ['catalog.colorwayOverride', 'i16'],
  ['catalog.editionOverride', 'i8'],
  ['catalog.datedKeys', 'u8'],
  ['sku.bytes', 'u8'],
  ['sku.ends', 'u32'],
  ['sku.slots', 'i32'],
  ['sku.order', 'u32'],
  ...['a', 'b'].flatMap((m) =>
    (
      [
        ['weekly', 'u32'],
        ['byRank', 'u32'],
        ['titleWords', 'u8'],
        ['title.counts', 'u32'],
        ['title.ends', 'u32'],
        ['title.bytes', 'u8'],
        ['field.counts', 'u32'],
        ['field.ends', 'u32'],
        ['field.bytes', 'u8'],
      ] as const
    ).map(([name, kind]) => [`${m}.${name}`, kind] as [string, Kind]),
  ),
]);

/** What a snapshot is of: the options that decide the start-up work, and the code that draws it. */
export interface SnapshotKey {
  format: number;
  tool: string;
  /**
   * A digest of the world's code (cli/world-cache.ts `worldCodeDigest`: mocks/world/ as built), so a
   * build that draws differently never restores another build's snapshot, whatever its version says;
   * '' when the caller has none.
   */
  code: string;
  /** `seedNumber(seed)`: string seeds are hashed, so two spellings of one seed share a snapshot. */
  seed: number;
  products: number;
  /** The clock, ms since epoch (UTC). */
  now: number;
}

/** The key of a world's snapshot; also names its file (cli/world-cache.ts). */
export function snapshotKey(options: Pick<WorldOptions, 'seed' | 'products' | 'now'>, code = ''): SnapshotKey {
  return { format: SNAPSHOT_FORMAT, tool: TOOL_VERSION, code, seed: seedNumber(options.seed), products: options.products, now: options.now };
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The snapshot of a world built without a data file.
 * @param trailer bytes left free (zero) after the snapshot, for the caller's digest (cli/world-cache.ts), so the
 *   bytes are not copied again to append it.
 * @param code the digest of the world's code ({@link SnapshotKey.code}); restore with the same.
 * @returns the bytes (with the trailer), about 60 bytes per product per marketplace (1,000,000 products: about 120 MB).
 * @throws Error for a world with a data file's products, or on a big-endian machine.
 */
export function encodeWorld(world: World, trailer = 0, code = ''): Uint8Array {
  if (!littleEndian) throw new Error('world snapshots are little-endian; this machine is not');
  const state = world.catalog.state();
  const sections: [string, Typed][] = [
    ['catalog.colorwayOverride', state.colorwayOverride],
    ['catalog.editionOverride', state.editionOverride],
    ['catalog.datedKeys', state.datedKeys],
    ['sku.bytes', state.skus.bytes],
    ['sku.ends', state.skus.ends],
    ['sku.slots', state.skus.slots],
    ['sku.order', state.skus.order ?? new Uint32Array(0)],
  ];
  const terms: Record<string, string[]> = {};
  for (const [m, market] of [['a', state.a] as const, ['b', state.b] as const]) {
    sections.push([`${m}.weekly`, market.weekly], [`${m}.byRank`, market.byRank], [`${m}.titleWords`, market.titleWords]);
    for (const which of ['title', 'field'] as const) {
      const packed = market[which];
      terms[`${m}.${which}`] = packed.terms;
      sections.push([`${m}.${which}.counts`, packed.counts], [`${m}.${which}.ends`, packed.ends], [`${m}.${which}.bytes`, packed.bytes]);
    }
  }
  let offset = 0;
  const table = sections.map(([name, data]) => {
    const row: [string, Kind, number, number] = [name, KINDS.get(name) as Kind, offset, data.length];
    offset += Math.ceil(data.byteLength / 8) * 8;
    return row;
  });
  const header = new TextEncoder().encode(JSON.stringify({ ...snapshotKey(world.options, code), terms, sections: table }));
  const start = Math.ceil((MAGIC.length + 4 + header.length) / 8) * 8;
  const out = new Uint8Array(start + offset + trailer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true);
  out.set(header, MAGIC.length + 4);
  sections.forEach(([, data], i) => out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), start + (table[i] as [string, Kind, number, number])[2]));
  return out;
}

/** Fails with a {@link SnapshotProblem} unless `ok`. */
function check(ok: boolean, what: string): asserts ok {
  if (!ok) throw new SnapshotProblem(what);
}

/** Reads and checks the header; returns the sections as views on `bytes` and the terms. */
function readSections(bytes: Uint8Array, key: SnapshotKey): { view: (name: string) => Typed; terms: (name: string) => string[] } {
  check(bytes.length >= MAGIC.length + 4, 'the file is shorter than a snapshot header');
  for (let i = 0; i < MAGIC.length; i++) check(bytes[i] === MAGIC.charCodeAt(i), 'not a resale-kit world snapshot (no RKWORLD1 at its start)');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MAGIC.length, true);
  check(length <= MAX_HEADER && MAGIC.length + 4 + length <= bytes.length, 'its header length is past the end of the file');
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(MAGIC.length + 4, MAGIC.length + 4 + length)));
  } catch {
    throw new SnapshotProblem('its header is not JSON');
  }
  check(typeof header === 'object' && header !== null && !Array.isArray(header), 'its header is not an object');
  const h = header as Record<string, unknown>;
  for (const field of ['format', 'tool', 'code', 'seed', 'products', 'now'] as const) {
    check(Object.hasOwn(h, field) && h[field] === key[field], `it is of another world or kit (${field} differs)`);
  }
  const start = Math.ceil((MAGIC.length + 4 + length) / 8) * 8;
  const rows = h.sections;
  check(Array.isArray(rows) && rows.length === KINDS.size, `it does not hold the ${KINDS.size} sections of format ${SNAPSHOT_FORMAT}`);
  const views = new Map<string, Typed>();
  // Sections follow one another from `start`, each at the next multiple of 8: no byte outside them.
  let next = 0;
  for (const row of rows as unknown[]) {
    check(Array.isArray(row) && row.length === 4, 'a section row is not [name, type, offset, length]');
    const [name, kind, offset, count] = row as unknown[];
    check(typeof name === 'string' && KINDS.get(name) === kind && !views.has(name), 'a section is unknown, repeated or of the wrong type');
    check(Number.isSafeInteger(offset) && Number.isSafeInteger(count) && offset === next && (count as number) >= 0, `section ${name} has a bad offset or length`);
    const from = start + (offset as number);
    const bytesLong = (count as number) * SIZE[kind as Kind];
    check(from + bytesLong <= bytes.length, `section ${name} runs past the end of the file`);
    next += Math.ceil(bytesLong / 8) * 8;
    const at = bytes.byteOffset + from;
    const buf = bytes.buffer;
    views.set(
      name,
      kind === 'u8'
        ? new Uint8Array(buf, at, count as number)
        : kind === 'i8'
          ? new Int8Array(buf, at, count as number)
          : kind === 'i16'
            ? new Int16Array(buf, at, count as number)
            : kind === 'u32'
              ? new Uint32Array(buf, at, count as number)
              : new Int32Array(buf, at, count as number),
    );
  }
  check(start + next === bytes.length, 'it holds bytes outside its sections');
  const termsOf = h.terms;
  check(typeof termsOf === 'object' && termsOf !== null, 'its header has no terms');
  return {
    view: (name) => views.get(name) as Typed,
    terms: (name) => {
      const list = Object.hasOwn(termsOf, name) ? (termsOf as Record<string, unknown>)[name] : undefined;
      check(Array.isArray(list) && list.length <= MAX_TERMS && list.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 64), `its terms of ${name} are not a list of short words`);
      check(new Set(list).size === list.length, `its terms of ${name} repeat`);
      return list as string[];
    },
  };
}

/** Checks one marketplace's index and returns it. */
function readMarket(m: 'a' | 'b', n: number, s: ReturnType<typeof readSections>): MarketState {
  const weekly = s.view(`${m}.weekly`) as Uint32Array;
  const byRank = s.view(`${m}.byRank`) as Uint32Array;
  const titleWords = s.view(`${m}.titleWords`) as Uint8Array;
  check(weekly.length === n && byRank.length === n && titleWords.length === n, `marketplace ${m}'s index is not of ${n} products`);
  const seen = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const p = byRank[r] as number;
    check(p < n && seen[p] === 0, `marketplace ${m}'s ranks are not a permutation`);
    seen[p] = 1;
    if (r > 0) {
      const q = byRank[r - 1] as number;
      const wq = weekly[q] as number;
      const wp = weekly[p] as number;
      check(wq > wp || (wq === wp && q < p), `marketplace ${m}'s ranks do not follow its weekly sales`);
    }
  }
  const lists = (which: 'title' | 'field'): PackedPostings => {
    const packed = { terms: s.terms(`${m}.${which}`), counts: s.view(`${m}.${which}.counts`) as Uint32Array, ends: s.view(`${m}.${which}.ends`) as Uint32Array, bytes: s.view(`${m}.${which}.bytes`) as Uint8Array };
    const problem = checkPacked(packed, n);
    check(problem === undefined, `marketplace ${m}'s ${which} postings: ${problem ?? ''}`);
    return packed;
  };
  return { weekly, byRank, titleWords, title: lists('title'), field: lists('field') };
}

/** Reads and checks a snapshot's catalog state for a world of `key`. */
function readState(bytes: Uint8Array, key: SnapshotKey): CatalogState {
  check(littleEndian, 'this machine is big-endian; snapshots are little-endian');
  const s = readSections(bytes, key);
  const keys = 2 * key.products;
  const colorwayOverride = s.view('catalog.colorwayOverride') as Int16Array;
  const editionOverride = s.view('catalog.editionOverride') as Int8Array;
  const datedKeys = s.view('catalog.datedKeys') as Uint8Array;
  check(colorwayOverride.length === keys && editionOverride.length === keys && datedKeys.length === keys, `its title choices are not of ${keys} catalog keys`);
  for (let k = 0; k < keys; k++) {
    const c = colorwayOverride[k] as number;
    const e = editionOverride[k] as number;
    check(c >= -1 && c < COLORWAYS.length && e >= -2 && e < EDITIONS.length && (datedKeys[k] as number) <= (DATED | UNNAMED), 'a title choice is out of range');
  }
  const skuBytes = s.view('sku.bytes') as Uint8Array;
  const ends = s.view('sku.ends') as Uint32Array;
  const slots = s.view('sku.slots') as Int32Array;
  const order = s.view('sku.order') as Uint32Array;
  check(ends.length === keys, `its style codes are not of ${keys} catalog keys`);
  for (let i = 0; i < skuBytes.length; i++) check((skuBytes[i] as number) >= 0x20 && (skuBytes[i] as number) <= 0x7e, 'a style code is not printable ASCII');
  let last = 0;
  for (let k = 0; k < keys; k++) {
    const end = ends[k] as number;
    check(end >= last && end <= skuBytes.length && end - last <= 64, 'its style codes overlap, run past their section or are too long');
    last = end;
  }
  check(slots.length === tableSize(keys), 'its style-code table is not of the size this catalog takes');
  let empty = 0;
  for (let i = 0; i < slots.length; i++) {
    const v = slots[i] as number;
    check(v >= 0 && v <= keys, 'its style-code table points past the catalog');
    if (v === 0) empty++;
  }
  check(empty > 0, 'its style-code table has no empty slot');
  check(order.length <= keys, 'its style-code order is longer than the catalog');
  for (let i = 0; i < order.length; i++) check((order[i] as number) < keys, 'its style-code order points past the catalog');
  return { colorwayOverride, editionOverride, datedKeys, skus: { bytes: skuBytes, ends, slots, order: order.length > 0 ? order : undefined }, a: readMarket('a', key.products, s), b: readMarket('b', key.products, s) };
}

/**
 * Restores a world from a snapshot for these options (no data file), after every check of the
 * module comment; sampled products are rebuilt from the seed and compared.
 * @param bytes the snapshot (views are taken on it, not copies: keep it unchanged).
 * @param code the digest of the world's code it was encoded with ({@link SnapshotKey.code}).
 * @throws SnapshotProblem naming what did not match or hold; never another error for any bytes.
 * @throws RangeError for options `createWorld` refuses.
 */
export function restoreWorld(bytes: Uint8Array, options: WorldOptions, code = ''): World {
  if (options.defined !== undefined && options.defined.length > 0) throw new SnapshotProblem('a world with a data file is never restored from a snapshot');
  const key = snapshotKey(options, code);
  let world: World;
  try {
    // Typed-array views need aligned offsets: copy a misaligned buffer once.
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
    world = createWorld({ ...options, restored: readState(aligned, key) });
    sample(world, key);
  } catch (err) {
    if (err instanceof SnapshotProblem) throw err;
    throw new SnapshotProblem(`it does not hold together (${err instanceof Error ? err.name : 'error'})`);
  }
  return world;
}

/** Rebuilds sampled products from the seed and compares them with the restored world. */
function sample(world: World, key: SnapshotKey): void {
  const n = key.products;
  const catalog = world.catalog;
  for (let i = 0; i < SAMPLES; i++) {
    const k = mix(key.seed, 0x5a, i) % (2 * n);
    const sku = catalog.skuOf(k);
    if (sku !== '') {
      const id = catalog.identity(k);
      let found = false;
      for (let attempt = 0; attempt < 12 && !found; attempt++) found = drawSku(key.seed, k, lineOf(id), id.colorway, attempt, releaseYearOf(id), genderOf(id), releaseMonthOf(id)) === sku;
      check(found, 'a sampled style code differs from the one its seed draws (built by another version of the kit?)');
      check(catalog.keyOfSku(sku) === k, 'a sampled style code does not lead back to its product');
    }
    for (const index of [catalog.a, catalog.b]) {
      const p = mix(key.seed, 0x5b, i) % n;
      const drawn = recentCount(index.subjectFor(p, catalog.identity(index.keyOf(p)), []), 7);
      check(drawn === (index.weekly[p] as number), `a sampled product's weekly sales on ${index.profile.segment} differ from its seed's`);
    }
  }
}
