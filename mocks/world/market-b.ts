/**
 * Marketplace B's projection of the catalog (§2.6–§2.9, §4.2): products with integer ids,
 * variants with one lowest ask each, per-sale history with purchase types and locations, and
 * daily aggregates. Same catalog items as marketplace A where shared, with the style code
 * written B's way (`DD1391 100`), its own ids, prices and currency.
 */
import { describe } from './describe.js';
import { ownTextOf } from './defined-text.js';
import type { components } from '../../generated/api.js';
import { lowestAskB, edgeNoAsks } from './asks.js';
import { CITIES, COLORWAYS } from './catalog-data.js';
import { exampleIdentity, longestTitle, type EdgeExample } from './edge-answers.js';
import type { Catalog } from './catalog.js';
import { Marketplace, type Origin } from './marketplace.js';
import { seededFaker } from './faker.js';
import { DAY_MS, demand, genderSuffix, lineOf, nicknameOf, releaseYearOf, type Identity } from './identity.js';
import { iso, overlay } from './market-a.js';
import { Affine, mix } from './random.js';
import { dailyPage, lastDay, salesPage, type SalesSubject } from './sales.js';
import { skuForB, slugify } from './sku.js';
import { sizeDemand, sizesOf, type SizeModel } from './variants.js';

type Product = components['schemas']['MarketBProduct'];
type Variant = components['schemas']['MarketBVariant'];
type Sale = components['schemas']['MarketBSale'];
type Daily = components['schemas']['MarketBDailySales'];

/** Marketplace B ids start here. */
const ID_BASE = 100_000;

interface ProductContext {
  p: number;
  id: Identity;
  productId: number;
  sizes: SizeModel[];
  lowestAsks: number[];
  currency: string;
  subject: SalesSubject;
}

/** Marketplace B of a data world. */
export class MarketB extends Marketplace {
  private readonly ids: Affine;

  constructor(catalog: Catalog, origin: Origin) {
    super(catalog, catalog.b, origin);
    this.ids = new Affine(Math.max(1, catalog.size), mix(catalog.seed, 0xb1));
  }

  /** Integer id of product p (§2.6 `id`): a keyed permutation of p above 100 000. */
  idOf(p: number): number {
    const given = this.given(p, 'id');
    if (typeof given === 'number') return given;
    // Products a data file adds come after the drawn ones, whose ids the permutation fills.
    return ID_BASE + (p < this.catalog.size ? this.ids.encode(p) : p);
  }

  /** §2.6 `name`: the line's B name, the nickname in quotes and the gender mark. */
  nameOf(p: number): string {
    const id = this.identity(p);
    const given = this.given(p, 'name');
    if (typeof given === 'string') return given;
    const title = this.definition(p)?.product.title;
    if (title !== undefined) return title;
    return `${lineOf(id).nameB} '${nicknameOf(id)}'${id.dated ? ` ${releaseYearOf(id)}` : ''}${genderSuffix(id)}`;
  }

  /** Slug of product p: its name and style code, lower-case and hyphenated. */
  slugOf(p: number): string {
    const given = this.given(p, 'slug');
    if (typeof given === 'string') return given;
    return slugify(`${this.nameOf(p)} ${this.catalog.skuOf(this.index.keyOf(p))}`);
  }

  /**
   * Resolves a path's `id_or_slug` (§4.2 B2, B4) to a product index.
   * @param numericOnly B3 takes the numeric id only (§4.2 rule 1).
   */
  resolve(idOrSlug: string, numericOnly = false): number | undefined {
    const numeric = /^[0-9]{1,15}$/.test(idOrSlug);
    if (!numeric && numericOnly) return undefined;
    const defined = this.definedLookup(numeric ? String(Number(idOrSlug)) : idOrSlug, (p) => [String(this.idOf(p)), this.slugOf(p)]);
    if (defined !== undefined) return defined;
    if (numeric) {
      const n = Number(idOrSlug) - ID_BASE;
      const p = n < 0 ? undefined : n < this.catalog.size ? this.ids.decode(n) : n < this.size ? n : undefined;
      return p !== undefined && this.idOf(p) === Number(idOrSlug) ? p : undefined;
    }
    if (numericOnly) return undefined;
    return this.index.productOfSlug(idOrSlug, (p) => this.slugOf(p));
  }

