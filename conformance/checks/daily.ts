/** Daily series: A4 (§4.1) and B4 (§4.2 rule 3), and their agreement with per-sale records. */
import { fail, okItems, pass, skip, unusable, type Check, type CheckContext, type Verdict } from '../check.js';
import type { OperationId } from '../../contract/index.js';
import { foundOn, isKind, marketplaces, OPERATION_FACTS, operationsOf, productPath } from '../operations.js';
import type { Exchange } from '../types.js';

const MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?(Z|\+00:00)$/;
type Row = Record<string, any>;

/** Each element is one UTC day at midnight; no day twice. */
export const dailyOnePerDay: Check = {
  id: 'daily-one-per-day',
  level: 'must',
  requirement: '§4.1 A4, §4.2 rule 3, §2.5, §2.9: each element covers one calendar day (UTC); date is midnight UTC',
  title: 'A4 and B4: one element per UTC day, at midnight',
  response: (ex) => {
    if (!isKind(ex.operationId, 'daily')) return undefined;
    const data = okItems(ex);
    if (!data) return undefined;
    const seen = new Map<string, number>();
    for (let i = 0; i < data.length; i++) {
      const date = String(data[i]?.date);
      if (!MIDNIGHT.test(date) || !Number.isFinite(Date.parse(date))) return fail(`element ${i} has date ${JSON.stringify(data[i]?.date)}, not midnight UTC`, ex, `/data/${i}/date`, data[i]?.date);
      const day = date.slice(0, 10);
      if (seen.has(day)) return fail(`day ${day} appears twice (elements ${seen.get(day)} and ${i})`, ex, `/data/${i}`, data[i]);
      seen.set(day, i);
    }
    return pass(`${data.length} days, each once, at midnight`, ex);
  },
};

/** Days are newest first (shown in the samples; the contract decides it). */
export const dailyNewestFirst: Check = {
  id: 'daily-newest-first',
  level: 'should',
  requirement: '§4.1 A4, §4.2 rule 3 (samples) and decision: days newest first',
  title: 'A4 and B4 are newest first',
  response: (ex) => {
    if (!isKind(ex.operationId, 'daily')) return undefined;
    const data = okItems(ex);
    if (!data || data.length < 2) return undefined;
    for (let i = 1; i < data.length; i++) {
      if (String(data[i]?.date) >= String(data[i - 1]?.date)) return fail(`element ${i} (${data[i]?.date}) is not older than element ${i - 1} (${data[i - 1]?.date})`, ex, `/data/${i}/date`, data[i]?.date);
    }
    return pass(`${data.length} days newest first`, ex);
  },
};

/** Per-sale records of up to `pages` pages of 100, and whether they are the whole history. */
async function history(ctx: CheckContext, op: OperationId, path: Record<string, string | number>, pages: number): Promise<{ sales: Row[]; complete: boolean } | Exchange> {
  const sales: Row[] = [];
  for (let page = 1; page <= pages; page++) {
    const ex = await ctx.call(op, path, { limit: 100, page });
    const data = okItems(ex);
    if (!data) return ex;
    sales.push(...data);
    if (data.length < 100) return { sales, complete: true };
  }
  return { sales, complete: false };
}

/** Compares a daily series with the per-sale records over the days both cover completely. */
function compare(daily: Row[], sales: Row[], complete: boolean, field: string, ex: Exchange): Verdict {
  const byDay = new Map<string, number[]>();
  for (const s of sales) {
    const day = String(s[field]).slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), Number(s.amount)]);
  }
  // Without the whole history, the oldest fetched day may be partial: compare the days after it.
  const oldestSalesDay = sales.length > 0 ? String(sales[sales.length - 1]?.[field]).slice(0, 10) : '';
  const oldestDailyDay = daily.length > 0 ? String(daily[daily.length - 1]?.date).slice(0, 10) : '';
  const covered = (day: string): boolean => (complete || day > oldestSalesDay) && day >= oldestDailyDay;
  let compared = 0;
  for (let i = 0; i < daily.length; i++) {
    const day = String(daily[i]?.date).slice(0, 10);
    if (!covered(day)) continue;
    const amounts = byDay.get(day) ?? [];
    const mean = amounts.reduce((a, b) => a + b, 0) / Math.max(1, amounts.length);
    if (daily[i]?.orders !== amounts.length) return fail(`${day}: orders is ${daily[i]?.orders}, but the per-sale list has ${amounts.length} sales that day`, ex, `/data/${i}/orders`, daily[i]);
    if (Math.abs(Number(daily[i]?.avg_amount) - mean) > Math.max(0.01, Math.abs(mean) * 1e-6)) return fail(`${day}: avg_amount is ${daily[i]?.avg_amount}, but the sales that day average ${mean}`, ex, `/data/${i}/avg_amount`, daily[i]);
    compared++;
  }
  for (const day of byDay.keys()) {
    if (covered(day) && !daily.some((d) => String(d.date).startsWith(day))) return fail(`${day} has sales but no element in the daily series`, ex, '/data', day);
  }
  return compared > 0 ? pass(`${compared} days agree with the per-sale records`, ex) : skip('the daily series and the per-sale pages share no complete day');
}

/** Daily aggregates agree with the per-sale records (orders = count, avg_amount = mean) on the days both cover. */
export const dailyMatchesSales: Check = {
  id: 'daily-matches-sales',
  level: 'should',
  requirement: '§2.5, §2.9 with §2.4, §2.8: orders is the number of sales that day, avg_amount their mean',
  title: 'daily aggregates agree with per-sale records',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const out: Verdict[] = [];
    for (const marketplace of marketplaces(ctx.validator)) {
      const [daily, sales] = [operationsOf(ctx.validator, 'daily', marketplace)[0], operationsOf(ctx.validator, 'sales', marketplace)[0]];
      if (!daily || !sales) continue;
      const found = foundOn(d, marketplace);
      if (!found.withSales) {
        out.push(skip(found.note ?? 'no product with sales found', daily.operationId));
        continue;
      }
      const series = await ctx.call(daily.operationId, productPath(daily, found.withSales.id));
      const h = await history(ctx, sales.operationId, productPath(sales, found.withSales.id), 3);
      const data = okItems(series);
      if (!data) out.push(unusable(series, daily.operationId));
      else if ('request' in h) out.push(unusable(h, `${sales.operationId} pages`));
      else out.push({ ...compare(data, h.sales, h.complete, OPERATION_FACTS[sales.operationId].saleTime ?? 'created_at', series), operation: daily.operationId });
    }
    return out;
  },
};

/** Makes sure the daily series of the sales products are requested, so the response checks see them. */
export async function requestDaily(ctx: CheckContext): Promise<void> {
  const d = await ctx.discover();
  for (const op of operationsOf(ctx.validator, 'daily')) {
    const found = foundOn(d, op.marketplace).withSales;
    if (!found) continue;
    await ctx.call(op.operationId, productPath(op, found.id));
    // §4.2 rule 4: B4 takes an id or a slug; ask by slug too wherever the path parameter is `id_or_slug`.
    if (op.parameters.some((p) => p.in === 'path' && p.name === 'id_or_slug')) await ctx.call(op.operationId, productPath(op, found.slug));
  }
}
