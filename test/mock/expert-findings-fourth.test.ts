/**
 * The sneaker-market expert's fourth report on the default mock (seed `resale-kit`, 10,000
 * products a marketplace, clock 2026-11-21): size charts (Salomon EU, ASICS women's), kids' price
 * ladders, release dates before a model existed, Supreme drops and season codes, the English 151
 * products' dates, `created_at` before marketplace A existed, Nike UPC prefixes by year, countries
 * of manufacture, ASICS kids' codes, products that never existed and broken description
 * sentences. Each finding is pinned as a rule over the whole world, read through the API or the
 * identities; each `it` names the finding it closes.
 */
import { describe, expect, it } from 'vitest';
import { COLORWAYS } from '../../mocks/world/catalog-data.js';
import { DAY_MS, lineOf, type Identity } from '../../mocks/world/identity.js';
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
const products = Array.from({ length: N }, (_, p) => p);
interface Doc {
  sku: string;
  title: string;
  brand: string;
  gender: string;
  primary_title: string;
  secondary_title: string;
  description: string;
  created_at: string;
  country_of_manufacture: string;
  product_type: string;
  variants: { size: string; size_type: string; lowest_ask: number; sizes: { size: string; type: string }[]; identifiers: { identifier: string; identifier_type: string }[] | null }[];
}
const docs = new Map<number, Doc>();
/** Product p on marketplace A with its variants and identifiers. */
const docOf = (p: number): Doc => {
  let d = docs.get(p);
  if (!d) {
    d = call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true&display[identifiers]=true`).body.data as Doc;
    docs.set(p, d);
  }
  return d;
};
/** Marketplace A and B identities of every product, with the marketplace's letter. */
const identities = (): { market: 'a' | 'b'; p: number; id: Identity }[] => [...products.map((p) => ({ market: 'a' as const, p, id: world.a.identity(p) })), ...products.map((p) => ({ market: 'b' as const, p, id: world.b.identity(p) }))];
const ofLine = (title: string): number[] => products.filter((p) => lineOf(world.a.identity(p)).primaryTitle === title);
const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (d: number): string => new Date(d * DAY_MS).toISOString().slice(0, 10);
/** EU in thirds from a UK size as adidas and Salomon print it: UK 6.5 = EU 40, each half size 2/3. */
const thirds = (uk: number): string => {
  const t = Math.round((40 + (uk - 6.5) * (4 / 3)) * 3);
  const whole = Math.floor(t / 3);
  return t % 3 === 0 ? String(whole) : `${whole} ${t - whole * 3}/3`;
};
const size = (v: Doc['variants'][number], type: string): string | undefined => v.sizes.find((s) => s.type === type)?.size;

describe('expert findings, fourth report (10,000 products)', () => {
  /** Finding 1: Salomon EU sizes were 2/3 too high (US M 9 = EU 43 1/3); Salomon prints the adidas thirds from the UK size. */
  it('finding 1: Salomon EU sizes are the thirds of the UK size (US M 9 = UK 8.5 = EU 42 2/3 = 27 cm)', () => {
    let seen = 0;
    for (const p of ofLine('Salomon XT-6')) {
      for (const v of docOf(p).variants) {
        seen++;
        const us = Number(v.size);
        expect(size(v, 'uk')).toBe(`UK ${us - 0.5}`);
        expect(size(v, 'eu'), `US M ${us}`).toBe(`EU ${thirds(us - 0.5)}`);
        expect(size(v, 'cm')).toBe(`CM ${us + 18}`);
        if (us === 7) expect(size(v, 'eu')).toBe('EU 40');
        if (us === 9) expect(size(v, 'eu')).toBe('EU 42 2/3');
        if (us === 10.5) expect(size(v, 'eu')).toBe('EU 44 2/3');
      }
    }
    expect(seen).toBeGreaterThan(100);
  });

  /** Finding 2: ASICS women's sizes used the men's rows (W 8 = UK 5.5 = 24.5 cm); ASICS' women's chart: UK = W − 2, CM = W + 17. */
  it('finding 2: ASICS women’s sizes follow the women’s chart (W 7 = UK 5 = EU 38 = 24 cm, W 8 = UK 6 = EU 39.5 = 25 cm)', () => {
    let seen = 0;
    for (const p of products.filter((q) => lineOf(world.a.identity(q)).brand === 'ASICS')) {
      const d = docOf(p);
      if (d.gender !== 'women') continue;
      for (const v of d.variants) {
        seen++;
        const w = Number(v.size);
        expect(size(v, 'uk'), `${d.title} W ${w}`).toBe(`UK ${w - 2}`);
        expect(size(v, 'cm'), `${d.title} W ${w}`).toBe(`CM ${w + 17}`);
        if (w === 7) expect(size(v, 'eu')).toBe('EU 38');
        if (w === 8) expect(size(v, 'eu')).toBe('EU 39.5');
      }
    }
    expect(seen).toBeGreaterThan(50);
  });

  /**
   * Finding 3: toddler pairs cost as much as pre-school ones (New Balance 9060, 2002R, Jordan 6,
   * Gel-1130), Jordan TD pairs $154–175. Retail ladders are TD ≈ 37–45 %, PS ≈ 45–55 %, GS ≈
   * 70–85 % of the men's pair, and kids' pairs resell near that retail: for every model, the
   * median TD pair is below the median PS pair, below the median GS pair; Jordan TD pairs ask
   * about $80–90, PS $90–110, GS $150–175.
   */
  it('finding 3: kids’ prices climb TD < PS < GS for every model; Jordan TD about $80–90', () => {
    const asks = new Map<string, number[]>();
    for (const p of products) {
      const id = world.a.identity(p);
      const line = lineOf(id);
      if (line.productType !== 'sneakers') continue;
      const d = docOf(p);
      if (!['child', 'preschool', 'toddler'].includes(d.gender)) continue;
      const own = d.variants.map((v) => v.lowest_ask).filter((x) => x > 0);
      if (own.length === 0) continue;
      const k = `${line.primaryTitle}|${d.gender}`;
      asks.set(k, [...(asks.get(k) ?? []), median(own)]);
    }
    let compared = 0;
    for (const line of new Set([...asks.keys()].map((k) => k.split('|')[0] as string))) {
      const [gs, ps, td] = ['child', 'preschool', 'toddler'].map((g) => asks.get(`${line}|${g}`) ?? []);
      if ((td?.length ?? 0) >= 2 && (ps?.length ?? 0) >= 2) {
        compared++;
        expect(median(td ?? []), `${line} TD < PS`).toBeLessThan(median(ps ?? []));
      }
      if ((ps?.length ?? 0) >= 2 && (gs?.length ?? 0) >= 2) {
        compared++;
        expect(median(ps ?? []), `${line} PS < GS`).toBeLessThan(median(gs ?? []));
      }
    }
    expect(compared).toBeGreaterThan(20);
    const jordan = (g: string): number[] => [...asks].filter(([k]) => k.startsWith('Jordan') && k.endsWith(`|${g}`)).flatMap(([, v]) => v);
    expect(Math.max(...jordan('toddler')), 'Jordan TD').toBeLessThan(130);
    expect(median(jordan('toddler')), 'Jordan TD').toBeGreaterThanOrEqual(70);
    expect(median(jordan('toddler')), 'Jordan TD').toBeLessThanOrEqual(100);
    expect(median(jordan('preschool')), 'Jordan PS').toBeGreaterThanOrEqual(85);
    expect(median(jordan('preschool')), 'Jordan PS').toBeLessThanOrEqual(120);
    expect(median(jordan('child')), 'Jordan GS').toBeGreaterThanOrEqual(140);
    expect(median(jordan('child')), 'Jordan GS').toBeLessThanOrEqual(185);
  }, 120_000);

  /**
   * Finding 4: products dated before their model existed (Yeezy Boost 350 V2 "Granite Core
   * Black" 2016-01-28; the first 350 V2, "Beluga", released 2016-09-24). Each line releases no
   * earlier than its real first release as the catalogue sells it.
   */
  it('finding 4: no product releases before its model’s first release', () => {
    const first: Record<string, string> = {
      'adidas Yeezy Boost 350 V2': '2016-09-24',
      'Jordan 1 Retro High OG': '2013-01-01',
      'Nike Dunk Low': '2020-01-01',
      'New Balance 9060': '2022-01-01',
      'New Balance 2002R': '2020-01-01',
      'New Balance 550': '2020-01-01',
    };
    const seen = new Map<string, number>();
    for (const { market, p, id } of identities()) {
      const line = lineOf(id).primaryTitle;
      const floor = first[line];
      if (floor === undefined || id.edge === 'upcoming') continue;
      seen.set(line, (seen.get(line) ?? 0) + 1);
      expect(id.releaseDay, `${market} ${p} ${line} ${isoOf(id.releaseDay)}`).toBeGreaterThanOrEqual(day(floor));
    }
    for (const line of Object.keys(first)) expect(seen.get(line), line).toBeGreaterThan(20);
  });

  /**
   * Finding 5: Supreme Box Logo hoodies dropped on 16 dates a year; they drop once a year, every
   * colour of the year on one Thursday of the fall/winter season (late November or December).
   * Supreme's season codes (FW24…, SS25…) follow the release's season and belong to Supreme only.
   */
  it('finding 5: one Box Logo drop a year on a late-autumn Thursday; season codes only on Supreme, matching the season', () => {
    const drops = new Map<number, Set<number>>();
    for (const { id } of identities()) {
      if (lineOf(id).primaryTitle !== 'Supreme Box Logo Hooded Sweatshirt' || id.edge !== undefined) continue;
      const d = new Date(id.releaseDay * DAY_MS);
      const year = d.getUTCFullYear();
      drops.set(year, (drops.get(year) ?? new Set()).add(id.releaseDay));
      expect(d.getUTCDay(), isoOf(id.releaseDay)).toBe(4);
      expect(d.getUTCMonth() === 11 || (d.getUTCMonth() === 10 && d.getUTCDate() >= 15), isoOf(id.releaseDay)).toBe(true);
    }
    expect(drops.size).toBeGreaterThan(8);
    for (const [year, days] of drops) expect(days.size, String(year)).toBe(1);

    let supreme = 0;
    for (const p of products) {
      const id = world.a.identity(p);
      const line = lineOf(id);
      const sku = docOf(p).sku;
      const season = /^(FW|SS)(\d{2})/.exec(sku);
      if (line.brand !== 'Supreme') {
        // A Nike code may start FW by its era (FW0675-100); the season codes are the non-sneaker brands' format.
        if (line.sku === 'generic') expect(season, `${line.primaryTitle} ${sku}`).toBeNull();
        continue;
      }
      supreme++;
      const d = new Date(id.releaseDay * DAY_MS);
      const month = d.getUTCMonth() + 1;
      // FW runs August to January (January belongs to the previous year's FW), SS February to July.
      const want = month >= 8 ? `FW${String(d.getUTCFullYear() % 100)}` : month === 1 ? `FW${String((d.getUTCFullYear() - 1) % 100)}` : `SS${String(d.getUTCFullYear() % 100)}`;
      expect(sku.slice(0, 4), `${line.primaryTitle} ${isoOf(id.releaseDay)}`).toBe(want);
    }
    expect(supreme).toBeGreaterThan(50);
    const pokemon = ofLine('Pokémon TCG: Scarlet & Violet 151').filter((p) => world.a.identity(p).edge === undefined);
    for (const p of pokemon) expect(docOf(p).sku).toMatch(/^820650\d{6}$/);
    for (const p of ofLine('Fear of God Essentials Hoodie')) expect(docOf(p).sku).toMatch(/^\d{3}[A-Z]{2}\d{6}[A-Z]$/);
  });

  /** Finding 6: English 151 products dated 2025–2026; they came out in September–October 2023 (the Japanese box on 2023-06-16). */
  it('finding 6: English Pokémon 151 products release in September–October 2023', () => {
    let seen = 0;
    for (const { market, p, id } of identities()) {
      if (lineOf(id).primaryTitle !== 'Pokémon TCG: Scarlet & Violet 151' || id.edge === 'upcoming') continue;
      if (id.edge === 'non-ascii-title') {
        expect(isoOf(id.releaseDay)).toBe('2023-06-16');
        continue;
      }
      seen++;
      const nickname = COLORWAYS[id.colorway]?.nickname ?? '';
      expect(isoOf(id.releaseDay) >= '2023-09-22' && isoOf(id.releaseDay) <= '2023-10-31', `${market} ${p} ${nickname} ${isoOf(id.releaseDay)}`).toBe(true);
    }
    expect(seen).toBeGreaterThan(20);
  });

  /** Finding 7: 114 marketplace A pages created before marketplace A launched (February 2016). */
  it('finding 7: no marketplace A page was created before February 2016', () => {
    for (const p of products) expect(world.a.createdAtOf(p), String(p)).toBeGreaterThanOrEqual(Date.UTC(2016, 1, 1));
  });

  /**
   * Finding 8: Nike and Jordan pairs released before 2016 carried 19x UPCs (GS1 US prefixes
   * issued from about 2016); Nike's earlier UPCs start 884–888 (or 091), later ones 190, 191, ...
   * by year. Codes keep valid check digits and stay unique within a product.
   */
  it('finding 8: Nike and Jordan UPC prefixes follow the release year', () => {
    let early = 0;
    let late = 0;
    for (const p of products) {
      const id = world.a.identity(p);
      const brand = lineOf(id).brand;
      if (brand !== 'Nike' && brand !== 'Jordan') continue;
      const year = new Date(id.releaseDay * DAY_MS).getUTCFullYear();
      const d = docOf(p);
      const upcs = d.variants.flatMap((v) => (v.identifiers ?? []).filter((i) => i.identifier_type === 'UPC').map((i) => i.identifier));
      expect(new Set(upcs).size).toBe(upcs.length);
      for (const upc of upcs) {
        if (year < 2016) {
          early++;
          expect(upc, `${d.title} ${year}`).toMatch(/^(88[4-8]|091)/);
        } else {
          late++;
          expect(upc, `${d.title} ${year}`).toMatch(/^19\d/);
          expect(Number(upc[2]), `${d.title} ${year} ${upc}`).toBeLessThanOrEqual(Math.min(7, year - 2016));
        }
      }
    }
    expect(early).toBeGreaterThan(500);
    expect(late).toBeGreaterThan(5000);
  }, 120_000);

  /**
   * Finding 9: Nike Vomero 5 made in GB, IT, PT, US; ASICS Gel-NYC in the US; a GS New Balance
   * 990v6 "Made in USA" from the US. Nike, Jordan and ASICS footwear is made in VN, CN, ID (ASICS
   * also IN); only New Balance's Made in USA line is US; no kids' pair of it exists.
   */
  it('finding 9: countries of manufacture are the brand’s real factories', () => {
    for (const p of products) {
      const id = world.a.identity(p);
      const line = lineOf(id);
      if (line.productType !== 'sneakers' || id.edge !== undefined) continue;
      const d = docOf(p);
      const c = d.country_of_manufacture;
      if (line.brand === 'Nike' || line.brand === 'Jordan' || line.brand === 'adidas') expect(['VN', 'CN', 'ID'], d.title).toContain(c);
      if (line.brand === 'ASICS') expect(['VN', 'CN', 'ID', 'IN'], d.title).toContain(c);
      if (line.brand === 'New Balance') {
        if (d.title.includes('Made in USA')) {
          expect(c, d.title).toBe('US');
          expect(['men', 'women', 'unisex'], d.title).toContain(d.gender);
        } else expect(['VN', 'CN', 'ID'], d.title).toContain(c);
      }
    }
  }, 120_000);

  /** Finding 10: ASICS kids' codes were the adult 1201A/1203A series; ASICS kids' pairs are 1204A. */
  it('finding 10: ASICS kids’ style codes are 1204A', () => {
    let kids = 0;
    for (const p of products.filter((q) => lineOf(world.a.identity(q)).brand === 'ASICS')) {
      const d = docOf(p);
      if (!['child', 'preschool', 'toddler'].includes(d.gender)) {
        expect(d.sku.startsWith('1204A'), d.title).toBe(false);
        continue;
      }
      kids++;
      expect(d.sku, d.title).toMatch(/^1204A\d{3}/);
    }
    expect(kids).toBeGreaterThan(5);
  });

  /** Finding 11: a GS Yeezy 350 V2 and a women's Kobe 6 Protro, which never existed (Yeezy kids' pairs are Kids and Infants sizes). */
  it('finding 11: no GS Yeezy 350 V2 and no women’s Kobe 6 Protro', () => {
    const seen = { yeezy: 0, kobe: 0 };
    for (const { id } of identities()) {
      const line = lineOf(id).primaryTitle;
      if (line === 'adidas Yeezy Boost 350 V2') {
        seen.yeezy++;
        expect(id.gender, 'GS Yeezy').not.toBe(3);
      }
      if (line === 'Nike Kobe 6 Protro') {
        seen.kobe++;
        expect(id.gender, "women's Kobe 6").not.toBe(1);
      }
    }
    expect(seen.yeezy).toBeGreaterThan(100);
    expect(seen.kobe).toBeGreaterThan(50);
  });

  /** Finding 12: "First available in March 10, 2021", "Red is done in Red.", "Static make up the upper.". */
  it('finding 12: descriptions are grammatical (on a full date, no colour done in itself, one colour makes up)', () => {
    const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
    const inFullDate = new RegExp(`\\bin (${months}) \\d{1,2}, \\d{4}`);
    let checked = 0;
    for (const market of ['market_a', 'market_b'] as const) {
      for (let p = 0; p < N; p += market === 'market_a' ? 1 : 2) {
        const ref = market === 'market_a' ? refs(m).a.id(p) : refs(m).b.id(p);
        const text = (market === 'market_a' ? docOf(p).description : (call(m, `/v3/${market}/products/${ref}`).body.data.description as string)) ?? '';
        checked++;
        expect(text, text).not.toMatch(inFullDate);
        for (const [, a, b] of text.matchAll(/(?:^|\. )([^.]+?) is done in ([^.]+)\./g)) expect((a ?? '').toLowerCase(), text).not.toBe((b ?? '').toLowerCase());
        for (const [, subject] of text.matchAll(/(?:^|\. )([^.]+?) make up the upper\./g)) expect(subject, text).toMatch(/ and /);
      }
    }
    expect(checked).toBeGreaterThan(14_000);
  }, 180_000);
});
