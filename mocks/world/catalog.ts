/**
 * The catalog behind both marketplaces and the indexes built once at start-up: which catalog
 * item each marketplace product is, the SKU registry, popularity ranks, and the search index
 * (token → products in rank order). Start-up work is O(catalog size); nothing here grows with
 * sales volume, and no product document is built until a request asks for it.
 */
import { COLORWAYS, EDITIONS, GENDERS, MODEL_LINES, type ModelLine } from './catalog-data.js';
import { LONG_NICKNAME, edgeCaseOf } from './edge-cases.js';
import { colorwaysOf, DAY_MS, drawnIdentity, editionsOf, factOf, firstDayOf, genderOf, inventedColorwaysOf, lineOf, nameOfB, releaseMonthOf, releaseYearOf, titleOfA, withFact, type Identity } from './identity.js';
import { MARKET_A, MARKET_B, type MarketplaceProfile } from './profiles.js';
import { mix, unit } from './random.js';
import { lastDay, recentCount, salesByDay, type SaleRecord, type SalesSubject } from './sales.js';
import { applyDefinition, type DefinedMarket, type DefinedProduct } from './defined.js';
import { drawSku, normaliseSku } from './sku.js';
import { SkuTable, type SkuTableState } from './sku-table.js';
import { Postings, type PackedPostings } from './postings.js';
import { JAPANESE_151, madeInOf } from './facts/models.js';
import { sizesOf } from './variants.js';
import { CITIES } from './catalog-data.js';

/** Genders that titles tell apart (men's and unisex titles look the same: no suffix). */
const TITLE_GENDER = GENDERS.map((g) => GENDERS.findIndex((h) => h.suffix === g.suffix));
/**
 * Index of a model line by its primary title, or of a colourway by a test on its nickname.
 * @throws Error at start-up when the data has none (a renamed line must not silently become line 0).
 */
function indexOf<T>(list: readonly T[], test: (x: T) => boolean, what: string): number {
  const i = list.findIndex(test);
  if (i < 0) throw new Error(`catalog-data has no ${what} (edge cases need it)`);
  return i;
}
/** The lines and colourways the edge cases take (mocks/world/edge-cases.ts). */
const EDGE_LINES = {
  oneSize: indexOf(MODEL_LINES, (l) => l.primaryTitle === 'KAWS Companion Open Edition Vinyl Figure', 'KAWS line'),
  longTitle: indexOf(MODEL_LINES, (l) => l.primaryTitle === 'Jordan 1 Retro High OG', 'Jordan 1 High line'),
  nonAscii: indexOf(MODEL_LINES, (l) => l.primaryTitle === 'Pokémon TCG: Scarlet & Violet 151', 'Pokémon line'),
  longNickname: indexOf(COLORWAYS, (c) => c.nickname === LONG_NICKNAME, 'long-title colourway'),
  japanese: indexOf(COLORWAYS, (c) => c.nickname.includes('ポケモン'), 'Japanese colourway'),
};
/**
 * A title as a small integer: line 6 bits, colourway 12, edition 4, gender 3, year 5 (0 for
 * none, else 1–31 from 2010); under 2^30, so V8 keeps it unboxed in a Set.
 */
const titleKey = (line: number, colorway: number, edition: number, gender: number, year: number): number => ((((line * 4096 + colorway) * 16 + edition + 1) * 8 + gender) << 5) + (year === 0 ? 0 : 1 + ((((year - 2010) % 31) + 31) % 31));
/** Share of products listed on both marketplaces (issue 3: "most products exist on both"). */
export const SHARED_SHARE = 0.85;

