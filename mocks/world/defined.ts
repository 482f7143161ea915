/**
 * Products a user defines (issue 24, `--data products.yaml`), as the data world takes them once
 * the file is parsed and checked (mocks/data/products-file.ts): a few fields given, everything
 * else drawn as for the world's own products. Applying a definition to a drawn identity is here;
 * the catalog (catalog.ts) lists them and the projections (market-a.ts, market-b.ts) write the
 * given fields over the drawn document.
 */
import { GENDERS, MODEL_LINES } from './catalog-data.js';
import { colorwaysOf, DAY_MS, type Identity } from './identity.js';
import { mix } from './random.js';
import type { PriceOption } from './asks.js';

/** One sale given for a product on one marketplace (§2.4, §2.8). */
export interface GivenSale {
  /** The size sold: one of the product's `size` labels. */
  size: string;
  /** Amount in the market's currency (USD). */
  amount: number;
  /** When, ms since epoch (UTC). */
  time: number;
  /** Marketplace B: a negotiated sale (`PURCHASE_TYPE_OFFER_CLOSED`). */
  offer?: boolean;
  /** Marketplace B: `City, CC`. */
  location?: string;
}

/** The asks given for one size on one marketplace: A's prices per delivery option (§2.3 Price), or B's lowest ask (§2.7). */
export interface GivenAsk {
  size: string;
  /** Marketplace A: the delivery options with asks (the others have none). */
  prices?: PriceOption[];
  /** Marketplace B: the lowest ask, 0 for none. */
  lowestAsk?: number;
}

/** What a definition gives for one marketplace. */
export interface DefinedMarket {
  /** Fields of the marketplace's product schema, written over the drawn document as given. */
  fields: Readonly<Record<string, unknown>>;
  /** Sales used as given instead of drawn ones (undefined: drawn). */
  sales?: readonly GivenSale[];
  /** Asks used as given instead of drawn ones (undefined: drawn); sizes not listed have none. */
  asks?: readonly GivenAsk[];
}

/** One product of a data file, checked and resolved. */
export interface DefinedProduct {
  /** Its entry in the file (0-based), for messages. */
  entry: number;
  /** The catalog key of the product it replaces; undefined when it adds a product. */
  replaces?: number;
  /** Fields shared by its marketplaces (the catalog item's). */
  title?: string;
  brand?: string;
  /** Style code in marketplace A's form (`DD1391-100`). */
  sku?: string;
  sizes?: readonly string[];
  /** Retail price, USD. */
  retailPrice?: number;
  /** Release day, days since 1970-01-01 UTC. */
  releaseDay?: number;
  upcoming?: boolean;
  gender?: string;
  productType?: string;
  images?: readonly string[];
  /** Per marketplace path segment (`market_a`): where it is listed and what is given there. */
  markets: ReadonlyMap<string, DefinedMarket>;
}

/** Days from the clock's day an `upcoming` product without a release date releases, or a released one released before. */
const UPCOMING_IN_DAYS = 30;

/**
 * A drawn identity with a definition applied: the model line of the given brand and product
 * type when the world has one (so sizes, charts and prices follow it), the gender, release day,
 * retail price and sizes as given. The world's own draws fill what is not given.
 * @param today the clock's UTC day.
 */
export function applyDefinition(id: Identity, d: DefinedProduct, today: number): Identity {
  const wanted = MODEL_LINES.map((l, i) => ({ l, i })).filter(
    ({ l }) => (d.brand === undefined || [l.brand, l.brandB].some((b) => b.toLowerCase() === d.brand?.toLowerCase())) && (d.productType === undefined || l.productType === d.productType),
  );
  const current = MODEL_LINES[id.line];
  if ((d.brand !== undefined || d.productType !== undefined) && wanted.length > 0 && !wanted.some(({ i }) => i === id.line)) {
    const pick = wanted[mix(id.key, 0xdef) % wanted.length] as { i: number };
    id.line = pick.i;
    const pool = colorwaysOf(MODEL_LINES[pick.i] ?? (current as (typeof MODEL_LINES)[number]));
    id.colorway = pool[mix(id.key, 0xdf0) % pool.length] as number;
    id.edition = -1;
  }
  if (d.gender !== undefined) {
    const g = GENDERS.findIndex((x) => x.gender === d.gender);
    if (g >= 0) id.gender = g;
  }
  if (d.releaseDay !== undefined) id.releaseDay = d.releaseDay;
  else if (d.upcoming === true && id.releaseDay <= today) id.releaseDay = today + UPCOMING_IN_DAYS;
  else if (d.upcoming === false && id.releaseDay > today) id.releaseDay = today - UPCOMING_IN_DAYS;
  const earliest = Math.min(...[...d.markets.values()].flatMap((m) => (m.sales ?? []).map((s) => Math.floor(s.time / DAY_MS))));
  if (d.releaseDay === undefined && Number.isFinite(earliest) && earliest < id.releaseDay) id.releaseDay = earliest;
  if (d.retailPrice !== undefined) id.retail = d.retailPrice;
  if (d.sizes !== undefined) id.sizeLabels = d.sizes;
  delete id.edge;
  return id;
}
