/**
 * The sneaker-market expert's crawl of the default mock (seed `resale-kit`, clock 2026-11-21):
 * each finding pinned as a rule over thousands of products of the real world builder, read
 * through the API where the API shows the value. Each `it` names the finding it closes.
 */
import { describe, expect, it } from 'vitest';
import { COLORWAYS, MODEL_LINES } from '../../mocks/world/catalog-data.js';
import { COLOURWAY_FACTS } from '../../mocks/world/facts/colourways.js';
import { JAPANESE_151, MODEL_FACTS } from '../../mocks/world/facts/models.js';
import { DAY_MS, firstDayOf, lineOf } from '../../mocks/world/identity.js';
import { call, mock } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const N = 10_000;
const m = mock({ seed: 'resale-kit', products: N, now: NOW });
const world = m.core.world;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Lines whose products release on a few set days (a card set's release, a yearly drop). */
const SET_DAYS = new Set(['Pokémon TCG: Scarlet & Violet 151', 'Supreme Box Logo Hooded Sweatshirt']);

describe('expert findings on the default world (10,000 products)', () => {
  /**
   * Finding 1 (high): made-up colourways stacked on famous release dates (69 Jordan 11s on the
   * Space Jam date, 201 Jordan 3s on the Black Cement date) and priced like the real release.
   * Only the real release sits on its date; every other product of the line has its own date.
   * Lines that really release on a few set days are left out (fourth report, findings 5 and 6):
   * the English 151 products came out with their set, Supreme's Box Logo hoodies in one drop a year.
   */
  it('finding 1: no famous release date holds more than the real release and a few ordinary ones; only real names carry a fact', () => {
    const perLineDay = new Map<string, number>();
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      const k = `${lineOf(id).primaryTitle} ${isoDay(id.releaseDay)}`;
      if (!SET_DAYS.has(lineOf(id).primaryTitle)) perLineDay.set(k, (perLineDay.get(k) ?? 0) + 1);
      // A product priced and dated as a real release is one: its own name is the fact's.
      if (id.named) expect(COLOURWAY_FACTS.some((f) => f.line === lineOf(id).primaryTitle && f.nickname === COLORWAYS[id.colorway]?.nickname)).toBe(true);
    }
    const worst = [...perLineDay].sort((x, y) => y[1] - x[1])[0];
    expect(worst?.[1], worst?.[0]).toBeLessThanOrEqual(8);
    for (const f of COLOURWAY_FACTS) expect(perLineDay.get(`${f.line} ${f.date}`) ?? 0, `${f.line} ${f.date}`).toBeLessThanOrEqual(6);
  });

  /**
   * Finding 3 (high): famous releases sold almost nothing (Panda rank 317, Military Black one
   * sale a week) while generic colourways topped the ranks. A staple is in the top ten, every
   * famous general release (tier 1) in the top 2 % by weekly sales, a limited one in the top 5 %.
   */
  it('finding 3: famous releases are among the most traded', () => {
    let seen = 0;
    for (const f of COLOURWAY_FACTS) {
      const hit = call(m, `/v3/market_a/products?query=${f.code}`).body.data?.[0];
      if (!hit || hit.sku !== f.code) continue;
      seen++;
      const p = world.a.resolve(hit.id) as number;
      const rank = call(m, `/v3/market_a/products/${refs(m).a.id(p)}`).body.data.rank as number;
      const bound = f.staple ? 10 : f.tier === 1 ? N * 0.02 : N * 0.05;
      expect(rank, `${f.line} ${f.nickname} rank`).toBeLessThanOrEqual(bound);
    }
    expect(seen).toBeGreaterThan(10);
  });

  /**
   * Finding 2 (high): kids' pairs at 20–50 % of adult (Dunk Low PS $27, AF1 TD $21): two kids'
   * discounts multiplied. Retail ladders are GS ≈ 78 %, PS ≈ 50 %, TD ≈ 41 % of men's (fourth report, finding 3), and resale
   * rarely falls far below retail, so a kids' run's median ask is at least 40–65 % of its line's
   * men's median, and sneaker asks under $30 barely exist.
   */
  it('finding 2: kids’ pairs are priced on the retail ladder, not a fraction of it', () => {
    const asks = new Map<string, number[]>();
    let sneakerAsks = 0;
    let under30 = 0;
    for (let p = 0; p < N; p += 3) {
      const d = call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true`).body.data;
      if (d.product_type !== 'sneakers') continue;
      const own = (d.variants as { lowest_ask: number }[]).map((v) => v.lowest_ask).filter((x) => x > 0);
      sneakerAsks += own.length;
      under30 += own.filter((x) => x < 30).length;
      if (own.length === 0) continue;
      const k = `${d.primary_title}|${d.gender}`;
      asks.set(k, [...(asks.get(k) ?? []), median(own)]);
    }
    const ratios: Record<string, number[]> = { child: [], preschool: [], toddler: [] };
    for (const [k, list] of asks) {
      const [line, gender] = k.split('|') as [string, string];
      const men = asks.get(`${line}|men`) ?? [];
      if (!(gender in ratios) || list.length < 3 || men.length < 10) continue;
      ratios[gender]?.push(median(list) / median(men));
    }
    expect(median(ratios.child ?? [])).toBeGreaterThan(0.65);
    expect(median(ratios.preschool ?? [])).toBeGreaterThan(0.45);
    expect(median(ratios.toddler ?? [])).toBeGreaterThan(0.4);
    expect(under30 / sneakerAsks).toBeLessThan(0.002);
  }, 120_000);

  /**
   * Finding 4 (high): New Balance 550s dated 2012 while the description says "reissued in 2020".
   * Every product of every line releases within its lifetime: not before the latest year its
   * own history sentence names (the reissue), not before its launch date (facts/models.ts).
   */
  it('finding 4: every release falls within its line’s lifetime, as its history states it', () => {
    const floor = MODEL_LINES.map((l) => {
      const years = (MODEL_FACTS[l.primaryTitle]?.history?.match(/\b(19|20)\d{2}\b/g) ?? []).map(Number);
      return Math.max(firstDayOf(l), Date.UTC(Math.max(l.since, ...years), 0, 1) / DAY_MS);
    });
    let checked = 0;
    for (const market of [world.a, world.b]) {
      for (let p = 0; p < N; p++) {
        const id = market.identity(p);
        if (id.edge === 'upcoming') continue;
        // The Japanese 151 box is its own release, before the English set (finding 5).
        const own = COLORWAYS[id.colorway]?.nickname === JAPANESE_151.nickname ? Date.parse(JAPANESE_151.date) / DAY_MS : (floor[id.line] as number);
        expect(id.releaseDay, `${lineOf(id).primaryTitle} ${isoDay(id.releaseDay)}`).toBeGreaterThanOrEqual(own);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(19_000);
  });

  /**
   * Finding 5 (high): the Japanese Pokémon 151 booster box dated 2023-01-01 (a Sunday) instead of
   * 2023-06-16, and an English "Booster Display (18 packs)" the English set never had; Cool Grey
   * 11 on its real date (2021-12-11). No release of any product falls on a Sunday.
   */
  it('finding 5: real dates for the Japanese 151 box and Cool Grey 11; no Sunday release; no English 151 booster display', () => {
    const box = call(m, `/v3/market_b/products?query=${encodeURIComponent('ポケモンカード151')}`).body.data as { name: string; release_date: string }[];
    expect(box.length).toBeGreaterThan(0);
    for (const d of box) expect(d.release_date.slice(0, 10), d.name).toBe(JAPANESE_151.date);
    // Cool Grey 11: A states its release in the description (its created_at is the listing, weeks before), B in release_date.
    const coolA = call(m, '/v3/market_a/products?query=CT8012-005').body.data?.[0];
    expect(call(m, `/v3/market_a/products/${coolA?.id}`).body.data.description).toContain('December 11, 2021');
    for (let p = 0; p < N; p++) {
      const id = world.b.identity(p);
      if (id.named && COLORWAYS[id.colorway]?.nickname === 'Cool Grey') expect(call(m, `/v3/market_b/products/${refs(m).b.id(p)}`).body.data.release_date.slice(0, 10)).toBe('2021-12-11');
    }
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      if (id.edge !== 'upcoming') expect((id.releaseDay + 4) % 7, world.a.titlesOf(p).title).not.toBe(0);
      expect(world.a.titlesOf(p).title).not.toMatch(/Booster Display/);
    }
  });

  /**
   * Finding 8 (medium): KAWS figures labelled VN/ID/PT/US (they are made in China), Supreme
   * Nalgene bottles CN/ID/IN/VN (made in the USA), the Japanese 151 box US (printed in Japan).
   */
  it('finding 8: collectibles and accessories are made where they are made', () => {
    const want: Record<string, string> = { 'KAWS Companion Open Edition Vinyl Figure': 'CN', 'Supreme Nalgene 32 oz. Bottle': 'US' };
    let seen = 0;
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      const line = lineOf(id).primaryTitle;
      const japanese = COLORWAYS[id.colorway]?.nickname === JAPANESE_151.nickname;
      if (!(line in want) && !japanese) continue;
      const doc = call(m, `/v3/market_a/products/${refs(m).a.id(p)}`).body.data;
      expect(doc.country_of_manufacture, doc.title).toBe(japanese ? 'JP' : want[line]);
      seen++;
    }
    expect(seen).toBeGreaterThan(50);
  });

  /** Finding 11 (low): Nike TD 9C and 10C showed UK 8 and UK 9; on Nike's chart a toddler's UK size is US C − 0.5 (UK 8.5, 9.5). */
  it('finding 11: toddler sizes convert to UK half a size down', () => {
    let seen = 0;
    for (let p = 0; p < N && seen < 40; p++) {
      if (world.a.identity(p).gender !== 5) continue;
      const doc = call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true`).body.data;
      for (const v of doc.variants as { size: string; sizes: { size: string; type: string }[] }[]) {
        const us = Number.parseFloat(v.size);
        if (!v.size.endsWith('C')) continue;
        expect(v.sizes.find((z) => z.type === 'uk')?.size, `${doc.title} ${v.size}`).toBe(`UK ${us - 0.5}`);
      }
      seen++;
    }
    expect(seen).toBe(40);
  });
});
