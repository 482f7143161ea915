/**
 * One record, one truth (§2.3): the members of a marketplace A variant that restate each other
 * agree. Response checks: every A2 answer with variants, whatever flags or caller, is judged.
 */
import { fail, isObject, okBody, pass, type Check, type Verdict, answerProducts } from '../check.js';
import type { Exchange } from '../types.js';

type Variant = Record<string, any>;

/** The variants of an A2 answer (§2.2 `variants`), with their index; undefined when there are none. */
function variantsOf(ex: Exchange): Variant[] | undefined {
  if (ex.operationId !== 'getMarketAProduct') return undefined;
  const data = okBody(ex)?.data;
  const list = isObject(data) && Array.isArray(data.variants) ? data.variants.filter(isObject) : [];
  return list.length > 0 ? list : undefined;
}

/** The size of a `sizes` entry without its system's label: `US M 10.5` → `10.5`, `EU 42 2/3` → `42 2/3`. */
const bare = (text: string): string =>
  text
    .trim()
    .replace(/^[A-Za-z]+(?:\s+[A-Za-z]+)?\s+(?=[\d.])/, '')
    .trim();
/** The number in a size text (`KR 275` → 275), or undefined. */
const numberIn = (text: unknown): number | undefined => {
  const m = typeof text === 'string' ? /(\d+(?:\.\d+)?)/.exec(text) : null;
  return m ? Number(m[1]) : undefined;
};

/** Runs `judge` on every variant of every A2 answer; one verdict per answer. */
function eachVariant(ex: Exchange, what: string, judge: (v: Variant) => string | undefined | null): Verdict | undefined {
  const variants = variantsOf(ex);
  if (!variants) return undefined;
  let judged = 0;
  for (let i = 0; i < variants.length; i++) {
    const why = judge(variants[i] as Variant);
    if (why === null) continue; // nothing to compare in this variant
    judged++;
    if (why !== undefined) return fail(`variant ${i} (${JSON.stringify(variants[i]?.size)}): ${why}`, ex, `/data/variants/${i}`, variants[i]);
  }
  return judged > 0 ? pass(`${judged} variants: ${what}`, ex) : undefined;
}

/** The size systems that measure the foot and never start again (§2.3 type values). */
const MEASURED = new Set(['cm', 'kr', 'eu']);
/** A children's product (production's `gender` values, or the GS/PS/TD of a title): its US and UK sizes start again at 1. */
const KIDS = /^(child|preschool|toddler|infant|kids?|youth|grade school)$/i;
const isKids = (product: Record<string, unknown>): boolean => (typeof product.gender === 'string' && KIDS.test(product.gender.trim())) || (typeof product.title === 'string' && /\((GS|PS|TD)\)|\b(GS|PS|TD)\b/.test(product.title));

/** A size text as a number, fractions included: `UK 8.5` → 8.5, `EU 42 2/3` → 42.667; undefined when it holds none. */
function sizeNumber(text: unknown): number | undefined {
  const m = typeof text === 'string' ? /(\d+(?:\.\d+)?)(?:\s+(\d)\/(\d))?/.exec(text) : null;
  if (!m) return undefined;
  const whole = Number(m[1]);
  return m[2] !== undefined && m[3] !== undefined && Number(m[3]) > 0 ? whole + Number(m[2]) / Number(m[3]) : whole;
}

/**
 * Two variants of one product whose sizes in two systems run in opposite directions (`US M 9` is
 * `UK 12` while `US M 10` is `UK 9`): one of them does not give "the same size in several
 * systems" (§2.3), since every size chart rises with the size. The message and the JSON Pointer of
 * the first variant's entry in the second system, or undefined.
 */
