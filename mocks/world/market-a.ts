/**
 * Marketplace A's projection of the catalog (§2.2–§2.5, §4.1): products with UUID ids,
 * variants with prices per delivery option and identifiers, per-sale history and daily
 * aggregates. Documents are built per request from the seed; nothing is stored per product.
 */
import { describe } from './describe.js';
import { ownTextOf, withoutBrand } from './defined-text.js';
import type { components } from '../../generated/api.js';
import { asksA, edgeNoAsks, priceRange, type AsksA } from './asks.js';
import type { Catalog } from './catalog.js';
import { Marketplace, type Origin } from './marketplace.js';
import { seededFaker } from './faker.js';
import { DAY_MS, demand, genderOf, genderSuffix, lineOf, nicknameOf, titleNicknameOf, type Identity } from './identity.js';
import type { GivenAsk } from './defined.js';
import { Feistel32, Rng, mix, unit } from './random.js';
import { dailyPage, lastDay, salesPage, sizeCounts, type SalesSubject } from './sales.js';
import { slugify } from './sku.js';
import { sizeDemand, sizesOf, type SizeModel } from './variants.js';
import { COLORWAYS } from './catalog-data.js';
import { BARCODE_FACTS, DEFAULT_BARCODE } from './facts/brands.js';
import { exampleIdentity, longestTitle, type EdgeExample } from './edge-answers.js';

type Product = components['schemas']['MarketAProduct'];
type Variant = components['schemas']['MarketAVariant'];
type Sale = components['schemas']['MarketASale'];
type Daily = components['schemas']['MarketADailySales'];

/** When marketplace A opened (StockX launched in February 2016): no page is created before it. */
const MARKET_A_OPENED = Date.UTC(2016, 1, 1);
/** The `display` flags of A2 (§4.1 rules 1–3), after entitlement: `identifiers` is false for a caller who is not entitled. */
export interface DisplayFlags {
  variants: boolean;
  prices: boolean;
  identifiers: boolean;
}

/** RFC 3339 UTC timestamp without fractional seconds, as production writes them. */
export const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const hex = (n: number, len: number): string => (n >>> 0).toString(16).padStart(len, '0').slice(-len);

/** Everything one request about a product needs, derived once per request. */
interface ProductContext {
  p: number;
  id: Identity;
  uuid: string;
  sizes: SizeModel[];
  asks: AsksA[];
  subject: SalesSubject;
}

/** Marketplace A of a data world. */
export class MarketA extends Marketplace {
  private readonly feistel: Feistel32;

  constructor(catalog: Catalog, origin: Origin) {
    super(catalog, catalog.a, origin);
    this.feistel = new Feistel32(mix(catalog.seed, 0xfe));
  }

  /**
   * When product p was listed (§2.2 `created_at`), ms since epoch in whole seconds: 14 to 120
   * days before its release, and never later than a day before the clock; never before marketplace A
   * opened (February 2016, as StockX did: expert finding 7, fourth report): an older release's page
   * was added in the months after, spread over them.
   */
  createdAtOf(p: number): number {
    const given = this.given(p, 'created_at');
    if (typeof given === 'string') return Math.floor(Date.parse(given) / 1000) * 1000;
    const id = this.identity(p);
    const rng = new Rng(this.catalog.seed, 0x1e, p);
    const listed = id.releaseDay * DAY_MS - rng.int(14, 120) * DAY_MS + rng.int(0, DAY_MS - 1);
    // A page listed in the last day is spread over the last weeks, never all in one second (issue 30).
    const latest = this.catalog.now - DAY_MS - rng.int(0, 28 * DAY_MS);
    const spread = MARKET_A_OPENED + rng.int(0, 180 * DAY_MS);
    const at = Math.min(listed > this.catalog.now - DAY_MS ? latest : listed, listed);
    return Math.floor((at < MARKET_A_OPENED ? Math.min(spread, Math.max(MARKET_A_OPENED, this.catalog.now - DAY_MS)) : at) / 1000) * 1000;
  }

