/**
 * The eight operations' answers for one product, each checked against its contract schema, and
 * the rules that tie them together (the world's invariants), for tests that build products in
 * new ways (data files, edge answers).
 */
import { expect } from 'vitest';
import type { MockServer } from '../../mocks/index.js';
import { NOW, violations } from './mock.js';

/** Answers a URL with 200 and its parsed body (the test fails otherwise). */
export type Get = (server: MockServer, url: string) => any;

/**
 * Every operation's answers for a product of marketplace A and/or B, each checked against its schema.
 * @param query appended to every URL (such as `&__example=many-sizes`).
 */
export function allOperations(get: Get, server: MockServer, a: string | undefined, b: number | undefined, query = ''): Record<string, any> {
  const out: Record<string, any> = {};
  const ask = (name: string, op: string, url: string): void => {
    out[name] = get(server, url);
    expect(violations(op, 200, out[name]), url).toEqual([]);
  };
  if (a) {
    ask('A2', 'getMarketAProduct', `/v3/market_a/products/${a}?display[variants]=true&display[prices]=true&display[identifiers]=true${query}`);
    ask('A3', 'listMarketAProductSales', `/v3/market_a/products/${a}/sales?limit=100${query}`);
    ask('A4', 'listMarketAProductDailySales', `/v3/market_a/products/${a}/sales/daily?limit=365${query}`);
    ask('A1', 'searchMarketAProducts', `/v3/market_a/products?query=${encodeURIComponent(out.A2.data.sku)}${query}`);
  }
  if (b !== undefined) {
    ask('B2', 'getMarketBProduct', `/v3/market_b/products/${b}?${query}`);
    ask('B3', 'listMarketBProductSales', `/v3/market_b/products/${b}/sales?limit=100${query}`);
    ask('B4', 'listMarketBProductDailySales', `/v3/market_b/products/${b}/sales/daily?limit=365${query}`);
    ask('B1', 'searchMarketBProducts', `/v3/market_b/products?query=${encodeURIComponent(out.B2.data.sku)}${query}`);
  }
  return out;
}

/** The rules that tie the eight answers of one product together (the world's invariants). */
export function expectConsistent(ops: Record<string, any>): void {
  if (ops.A2) {
    const p = ops.A2.data;
    expect(ops.A1.data[0]).toEqual(Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'variants')));
    const asks = p.variants.map((v: any) => v.lowest_ask).filter((x: number) => x > 0);
    expect(p.min_price).toBe(asks.length ? Math.min(...asks) : 0);
    expect(p.max_price).toBe(asks.length ? Math.max(...asks) : 0);
    // The sales list is complete when it holds fewer than the 100 asked for: only then are counts and days compared.
    const complete = ops.A3.data.length < 100;
    for (const v of p.variants) {
      if (v.prices !== null) {
        expect(v.total_asks).toBe(v.prices.reduce((n: number, x: any) => n + x.asks, 0));
        const priced = v.prices.filter((x: any) => x.asks > 0).map((x: any) => x.price);
        expect(v.lowest_ask).toBe(priced.length ? Math.min(...priced) : 0);
      }
      const sold = ops.A3.data.filter((s: any) => s.variant_id === v.id && Date.parse(s.created_at) >= NOW - 60 * 86_400_000).length;
      if (complete) expect(v.sales_count_60_days).toBe(sold);
    }
    const ids = new Set(p.variants.map((v: any) => v.id));
    for (const s of ops.A3.data) {
      expect(s.product_id).toBe(p.id);
      expect(ids.has(s.variant_id)).toBe(true);
    }
    if (complete) {
      expect(p.weekly_orders).toBe(ops.A3.data.filter((s: any) => Date.parse(s.created_at) >= NOW - 7 * 86_400_000).length);
      expectDaily(
        ops.A3.data.map((s: any) => ({ at: s.created_at, amount: s.amount })),
        ops.A4.data,
      );
    }
  }
  if (ops.B2) {
    const p = ops.B2.data;
    expect(ops.B1.data[0]).toEqual({ ...p, images: null, variants: null, retail_prices: null });
    expect(p.sizes.map((z: any) => z.presentation)).toEqual(p.variants.map((v: any) => v.size));
    for (const v of p.variants) expect(v.available).toBe(v.lowest_ask > 0);
    for (const s of ops.B3.data) expect(p.sizes.map((z: any) => z.presentation)).toContain(s.size_us);
    if (ops.B3.data.length < 100) {
      expectDaily(
        ops.B3.data.map((s: any) => ({ at: s.purchased_at, amount: s.amount })),
        ops.B4.data,
      );
    }
  }
}

export function expectDaily(sales: { at: string; amount: number }[], daily: any[]): void {
  const byDay = new Map<string, number[]>();
  for (const s of sales) byDay.set(`${s.at.slice(0, 10)}T00:00:00Z`, [...(byDay.get(`${s.at.slice(0, 10)}T00:00:00Z`) ?? []), s.amount]);
  expect(daily.map((d) => d.date)).toEqual([...byDay.keys()]);
  for (const d of daily) {
    const amounts = byDay.get(d.date) as number[];
    expect(d.orders).toBe(amounts.length);
    expect(d.avg_amount).toBeCloseTo(amounts.reduce((x, y) => x + y, 0) / amounts.length, 9);
  }
}