function crossedSizes(variants: Variant[], kids: boolean): { pointer: string; why: string } | undefined {
  // Children's US and UK sizes start again at 1 after 13.5 (`UK 13.5` then `UK 1`), so for a
  // children's product only the systems that measure the foot (cm, kr, eu) are compared.
  const compared = (type: string): boolean => !kids || MEASURED.has(type);
  // Per variant: each compared system's number, and the index of its entry in `sizes` (for the finding's pointer).
  const at: Map<string, number>[] = [];
  const table = variants.map((v) => {
    const row = new Map<string, number>();
    const where = new Map<string, number>();
    if (Array.isArray(v.sizes))
      v.sizes.forEach((e: unknown, k: number) => {
        if (isObject(e) && typeof e.type === 'string' && compared(e.type.toLowerCase()) && !row.has(e.type.toLowerCase())) {
          row.set(e.type.toLowerCase(), sizeNumber(e.size) ?? NaN);
          where.set(e.type.toLowerCase(), k);
        }
      });
    at.push(where);
    return row;
  });
  for (let i = 0; i < table.length; i++) {
    for (let j = i + 1; j < table.length; j++) {
      const a = table[i] as Map<string, number>;
      const b = table[j] as Map<string, number>;
      const shared = [...a.keys()].filter((t) => b.has(t) && Number.isFinite(a.get(t)) && Number.isFinite(b.get(t)));
      for (const s of shared)
        for (const t of shared) {
          const ds = (a.get(s) as number) - (b.get(s) as number);
          const dt = (a.get(t) as number) - (b.get(t) as number);
          if ((ds > 0 && dt < 0) || (ds < 0 && dt > 0))
            return {
              pointer: `/data/variants/${i}/sizes/${at[i]?.get(t) ?? 0}/size`,
              why: `variants ${i} and ${j} are ${s} ${a.get(s)} and ${b.get(s)} but ${t} ${a.get(t)} and ${b.get(t)}: the sizes run in opposite directions, so they are not the same size in both systems`,
            };
        }
    }
  }
  return undefined;
}

/** §2.3: `sizes` is the same size in several systems, so the entry of the variant's own `size_type` is its `size`. */
export const variantSizesAgree: Check = {
  id: 'variant-sizes-agree',
  level: 'must',
  source: 'description',
  requirement: "§2.3: sizes is the same size in several systems: the entry of the variant's own size_type equals size, and across a product's variants the sizes of every system rise together",
  title: "a variant's sizes entry of its own system equals its size; the systems agree across variants",
  response: (ex) => {
    const own = eachVariant(ex, "each variant's own sizes entry equals its size", (v) => {
      if (typeof v.size !== 'string' || typeof v.size_type !== 'string' || !Array.isArray(v.sizes)) return null;
      const entry = v.sizes.find((s: unknown) => isObject(s) && typeof s.type === 'string' && s.type.toLowerCase() === (v.size_type as string).toLowerCase());
      if (!entry || typeof entry.size !== 'string') return null;
      return entry.size.trim() === v.size.trim() || bare(entry.size) === bare(v.size) ? undefined : `size is ${JSON.stringify(v.size)} (${v.size_type}), but its ${JSON.stringify(entry.type)} entry in sizes is ${JSON.stringify(entry.size)}`;
    });
    if (own?.outcome === 'fail') return own;
    const variants = variantsOf(ex);
    const product = okBody(ex)?.data;
    const crossed = variants && variants.length > 1 && isObject(product) ? crossedSizes(variants, isKids(product)) : undefined;
    if (crossed) return fail(crossed.why, ex, crossed.pointer);
    return own;
  },
};

/** Decision: KR sizes are millimetres, so KR = CM × 10 where both are given. */
export const variantKrCm: Check = {
  id: 'variant-kr-cm',
  level: 'info',
  source: 'decision',
  requirement: 'decision (§2.3 sizes, production size charts): the KR size is the CM size in millimetres (KR = CM x 10) where both are given',
  title: 'KR = CM x 10 in sizes',
  response: (ex) =>
    eachVariant(ex, 'KR = CM x 10', (v) => {
      if (!Array.isArray(v.sizes)) return null;
      const of = (type: string): number | undefined => numberIn(v.sizes.find((s: unknown) => isObject(s) && s.type === type)?.size);
      const cm = of('cm');
      const kr = of('kr');
      if (cm === undefined || kr === undefined) return null;
      return Math.abs(kr - cm * 10) < 1e-6 ? undefined : `KR ${kr} is not CM ${cm} x 10`;
    }),
};

