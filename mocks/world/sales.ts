/**
 * Per-sale history and daily aggregates of one marketplace product (§2.4, §2.5, §2.8, §2.9,
 * §4.1 A3/A4, §4.2 B3/B4). Sales are derived per (product, UTC day) from the seed, so any page
 * of any product's history is computed on its own, and the daily series is computed from the
 * very same records (orders = count that day, avg_amount = mean amount).
 *
 * Decisions (contract `x-source: decision`): the history covers the 365 UTC days up to the
 * clock; nothing is sold before a product's release day or after the clock.
 */
import { CITIES } from './catalog-data.js';
import { DAY_MS, demand, priceLevel, type Identity } from './identity.js';
import { Picker, Rng, weighted } from './random.js';
import type { SizeModel } from './variants.js';

/** Days of history before the clock (decision). */
export const HISTORY_DAYS = 365;
const CITY_PICK = new Picker(CITIES.map((c) => c[1]));

/** Everything the sales of one marketplace product depend on. */
export interface SalesSubject {
  seed: number;
  /** The marketplace's number in seeded draws (`MarketplaceProfile.stream`). */
  market: number;
  /** Product index in its marketplace. */
  product: number;
  identity: Identity;
  sizes: readonly SizeModel[];
  /** Share of its sales that are accepted offers (`MarketplaceProfile.offerShare`). */
  offerShare: number;
  /** Share of the catalog item's demand this marketplace gets. */
  share: number;
  /** The clock, ms since epoch (UTC). */
  now: number;
  /**
   * Sales given for the product (a data file), by UTC day, each day newest first: used as
   * given instead of drawn, and every count and aggregate follows from them.
   */
  given?: ReadonlyMap<number, readonly SaleRecord[]>;
}

/** One sale before it is written as JSON. */
export interface SaleRecord {
  /** When, ms since epoch, whole seconds. */
  time: number;
  /** Position of the size sold in the product's size run. */
  size: number;
  /** Amount in the market's currency (USD on the US market), whole units. */
  amount: number;
  /** Marketplace B: a negotiated sale (`PURCHASE_TYPE_OFFER_CLOSED`). */
  offer: boolean;
  /** Index into CITIES. */
  city: number;
  /** Marketplace B: the buyer's `City, CC` when given (a data file), instead of CITIES[city]. */
  location?: string;
}

/**
 * Sales by UTC hour: most in the American evening (00–05 UTC) and the European afternoon,
 * fewest in the American night (07–11 UTC). Relative weights.
 */
const HOUR_WEIGHTS = [9, 9, 8, 7, 6, 4, 3, 2, 2, 2, 2, 3, 4, 5, 6, 6, 6, 6, 6, 7, 7, 8, 8, 9];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);

/**
 * When in its UTC day a sale happens, in whole seconds after midnight, from two uniform draws:
 * an hour by {@link HOUR_WEIGHTS}, then a moment in it. A day cut short by the clock (`span`
 * under a day) takes a uniform moment within what there is.
 */
function timeOfDay(u: number, v: number, span: number): number {
  if (span < DAY_MS) return Math.floor((u * span) / 1000);
  const hour = HOUR_OF[Math.floor(u * HOUR_OF.length)] as number;
  return Math.floor((hour * 3_600_000 + v * 3_600_000) / 1000);
}

/** The hour of a uniform draw u, by {@link HOUR_WEIGHTS}: `HOUR_OF[floor(u × 4096)]` (a table, so a sale costs no loop). */
const HOUR_OF = (() => {
  const table = new Uint8Array(4096);
  let hour = 0;
  let acc = (HOUR_WEIGHTS[0] as number) / HOUR_TOTAL;
  for (let i = 0; i < table.length; i++) {
    while ((i + 0.5) / table.length > acc && hour < 23) acc += (HOUR_WEIGHTS[++hour] as number) / HOUR_TOTAL;
    table[i] = hour;
  }
  return table;
})();

/** The last UTC day (days since epoch) that has sales: the day holding the instant before the clock. */
export const lastDay = (now: number): number => Math.floor((now - 1) / DAY_MS);

function dayRng(s: SalesSubject, day: number): { rng: Rng; count: number; start: number; span: number } {
  const rng = new Rng(s.seed, 0x5a, s.market, s.product, day);
  const start = day * DAY_MS;
  const span = Math.min(DAY_MS, s.now - start);
  const lambda = demand(s.identity, day) * s.share * (span / DAY_MS);
  return { rng, count: rng.poisson(lambda), start, span };
}

/** Number of sales of the product on one UTC day; 0 outside the history window. */
export function dayCount(s: SalesSubject, day: number): number {
  const last = lastDay(s.now);
  if (day > last || day <= last - HISTORY_DAYS) return 0;
  if (s.given) return s.given.get(day)?.length ?? 0;
  return dayRng(s, day).count;
}