  /** @param example an edge answer (mocks/world/edge-answers.ts) the request asks for, which may change the identity. */
  private context(p: number, example?: EdgeExample): ProductContext {
    const id = exampleIdentity(this.identity(p), example);
    const sizes = sizesOf(this.catalog.seed, id);
    const perSize = sizeDemand(sizes, demand(id, lastDay(this.catalog.now)) * this.index.share);
    const given = example === 'no-asks' ? undefined : this.definition(p)?.market?.asks;
    const lowestAsks = given
      ? sizes.map((z) => given.find((g) => g.size === z.spec.size || g.size === z.spec.presentation)?.lowestAsk ?? 0)
      : sizes.map((z, i) => lowestAskB(this.catalog.seed, p, z.position, z.marketPrice, perSize[i] ?? 0, edgeNoAsks(id.edge, z.position)));
    return { p, id, productId: this.idOf(p), sizes, lowestAsks, currency: this.profile.market.currency, subject: this.index.subjectFor(p, id, sizes, example === 'no-sales') };
  }

  /**
   * The §2.6 document of product p.
   * @param lookup true for B2 (variants and images filled), false for B1 (both null, §2.6).
   */
  product(p: number, lookup: boolean, example?: EdgeExample): Product {
    const ctx = this.context(p, example);
    const { id } = ctx;
    const line = lineOf(id);
    const now = this.catalog.now;
    const f = seededFaker(this.catalog.seed, 0xb, p);
    const slug = this.slugOf(p);
    const img = (name: string): string => `${this.origin.url}/images/${this.profile.segment}/${ctx.productId}/${name}.svg`;
    const release = id.releaseDay * DAY_MS;
    const year = String(new Date(release).getUTCFullYear());
    const colors = COLORWAYS[id.colorway]?.colors ?? '';
    const def = this.definition(p);
    const own = def ? ownTextOf(def.product, def.market, line) : undefined;
    const updatedAt = now - f.number.int({ min: 60_000, max: 4 * DAY_MS });
    const variants: Variant[] = ctx.sizes.map((z, i) => {
      const ask = ctx.lowestAsks[i] ?? 0;
      return {
        product_id: ctx.productId,
        size: z.spec.presentation,
        lowest_ask: ask,
        currency: ctx.currency,
        market: this.profile.market.code,
        available: ask > 0,
        updated_at: iso(now - f.number.int({ min: 60_000, max: 3 * DAY_MS })),
      };
    });
    const images = Array.from({ length: f.number.int({ min: 2, max: 5 }) }, (_, i) => img(String(i)));
    const doc: Product = {
      id: ctx.productId,
      sku: skuForB(this.catalog.skuOf(id.key)),
      slug,
      name: this.nameOf(p),
      brand: line.brandB,
      model: own?.model ?? line.model,
      description: describe(this.catalog.seed, id, this.catalog.now, 0xb, own),
      colorway: own?.colorway ?? colors.replace(/-/g, '/'),
      nickname: own?.nickname ?? nicknameOf(id),
      season: f.datatype.boolean(0.7) ? ` ${year}` : year,
      category: line.categoryB,
      product_type: line.productType,
      image_url: img('0'),
      images: lookup ? images : null,
      release_date: iso(release),
      release_date_year: year,
      retail_prices: null,
      link: `https://market-b.example/${line.productType}/${slug}`,
      sizes: ctx.sizes.map((z) => ({ presentation: z.spec.presentation, value: z.spec.value })),
      rank: (this.index.rankOf[p] as number) + 1,
      weekly_orders: this.index.weekly[p] as number,
      updated_at: iso(updatedAt),
      variants: lookup ? variants : null,
    };
    if (def) overlay(doc as unknown as Record<string, unknown>, { ...def.product, brand: def.product.brand, gender: undefined }, def.market?.fields, { images: ['image_url', 'images'] });
    // A search result's retail_prices is null (§2.6, MarketBSearchProduct), whatever a data file gives for B2.
    if (!lookup) doc.retail_prices = null;
    if (example === 'longest-title') doc.name = longestTitle(doc.name, colors);
    if (example === 'empty-gallery' && doc.images !== null) doc.images = [];
    if (example === 'nulls') doc.retail_prices = null;
    if (example === 'no-sales') doc.weekly_orders = 0;
    return doc;
  }

  /** A page of product p's sales, newest first (§4.2 B3). */
  sales(p: number, offset: number, limit: number, example?: EdgeExample): Sale[] {
    const ctx = this.context(p, example);
    return salesPage(ctx.subject, offset, limit).map((r) => ({
      product_id: ctx.productId,
      type: r.offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE',
      size_us: ctx.sizes[r.size]?.spec.presentation ?? '',
      currency: ctx.currency,
      amount: r.amount,
      location: r.location ?? CITIES[r.city]?.[0] ?? 'New York, US',
      purchased_at: iso(r.time),
    }));
  }

  /** A page of product p's daily series, newest first (§4.2 B4). */
  daily(p: number, offset: number, limit: number, example?: EdgeExample): Daily[] {
    const ctx = this.context(p, example);
    return dailyPage(ctx.subject, offset, limit).map((d) => ({
      product_id: ctx.productId,
      avg_amount: d.avgAmount,
      orders: d.orders,
      date: iso(d.day * DAY_MS),
    }));
  }
}