/** Production note: `lowest_ask` is the lowest non-zero price and `total_asks` the sum of asks, when prices are shown. */
export const variantAsksAgree: Check = {
  id: 'variant-asks-agree',
  level: 'should',
  source: 'production',
  requirement: "production note (Values seen): a variant's total_asks is the sum of asks over its prices and its lowest_ask the lowest non-zero price (0 when none)",
  title: 'lowest_ask and total_asks agree with prices',
  response: (ex) =>
    eachVariant(ex, 'lowest_ask and total_asks agree with prices', (v) => {
      if (!Array.isArray(v.prices) || v.prices.length === 0) return null;
      const prices = v.prices.filter(isObject);
      const sum = prices.reduce((n: number, p: Record<string, unknown>) => n + (typeof p.asks === 'number' ? p.asks : 0), 0);
      const nonZero = prices.map((p: Record<string, unknown>) => p.price).filter((p: unknown): p is number => typeof p === 'number' && p > 0);
      const lowest = nonZero.length > 0 ? Math.min(...nonZero) : 0;
      if (v.total_asks !== sum) return `total_asks is ${JSON.stringify(v.total_asks)}, but the asks of its prices sum to ${sum}`;
      if (v.lowest_ask !== lowest)
        return nonZero.length > 0 ? `lowest_ask is ${JSON.stringify(v.lowest_ask)}, but the lowest non-zero price is ${lowest}` : `lowest_ask is ${JSON.stringify(v.lowest_ask)}, but no price is above 0, so it is 0`;
      return undefined;
    }),
};

/** §2.3: counts over 15, 30 and 60 days nest: a sale of the last 15 days is one of the last 30, and 60. */
export const variantSalesCounts: Check = {
  id: 'variant-sales-counts',
  level: 'must',
  source: 'description',
  requirement: '§2.3: sales_count_15_days <= sales_count_30_days <= sales_count_60_days (counts over nested windows)',
  title: 'sales counts over 15, 30 and 60 days nest',
  response: (ex) =>
    eachVariant(ex, 'sales_count_15_days <= sales_count_30_days <= sales_count_60_days', (v) => {
      const [a, b, c] = [v.sales_count_15_days, v.sales_count_30_days, v.sales_count_60_days];
      if (![a, b, c].every((x) => typeof x === 'number')) return null;
      return a <= b && b <= c ? undefined : `sales_count_15_days ${a}, sales_count_30_days ${b}, sales_count_60_days ${c} do not nest`;
    }),
};

/** Production note (Values seen): variant `position` starts at 0; a product's variants are numbered 0, 1, 2, ... without gaps. */
export const variantPositions: Check = {
  id: 'variant-positions',
  level: 'should',
  source: 'production',
  requirement: "production note (Values seen): variant position starts at 0 (a product's variants are numbered from 0 without gaps or repeats)",
  title: 'variant positions start at 0',
  response: (ex) => {
    const data = okBody(ex)?.data;
    if (!isObject(data) || !Array.isArray(data.variants) || data.variants.length === 0) return undefined;
    const positions = data.variants.map((v: unknown) => (isObject(v) ? v.position : undefined));
    if (!positions.every((p: unknown): p is number => typeof p === 'number' && Number.isInteger(p))) return undefined; // the schema check reports a missing or non-integer position
    const sorted = [...positions].sort((x, y) => x - y);
    const bad = sorted.findIndex((p, i) => p !== i);
    // The variant to point at: the first whose position is out of 0..n-1 or repeats one before it.
    const at = positions.findIndex((p: number, i: number) => p < 0 || p >= positions.length || positions.indexOf(p) !== i);
    if (bad >= 0 && at >= 0) return fail(`variant ${at} has position ${positions[at]}; positions start at 0 without gaps or repeats (production note)`, ex, `/data/variants/${at}/position`, positions[at]);
    return bad < 0
      ? pass(`positions 0..${sorted.length - 1}`, ex)
      : fail(`variant positions are ${JSON.stringify(sorted.slice(0, 8))}${sorted.length > 8 ? '...' : ''}; they start at 0 without gaps (production note)`, ex, '/data/variants', sorted.slice(0, 8));
  },
};

/** The marketplace A products of an A1 or A2 answer, with their place in the body. */
const productsAOf = (ex: Exchange): { at: string; product: Record<string, unknown> }[] => answerProducts(ex, ['searchMarketAProducts', 'getMarketAProduct']);