/**
 * Folds text for search: Unicode letters without their marks (`Pokémon` → `pokemon`, `Crème` →
 * `creme`), lower-case. The same folding is applied to the catalog and to every query.
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Splits text into folded search tokens (`Air Force 1 '07` → air, force, 1, 07; `Pokémon` → pokemon). */
export function tokenize(text: string): string[] {
  return fold(text)
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

const GENDER_TOKENS: Record<string, string[]> = {
  women: ['women', 'womens', 'w', 'wmns'],
  child: ['gs', 'kids', 'grade', 'school', 'youth'],
  preschool: ['ps', 'kids', 'preschool', 'little'],
  toddler: ['td', 'kids', 'toddler', 'baby'],
};

/** What a world snapshot stores of one marketplace's index (mocks/world/snapshot.ts). */
export interface MarketState {
  /** Product index → sales in the last 7 UTC days. */
  weekly: Uint32Array;
  /** Rank position → product index (a permutation of 0 … size − 1). */
  byRank: Uint32Array;
  /** Product index → distinct words of its title. */
  titleWords: Uint8Array;
  /** Title postings: term → rank positions, ascending, packed, in the index's order. */
  title: PackedPostings;
  /** Other fields' postings, the same way. */
  field: PackedPostings;
}

/** A `datedKeys` bit: the item's title carries its release year (a title otherwise taken). */
export const DATED = 1;
/**
 * A `datedKeys` bit: the item drew a real release's name an earlier item holds, so it is an
 * ordinary release of its line (its drawn date) for good: its style code is drawn from that
 * identity, and `identity` never gives it the release back (before, it did for items whose title
 * choices ran out, in worlds of hundreds of thousands: their style codes and dates disagreed, and
 * a snapshot of 1,000,000 products failed its style-code samples and was drawn again at every start).
 */
export const UNNAMED = 2;

/** What a world snapshot stores of a catalog: the title choices, the SKU registry, both indexes. */
export interface CatalogState {
  /** Catalog key → colourway chosen instead of the drawn one, −1 for none (length 2 × size). */
  colorwayOverride: Int16Array;
  /** Catalog key → edition chosen instead of the drawn one, −2 for none. */
  editionOverride: Int8Array;
  /** Catalog key → its title choices as bits: {@link DATED} (the title carries the release year), {@link UNNAMED} (it gave up a real release's name). */
  datedKeys: Uint8Array;
  skus: SkuTableState;
  a: MarketState;
  b: MarketState;
}

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
  /** Title word → rank positions, ascending (see {@link buildPostings}). */
  readonly postings: Postings;
  /** Word of another field (model, categories, colours, gender words) → rank positions, ascending. */
  readonly fieldPostings: Postings;
  /** Every indexed word once, in code-unit order, for typo and prefix matching. */
  terms: readonly string[] = [];
  /** Product index → distinct words of its title on this marketplace (an exact title match has as many query words). */
  titleWords: Uint8Array = new Uint8Array(0);
  /** Scratch space of {@link search}, reused between queries (a marketplace answers one request at a time). */
  scratch: { mark: Uint32Array; cost: Uint16Array; count: Uint8Array; gen: number } | undefined;
  private readonly catalog: Catalog;

  /**
   * Builds the index, or restores it from a snapshot's state (checked by mocks/world/snapshot.ts).
   */
  constructor(catalog: Catalog, profile: MarketplaceProfile, state?: MarketState) {
    this.catalog = catalog;
    this.profile = profile;
    this.size = catalog.size + catalog.addedOn(profile.segment).length;
    const n = this.size;
    if (state) {
      this.weekly = state.weekly;
      this.byRank = state.byRank;
      this.rankOf = new Uint32Array(n);
      for (let r = 0; r < n; r++) this.rankOf[state.byRank[r] as number] = r;
      this.titleWords = state.titleWords;
      this.postings = new Postings(state.title);
      this.fieldPostings = new Postings(state.field);
      this.terms = [...new Set([...this.postings.keys(), ...this.fieldPostings.keys()])].sort();
      return;
    }
    this.weekly = new Uint32Array(n);
    const lines = new Uint8Array(n);
    const colorways = new Uint16Array(n);
    const editions = new Int8Array(n);
    const genders = new Uint8Array(n);
    const years = new Uint16Array(n);
    for (let p = 0; p < n; p++) {
      const id = catalog.identity(this.keyOf(p));
      if (id.dated) years[p] = releaseYearOf(id);
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
    this.postings = new Postings();
    this.fieldPostings = new Postings();
    this.rankOf = new Uint32Array(n);
    for (let r = 0; r < n; r++) this.rankOf[order[r] as number] = r;
    this.buildPostings(lines, colorways, editions, genders, years);
  }

  /** The index as a snapshot stores it (`rankOf` and `terms` follow from the rest). */
  state(): MarketState {
    return { weekly: this.weekly, byRank: this.byRank, titleWords: this.titleWords, title: this.postings.pack(), field: this.fieldPostings.pack() };
  }

  /** Catalog key of a product of this marketplace. */
  keyOf(p: number): number {
    const n = this.catalog.size;
    if (p >= n) return this.catalog.addedOn(this.profile.segment)[p - n] as number;
    return this.profile.listing === 'all' || this.catalog.isShared(p) ? p : n + p;
  }

  /** Product index of a catalog key on this marketplace, or undefined when it is not listed here. */
  productOf(key: number): number | undefined {
    const n = this.catalog.size;
    if (key >= 2 * n) {
      const i = this.catalog.addedIndexOf(this.profile.segment, key);
      return i === undefined ? undefined : n + i;
    }
    if (key < n) return this.profile.listing === 'all' || this.catalog.isShared(key) ? key : undefined;
    const p = key - n;
    return this.profile.listing === 'shared-and-own' && p < n && !this.catalog.isShared(p) ? p : undefined;
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

  /**
   * What the sales of product `p` depend on (pass `sizes` when the caller has them).
   * @param unsold true for the `no-sales` edge answer: no sale, given ones included.
   */
  subjectFor(p: number, id: Identity, sizes = sizesOf(this.catalog.seed, id), unsold = false): SalesSubject {
    return {
      seed: this.catalog.seed,
      market: this.profile.stream,
      product: p,
      identity: id,
      sizes,
      share: this.share,
      offerShare: this.profile.offerShare,
      now: this.catalog.now,
      ...(unsold ? { given: new Map() } : this.catalog.givenSales(this.keyOf(p), this.profile.segment)),
    };
  }

  /**
   * The search index: two postings per term, rank positions ascending: `postings` for the words
   * of a product's title (line names, brand, colourway nickname, edition, gender mark) and
   * `fieldPostings` for its other fields (model, categories, colours, gender words); every term
   * once in `terms`; and per product the number of distinct title words (`titleWords`), which
   * tells an exact title match. Built from per-line, per-colourway and per-edition token lists,
   * so start-up does not tokenize per product.
   */
  private buildPostings(lines: Uint8Array, colorways: Uint16Array, editions: Int8Array, genders: Uint8Array, years: Uint16Array): void {
    const dict = new Map<string, number>();
    const id = (t: string): number => {
      let v = dict.get(t);
      if (v === undefined) dict.set(t, (v = dict.size));
      return v;
    };
    const stem = this.profile.titleStem;
    const set = (text: string): number[] => [...new Set(tokenize(text))].map(id);
    const lineTitle = MODEL_LINES.map((l) => set(`${l.primaryTitle} ${l.nameB} ${l.brand} ${l.brandB}`));
    const lineOther = MODEL_LINES.map((l) => set(`${l.model} ${l.category} ${l.secondaryCategory}`));
    const lineOwn = MODEL_LINES.map((l) => new Set(tokenize(l[stem])).size);
    const cwTitle = COLORWAYS.map((c) => set(c.nickname));
    const cwOther = COLORWAYS.map((c) => set(c.colors));
    const edTokens = EDITIONS.map((e) => set(e));
    const gTitle = GENDERS.map((g) => set(g.suffix));
    const gOther = GENDERS.map((g) => (GENDER_TOKENS[g.gender] ?? []).map(id));
    const n = this.size;
    const titleWords = new Uint8Array(n);
    const yearTokens = new Map<number, number[]>();
    const yearOf = (p: number): number[] | undefined => {
      const y = years[p] as number;
      if (y === 0) return undefined;
      let list = yearTokens.get(y);
      if (!list) yearTokens.set(y, (list = [id(String(y))]));
      return list;
    };
    for (let p = 0; p < n; p++) yearOf(p);
    const defined = (p: number): { title: number[]; other: number[] } | undefined => {
      const text = this.catalog.searchTextOf(this.keyOf(p), this.profile);
      return text && { title: set(text.title), other: set(text.other) };
    };
    const own = new Map<number, { title: number[]; other: number[] }>();
    for (let p = 0; p < n; p++) {
      const d = defined(p);
      if (d) own.set(p, d);
    }
    const stamp = new Int32Array(Math.max(dict.size, 1)).fill(-1);
    /** Calls `fn` once per distinct term of product p in one class (title or other); returns how many. */
    const each = (p: number, title: boolean, fn: (t: number) => void): number => {
      let count = 0;
      const d = own.get(p);
      const e = editions[p] as number;
      const lists = d
        ? [title ? d.title : d.other]
        : title
          ? [lineTitle[lines[p] as number], cwTitle[colorways[p] as number], e >= 0 ? edTokens[e] : undefined, gTitle[genders[p] as number], yearOf(p)]
          : [lineOther[lines[p] as number], cwOther[colorways[p] as number], gOther[genders[p] as number]];
      const mark = title ? p : -2 - p;
      for (const list of lists) {
        for (const t of list ?? []) {
          if (stamp[t] !== mark) {
            stamp[t] = mark;
            count++;
            fn(t);
          }
        }
      }
      return count;
    };
    const build = (title: boolean, into: Postings): void => {
      const counts = new Uint32Array(dict.size);
      stamp.fill(-1);
      for (let p = 0; p < n; p++) {
        const c = each(p, title, (t) => {
          counts[t] = (counts[t] as number) + 1;
        });
        if (title) {
          const d = own.get(p);
          const e = editions[p] as number;
          // Distinct words of the marketplace's own title: the line's own name, not both marketplaces' names.
          titleWords[p] = Math.min(
            255,
            d ? c : (lineOwn[lines[p] as number] as number) + (cwTitle[colorways[p] as number]?.length ?? 0) + (e >= 0 ? (edTokens[e]?.length ?? 0) : 0) + (gTitle[genders[p] as number]?.length ?? 0) + (years[p] === 0 ? 0 : 1),
          );
        }
      }
      const lists = [...counts].map((c) => new Uint32Array(c));
      const fill = new Uint32Array(dict.size);
      stamp.fill(-1);
      for (let r = 0; r < n; r++) {
        each(this.byRank[r] as number, title, (t) => {
          (lists[t] as Uint32Array)[fill[t] as number] = r;
          fill[t] = (fill[t] as number) + 1;
        });
      }
      for (const [token, t] of dict) if ((counts[t] as number) > 0) into.set(token, lists[t] as Uint32Array);
    };
    build(true, this.postings);
    build(false, this.fieldPostings);
    this.titleWords = titleWords;
    this.terms = [...dict.keys()].filter((t) => this.postings.has(t) || this.fieldPostings.has(t)).sort();
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
  /** Catalog key ↔ SKU in marketplace A's form (key size + p for B-only items). */
  private readonly skus: SkuTable;
  readonly a: MarketIndex;
  readonly b: MarketIndex;
  /** Catalog key → colourway chosen instead of the drawn one (−1: the drawn one), so titles do not repeat. */
  private readonly colorwayOverride: Int16Array;
  /** Catalog key → edition chosen instead of the drawn one (−2: the drawn one). */
  private readonly editionOverride: Int8Array;
  /** Catalog key → {@link DATED} and {@link UNNAMED} bits. */
  private readonly datedKeys: Uint8Array;
  /** Products defined in a data file, by catalog key (replaced items keep theirs; added ones get `2 × size + i`). */
  private readonly defined = new Map<number, DefinedProduct>();
  /** Per marketplace segment: the catalog keys of the products a data file adds there, in file order. */
  private readonly added = new Map<string, number[]>();
  /** Per segment: added catalog key → its position among the added ones (built on first use). */
  private readonly addedPositions = new Map<string, Map<number, number>>();
  /** Given sales by catalog key and segment, resolved to size positions once. */
  private readonly givenCache = new Map<string, ReadonlyMap<number, readonly SaleRecord[]>>();
  /** The identity {@link edged} last drew before applying a real release to it (start-up reuses it instead of drawing it again). */
  private unnamed: Identity | undefined;

  /**
   * @param defined products of a data file, checked (mocks/data/products-file.ts): each replaces
   *   the catalog item `replaces` or is added after the drawn ones, on the marketplaces it names.
   */
  constructor(seed: number, size: number, now: number, defined: readonly DefinedProduct[] = [], state?: CatalogState) {
    this.seed = seed;
    this.size = size;
    this.now = now;
    let next = 2 * size;
    for (const d of defined) {
      const key = d.replaces ?? next++;
      this.defined.set(key, d);
      if (d.replaces === undefined) for (const segment of d.markets.keys()) this.added.set(segment, [...(this.added.get(segment) ?? []), key]);
    }
    if (state) {
      // A snapshot's start-up work (mocks/world/snapshot.ts), checked there; never with a data file.
      this.colorwayOverride = state.colorwayOverride;
      this.editionOverride = state.editionOverride;
      this.datedKeys = state.datedKeys;
      this.skus = new SkuTable(2 * size, state.skus);
      this.a = new MarketIndex(this, MARKET_A, state.a);
      this.b = new MarketIndex(this, MARKET_B, state.b);
      return;
    }
    this.skus = new SkuTable(2 * size);
    this.colorwayOverride = new Int16Array(2 * size).fill(-1);
    this.editionOverride = new Int8Array(2 * size).fill(-2);
    this.datedKeys = new Uint8Array(2 * size);
    const titles = new Set<number>();
    const cursors = new Map<number, number>();
    for (let key = 0; key < 2 * size; key++) {
      if (key >= size && this.isShared(key - size)) continue;
      const id = this.distinguish(key, titles, cursors);
      const line = MODEL_LINES[id.line];
      if (!line) continue;
      for (let attempt = 0; ; attempt++) {
        const sku = drawSku(seed, key, line, id.colorway, attempt, releaseYearOf(id), genderOf(id), releaseMonthOf(id));
        if (this.skus.keyOfNormalised(normaliseSku(sku)) === undefined) {
          this.skus.append(key, sku);
          break;
        }
      }
    }
    this.skus.seal();
    this.registerDefined(seed);
    this.a = new MarketIndex(this, MARKET_A);
    this.b = new MarketIndex(this, MARKET_B);
  }

  /**
   * The start-up work of this catalog as a snapshot stores it (mocks/world/snapshot.ts): the
   * title choices, the SKU registry (its prefix order built first) and both marketplaces' indexes.
   * @throws Error for a catalog with a data file's products (a snapshot never holds them).
   */
  state(): CatalogState {
    if (this.defined.size > 0) throw new Error('a catalog with a data file is never snapshotted');
    this.skus.sortedKeys();
    return { colorwayOverride: this.colorwayOverride, editionOverride: this.editionOverride, datedKeys: this.datedKeys, skus: this.skus.state(), a: this.a.state(), b: this.b.state() };
  }

  /** Style codes of defined products: a given one replaces the drawn one; an added product without one draws it. */
  private registerDefined(seed: number): void {
    for (const [key, d] of this.defined) {
      if (d.sku !== undefined) {
        this.skus.claim(key, d.sku);
        continue;
      }
      if (this.skus.skuOf(key) !== '') continue;
      const id = this.identity(key);
      for (let attempt = 0; ; attempt++) {
        const sku = drawSku(seed, key, lineOf(id), id.colorway, attempt, releaseYearOf(id), genderOf(id), releaseMonthOf(id));
        if (this.skus.keyOfNormalised(normaliseSku(sku)) === undefined) {
          this.skus.claim(key, sku);
          break;
        }
      }
    }
  }

  /** The catalog key of a data file's entry (0-based): the item it replaces or the one it adds; -1 when there is none. */
  keyOfEntry(entry: number): number {
    for (const [key, d] of this.defined) if (d.entry === entry) return key;
    return -1;
  }

  /** True when a data file defines products in this catalog. */
  get hasDefinitions(): boolean {
    return this.defined.size > 0;
  }

  /** The catalog keys of every defined product (replaced and added). */
  definedKeys(): number[] {
    return [...this.defined.keys()];
  }

  /** Position of an added catalog key among the keys a data file adds on a marketplace, or undefined. */
  addedIndexOf(segment: string, key: number): number | undefined {
    let positions = this.addedPositions.get(segment);
    if (!positions) this.addedPositions.set(segment, (positions = new Map(this.addedOn(segment).map((k, i) => [k, i]))));
    return positions.get(key);
  }

  /** The catalog keys a data file adds on a marketplace (by path segment), in file order. */
  addedOn(segment: string): readonly number[] {
    return this.added.get(segment) ?? [];
  }

  /** The definition of a catalog item and what it gives on a marketplace, or undefined for a drawn item. */
  definitionOf(key: number, segment: string): { product: DefinedProduct; market: DefinedMarket | undefined } | undefined {
    if (this.defined.size === 0) return undefined;
    const product = this.defined.get(key);
    return product && { product, market: product.markets.get(segment) };
  }

  /** `given` of a sales subject: the sales a data file gives for the item on a marketplace, by day; none when drawn. */
  givenSales(key: number, segment: string): { given?: ReadonlyMap<number, readonly SaleRecord[]> } {
    const sales = this.definitionOf(key, segment)?.market?.sales;
    if (!sales) return {};
    const cacheKey = `${segment}|${key}`;
    let given = this.givenCache.get(cacheKey);
    if (!given) {
      const sizes = sizesOf(this.seed, this.identity(key));
      given = salesByDay(
        sales.map((g) => ({
          time: Math.floor(g.time / 1000) * 1000,
          size: Math.max(
            0,
            sizes.findIndex((z) => z.spec.size === g.size || z.spec.presentation === g.size),
          ),
          amount: g.amount,
          offer: g.offer === true,
          city: Math.max(
            0,
            CITIES.findIndex((c) => c[0] === g.location),
          ),
          ...(g.location === undefined ? {} : { location: g.location }),
        })),
      );
      this.givenCache.set(cacheKey, given);
    }
    return { given };
  }

  /**
   * Keeps titles apart (issue 13: real catalogs tell colourways apart by year or edition): when
   * an earlier item already has this line, colourway, edition and gender, take the next
   * colourway of the line's palette nobody has, else another edition, else put the release year
   * in the title. When even that is taken (catalogs of hundreds of thousands) the title repeats,
   * with its year.
   */
  private distinguish(key: number, titles: Set<number>, cursors: Map<number, number>): Identity {
    const named = this.edged(key);
    const drawn = titleKey(named.line, named.colorway, named.edition, TITLE_GENDER[named.gender] ?? 0, 0);
    if (!titles.has(drawn)) {
      titles.add(drawn); // the common case: a title not seen yet
      return named;
    }
    // The title is taken: a real release stays with the first item that drew it; this one is an
    // ordinary release of its line (its drawn date, run and hype), under another name.
    const id = !named.named ? named : this.unnamed?.key === key && named.edge === undefined ? this.unnamed : this.edged(key, -1, false);
    // It never takes the release's name back: `identity` gives this ordinary release, whose date its style code was drawn from.
    if (named.named) this.datedKeys[key] = UNNAMED;
    const gender = TITLE_GENDER[id.gender] ?? 0;
    const line = MODEL_LINES[id.line] as ModelLine;
    // Only names that claim no release: a real release name stays on its own release (issue 30).
    const pool = inventedColorwaysOf(line);
    // 1. The next colourway of the palette no product of this line, edition and gender has yet
    //    (a cursor per line, edition and gender: each title is tried once, so start-up stays linear).
    const base = titleKey(id.line, 0, id.edition, gender, 0);
    let c = cursors.get(base) ?? 0;
    while (c < pool.length) {
      const colorway = pool[c++] as number;
      const k = titleKey(id.line, colorway, id.edition, gender, 0);
      if (titles.has(k)) continue;
      titles.add(k);
      cursors.set(base, c);
      this.colorwayOverride[key] = id.colorway = colorway;
      return id;
    }
    cursors.set(base, c);
    // 2. Another edition of the drawn colourway.
    for (const edition of factOf(line, id.colorway) ? [] : [...editionsOf(line), -1]) {
      const k = titleKey(id.line, id.colorway, edition, gender, 0);
      if (edition === id.edition || titles.has(k)) continue;
      titles.add(k);
      this.editionOverride[key] = id.edition = edition;
      return id;
    }
    // 3. The release year in the title, with the drawn colourway or the next one free that year;
    //    when even those are taken (catalogs of hundreds of thousands) the title repeats.
    const year = releaseYearOf(id);
    this.datedKeys[key] = (this.datedKeys[key] ?? 0) | DATED;
    id.dated = true;
    const dated = titleKey(id.line, id.colorway, id.edition, gender, year);
    if (!titles.has(dated) && !factOf(line, id.colorway)) {
      titles.add(dated);
      return id;
    }
    const yearBase = titleKey(id.line, 0, id.edition, gender, year);
    let y = cursors.get(yearBase) ?? 0;
    while (y < pool.length) {
      const colorway = pool[y++] as number;
      const k = titleKey(id.line, colorway, id.edition, gender, year);
      if (titles.has(k)) continue;
      titles.add(k);
      this.colorwayOverride[key] = id.colorway = colorway;
      break;
    }
    cursors.set(yearBase, y);
    return id;
  }

  /**
   * The drawn identity of a catalog item with its edge case applied, when it is one of the
   * products reserved for them (the same product index on both marketplaces).
   */
  private edged(key: number, colorway = this.colorwayOverride[key] ?? -1, fact = true): Identity {
    const drawn = drawnIdentity(this.seed, key);
    const edge = edgeCaseOf(key < this.size ? key : key - this.size, this.size);
    if (edge === undefined) {
      if (colorway >= 0) drawn.colorway = colorway;
      if (!fact) return drawn;
      const id = withFact(drawn);
      if (id !== drawn) this.unnamed = drawn; // withFact copies: the drawn identity is the ordinary release distinguish may need
      return id;
    }
    const retitle = (line: number, colorway: number, gender: number): void => {
      drawn.line = line;
      drawn.colorway = colorway;
      drawn.gender = gender;
      drawn.edition = -1;
    };
    if (edge === 'one-size') retitle(EDGE_LINES.oneSize, colorwaysOf(MODEL_LINES[EDGE_LINES.oneSize] as ModelLine)[0] as number, 2);
    if (edge === 'long-title') retitle(EDGE_LINES.longTitle, EDGE_LINES.longNickname, 0);
    if (edge === 'non-ascii-title') retitle(EDGE_LINES.nonAscii, EDGE_LINES.japanese, 2);
    if (colorway >= 0) drawn.colorway = colorway;
    const id = fact ? withFact(drawn) : drawn;
    id.edge = edge;
    const today = lastDay(this.now);
    if (edge === 'upcoming') id.releaseDay = today + 21;
    else id.releaseDay = Math.min(id.releaseDay, today - 120);
    // A retitled product is made where its new line is made (facts/models.ts).
    if (edge === 'one-size' || edge === 'long-title' || edge === 'non-ascii-title') {
      const made = madeInOf((MODEL_LINES[id.line] as ModelLine).primaryTitle);
      if (made?.[0] !== undefined) id.factory = made[0];
    }
    // A line of its own has its own lifetime: release within it.
    if (edge !== 'upcoming') id.releaseDay = Math.max(id.releaseDay, firstDayOf(MODEL_LINES[id.line] as ModelLine));
    // The Japanese 151 booster box is one real product: printed in Japan, released on its date.
    if (edge === 'non-ascii-title') {
      id.releaseDay = Date.parse(`${JAPANESE_151.date}T00:00:00Z`) / DAY_MS;
      id.factory = JAPANESE_151.madeIn;
    }
    if (edge !== 'upcoming' && edge !== 'never-sold') id.hype = Math.max(id.hype, 0.5); // they sell, so their pages have data
    return id;
  }

  /** True when marketplace B product p is the same catalog item as marketplace A product p. */
  isShared(p: number): boolean {
    return unit(mix(this.seed, 0x5e, p)) < SHARED_SHARE;
  }

  /** The identity of a catalog item (derived, not stored; the title choices of start-up and the edge cases applied). */
  identity(key: number): Identity {
    const id = this.edged(key, undefined, ((this.datedKeys[key] ?? 0) & UNNAMED) === 0);
    const d = this.defined.size === 0 ? undefined : this.defined.get(key);
    if (d) {
      if (key < 2 * this.size) this.overridden(key, id);
      return applyDefinition(id, d, lastDay(this.now));
    }
    return this.overridden(key, id);
  }

  /** The title choices of start-up applied to an identity. */
  private overridden(key: number, id: Identity): Identity {
    const colorway = this.colorwayOverride[key] ?? -1;
    if (colorway >= 0) id.colorway = colorway;
    const edition = this.editionOverride[key] ?? -2;
    if (edition >= -1) id.edition = edition;
    if (((this.datedKeys[key] ?? 0) & DATED) !== 0) id.dated = true;
    return id;
  }

  /**
   * The searchable text of a catalog item whose text the catalog does not derive from its
   * identity (products defined in a data file), for one marketplace; undefined for the rest.
   */
  searchTextOf(key: number, profile: MarketplaceProfile): { title: string; other: string } | undefined {
    const def = this.definitionOf(key, profile.segment);
    if (!def) return undefined;
    const id = this.identity(key);
    const line = lineOf(id);
    const f = def.market?.fields ?? {};
    const text = (v: unknown): string => (typeof v === 'string' ? v : '');
    const title = text(f[profile.titleStem === 'nameB' ? 'name' : 'title']) || def.product.title || (profile.titleStem === 'nameB' ? nameOfB(id) : titleOfA(id));
    const brand = text(f.brand) || def.product.brand || (profile.titleStem === 'nameB' ? line.brandB : line.brand);
    const other = [f.model, f.category, f.secondary_category, f.colorway, f.nickname, line.model, line.category].map(text).join(' ');
    return { title: `${title} ${brand}`, other };
  }

  /** SKU of a catalog item in marketplace A's form. */
  skuOf(key: number): string {
    return this.skus.skuOf(key);
  }

  /**
   * Catalog keys of the SKUs that start with `prefix` (written either marketplace's way), in
   * SKU order, at most `cap`.
   */
  keysOfSkuPrefix(prefix: string, cap: number): number[] {
    return this.skus.keysWithPrefix(normaliseSku(prefix), cap);
  }

  /** Catalog key of a SKU written either marketplace's way, or undefined. */
  keyOfSku(sku: string): number | undefined {
    return this.skus.keyOfNormalised(normaliseSku(sku));
  }
}
