/**
 * daily-matches-sales judges only the days both lists cover (§4.1, §4.2 leave both windows
 * open): a daily series shorter than the per-sale list, or longer, is legal; a wrong day inside
 * both ranges still fails. Before: a complete series was assumed to cover every day of the
 * per-sale list, so a server keeping 5 days of series beside 9 days of sales failed at must level.
 */
import { describe, expect, it } from 'vitest';
import { compareDaily } from '../../conformance/checks/daily.js';
import type { Exchange } from '../../conformance/index.js';

const EX = { operationId: 'listMarketAProductDailySales', auth: 'main', request: { method: 'GET', url: 'http://x/' }, headers: {}, text: '', ms: 0 } as Exchange;
const day = (n: number): string => new Date(Date.UTC(2026, 10, 20) - n * 86_400_000).toISOString().slice(0, 10);

/** Sales: `perDay[n]` sales on day n (0 = today), each of amount 100 + n, newest first. */
function sales(days: number, perDay = 2): { created_at: string; amount: number }[] {
  const out: { created_at: string; amount: number }[] = [];
  for (let n = 0; n < days; n++) for (let k = 0; k < perDay; k++) out.push({ created_at: `${day(n)}T1${k}:00:00Z`, amount: 100 + n });
  return out;
}
/** The daily series of `days` days computed from the same sales. */
function series(days: number, perDay = 2, from = 0): { date: string; orders: number; avg_amount: number }[] {
  return Array.from({ length: days }, (_, i) => ({ date: `${day(from + i)}T00:00:00Z`, orders: perDay, avg_amount: 100 + from + i }));
}

describe('daily-matches-sales compares only the days both lists cover', () => {
  it('a daily series of 5 days beside 9 days of sales: pass', () => {
    expect(compareDaily(series(5), sales(9), 'created_at', EX).outcome).toBe('pass');
  });

  it('a daily series of 9 days beside 5 days of sales: pass', () => {
    expect(compareDaily(series(9), sales(5), 'created_at', EX).outcome).toBe('pass');
  });

  it('a series that ends before today (yesterday the newest row) beside sales up to today: pass', () => {
    expect(compareDaily(series(6, 2, 1), sales(9), 'created_at', EX).outcome).toBe('pass');
  });

  it('a wrong orders count on a day both cover: fail, naming the day', () => {
    const bad = series(5);
    (bad[2] as { orders: number }).orders = 3;
    const v = compareDaily(bad, sales(9), 'created_at', EX);
    expect(v.outcome).toBe('fail');
    expect(v.message).toContain(day(2));
  });

  it('a day with sales inside the series range but missing from it: fail', () => {
    const gap = series(5).filter((_, i) => i !== 2);
    const v = compareDaily(gap, sales(9), 'created_at', EX);
    expect(v.outcome).toBe('fail');
    expect(v.message).toContain('no element in the daily series');
  });

  it('no day in common: not judged, never a pass', () => {
    const v = compareDaily(series(3, 2, 20), sales(5), 'created_at', EX);
    expect(v.outcome).toBe('skip');
  });
});
