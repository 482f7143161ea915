/**
 * The sizes of a catalog item and their market prices (USD), shared by both marketplaces:
 * the same sneaker has the same size run on A and B (§2.3, §2.6 `sizes`, §2.7).
 */
import { lineOf, premium, genderOf, type Identity } from './identity.js';
import { mix, unit } from './random.js';
import { sizeRun, type SizeSpec } from './sizes.js';

/**
 * Retail of a run relative to the adult pair, by GENDERS index (men, women, unisex, grade school,
 * preschool, toddler): GS ≈ 78 %, PS ≈ 50 %, TD ≈ 41 % (retail ladders of nike.com, adidas.com and
 * newbalance.com: GS 70–85 %, PS 45–55 %, TD 37–45 % of the men's pair; a Jordan retro of $180–230
 * is about $150–175 GS, $90–110 PS, $80–90 TD; expert finding 3, fourth report). The only kids'
 * factor: sizes add none.
 */
export const KIDS_RETAIL = [1, 1, 1, 0.78, 0.5, 0.41];
/**
 * How much of the pair's resale premium (or discount) a kids' run keeps: kids' pairs resell near
 * their retail (few collectors), so TD stays below PS and PS below GS for every model.
 */
const KIDS_PREMIUM_SHARE = 0.3;

/** One size of a catalog item with its market price. */
export interface SizeModel {
  spec: SizeSpec;
  /** §2.3 `position`, from 0. */
  position: number;
  /** What this size resells for, in USD, whole dollars. */
  marketPrice: number;
}

/**
 * The size run of a catalog item with a market price per size: retail × the item's resale
 * premium × the size's factor, ±5 % per size.
 */
export function sizesOf(seed: number, id: Identity): SizeModel[] {
  const line = lineOf(id);
  // Kids' runs retail below adults' (KIDS_RETAIL), once: a kid's size carries no second discount.
  const ladder = id.retail === undefined ? (KIDS_RETAIL[id.gender] ?? 1) : 1;
  const pairPremium = premium(id);
  const kids = id.gender >= 3 && id.retail === undefined;
  const base = (id.retail ?? line.retail) * ladder * (kids ? 1 + (pairPremium - 1) * KIDS_PREMIUM_SHARE : pairPremium);
  const run = sizeRun(line.chart, genderOf(id));
  // Nothing wearable resells under $20; a sealed booster pack does (about $10).
  const floor = line.productType === 'collectibles' ? 5 : 20;
  return (id.sizeLabels ? id.sizeLabels.map((label) => specOf(run, label)) : run).map((spec, position) => {
    const noise = 1 + 0.1 * (unit(mix(seed, 0x51, id.key, position)) - 0.5);
    return { spec, position, marketPrice: Math.max(floor, Math.round(base * spec.priceFactor * noise)) };
  });
}

/** Each size's share of a product's daily demand `level` (sales per day), by its size's demand weight. */
export function sizeDemand(sizes: readonly SizeModel[], level: number): number[] {
  let total = 0;
  for (const z of sizes) total += z.spec.demand;
  return sizes.map((z) => (level * z.spec.demand) / total);
}

/**
 * The spec of a size label given for a product (a data file's `sizes`): the run's own size when
 * it has one of that label (`10.5`, `M`, `OS`), with its conversions; else a size of the run's
 * system without conversions, its value read from the label.
 */
export function specOf(run: readonly SizeSpec[], label: string): SizeSpec {
  const own = run.find((s) => s.size === label || s.presentation === label);
  if (own) return own;
  const value = Number.parseFloat(label);
  return { size: label, sizeType: run[0]?.sizeType ?? 'us m', conversions: [], presentation: label, value: Number.isFinite(value) ? value : 0, demand: 1, priceFactor: 1 };
}
