/**
 * The catalog behind both marketplaces and the indexes built once at start-up: which catalog
 * item each marketplace product is, the SKU registry, popularity ranks, and the search index
 * (token → products in rank order). Start-up work is O(catalog size); nothing here grows with
 * sales volume, and no product document is built until a request asks for it.
 */
import { B_CURRENCIES, COLORWAYS, EDITIONS, GENDERS, MODEL_LINES } from './catalog-data.js';
import { identity, type Identity } from './identity.js';
import { MARKET_A, MARKET_B, type MarketplaceProfile } from './profiles.js';
import { mix, unit } from './random.js';
import { recentCount, type SalesSubject } from './sales.js';
import { drawSku, normaliseSku } from './sku.js';
import { sizesOf } from './variants.js';

/** Share of products listed on both marketplaces (issue 3: "most products exist on both"). */
export const SHARED_SHARE = 0.85;
/** Sum of the marketplace B currency weights. */
const CURRENCY_TOTAL = B_CURRENCIES.reduce((sum, c) => sum + c.weight, 0);

/** Splits text into lower-case search tokens (`Air Force 1 '07` → air, force, 1, 07). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

const GENDER_TOKENS: Record<string, string[]> = {
  women: ['women', 'womens', 'w', 'wmns'],
  child: ['gs', 'kids', 'grade', 'school', 'youth'],
  preschool: ['ps', 'kids', 'preschool', 'little'],
  toddler: ['td', 'kids', 'toddler', 'baby'],
};

/** One marketplace's view of the catalog. */
export class MarketIndex {
  /** The marketplace this index is of. */
  readonly profile: MarketplaceProfile;
  readonly size: number;
  /** Rank position (0 = most popular) → product index. */
  readonly byRank: Uint32Array;
  /** Product index → rank position. */
  readonly rankOf: Uint32Array;
  /** Product index → sales in the last 7 UTC days (§2.2/§2.6 `weekly_orders`). */
  readonly weekly: Uint32Array;
  /** Token → rank positions, ascending. */
  readonly postings = new Map<string, Uint32Array>();
  private readonly catalog: Catalog;

  constructor(catalog: Catalog, profile: MarketplaceProfile) {
    this.catalog = catalog;
    this.profile = profile;
    this.size = catalog.size;
    const n = this.size;
    this.weekly = new Uint32Array(n);
    const lines = new Uint8Array(n);
    const colorways = new Uint8Array(n);
    const editions = new Int8Array(n);
    const genders = new Uint8Array(n);
    for (let p = 0; p < n; p++) {
      const id = catalog.identity(this.keyOf(p));
      lines[p] = id.line;
      colorways[p] = id.colorway;
      editions[p] = id.edition;
      genders[p] = id.gender;
      this.weekly[p] = recentCount(this.subjectFor(p, id, []), 7);
    }
    const order = new Uint32Array(n);
    for (let p = 0; p < n; p++) order[p] = p;
    const weekly = this.weekly;
    order.sort((x, y) => (weekly[y] as number) - (weekly[x] as number) || x - y);
    this.byRank = order;
    this.rankOf = new Uint32Array(n);
    for (let r = 0; r < n; r++) this.rankOf[order[r] as number] = r;
    this.buildPostings(lines, colorways, editions, genders);
  }

  /** Catalog key of a product of this marketplace. */
  keyOf(p: number): number {
    return this.profile.listing === 'all' || this.catalog.isShared(p) ? p : this.size + p;
  }

  /** Product index of a catalog key on this marketplace, or undefined when it is not listed here. */
  productOf(key: number): number | undefined {
    if (key < this.size) return this.profile.listing === 'all' || this.catalog.isShared(key) ? key : undefined;
    const p = key - this.size;
    return this.profile.listing === 'shared-and-own' && p < this.size && !this.catalog.isShared(p) ? p : undefined;
  }

  /** Share of a catalog item's demand that this marketplace gets (the profile's `demandShare`). */
  get share(): number {
    return this.profile.demandShare;
  }

  /**
   * Resolves a slug: slugs end in the product's style code (`...-dd1391-100`), so the code
   * finds the candidate and the full slug must then match exactly.
   * @param slugOf the marketplace's slug of a product index.
   */
  productOfSlug(slug: string, slugOf: (p: number) => string): number | undefined {
    const parts = slug.split('-');
    for (const n of [2, 1, 3]) {
      if (parts.length <= n) continue;
      const key = this.catalog.keyOfSku(parts.slice(-n).join(''));
      const p = key === undefined ? undefined : this.productOf(key);
      if (p !== undefined && slugOf(p) === slug) return p;
    }
    return undefined;
  }

  /** What the sales of product `p` depend on (pass `sizes` when the caller has them). */
  subjectFor(p: number, id: Identity, sizes = sizesOf(this.catalog.seed, id)): SalesSubject {
    return {
      seed: this.catalog.seed,
      market: this.profile.stream,
      product: p,
      identity: id,
      sizes,
      share: this.share,
      offerShare: this.profile.offerShare,
      fx: this.profile.currency === 'usd' ? 1 : this.catalog.fxOf(id.key),
      now: this.catalog.now,
    };
  }