  /**
   * UUID of product p: version 7 for items listed since 2024, whose 48-bit time is the
   * product's `created_at` (RFC 9562 §5.7), version 4 before (both appear in production). The
   * last 32 bits encrypt p, so an id resolves without a table.
   */
  uuidOf(p: number): string {
    const given = this.given(p, 'id');
    if (typeof given === 'string') return given.toLowerCase();
    const rng = new Rng(this.catalog.seed, 0x1a, p);
    const a = rng.u32();
    const b = rng.u32();
    const c = rng.u32();
    const tail = hex(this.feistel.encode(p), 8);
    const variantNibble = (8 + (c >>> 30)).toString(16);
    const listedAt = this.createdAtOf(p);
    if (listedAt >= Date.UTC(2024, 0, 1)) {
      const ts = listedAt.toString(16).padStart(12, '0');
      return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${hex(b, 3)}-${variantNibble}${hex(b >>> 12, 3)}-${hex(c, 4)}${tail}`;
    }
    return `${hex(a, 8)}-${hex(b, 4)}-4${hex(b >>> 16, 3)}-${variantNibble}${hex(c, 3)}-${hex(c >>> 12, 4)}${tail}`;
  }

  /** UUID (version 4) of the variant at `position` of product p. */
  variantUuidOf(p: number, position: number): string {
    const rng = new Rng(this.catalog.seed, 0x1b, p, position);
    const a = rng.u32();
    const b = rng.u32();
    const c = rng.u32();
    const d = rng.u32();
    return `${hex(a, 8)}-${hex(b, 4)}-4${hex(b >>> 16, 3)}-${(8 + (c >>> 30)).toString(16)}${hex(c, 3)}-${hex(c >>> 12, 4)}${hex(d, 8)}`;
  }

  /** The title, primary and secondary title of product p (§2.2). */
  titlesOf(p: number): { title: string; primary: string; secondary: string } {
    const id = this.identity(p);
    const primary = lineOf(id).primaryTitle;
    const secondary = `${titleNicknameOf(id)}${genderSuffix(id)}`;
    const def = this.definition(p);
    if (!def) return { title: `${primary} ${secondary}`, primary, secondary };
    // A data file's title wins; primary and secondary titles follow it unless given too.
    const str = (field: string): string | undefined => {
      const v = this.given(p, field);
      return typeof v === 'string' ? v : undefined;
    };
    const title = str('title') ?? def.product.title;
    if (title !== undefined) return { title, primary: str('primary_title') ?? title, secondary: str('secondary_title') ?? '' };
    const ownPrimary = str('primary_title') ?? primary;
    const ownSecondary = str('secondary_title') ?? secondary;
    return { title: `${ownPrimary} ${ownSecondary}`.trim(), primary: ownPrimary, secondary: ownSecondary };
  }

  /** Slug of product p: its title and style code, lower-case and hyphenated (decision: the code keeps slugs unique). */
  slugOf(p: number): string {
    const given = this.given(p, 'slug');
    if (typeof given === 'string') return given;
    return slugify(`${this.titlesOf(p).title} ${this.catalog.skuOf(this.index.keyOf(p))}`);
  }

  /**
   * Resolves a path's `id_or_slug` (§4.1 A2–A4) to a product index.
   * @returns the product index, or undefined when no product has this id or slug.
   */
  resolve(idOrSlug: string): number | undefined {
    const text = idOrSlug.toLowerCase();
    const defined = this.definedLookup(UUID.test(text) ? text : idOrSlug, (p) => [this.uuidOf(p), this.slugOf(p)]);
    if (defined !== undefined) return defined;
    if (UUID.test(text)) {
      const p = this.feistel.decode(Number.parseInt(text.slice(-8), 16));
      return p < this.size && this.uuidOf(p) === text ? p : undefined;
    }
    return this.index.productOfSlug(idOrSlug, (p) => this.slugOf(p));
  }

  /** @param example an edge answer (mocks/world/edge-answers.ts) the request asks for, which may change the identity. */
  private context(p: number, example?: EdgeExample): ProductContext {
    const id = exampleIdentity(this.identity(p), example);
    const sizes = sizesOf(this.catalog.seed, id);
    const perSize = sizeDemand(sizes, demand(id, lastDay(this.catalog.now)) * this.index.share);
    const given = example === 'no-asks' ? undefined : this.definition(p)?.market?.asks;
    const asks = given ? sizes.map((z) => givenAsksA(given, z.spec.size)) : sizes.map((z, i) => asksA(this.catalog.seed, p, z.position, z.marketPrice, perSize[i] ?? 0, edgeNoAsks(id.edge, z.position)));
    return { p, id, uuid: this.uuidOf(p), sizes, asks, subject: this.index.subjectFor(p, id, sizes, example === 'no-sales') };
  }

  /**
   * The §2.2 document of product p, expanded as `flags` ask (§4.1 A2 rules 1–4).
   * @param example an edge answer to give instead of the plain document (mocks/world/edge-answers.ts).
   */
  product(p: number, flags: DisplayFlags = { variants: false, prices: false, identifiers: false }, example?: EdgeExample): Product {
    const ctx = this.context(p, example);
    const { id } = ctx;
    const line = lineOf(id);
    const { title, primary, secondary } = this.titlesOf(p);
    const now = this.catalog.now;
    const f = seededFaker(this.catalog.seed, 0xa, p);
    const slug = this.slugOf(p);
    const img = (name: string): string => `${this.origin.url}/images/${this.profile.segment}/${ctx.uuid}/${name}.svg`;
    const release = id.releaseDay * DAY_MS;
    const createdAt = this.createdAtOf(p);
    const updatedAt = Math.max(createdAt, now - f.number.int({ min: 60_000, max: 3 * DAY_MS }));
    const colors = COLORWAYS[id.colorway]?.colors ?? '';
    const def = this.definition(p);
    const own = def ? ownTextOf(def.product, def.market, line) : undefined;
    const description = describe(this.catalog.seed, id, now, 0xa, own);
    const model = own?.model ?? line.primaryTitle;
    const range = priceRange(ctx.asks.map((a) => a.lowestAsk));
    const typeLabel = line.productType[0]?.toUpperCase() + line.productType.slice(1);
    // A defined product of another model: its brand and model, not the drawn line's (mocks/world/defined-text.ts).
    const crumbs = own?.model === undefined ? [typeLabel, ...line.crumbs] : [typeLabel, own.brand ?? line.brand, own.model];
    const doc: Product = {
      id: ctx.uuid,
      title,
      brand: line.brand,
      model,
      gender: genderOf(id),
      description,
      image: img('0'),
      sku: this.catalog.skuOf(id.key),
      slug,
      product_type: line.productType,
      category: own?.model === undefined ? line.category : (own.brand ?? line.brand),
      secondary_category: own?.model === undefined ? line.secondaryCategory : withoutBrand(model, own.brand ?? line.brand),
      categories: [line.productType],
      breadcrumbs: crumbs.map((value, i) => ({ value, alias: slugify(value), level: i + 1 })),
      gallery: Array.from({ length: f.number.int({ min: 1, max: 4 }) }, (_, i) => img(String(i))),
      gallery_360: f.datatype.boolean(0.3) ? Array.from({ length: 36 }, (_, i) => img(`360-${String(i + 1).padStart(2, '0')}`)) : [],
      updated_at: iso(updatedAt),
      created_at: iso(createdAt),
      link: `https://market-a.example/${slug}`,
      rank: (this.index.rankOf[p] as number) + 1,
      weekly_orders: this.index.weekly[p] as number,
      country_of_manufacture: id.factory,
      primary_title: primary,
      secondary_title: secondary,
      min_price: range.min,
      max_price: range.max,
      avg_price: range.avg,
      short_description: f.datatype.boolean(0.6) ? '' : `${own?.nickname ?? nicknameOf(id)} ${model}`,
      upcoming: release > now,
    };
    if (def) overlay(doc as unknown as Record<string, unknown>, def.product, def.market?.fields, { images: ['image', 'gallery'] });
    if (example) edgeDocumentA(doc, example, colors);
    if (flags.variants) doc.variants = this.variants(ctx, example === 'nulls' ? { ...flags, prices: false, identifiers: false } : flags);
    return doc;
  }