/**
 * §2.2: `min_price`, `avg_price` and `max_price` are the lowest, the average and the highest of one
 * set of prices, so min <= avg <= max (round 4 vendor probe 6: min and max swapped; an average
 * that counted variants without asks as 0 fell below the minimum). A float average is compared
 * with a relative tolerance of 1e-9.
 */
export const priceSummaryOrder: Check = {
  id: 'price-summary-order',
  level: 'must',
  source: 'description',
  requirement: '§2.2: min_price <= avg_price <= max_price (the lowest, average and highest price of a product)',
  title: 'a product’s min_price, avg_price and max_price are in order',
  response: (ex) => {
    const products = productsAOf(ex);
    let judged = 0;
    for (const { at, product } of products) {
      const { min_price: min, avg_price: avg, max_price: max } = product;
      if (typeof min !== 'number' || typeof avg !== 'number' || typeof max !== 'number') continue;
      judged++;
      const slack = 1e-9 * Math.max(1, Math.abs(max));
      const evidence = { min_price: min, avg_price: avg, max_price: max };
      // The member out of order is named: with min <= max, the average; else the bound on the wrong side of the average.
      if (min > max) return fail(`min_price ${min} is above max_price ${max} (avg_price ${avg})`, ex, `${at}/${min > avg ? 'min_price' : 'max_price'}`, evidence);
      if (avg < min - slack || avg > max + slack) return fail(`avg_price ${avg} is outside [min_price ${min}, max_price ${max}]: an average lies between the lowest and the highest`, ex, `${at}/avg_price`, evidence);
    }
    return judged > 0 ? pass(`${judged} products: min_price <= avg_price <= max_price`, ex) : undefined;
  },
};

/**
 * Production note (Values seen): "a product on the US market is priced in USD, on UK in GBP, on
 * EU markets in EUR". `GB` is the ISO code of the UK; `EU` and the euro-area countries are "EU
 * markets". No other market is named, so no other is judged (the note lists CHF among the
 * currencies, but says no market is priced in it).
 */
const MARKET_CURRENCY: ReadonlyMap<string, string> = new Map([
  ['US', 'USD'],
  ['UK', 'GBP'],
  ['GB', 'GBP'],
  ['EU', 'EUR'],
  ['DE', 'EUR'],
  ['FR', 'EUR'],
  ['IT', 'EUR'],
  ['ES', 'EUR'],
  ['NL', 'EUR'],
]);

/**
 * Production note (Values seen): "Currency follows the market: a product on the US market is
 * priced in USD, on UK in GBP, on EU markets in EUR" (round 4 vendor probe 6: every third variant
 * said EUR on the US market). Markets the note does not name are not judged.
 */
export const currencyFollowsMarket: Check = {
  id: 'currency-follows-market',
  level: 'should',
  source: 'production',
  requirement: 'production note (Values seen): currency follows the market: US in USD, UK in GBP, EU markets in EUR (upper-case codes); a request without a market gets the US market',
  title: 'a variant’s currency is its market’s',
  response: (ex) => {
    const variants = variantsOf(ex) ?? [];
    const askedMarket = /[?&]market=/i.test(ex.request.url);
    let judged = 0;
    for (let i = 0; i < variants.length; i++) {
      const { market, currency } = variants[i] as Record<string, unknown>;
      // "a request without a market gets the US market" (round 4 vendor probe 8: EU by default).
      if (typeof market === 'string' && market.trim() !== '' && !askedMarket && market.trim().toUpperCase() !== 'US')
        return fail(`variant ${i} is on the ${JSON.stringify(market.slice(0, 20))} market, but the request named no market; production gives it the US market`, ex, `/data/variants/${i}/market`, market);
      const expected = typeof market === 'string' ? MARKET_CURRENCY.get(market.trim().toUpperCase()) : undefined;
      if (expected === undefined || typeof currency !== 'string') continue;
      judged++;
      // ISO 4217 codes are upper case, as production writes them (round 4 vendor probe 8: "usd").
      if (currency.trim() !== expected)
        return fail(`variant ${i}: currency ${JSON.stringify(currency.slice(0, 20))} on the ${JSON.stringify(String(market).slice(0, 20))} market; production prices it in ${expected}`, ex, `/data/variants/${i}/currency`, currency);
    }
    return judged > 0 ? pass(`${judged} variants: currency follows the market`, ex) : undefined;
  },
};

