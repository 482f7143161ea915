/**
 * The realism figures of issue 13, measured on a mock world through its API (plus the world's
 * premium per product, which the API does not show): repeated titles, flat price series,
 * popularity against premium, express below standard, marketplace B currencies, UUID v7 time
 * against `created_at`, a Nike size row, the best seller's sizes without asks.
 *
 * Usage: `npx tsx bench/realism.ts [--seed S] [--products N]` (defaults: resale-kit, 10,000;
 * clock 2026-11-21T12:00:00Z). Prints one line per figure.
 */
import { benchArgs } from './args.js';
import { createMockCore } from '../mocks/index.js';
import { lineOf, premium } from '../mocks/world/identity.js';

const { values } = benchArgs(
  { script: 'bench/realism.ts', about: 'The realism figures of issue 13 measured through the API of a seeded world (clock 2026-11-21T12:00:00Z); one line per figure.' },
  {
    seed: { type: 'string', default: 'resale-kit', help: 'the world seed' },
    products: { type: 'string', default: '10000', help: 'products per marketplace', min: 1, integer: true },
  },
);
const NOW = Date.UTC(2026, 10, 21, 12);
const core = createMockCore({ seed: values.seed, products: Number(values.products), now: NOW, publicUrl: 'http://mock.test' });
const world = core.world;
const get = (url: string): any => JSON.parse(core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } }).body);
const n = world.a.size;

function spearman(x: number[], y: number[]): number {
  const rank = (v: number[]): number[] => {
    const r = new Array<number>(v.length);
    v.map((value, i) => ({ value, i }))
      .sort((a, b) => a.value - b.value)
      .forEach((o, k) => (r[o.i] = k));
    return r;
  };
  const rx = rank(x);
  const ry = rank(y);
  let d2 = 0;
  for (let i = 0; i < x.length; i++) d2 += ((rx[i] as number) - (ry[i] as number)) ** 2;
  return 1 - (6 * d2) / (x.length * (x.length ** 2 - 1));
}

const titlesA = new Set<string>();
const titlesB = new Set<string>();
for (let p = 0; p < n; p++) {
  titlesA.add(world.a.titlesOf(p).title);
  titlesB.add(world.b.nameOf(p));
}
console.log(`repeated titles: A ${n - titlesA.size} of ${n}, B ${n - titlesB.size} of ${n}`);

const top = world.searchA(undefined).slice(0, 300);
let yearLong = 0;
let flat = 0;
for (const p of top) {
  const daily = get(`/v3/market_a/products/${world.a.uuidOf(p)}/sales/daily?limit=365`).data as { avg_amount: number; orders: number }[];
  if (daily.length < 300) continue;
  yearLong++;
  const months = Array.from({ length: 10 }, (_, i) => daily.slice(i * 30, i * 30 + 30)).map((m) => m.reduce((s, d) => s + d.avg_amount * d.orders, 0) / m.reduce((s, d) => s + d.orders, 0));
  const mean = months.reduce((s, x) => s + x, 0) / months.length;
  if ((Math.max(...months) - Math.min(...months)) / mean < 0.016) flat++;
}
console.log(`year-long price series (top 300 products) that moved less than 1.6% month to month: ${flat} of ${yearLong}`);

const orders = top.map((p) => get(`/v3/market_a/products/${world.a.uuidOf(p)}`).data.weekly_orders as number);
const premiums = top.map((p) => premium(world.a.identity(p)));
console.log(`Spearman(weekly_orders, premium) over the top 300: ${spearman(orders, premiums).toFixed(2)}`);
console.log(
  `six best sellers, premium over retail: ${top
    .slice(0, 6)
    .map((p) => `${world.a.titlesOf(p).title} ${premium(world.a.identity(p)).toFixed(2)}× of $${lineOf(world.a.identity(p)).retail}`)
    .join('; ')}`,
);

let sizes = 0;
let expressBelow = 0;
for (let p = 0; p < Math.min(n, 1000); p++) {
  for (const v of get(`/v3/market_a/products/${world.a.uuidOf(p)}?display[variants]=true&display[prices]=true`).data.variants) {
    const std = v.prices.find((x: { type: string }) => x.type === 'standard');
    const exp = v.prices.find((x: { type: string }) => x.type === 'express_standard');
    if (std.asks > 0 && exp.asks > 0) {
      sizes++;
      if (exp.price < std.price) expressBelow++;
    }
  }
}
console.log(`express_standard below standard: ${expressBelow} of ${sizes} sizes with both (first 1,000 products)`);

let nonUsd = 0;
for (let p = 0; p < Math.min(n, 1000); p++) if (get(`/v3/market_b/products/${world.b.idOf(p)}`).data.variants.some((v: { currency: string }) => v.currency !== 'USD')) nonUsd++;
console.log(`marketplace B products priced in another currency than USD on the US market: ${nonUsd} of ${Math.min(n, 1000)}`);

let v7 = 0;
let off = 0;
let future = 0;
for (let p = 0; p < Math.min(n, 2000); p++) {
  const doc = get(`/v3/market_a/products/${world.a.uuidOf(p)}`).data;
  if (Date.parse(doc.created_at) > NOW) future++;
  if (doc.id[14] !== '7') continue;
  v7++;
  if (Math.abs(Number.parseInt(doc.id.replace(/-/g, '').slice(0, 12), 16) - Date.parse(doc.created_at)) > 1000) off++;
}
console.log(`UUID v7 ids whose time is not created_at: ${off} of ${v7}; created_at after the clock: ${future} of ${Math.min(n, 2000)}`);

const nike = top.find((p) => lineOf(world.a.identity(p)).brand === 'Nike' && world.a.identity(p).gender === 0);
const row = nike === undefined ? undefined : get(`/v3/market_a/products/${world.a.uuidOf(nike)}?display[variants]=true`).data.variants.find((v: { size: string }) => v.size === '9.5');
console.log(`a Nike men's US 9.5: ${row ? row.sizes.map((s: { size: string }) => s.size).join(' = ') : 'none in the top 300'}`);

const best = get(`/v3/market_a/products/${world.a.uuidOf(top[0] as number)}?display[variants]=true`).data;
const sellingNoAsk = best.variants.filter((v: { lowest_ask: number; sales_count_15_days: number }) => v.lowest_ask === 0 && v.sales_count_15_days >= 15).map((v: { size: string }) => v.size);
console.log(`rank 1 (${best.title}): sizes selling daily with no ask: ${sellingNoAsk.length === 0 ? 'none' : sellingNoAsk.join(', ')}`);
