/**
 * The sizes of a catalog item and their market prices (USD), shared by both marketplaces:
 * the same sneaker has the same size run on A and B (§2.3, §2.6 `sizes`, §2.7).
 */
import { lineOf, premium, genderOf, type Identity } from './identity.js';
import { mix, unit } from './random.js';
import { sizeRun, type SizeSpec } from './sizes.js';

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
  const base = line.retail * premium(id);
  return sizeRun(line.chart, genderOf(id)).map((spec, position) => {
    const noise = 1 + 0.1 * (unit(mix(seed, 0x51, id.key, position)) - 0.5);
    return { spec, position, marketPrice: Math.max(20, Math.round(base * spec.priceFactor * noise)) };
  });
}

/** Each size's share of a product's daily demand `level` (sales per day), by its size's demand weight. */
export function sizeDemand(sizes: readonly SizeModel[], level: number): number[] {
  let total = 0;
  for (const z of sizes) total += z.spec.demand;
  return sizes.map((z) => (level * z.spec.demand) / total);
}
