/**
 * Realism (issue 13): what a sneaker-resale expert checks, pinned as rules over many products
 * and several seeds. Values are read through the API wherever the API shows them; the world's
 * own identity (limited or general release, retail) only where the API does not.
 */
import { describe, expect, it } from 'vitest';
import { COLORWAYS, MODEL_LINES } from '../../mocks/world/catalog-data.js';
import { EDGE_CASES } from '../../mocks/world/edge-cases.js';
import { lineOf, premium } from '../../mocks/world/identity.js';
import { call, mock } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

/** The clock of these worlds: a Saturday, 2026-11-21T12:00:00Z. */
const NOW = Date.UTC(2026, 10, 21, 12);
const WORLDS = [
  { seed: 'resale-kit', products: 10_000 },
  { seed: 7, products: 1000 },
  { seed: 'alpha', products: 300 },
];
const world = (w: { seed: string | number; products: number }) => mock({ ...w, now: NOW });

/** Spearman rank correlation of two equal-length samples. */
function spearman(x: number[], y: number[]): number {
  const rank = (v: number[]): number[] => {
    const order = v.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const r = new Array<number>(v.length);
    order.forEach((o, k) => (r[o.i] = k));
    return r;
  };
  const rx = rank(x);
  const ry = rank(y);
  const n = x.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += ((rx[i] as number) - (ry[i] as number)) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe.each(WORLDS)('catalog of seed $seed, $products products', (w) => {
  const m = world(w);
  const core = m.core;

  it('no two products of a marketplace share a title', () => {
    // The English 151 set has a dozen products released on two days (fourth report, finding 6): a world with more
    // than about two dozen of them repeats one of their titles, with its year; no other title repeats.
    const set151 = (t: string): boolean => t.startsWith('Pokémon TCG') && t.includes('151');
    const a = new Set<string>();
    const b = new Set<string>();
    let repeats151 = 0;
    for (let p = 0; p < w.products; p++) {
      const ta = core.world.a.titlesOf(p).title;
      const tb = core.world.b.nameOf(p);
      if (a.has(ta) || b.has(tb)) expect(set151(a.has(ta) ? ta : tb), a.has(ta) ? ta : tb).toBe(true);
      if (a.has(ta)) repeats151++;
      if (b.has(tb)) repeats151++;
      a.add(ta);
      b.add(tb);
    }
    expect(repeats151).toBeLessThanOrEqual(w.products / 2000);
  });

  it("every colourway is of its line's palette: no sneaker colourway on a hoodie, no Jordan nickname on an ASICS", () => {
    for (let p = 0; p < w.products; p++) {
      const id = core.world.a.identity(p);
      if (id.edge === 'long-title') continue;
      expect(COLORWAYS[id.colorway]?.palette, core.world.a.titlesOf(p).title).toBe(lineOf(id).palette);
    }
  });

  it('release dates lie within their line: none before the line began, none after it ended; a dated title carries its release year', () => {
    for (let p = 0; p < Math.min(w.products, 3000); p++) {
      const doc = call(m, `/v3/market_b/products/${refs(m).b.id(p)}`).body.data;
      const id = core.world.b.identity(p);
      const line = lineOf(id);
      const year = Number(doc.release_date_year);
      expect(year).toBeGreaterThanOrEqual(line.since);
      if (line.until !== undefined) expect(year).toBeLessThanOrEqual(line.until);
      const dated = / (\d{4})(?: \([A-Z]+\))?$/.exec(doc.name);
      if (dated) expect(Number(dated[1])).toBe(year);
      if (line.productType === 'sneakers') expect(doc.category).toBe('shoes');
      expect(doc.nickname.length).toBeGreaterThan(0);
    }
  });

  it('marketplace B prices and sales are in the US market’s currency, USD, and variants say market US', () => {
    for (let p = 0; p < Math.min(w.products, 300); p += 3) {
      const id = refs(m).b.id(p);
      for (const v of call(m, `/v3/market_b/products/${id}`).body.data.variants) {
        expect(v.currency).toBe('USD');
        expect(v.market).toBe('US');
      }
      for (const s of call(m, `/v3/market_b/products/${id}/sales?limit=20`).body.data) expect(s.currency).toBe('USD');
    }
  });

  it('express asks are never below standard asks, nor expedited below express', () => {
    let compared = 0;
    for (let p = 0; p < Math.min(w.products, 400); p++) {
      for (const v of call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true&display[prices]=true`).body.data.variants) {
        const [std, exp, fast] = ['standard', 'express_standard', 'express_expedited'].map((t) => v.prices.find((x: { type: string }) => x.type === t));
        if (std.asks > 0 && exp.asks > 0) {
          expect(exp.price).toBeGreaterThanOrEqual(std.price);
          compared++;
        }
        if (exp.asks > 0 && fast.asks > 0) expect(fast.price).toBeGreaterThanOrEqual(exp.price);
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('version 7 UUIDs encode created_at, which is never after the clock', () => {
    let v7 = 0;
    for (let p = 0; p < Math.min(w.products, 2000); p++) {
      const doc = call(m, `/v3/market_a/products/${refs(m).a.id(p)}`).body.data;
      expect(Date.parse(doc.created_at)).toBeLessThanOrEqual(NOW);
      if (doc.id[14] !== '7') continue;
      v7++;
      expect(Number.parseInt(doc.id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse(doc.created_at));
    }
    expect(v7).toBeGreaterThan(0);
  });

  it('the edge cases are listed at /fixtures and are what they say', () => {
    const fixtures = call(m, '/fixtures', null).body;
    expect(fixtures.cases.map((c: { case: string }) => c.case)).toEqual(EDGE_CASES.map((e) => e.name));
    const get = (name: string) => fixtures.cases.find((c: { case: string }) => c.case === name);
    const a = (name: string, query = '?display[variants]=true') => call(m, `/v3/market_a/products/${get(name).market_a.id}${query}`).body.data;
    expect(a('upcoming').upcoming).toBe(true);
    expect(call(m, `/v3/market_a/products/${get('upcoming').market_a.id}/sales`).body.data).toEqual([]);
    expect(a('no-asks').variants.every((v: { lowest_ask: number; total_asks: number }) => v.lowest_ask === 0 && v.total_asks === 0)).toBe(true);
    expect(call(m, `/v3/market_b/products/${get('no-asks').market_b.id}`).body.data.variants.every((v: { available: boolean }) => !v.available)).toBe(true);
    const never = get('never-sold').market_a.id;
    expect(call(m, `/v3/market_a/products/${never}/sales`).body.data).toEqual([]);
    expect(call(m, `/v3/market_a/products/${never}/sales/daily`).body.data).toEqual([]);
    expect(a('never-sold').upcoming).toBe(false);
    expect(a('one-size').variants.map((v: { size: string }) => v.size)).toEqual(['OS']);
    const soldOut = a('sold-out-sizes').variants.map((v: { lowest_ask: number }) => v.lowest_ask > 0);
    expect(soldOut).toContain(true);
    expect(soldOut).toContain(false);
    expect(a('hidden-variants').variants.some((v: { hidden: boolean }) => v.hidden)).toBe(true);
    expect(a('long-title').title.length).toBeGreaterThanOrEqual(90);
    expect(a('long-title').title.length).toBeLessThanOrEqual(100);
    expect(get('long-title').market_b.name.length).toBeLessThanOrEqual(100);
    expect(a('non-ascii-title').title).toMatch(/[^\x00-\x7f]/);
    expect(get('non-ascii-title').market_b.name).toMatch(/[^\x00-\x7f]/);
  });
});

describe.each([
  { seed: 'resale-kit', products: 10_000 },
  { seed: 'market', products: 5000 },
  { seed: 42, products: 5000 },
])('the market of seed $seed, $products products', (w) => {
  const m = world(w);
  const core = m.core;
  const top = core.world.a.size > 0 ? refs(m).a.search(undefined).slice(0, 300) : [];

  it('popularity and premium are not the same: best sellers trade near retail, the highest premiums sell little', () => {
    const orders = top.map((p) => call(m, `/v3/market_a/products/${refs(m).a.id(p)}`).body.data.weekly_orders as number);
    const premiums = top.map((p) => premium(core.world.a.identity(p)));
    expect(spearman(orders, premiums)).toBeLessThan(0.2);
    const best = premiums.slice(0, 10).sort((x, y) => x - y);
    expect(best[5]).toBeLessThan(1.4); // median of the ten best sellers
    const ranked = top.map((p, i) => ({ premium: premiums[i] as number, rank: i })).sort((x, y) => y.premium - x.premium);
    expect(ranked.slice(0, 10).filter((x) => x.rank < 10).length).toBeLessThanOrEqual(2); // the ten highest premiums are rarely among the ten best sellers
  });

  it('a size that sells every day has an ask (the best sellers across their size runs)', () => {
    let busy = 0;
    for (const p of top.slice(0, 20)) {
      for (const v of call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true`).body.data.variants as { size: string; lowest_ask: number; sales_count_15_days: number }[]) {
        if (v.sales_count_15_days < 20) continue;
        busy++;
        expect(v.lowest_ask, `${p} size ${v.size}`).toBeGreaterThan(0);
      }
    }
    expect(busy).toBeGreaterThan(10);
  });

  it('price series move: a release premium that fades, then a drift; none flat', () => {
    let series = 0;
    let moving = 0;
    let faded = 0;
    let young = 0;
    for (const p of top.slice(0, 150)) {
      const daily = call(m, `/v3/market_a/products/${refs(m).a.id(p)}/sales/daily?limit=365`).body.data as { avg_amount: number; date: string }[];
      if (daily.length < 120) continue;
      series++;
      const amounts = daily.map((d) => d.avg_amount).reverse(); // oldest first
      const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
      const weeks = Array.from({ length: Math.floor(amounts.length / 14) }, (_, i) => mean(amounts.slice(i * 14, i * 14 + 14)));
      if (Math.max(...weeks) / Math.min(...weeks) > 1.06) moving++;
      const id = core.world.a.identity(p);
      const firstDay = Date.parse(daily[daily.length - 1]?.date ?? '') / 86_400_000;
      if (!id.limited && firstDay - id.releaseDay < 3 && amounts.length > 200) {
        young++;
        if (mean(amounts.slice(0, 14)) > mean(amounts.slice(-30)) * 1.1) faded++;
      }
    }
    expect(series).toBeGreaterThan(30);
    expect(moving / series).toBeGreaterThan(0.8);
    if (young > 0) expect(faded / young).toBeGreaterThan(0.7);
  });

  it('sales follow the week and the day: more at weekends, more in the American evening than the American night', () => {
    const byWeekday = new Array<number>(7).fill(0);
    const byHour = new Array<number>(24).fill(0);
    for (const p of top.slice(0, 40)) {
      for (const d of call(m, `/v3/market_a/products/${refs(m).a.id(p)}/sales/daily?limit=365`).body.data) byWeekday[new Date(d.date).getUTCDay()] = (byWeekday[new Date(d.date).getUTCDay()] ?? 0) + d.orders;
      for (const s of call(m, `/v3/market_a/products/${refs(m).a.id(p)}/sales?limit=100&page=3`).body.data) byHour[new Date(s.created_at).getUTCHours()] = (byHour[new Date(s.created_at).getUTCHours()] ?? 0) + 1;
    }
    const weekend = ((byWeekday[0] as number) + (byWeekday[6] as number)) / 2;
    const weekday = byWeekday.slice(1, 6).reduce((s, x) => s + x, 0) / 5;
    expect(weekend / weekday).toBeGreaterThan(1.08);
    const evening = byHour.slice(0, 5).reduce((s, x) => s + x, 0);
    const night = byHour.slice(7, 12).reduce((s, x) => s + x, 0);
    expect(evening).toBeGreaterThan(2 * night);
  });

  it('each kind of product has its own image: a hoodie is not drawn as a shoe', () => {
    const kinds = new Map<string, string>();
    for (let p = 0; p < 3000 && kinds.size < 4; p++) {
      const id = core.world.a.identity(p);
      const shape = lineOf(id).shape;
      if (kinds.has(shape)) continue;
      const doc = call(m, `/v3/market_a/products/${refs(m).a.id(p)}`).body.data;
      kinds.set(shape, call(m, new URL(doc.image).pathname).text);
    }
    const drawings = [...kinds.values()].map((svg) => svg.slice(svg.indexOf('<g '), svg.indexOf('</g>')).replace(/#[0-9a-f]{6}/g, ''));
    expect(new Set(drawings).size).toBe(kinds.size);
    expect(kinds.size).toBeGreaterThanOrEqual(3);
  });

  it('the catalog has every kind of product the production service lists', () => {
    expect(new Set(MODEL_LINES.map((l) => l.productType))).toEqual(new Set(['sneakers', 'streetwear', 'collectibles', 'accessories']));
  });
});