  private variants(ctx: ProductContext, flags: DisplayFlags): Variant[] {
    const counts = sizeCounts(ctx.subject);
    const seed = this.catalog.seed;
    const now = this.catalog.now;
    const createdAt = this.createdAtOf(ctx.p);
    return ctx.sizes.map((z, i) => {
      const asks = ctx.asks[i] as AsksA;
      return {
        id: this.variantUuidOf(ctx.p, z.position),
        size: z.spec.size,
        size_type: z.spec.sizeType,
        sizes: z.spec.conversions,
        lowest_ask: asks.lowestAsk,
        total_asks: asks.totalAsks,
        position: z.position,
        hidden: ctx.id.edge === 'hidden-variants' ? z.position % 3 === 1 : unit(mix(seed, 0x41, ctx.p, z.position)) < 0.04,
        updated_at: iso(Math.max(createdAt, now - Math.floor(unit(mix(seed, 0x42, ctx.p, z.position)) * 3 * DAY_MS))),
        identifiers: flags.identifiers ? identifiersOf(seed, ctx.p, z.position, lineOf(ctx.id).brand, new Date(ctx.id.releaseDay * DAY_MS).getUTCFullYear()) : null,
        prices: flags.prices ? asks.prices : null,
        currency: this.profile.market.currency,
        market: this.profile.market.code,
        sales_count_15_days: counts.d15[i] ?? 0,
        sales_count_30_days: counts.d30[i] ?? 0,
        sales_count_60_days: counts.d60[i] ?? 0,
      };
    });
  }