/** Production note (Values seen): the digits of each identifier type. */
const IDENTIFIER_DIGITS: ReadonlyMap<string, number> = new Map([
  ['UPC', 12],
  ['EAN-13', 13],
]);

/**
 * Production note (Values seen): "Identifiers: `UPC` (12 digits) and `EAN-13` (13 digits)". Other
 * identifier types are not judged.
 */
export const identifierDigits: Check = {
  id: 'identifier-digits',
  level: 'should',
  source: 'production',
  requirement: 'production note (Values seen): a UPC identifier is 12 digits, an EAN-13 identifier 13 digits',
  title: 'UPC and EAN-13 identifiers have their digits',
  response: (ex) => {
    const variants = variantsOf(ex) ?? [];
    let judged = 0;
    for (let i = 0; i < variants.length; i++) {
      const ids: unknown = variants[i]?.identifiers;
      if (!Array.isArray(ids)) continue;
      for (let j = 0; j < ids.length; j++) {
        const id: unknown = ids[j];
        if (!isObject(id) || typeof id.identifier_type !== 'string' || typeof id.identifier !== 'string') continue;
        const digits = IDENTIFIER_DIGITS.get(id.identifier_type.trim().toUpperCase());
        if (digits === undefined) continue;
        judged++;
        if (!new RegExp(`^\\d{${digits}}$`).test(id.identifier))
          return fail(`variant ${i}: ${id.identifier_type} ${JSON.stringify(id.identifier.slice(0, 40))} is not ${digits} digits`, ex, `/data/variants/${i}/identifiers/${j}/identifier`, id.identifier);
      }
    }
    return judged > 0 ? pass(`${judged} identifiers: UPC 12 digits, EAN-13 13 digits`, ex) : undefined;
  },
};

/** Where a price may stand in an A1, A2 or B2 answer: the members judged by {@link wholePrices}, with their pointers. */
function pricesOf(ex: Exchange): { at: string; value: unknown }[] {
  const out: { at: string; value: unknown }[] = [];
  for (const { at, product } of productsAOf(ex)) for (const k of ['min_price', 'max_price']) if (k in product) out.push({ at: `${at}/${k}`, value: product[k] });
  const data = okBody(ex)?.data;
  if ((ex.operationId === 'getMarketAProduct' || ex.operationId === 'getMarketBProduct') && isObject(data) && Array.isArray(data.variants))
    data.variants.forEach((v: unknown, i: number) => {
      if (!isObject(v)) return;
      if ('lowest_ask' in v) out.push({ at: `/data/variants/${i}/lowest_ask`, value: v.lowest_ask });
      if (Array.isArray(v.prices)) v.prices.forEach((p: unknown, j: number) => isObject(p) && 'price' in p && out.push({ at: `/data/variants/${i}/prices/${j}/price`, value: p.price }));
    });
  return out;
}

/**
 * Production note (Values seen): "Prices are whole numbers in the market's currency" (`avg_price`,
 * "a long float", is not one of them): a product's `min_price` and `max_price`, a variant's
 * `lowest_ask` and each `prices[].price`, on both marketplaces.
 */
export const wholePrices: Check = {
  id: 'whole-prices',
  level: 'should',
  source: 'production',
  requirement: "production note (Values seen): prices are whole numbers in the market's currency (min_price, max_price, lowest_ask, prices[].price; avg_price may be fractional)",
  title: 'prices are whole numbers',
  response: (ex) => {
    const prices = pricesOf(ex).filter((p) => typeof p.value === 'number');
    const bad = prices.find((p) => !Number.isInteger(p.value));
    if (bad) return fail(`${bad.at.split('/').pop() ?? 'price'} ${String(bad.value)} is not a whole number; production's prices are whole amounts of the market's currency`, ex, bad.at, bad.value);
    return prices.length > 0 ? pass(`${prices.length} prices, all whole numbers`, ex) : undefined;
  },
};
