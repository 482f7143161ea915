/**
 * `utc-timestamps` (should, production note "Values seen"): the first timestamp with an offset
 * other than `Z` or `+00:00` in a 200 answer fails, named by its JSON Pointer; the walk is lazy
 * and bounded (16 levels, 50,000 values), so a huge answer is judged without holding its values
 * on a stack.
 */
import { describe, expect, it } from 'vitest';
import { utcTimestamps } from '../../conformance/checks/transport.js';
import type { Exchange } from '../../conformance/types.js';

const answer = (json: unknown): Exchange => ({ operationId: 'listMarketAProductSales', auth: 'main', request: { method: 'GET', url: 'http://x/v3/market_a/products/p/sales' }, status: 200, headers: {}, text: '', json, ms: 0 });
const judge = (json: unknown) => {
  const v = utcTimestamps.response?.(answer(json), undefined as never);
  return Array.isArray(v) ? v[0] : v;
};
const sale = (created_at: string) => ({ product_id: 'p', variant_id: 'v', amount: 120, created_at });

describe('utc-timestamps', () => {
  it.each([
    ['Z', '2026-01-14T09:00:00Z'],
    ['+00:00', '2026-01-14T09:00:00+00:00'],
    ['fractional seconds and z', '2026-01-14T09:00:00.123z'],
  ])('passes a %s timestamp', (_, at) => {
    expect(judge({ data: [sale(at)], meta: null })?.outcome).toBe('pass');
  });

  it.each([
    ['+01:00 in the first sale', [sale('2026-01-14T09:00:00+01:00')], '/data/0/created_at'],
    ['-05:00 in the third sale', [sale('2026-01-14T09:00:00Z'), sale('2026-01-14T09:00:00Z'), sale('2026-01-14T09:00:00-05:00')], '/data/2/created_at'],
  ])('fails %s, naming where', (_, data, at) => {
    const v = judge({ data, meta: null });
    expect(v?.outcome).toBe('fail');
    expect(v?.message).toContain(at);
  });

  it('names a member with / and ~ by its escaped pointer', () => {
    const v = judge({ data: [{ 'a/b~c': '2026-01-14T09:00:00+02:00' }], meta: null });
    expect(v?.message).toContain('/data/0/a~1b~0c');
  });

  it('stops after 50,000 values: a bad timestamp after a million numbers is not reached', () => {
    const data: unknown[] = new Array(1_000_000).fill(1);
    data.push(sale('2026-01-14T09:00:00+01:00'));
    expect(judge({ data, meta: null })?.outcome).toBe('pass');
    data.splice(0, 1_000_000 - 40_000);
    expect(judge({ data, meta: null })?.outcome).toBe('fail');
  });

  it('stops at 16 levels', () => {
    let deep: unknown = '2026-01-14T09:00:00+01:00';
    for (let i = 0; i < 20; i++) deep = [deep];
    expect(judge({ data: deep, meta: null })?.outcome).toBe('pass');
  });
});