/** The sales of one UTC day, newest first. */
export function daySales(s: SalesSubject, day: number): SaleRecord[] {
  const last = lastDay(s.now);
  if (day > last || day <= last - HISTORY_DAYS) return [];
  if (s.given) return [...(s.given.get(day) ?? [])];
  const { rng, count, start, span } = dayRng(s, day);
  if (count === 0) return [];
  const weights = s.sizes.map((z) => z.spec.demand);
  const out: SaleRecord[] = [];
  const level = priceLevel(s.identity, day, lastDay(s.now));
  for (let i = 0; i < count; i++) {
    const time = start + timeOfDay(rng.next(), rng.next(), span) * 1000;
    const size = weighted(weights, rng.next());
    const offer = s.offerShare > 0 && rng.next() < s.offerShare;
    const noise = 1 + 0.04 * rng.normal();
    const city = CITY_PICK.pick(rng.next());
    const price = (s.sizes[size]?.marketPrice ?? 100) * level * (offer ? 0.93 : 1) * noise;
    out.push({ time, size, amount: Math.max(1, Math.round(price)), offer, city });
  }
  // Newest first; equal seconds keep their draw order reversed, so the order is total.
  return out
    .map((r, i) => ({ r, i }))
    .sort((x, y) => y.r.time - x.r.time || y.i - x.i)
    .map((x) => x.r);
}

/** The UTC days of the history window, newest first. */
export function* historyDays(now: number): Generator<number> {
  const last = lastDay(now);
  for (let d = last; d > last - HISTORY_DAYS; d--) yield d;
}

/**
 * One page of the history, newest first, optionally of one size only.
 * @param offset records to skip (0-based); limit records to return.
 */
export function salesPage(s: SalesSubject, offset: number, limit: number, size?: number): SaleRecord[] {
  const out: SaleRecord[] = [];
  let skip = offset;
  for (const day of historyDays(s.now)) {
    if (day < s.identity.releaseDay) break;
    if (size === undefined) {
      const n = dayCount(s, day);
      if (skip >= n) {
        skip -= n;
        continue;
      }
    }
    for (const r of daySales(s, day)) {
      if (size !== undefined && r.size !== size) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      out.push(r);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** One element of a daily series (§2.5, §2.9): a UTC day that had sales. */
export interface DayAggregate {
  day: number;
  orders: number;
  avgAmount: number;
}

/** One page of the daily series: days with at least one sale, newest first. */
export function dailyPage(s: SalesSubject, offset: number, limit: number): DayAggregate[] {
  const out: DayAggregate[] = [];
  let skip = offset;
  for (const day of historyDays(s.now)) {
    if (day < s.identity.releaseDay) break;
    const n = dayCount(s, day);
    if (n === 0) continue;
    if (skip > 0) {
      skip--;
      continue;
    }
    const sales = daySales(s, day);
    let sum = 0;
    for (const r of sales) sum += r.amount;
    out.push({ day, orders: sales.length, avgAmount: sum / sales.length });
    if (out.length >= limit) break;
  }
  return out;
}

/** Sales of the last `days` UTC days (the clock's day counting as one), in total. */
export function recentCount(s: SalesSubject, days: number): number {
  const last = lastDay(s.now);
  let n = 0;
  for (let d = last; d > last - days; d--) n += dayCount(s, d);
  return n;
}

/** Sales per size over the last 15, 30 and 60 UTC days (§2.3 `sales_count_*_days`). */
export function sizeCounts(s: SalesSubject): { d15: number[]; d30: number[]; d60: number[] } {
  const d15 = s.sizes.map(() => 0);
  const d30 = s.sizes.map(() => 0);
  const d60 = s.sizes.map(() => 0);
  const last = lastDay(s.now);
  for (let d = last; d > last - 60; d--) {
    if (d < s.identity.releaseDay) break;
    const age = last - d;
    for (const r of daySales(s, d)) {
      d60[r.size] = (d60[r.size] ?? 0) + 1;
      if (age < 30) d30[r.size] = (d30[r.size] ?? 0) + 1;
      if (age < 15) d15[r.size] = (d15[r.size] ?? 0) + 1;
    }
  }
  return { d15, d30, d60 };
}

/**
 * Given sales (a data file) by UTC day, each day newest first (equal times keep file order
 * reversed, as drawn sales keep their draw order), for {@link SalesSubject.given}.
 */
export function salesByDay(records: readonly SaleRecord[]): Map<number, SaleRecord[]> {
  const byDay = new Map<number, SaleRecord[]>();
  records
    .map((r, i) => ({ r, i }))
    .sort((x, y) => y.r.time - x.r.time || y.i - x.i)
    .forEach(({ r }) => {
      const day = Math.floor(r.time / DAY_MS);
      const list = byDay.get(day);
      if (list) list.push(r);
      else byDay.set(day, [r]);
    });
  return byDay;
}