  /**
   * A page of product p's sales, newest first (§4.1 A3 rules 1–3).
   * @param variantId only this variant's sales (rule 2); an id that is not one of the
   *   product's variants gives an empty page.
   * @param offset records to skip; limit records to return.
   */
  sales(p: number, variantId: string | undefined, offset: number, limit: number, example?: EdgeExample): Sale[] {
    const ctx = this.context(p, example);
    const variantIds = ctx.sizes.map((z) => this.variantUuidOf(p, z.position));
    let size: number | undefined;
    if (variantId !== undefined) {
      size = variantIds.indexOf(variantId.toLowerCase());
      if (size < 0) return [];
    }
    return salesPage(ctx.subject, offset, limit, size).map((r) => ({
      product_id: ctx.uuid,
      variant_id: variantIds[r.size] as string,
      amount: r.amount,
      created_at: iso(r.time),
    }));
  }

  /** A page of product p's daily series, newest first (§4.1 A4). */
  daily(p: number, offset: number, limit: number, example?: EdgeExample): Daily[] {
    const ctx = this.context(p, example);
    return dailyPage(ctx.subject, offset, limit).map((d) => ({
      product_id: ctx.uuid,
      avg_amount: d.avgAmount,
      orders: d.orders,
      date: iso(d.day * DAY_MS),
    }));
  }
}

/**
 * A size's barcodes (§2.3 Identifier), as its brand numbers them (facts/brands.ts): a UPC-A of
 * GS1 US (19…; Nike and Jordan by release year, 884–888 before 2016, then 190, 191, …) and, for
 * most sizes, its EAN-13 form (a leading 0); or an EAN-13 of the brand's
 * own GS1 organisation (adidas 40…, Germany; ASICS 45…, a Japanese JAN code). Each with a valid
 * check digit.
 */
