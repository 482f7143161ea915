/** Daily series: A4 (§4.1) and B4 (§4.2 rule 3), and their agreement with per-sale records. */
import { fail, notJudged, okItems, pass, skip, unusable, type Check, type CheckContext, type Verdict } from '../check.js';
import type { OperationId } from '../../contract/index.js';
import { foundOn, isKind, marketplaces, OPERATION_FACTS, operationsOf, productPath } from '../operations.js';
import type { Exchange } from '../types.js';

const MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?(Z|\+00:00)$/;
type Row = Record<string, any>;

/** Each element is one UTC day at midnight; no day twice. */
export const dailyOnePerDay: Check = {
  id: 'daily-one-per-day',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A4, §4.2 rule 3, §2.5, §2.9: each element covers one calendar day (UTC); date is midnight UTC',
  title: 'A4 and B4: one element per UTC day, at midnight',
  response: (ex) => {
    if (!isKind(ex.operationId, 'daily')) return undefined;
    const data = okItems(ex);
    if (!data || data.length === 0) return undefined; // an empty series has no day to judge
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
  source: 'samples',
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

/** Pages of 100 per-sale records read at most per product. */
const HISTORY_PAGES = 5;

/** Per-sale records of up to `pages` pages of 100 (newest first), or the exchange that failed. */
async function history(ctx: CheckContext, op: OperationId, path: Record<string, string | number>, pages: number): Promise<Row[] | Exchange> {
  const sales: Row[] = [];
  for (let page = 1; page <= pages; page++) {
    const ex = await ctx.call(op, path, { limit: 100, page });
    const data = okItems(ex);
    if (!data) return ex;
    sales.push(...data);
    if (data.length < 100) break;
  }
  return sales;
}

/** The UTC calendar day of a timestamp (`2026-02-05`), whatever its offset; undefined when it is not one. */
export function utcDay(text: unknown): string | undefined {
  const ms = typeof text === 'string' ? Date.parse(text) : NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : undefined;
}

/**
 * Compares a daily series with per-sale records on the days both cover. The description leaves
 * the time window of both open (§4.1, §4.2), so neither list is taken as the whole history: the
 * per-sale records cover the days after their oldest day (that day may be cut by the window or
 * by the pages read); the series covers the days from its oldest row to its newest. Only the
 * days both cover are compared.
 */
export function compareDaily(daily: Row[], sales: Row[], field: string, ex: Exchange): Verdict {
  const byDay = new Map<string, number[]>();
  for (const s of sales) {
    const day = utcDay(s[field]);
    if (day !== undefined) byDay.set(day, [...(byDay.get(day) ?? []), Number(s.amount)]);
  }
  const days = [...byDay.keys()].sort();
  const oldestSalesDay = days[0];
  if (oldestSalesDay === undefined) return notJudged('the per-sale list is empty, so no day can be compared');
  const dailyDays = daily.map((d) => String(d.date).slice(0, 10)).sort();
  const oldestDailyDay = dailyDays[0] ?? '';
  const newestDailyDay = dailyDays[dailyDays.length - 1] ?? '';
  // Only days inside both lists' own ranges are compared: the description states neither
  // window (§4.1, §4.2), so a series that keeps 5 days beside 9 days of sales, or 9 beside 5, is
  // legal. The per-sale list's oldest day may be cut by its window or the pages read; a series
  // cut by `limit` or by its own window is judged on its days only.
  // A series may also end before the newest day of sales (one computed up to yesterday): round 4
  // vendor probe 8's A4 that left out the latest day with sales is, by the description, such a
  // window, so it is not judged (test/conformance/daily-windows.test.ts).
  const covered = (day: string): boolean => day > oldestSalesDay && day >= oldestDailyDay && day <= newestDailyDay;
  let compared = 0;
  for (let i = 0; i < daily.length; i++) {
    const day = String(daily[i]?.date).slice(0, 10);
    if (!covered(day)) continue;
    const amounts = byDay.get(day) ?? [];
    const mean = amounts.reduce((a, b) => a + b, 0) / Math.max(1, amounts.length);
    compared++;
    if (daily[i]?.orders !== amounts.length) return fail(`${day} (UTC): orders is ${daily[i]?.orders}, but the per-sale list has ${amounts.length} sales in that UTC day`, ex, `/data/${i}/orders`, daily[i]);
    if (amounts.length > 0 && Math.abs(Number(daily[i]?.avg_amount) - mean) > Math.max(0.01, Math.abs(mean) * 1e-6))
      return fail(`${day} (UTC): avg_amount is ${daily[i]?.avg_amount}, but the sales in that UTC day average ${mean}`, ex, `/data/${i}/avg_amount`, daily[i]);
  }
  for (const day of days) {
    if (!covered(day) || dailyDays.includes(day)) continue;
    return fail(`${day} (UTC) has ${byDay.get(day)?.length} sales in the per-sale list but no element in the daily series`, ex, '/data', day);
  }
  const withSales = days.filter(covered).length;
  return compared + withSales > 0 ? pass(`${Math.max(compared, withSales)} UTC days agree with the per-sale records (the days both cover)`, ex) : notJudged('the daily series and the per-sale records share no complete day');
}

/** Rows asked of a daily series at once (the largest `limit` production allows). */
const DAILY_ROWS = 365;

/**
 * The daily rule, judged against the per-sale records: each element covers one UTC day, so its
 * `orders` and `avg_amount` follow from the sales in that UTC day wherever both lists cover it.
 */
export const dailyMatchesSales: Check = {
  id: 'daily-matches-sales',
  level: 'must',
  source: 'description',
  requirement: '§4.1 A4 rule, §4.2 rule 3, §2.5, §2.9 with §2.4, §2.8: each element covers one UTC day: orders is the number of sales in that UTC day, avg_amount their mean (on the days both lists cover)',
  title: 'daily aggregates follow from the per-sale records of each UTC day',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const out: Verdict[] = [];
    for (const marketplace of marketplaces(ctx.validator)) {
      const [daily, sales] = [operationsOf(ctx.validator, 'daily', marketplace)[0], operationsOf(ctx.validator, 'sales', marketplace)[0]];
      if (!daily || !sales) continue;
      const found = foundOn(d, marketplace);
      const products = found.all.filter((p) => (okItems(p.sales)?.length ?? 0) > 0);
      if (products.length === 0) {
        out.push(skip(found.note ?? (ctx.options.apiKey ? 'no discovered product has sales' : `needs --api-key (a paid key): ${sales.operationId} is a premium operation`), daily.operationId));
        continue;
      }
      for (const p of products) {
        let series = await ctx.call(daily.operationId, productPath(daily, p.id), { limit: DAILY_ROWS });
        if (!okItems(series)) series = await ctx.call(daily.operationId, productPath(daily, p.id));
        const data = okItems(series);
        const h = await history(ctx, sales.operationId, productPath(sales, p.id), HISTORY_PAGES);
        if (!data) out.push(unusable(series, daily.operationId));
        else if (!Array.isArray(h)) out.push(unusable(h, `${sales.operationId} pages`));
        else {
          out.push({ ...compareDaily(data, h, OPERATION_FACTS[sales.operationId].saleTime ?? 'created_at', series), operation: daily.operationId });
        }
      }
    }
    return out;
  },
};

/** Production note: daily series hold rows only for days that had at least one sale. */
export const dailyOnlySaleDays: Check = {
  id: 'daily-only-sale-days',
  level: 'should',
  source: 'production',
  requirement: 'production note (Pagination and parameters): daily series contain rows only for days that had at least one sale',
  title: 'A4 and B4 rows only for days with sales',
  response: (ex) => {
    if (!isKind(ex.operationId, 'daily')) return undefined;
    const data = okItems(ex);
    if (!data || data.length === 0) return undefined;
    const empty = data.findIndex((r) => r.orders === 0);
    return empty < 0 ? pass(`${data.length} rows, each with sales`, ex) : fail(`element ${empty} (${data[empty]?.date}) has orders 0: production lists only days with sales`, ex, `/data/${empty}`, data[empty]);
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
