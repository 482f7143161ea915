/**
 * Asks of one marketplace product per size: marketplace A's prices per delivery option
 * (§2.3 Price) and marketplace B's lowest ask (§2.7). Invariants (production behaviour):
 * a variant's `total_asks` is the sum of its prices' `asks`; its `lowest_ask` is the lowest
 * non-zero price, 0 when it has no ask; an option without asks has price 0.
 */
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

/** Draws marketplace A's asks of one size of product `p` around its market price (USD). */
export function asksA(seed: number, p: number, position: number, marketPrice: number, demand: number): AsksA {
  const rng = new Rng(seed, 0xa5, p, position);
  const none = rng.next() < 0.1 + 0.25 * (1 - Math.min(1, demand * 2));
  const stdAsks = none ? 0 : 1 + rng.poisson(2 + 10 * demand);
  const std = stdAsks > 0 ? Math.round(marketPrice * (1.01 + 0.08 * rng.next())) : 0;
  const expAsks = !none && rng.next() < 0.45 ? 1 + rng.poisson(1.2) : 0;
  const exp = expAsks > 0 ? Math.round(marketPrice * (1.07 + 0.08 * rng.next())) : 0;
  const fastAsks = !none && rng.next() < 0.2 ? 1 + rng.poisson(0.5) : 0;
  const fast = fastAsks > 0 ? Math.round(marketPrice * (1.14 + 0.08 * rng.next())) : 0;
  const prices: PriceOption[] = [
    { price: std, asks: stdAsks, type: 'standard' },
    { price: exp, asks: expAsks, type: 'express_standard' },
    { price: fast, asks: fastAsks, type: 'express_expedited' },
  ];
  const nonZero = prices.filter((o) => o.asks > 0).map((o) => o.price);
  return {
    prices,
    lowestAsk: nonZero.length > 0 ? Math.min(...nonZero) : 0,
    totalAsks: stdAsks + expAsks + fastAsks,
  };
}

/** Draws marketplace B's lowest ask of one size, in its currency; 0 when nobody asks. */
export function lowestAskB(seed: number, p: number, position: number, marketPrice: number, fx: number, demand: number): number {
  const rng = new Rng(seed, 0xb5, p, position);
  if (rng.next() < 0.12 + 0.25 * (1 - Math.min(1, demand * 2))) return 0;
  return Math.round(marketPrice * fx * (1.0 + 0.1 * rng.next()));
}

/** `min ≤ avg ≤ max` of the non-zero lowest asks (§2.2 `min_price`, `avg_price`, `max_price`); zeros when none. */
export function priceRange(lowestAsks: readonly number[]): { min: number; max: number; avg: number } {
  const asks = lowestAsks.filter((x) => x > 0);
  if (asks.length === 0) return { min: 0, max: 0, avg: 0 };
  let sum = 0;
  for (const a of asks) sum += a;
  return { min: Math.min(...asks), max: Math.max(...asks), avg: sum / asks.length };
}