  private buildPostings(lines: Uint8Array, colorways: Uint8Array, editions: Int8Array, genders: Uint8Array): void {
    const dict = new Map<string, number>();
    const id = (t: string): number => {
      let v = dict.get(t);
      if (v === undefined) dict.set(t, (v = dict.size));
      return v;
    };
    const lineTokens = MODEL_LINES.map((l) => [...new Set(tokenize(`${l.primaryTitle} ${l.nameB} ${l.brand} ${l.brandB} ${l.model} ${l.category} ${l.secondaryCategory}`))].map(id));
    const cwTokens = COLORWAYS.map((c) => [...new Set(tokenize(`${c.nickname} ${c.colors}`))].map(id));
    const edTokens = EDITIONS.map((e) => tokenize(e).map(id));
    const gTokens = GENDERS.map((g) => (GENDER_TOKENS[g.gender] ?? []).map(id));
    const stamp = new Int32Array(dict.size).fill(-1);
    const counts = new Uint32Array(dict.size);
    const each = (p: number, fn: (t: number) => void): void => {
      const e = editions[p] as number;
      for (const list of [lineTokens[lines[p] as number], cwTokens[colorways[p] as number], e >= 0 ? edTokens[e] : undefined, gTokens[genders[p] as number]]) {
        for (const t of list ?? []) {
          if (stamp[t] !== p) {
            stamp[t] = p;
            fn(t);
          }
        }
      }
    };
    for (let p = 0; p < this.size; p++)
      each(p, (t) => {
        counts[t] = (counts[t] as number) + 1;
      });
    const lists = [...counts].map((c) => new Uint32Array(c));
    const fill = new Uint32Array(dict.size);
    stamp.fill(-1);
    for (let r = 0; r < this.size; r++) {
      const p = this.byRank[r] as number;
      each(p, (t) => {
        (lists[t] as Uint32Array)[fill[t] as number] = r;
        fill[t] = (fill[t] as number) + 1;
      });
    }
    for (const [token, t] of dict) if ((counts[t] as number) > 0) this.postings.set(token, lists[t] as Uint32Array);
  }
}

/**
 * The catalog: `size` products per marketplace, most of them the same items on both.
 * Marketplace A product p is catalog item p; marketplace B product p is item p when it is
 * shared, else a B-only item `size + p`.
 */
export class Catalog {
  readonly seed: number;
  readonly size: number;
  readonly now: number;
  /** Normalised SKU → catalog key. */
  private readonly skuKeys = new Map<string, number>();
  /** Catalog key → SKU in marketplace A's form (index size + p for B-only items). */
  private readonly skus: string[];
  readonly a: MarketIndex;
  readonly b: MarketIndex;

  constructor(seed: number, size: number, now: number) {
    this.seed = seed;
    this.size = size;
    this.now = now;
    this.skus = new Array<string>(2 * size);
    for (let key = 0; key < 2 * size; key++) {
      if (key >= size && this.isShared(key - size)) continue;
      const id = this.identity(key);
      const line = MODEL_LINES[id.line];
      if (!line) continue;
      for (let attempt = 0; ; attempt++) {
        const sku = drawSku(seed, key, line, id.colorway, attempt);
        const norm = normaliseSku(sku);
        if (!this.skuKeys.has(norm)) {
          this.skuKeys.set(norm, key);
          this.skus[key] = sku;
          break;
        }
      }
    }
    this.a = new MarketIndex(this, MARKET_A);
    this.b = new MarketIndex(this, MARKET_B);
  }

  /** True when marketplace B product p is the same catalog item as marketplace A product p. */
  isShared(p: number): boolean {
    return unit(mix(this.seed, 0x5e, p)) < SHARED_SHARE;
  }

  /** The identity of a catalog item (derived, not stored). */
  identity(key: number): Identity {
    return identity(this.seed, key);
  }

  /** SKU of a catalog item in marketplace A's form. */
  skuOf(key: number): string {
    return this.skus[key] ?? '';
  }

  /** Catalog key of a SKU written either marketplace's way, or undefined. */
  keyOfSku(sku: string): number | undefined {
    return this.skuKeys.get(normaliseSku(sku));
  }

  /** Marketplace B currency code and units per USD of a catalog item. */
  currencyOf(key: number): { code: string; perUsd: number } {
    const r = unit(mix(this.seed, 0xcc, key)) * CURRENCY_TOTAL;
    let acc = 0;
    for (const c of B_CURRENCIES) {
      acc += c.weight;
      if (r < acc) return c;
    }
    return B_CURRENCIES[B_CURRENCIES.length - 1] as (typeof B_CURRENCIES)[number];
  }

  /** Marketplace B units per USD of a catalog item. */
  fxOf(key: number): number {
    return this.currencyOf(key).perUsd;
  }
}
