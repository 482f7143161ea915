/**
 * Asks of one marketplace product per size: marketplace A's prices per delivery option
 * (§2.3 Price) and marketplace B's lowest ask (§2.7). Invariants (production behaviour):
 * a variant's `total_asks` is the sum of its prices' `asks`; its `lowest_ask` is the lowest
 * non-zero price, 0 when it has no ask; an option without asks has price 0.
 */
import type { EdgeCase } from './edge-cases.js';
import { Rng } from './random.js';

/** One delivery option's ask summary (§2.3 Price). */
export interface PriceOption {
  price: number;
  asks: number;
  type: 'standard' | 'express_standard' | 'express_expedited';
}

/** Marketplace A asks of one size. */
export interface AsksA {
  prices: PriceOption[];
  lowestAsk: number;
  totalAsks: number;
}

/** True when an edge case takes every ask of a size away: all sizes (`no-asks`) or every other one (`sold-out-sizes`). */
export const edgeNoAsks = (edge: EdgeCase | undefined, position: number): boolean => edge === 'no-asks' || (edge === 'sold-out-sizes' && position % 2 === 1);

/**
 * Chance that nobody asks for a size: none for a size that sells about daily or more (sellers
 * keep such sizes stocked), small for a size that sells every few days, about a third for a
 * size that almost never sells.
 * @param demand expected sales of the size per day.
 */
export const noAskChance = (demand: number): number => (demand >= 0.8 ? 0 : 0.02 + 0.33 * Math.exp(-4 * demand));

/**
 * Draws marketplace A's asks of one size of product `p` around its market price (USD).
 * @param noAsks true when the size has no ask whatever the draw (edge cases).
 */
export function asksA(seed: number, p: number, position: number, marketPrice: number, demand: number, noAsks = false): AsksA {
  const rng = new Rng(seed, 0xa5, p, position);
  const none = rng.next() < noAskChance(demand) || noAsks;
  const stdAsks = none ? 0 : 1 + rng.poisson(2 + 10 * demand);
  const std = Math.round(marketPrice * (1.01 + 0.08 * rng.next()));
  // Express delivery costs more than standard: each option asks at least the one before it.
  const expAsks = !none && rng.next() < 0.45 ? 1 + rng.poisson(1.2) : 0;
  const exp = Math.round(std * (1.04 + 0.06 * rng.next()));
  const fastAsks = !none && rng.next() < 0.2 ? 1 + rng.poisson(0.5) : 0;
  const fast = Math.round(exp * (1.04 + 0.06 * rng.next()));
  const prices: PriceOption[] = [
    { price: stdAsks > 0 ? std : 0, asks: stdAsks, type: 'standard' },
    { price: expAsks > 0 ? exp : 0, asks: expAsks, type: 'express_standard' },
    { price: fastAsks > 0 ? fast : 0, asks: fastAsks, type: 'express_expedited' },
  ];
  const nonZero = prices.filter((o) => o.asks > 0).map((o) => o.price);
  return {
    prices,
    lowestAsk: nonZero.length > 0 ? Math.min(...nonZero) : 0,
    totalAsks: stdAsks + expAsks + fastAsks,
  };
}

/** Draws marketplace B's lowest ask of one size, in the market's currency (USD); 0 when nobody asks. */
export function lowestAskB(seed: number, p: number, position: number, marketPrice: number, demand: number, noAsks = false): number {
  const rng = new Rng(seed, 0xb5, p, position);
  if (rng.next() < noAskChance(demand) || noAsks) return 0;
  return Math.round(marketPrice * (1.0 + 0.1 * rng.next()));
}

/** `min ≤ avg ≤ max` of the non-zero lowest asks (§2.2 `min_price`, `avg_price`, `max_price`); zeros when none. */
export function priceRange(lowestAsks: readonly number[]): { min: number; max: number; avg: number } {
  const asks = lowestAsks.filter((x) => x > 0);
  if (asks.length === 0) return { min: 0, max: 0, avg: 0 };
  let sum = 0;
  for (const a of asks) sum += a;
  return { min: Math.min(...asks), max: Math.max(...asks), avg: sum / asks.length };
}
