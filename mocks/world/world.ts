/**
 * The data world: one seeded catalog projected into marketplaces A and B, with no HTTP in it.
 * Same (seed, clock, catalog size, public URL) give the same documents, byte for byte.
 */
import { Catalog } from './catalog.js';
import { MarketA } from './market-a.js';
import { MarketB } from './market-b.js';
import type { Marketplace, Origin } from './marketplace.js';
import { hashString } from './random.js';
import { search } from './search.js';
import { EDGE_CASES, edgeCaseProduct, type EdgeCase } from './edge-cases.js';
import type { DefinedProduct } from './defined.js';
import type { CatalogState } from './catalog.js';

/** What a data world is built from. */
export interface WorldOptions {
  /** Seed: any string or integer; the same seed gives the same world. */
  seed: string | number;
  /** The clock, ms since epoch (UTC): sales lie before it, `upcoming` products release after it. */
  now: number;
  /** Products per marketplace, 1 to 2 000 000. */
  products: number;
  /** Origin of image URLs, such as `http://127.0.0.1:4010` (no trailing slash). */
  publicUrl: string;
  /** Products a data file defines, checked (mocks/data/products-file.ts `worldWithData`). Default none. */
  defined?: readonly DefinedProduct[];
  /**
   * The start-up work restored from a snapshot (mocks/world/snapshot.ts `restoreWorld`, which
   * checks it first); never with `defined`. Default: built from the seed.
   */
  restored?: CatalogState;
}

export type { Origin } from './marketplace.js';

/** A built data world. */
export interface World {
  readonly options: WorldOptions;
  /** Origin of image URLs; starts as `options.publicUrl`. */
  readonly origin: Origin;
  readonly a: MarketA;
  readonly b: MarketB;
  /**
   * The products reserved for edge cases (mocks/world/edge-cases.ts): the same product index on
   * every marketplace. Empty for catalogs of fewer than 32 products.
   */
  readonly edgeCases: readonly { name: EdgeCase; description: string; product: number }[];
  /** Every marketplace's projection by path segment (`market_a`), for what all marketplaces share (images). */
  readonly marketplaces: ReadonlyMap<string, Marketplace>;
  /** Products of marketplace A matching a query, in result order (at most 1000). */
  searchA(query: string | undefined): number[];
  /** Products of marketplace B matching a query, in result order (at most 1000). */
  searchB(query: string | undefined): number[];
  /** The catalog key of product p of a marketplace (by path segment): the same key is the same item on every marketplace. */
  keyOf(segment: string, p: number): number;
  /** The catalog key of a style code written either marketplace's way, or undefined. */
  keyOfSku(sku: string): number | undefined;
  /** The catalog key of the product a data file's entry (0-based) adds or replaces; -1 when there is none. */
  definedKey(entry: number): number;
  /** How many products a data file defines (added and replaced). */
  readonly definedCount: number;
  /** The catalog behind both marketplaces: its start-up indexes (for snapshots, mocks/world/snapshot.ts). */
  readonly catalog: Catalog;
}

/** Integer seed of a seed option: integers as they are, strings hashed. */
export function seedNumber(seed: string | number): number {
  return typeof seed === 'number' && Number.isInteger(seed) ? seed >>> 0 : hashString(String(seed));
}

/**
 * Builds a data world. Start-up cost is linear in `products` (indexes only; documents are
 * derived per request), unless `restored` gives the indexes (a snapshot).
 * @throws RangeError when `products` is not an integer from 1 to 2 000 000 or `now` is not a finite time.
 */
export function createWorld(options: WorldOptions): World {
  if (!Number.isInteger(options.products) || options.products < 1 || options.products > 2_000_000) {
    throw new RangeError(`products must be an integer from 1 to 2000000, got ${options.products}`);
  }
  if (!Number.isFinite(options.now)) throw new RangeError(`now must be a time, got ${options.now}`);
  const catalog = new Catalog(seedNumber(options.seed), options.products, options.now, options.defined, options.restored);
  const origin: Origin = { url: options.publicUrl };
  const a = new MarketA(catalog, origin);
  const b = new MarketB(catalog, origin);
  return {
    options,
    origin,
    a,
    b,
    edgeCases: EDGE_CASES.flatMap((e) => {
      const product = edgeCaseProduct(e.name, options.products);
      return product === undefined ? [] : [{ name: e.name, description: e.description, product }];
    }),
    marketplaces: new Map<string, Marketplace>([a, b].map((m) => [m.profile.segment, m])),
    searchA: (q) => search(catalog, catalog.a, q),
    searchB: (q) => search(catalog, catalog.b, q),
    keyOf: (segment, p) => (segment === a.profile.segment ? catalog.a : catalog.b).keyOf(p),
    keyOfSku: (sku) => catalog.keyOfSku(sku),
    definedKey: (entry) => catalog.keyOfEntry(entry),
    definedCount: options.defined?.length ?? 0,
    catalog,
  };
}