function identifiersOf(seed: number, p: number, position: number, brand: string, year: number): components['schemas']['MarketAIdentifier'][] {
  const fact = BARCODE_FACTS[brand] ?? DEFAULT_BARCODE;
  // One brand block per product (issue 30: a style-colour's sizes are numbered from one GS1
  // block): the prefix, the company digits and a base number drawn per product, the size's position added.
  const block = new Rng(seed, 0x1d, p);
  const length = fact.type === 'UPC' ? 12 : 13;
  let body = fact.byYear ? fact.byYear(year, unit(mix(seed, 0x1f, p))) : fact.prefix;
  while (body.length < length - 6) body += String(block.int(0, 9));
  body += String((block.int(0, 99_899) + position) % 100_000).padStart(5, '0');
  const code = body + checkDigit(body);
  if (fact.type === 'EAN-13') return [{ identifier: code, identifier_type: 'EAN-13' }];
  const rng = new Rng(seed, 0x1c, p, position);
  const out = [{ identifier: code, identifier_type: 'UPC' }];
  if (rng.next() < 0.6) out.push({ identifier: `0${code}`, identifier_type: 'EAN-13' });
  return out;
}

/** The GS1 check digit of a code's body (UPC-A, EAN-13): from the right, weights 3 and 1 in turn. */
function checkDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** The document-only changes of an edge answer to a marketplace A product (identity changes happen before). */
function edgeDocumentA(doc: Product, example: EdgeExample, colors: string): void {
  if (example === 'longest-title') {
    doc.title = longestTitle(doc.title, colors);
    doc.primary_title = doc.title.slice(0, doc.primary_title.length);
    doc.secondary_title = doc.title.slice(doc.primary_title.length + 1);
  } else if (example === 'empty-gallery') {
    doc.gallery = [];
    doc.gallery_360 = [];
  } else if (example === 'nulls') doc.short_description = '';
  else if (example === 'no-sales') doc.weekly_orders = 0;
}

/** Marketplace A asks of one size from a data file: its delivery options as given, the others without asks. */
function givenAsksA(given: readonly GivenAsk[], size: string): AsksA {
  const own = given.find((g) => g.size === size)?.prices ?? [];
  const prices = (['standard', 'express_standard', 'express_expedited'] as const).map((type) => {
    const o = own.find((x) => x.type === type);
    return o && o.asks > 0 ? { price: o.price, asks: o.asks, type } : { price: 0, asks: 0, type };
  });
  const nonZero = prices.filter((o) => o.asks > 0).map((o) => o.price);
  return { prices, lowestAsk: nonZero.length > 0 ? Math.min(...nonZero) : 0, totalAsks: prices.reduce((n, o) => n + o.asks, 0) };
}

/**
 * Writes a data file's fields over a drawn document: the shared ones (brand, gender, product
 * type, images) where the marketplace gives none of its own, then the marketplace's own as given.
 * Ids, titles and slugs are already the given ones (they decide lookups and search).
 * @param names where this marketplace writes images: its main image member and its list.
 */
export function overlay(
  doc: Record<string, unknown>,
  shared: { brand?: string; gender?: string; productType?: string; images?: readonly string[] },
  fields: Readonly<Record<string, unknown>> | undefined,
  names: { images: [string, string] },
): void {
  if (shared.brand !== undefined) doc.brand = shared.brand;
  if (shared.gender !== undefined && 'gender' in doc) doc.gender = shared.gender;
  if (shared.productType !== undefined) doc.product_type = shared.productType;
  if (shared.images !== undefined && shared.images.length > 0) {
    doc[names.images[0]] = shared.images[0];
    if (doc[names.images[1]] !== null) doc[names.images[1]] = [...shared.images];
  }
  // `id` is already the given one, as its lookups write it (A: lower case).
  for (const [k, v] of Object.entries(fields ?? {})) if (k !== 'id' && Object.hasOwn(doc, k) && !(k === 'images' && doc[k] === null)) doc[k] = structuredClone(v);
}
