/**
 * The sneaker-market expert's third report on the default mock (seed `resale-kit`, clock
 * 2026-11-21): style codes by gender, each brand's colour words, the resale levels of the Yeezy
 * 350 V2 and the Ultraboost, barcodes by brand, New Balance women's sizes. Each finding is pinned
 * as a rule over thousands of products of the real world builder, read through the API; each `it`
 * names the finding it closes.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_FACTS } from '../../mocks/world/facts/models.js';
import { lineOf, releaseYearOf } from '../../mocks/world/identity.js';
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
interface Doc {
  sku: string;
  title: string;
  brand: string;
  gender: string;
  primary_title: string;
  secondary_title: string;
  description: string;
  variants: { size: string; size_type: string; lowest_ask: number; sizes: { size: string; type: string }[]; identifiers: { identifier: string; identifier_type: string }[] | null }[];
}
/** Product p on marketplace A with its variants and identifiers. */
const docOf = (p: number): Doc => call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true&display[identifiers]=true`).body.data as Doc;
/** The products of a brand (indexes), from the identities. */
const productsOf = (brand: string): number[] => Array.from({ length: N }, (_, p) => p).filter((p) => lineOf(world.a.identity(p)).brand === brand);

/** A GS1 code (UPC-A, EAN-13) whose last digit is its check digit. */
const validGs1 = (code: string): boolean => {
  const digits = [...code].map(Number);
  const check = digits.pop() as number;
  // From the right, the digit next to the check digit weighs 3, the one before it 1, and so on.
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
};

describe('expert findings, third report (10,000 products)', () => {
  /**
   * Finding 1 (high): New Balance and ASICS women's and kids' pairs carried the men's code
   * (M990…6 on a women's 990v6, 1201A on a women's Gel-1130), and grade-school Jordan retros of
   * the six-digit era the men's root (555088 on a GS Jordan 1). New Balance writes the gender in
   * the code (W for women, GC / PV / IV for grade school, pre-school and infants), ASICS women's
   * SportStyle pairs are 1202A, and a kids' Jordan retro never carries the men's root.
   */
  it('finding 1: style codes follow the pair’s gender (New Balance, ASICS, kids’ Jordan retros)', () => {
    const nb = { men: 0, women: 0, kids: 0 };
    for (const p of productsOf('New Balance')) {
      const id = world.a.identity(p);
      const prefix = lineOf(id).skuPrefix ?? '';
      const model = prefix.replace(/^[A-Z]+(?=\d)/, '');
      const { sku, gender, title } = docOf(p);
      if (gender === 'men' || gender === 'unisex') {
        nb.men++;
        expect(sku.startsWith(prefix), title).toBe(true);
      } else if (gender === 'women') {
        nb.women++;
        // U (unisex) codes are sold in women's sizes too; men's M and the 550's BB take W.
        const women = prefix.startsWith('U') ? prefix : prefix.startsWith('BB') ? `BBW${model}` : `W${model}`;
        expect(sku.startsWith(women), `${title} ${sku}`).toBe(true);
      } else {
        nb.kids++;
        const kid = { child: 'GC', preschool: 'PV', toddler: 'IV' }[gender];
        expect(sku.startsWith(`${kid}${model}`), `${title} ${sku}`).toBe(true);
      }
      if (prefix === 'M990') expect(sku.endsWith('6'), sku).toBe(true);
    }
    expect(nb.women).toBeGreaterThan(100);
    expect(nb.kids).toBeGreaterThan(30);

    let asicsWomen = 0;
    for (const p of productsOf('ASICS')) {
      const { sku, gender, title } = docOf(p);
      if (gender === 'women') {
        asicsWomen++;
        expect(sku, title).toMatch(/^1202A\d{3}-\d{3}$/);
      } else if (gender === 'men') expect(sku, title).toMatch(/^120[13]A\d{3}-\d{3}$/);
      else if (gender === 'unisex') expect(sku, title).toMatch(/^1203A\d{3}-\d{3}$/);
    }
    expect(asicsWomen).toBeGreaterThan(40);

    const roots = new Map(Object.entries(MODEL_FACTS).flatMap(([line, f]) => (f.styleRoot ? [[line, f.styleRoot] as const] : [])));
    let kids = 0;
    let gsRooted = 0;
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      const root = roots.get(lineOf(id).primaryTitle);
      if (root === undefined || releaseYearOf(id) >= 2017) continue;
      const { sku, gender, title } = docOf(p);
      if (gender !== 'child' && gender !== 'preschool' && gender !== 'toddler') continue;
      kids++;
      expect(sku.startsWith(`${root.root}-`), `${title} ${sku}`).toBe(false);
      if (gender === 'child' && root.gs !== undefined && sku.startsWith(`${root.gs}-`)) gsRooted++;
    }
    expect(kids).toBeGreaterThan(20);
    expect(gsRooted).toBeGreaterThan(5);
  }, 120_000);

  /**
   * Finding 2 (medium): adidas, Yeezy and ASICS pairs were described in Nike's colour words
   * (`White/University Red`, `Wolf Grey`, `Sail` on a Samba, a Yeezy, a Gel-Kayano). Each brand's
   * pairs are described in its own colour words.
   */
  it('finding 2: adidas, Yeezy and ASICS colours are the brand’s own words', () => {
    const nikeWords = /University Red|Wolf Grey|\bSail\b|(?<!Team )Royal Blue|Light Blue|\bTeal\b|\bOlive\b/;
    let seen = 0;
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      const line = lineOf(id);
      if (line.brand !== 'adidas' && line.brand !== 'ASICS') continue;
      const d = docOf(p);
      seen++;
      expect(d.secondary_title, d.title).not.toMatch(nikeWords);
      expect(d.description, d.title).not.toMatch(nikeWords);
    }
    expect(seen).toBeGreaterThan(1000);
  }, 120_000);

  /**
   * Finding 3 (medium): the Yeezy Boost 350 V2 traded at a median $244 (a tenth above $340) and
   * the Ultraboost 1.0 at $209, above its $190 retail. Since 2023 most 350 V2s resell for about
   * $150-300 and Ultraboosts below retail, about $90-180.
   */
  it('finding 3: Yeezy 350 V2 and Ultraboost 1.0 resell within their sourced ranges', () => {
    const asks = new Map<string, number[]>();
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      const line = lineOf(id).primaryTitle;
      if (!/Yeezy Boost 350 V2|Ultraboost/.test(line) || id.edge !== undefined || id.gender > 2) continue;
      const own = docOf(p)
        .variants.map((v) => v.lowest_ask)
        .filter((x) => x > 0);
      if (own.length > 0) asks.set(line, [...(asks.get(line) ?? []), median(own)]);
    }
    const yeezy = asks.get('adidas Yeezy Boost 350 V2') ?? [];
    const ultra = asks.get('adidas Ultraboost 1.0') ?? [];
    expect(yeezy.length).toBeGreaterThan(100);
    expect(ultra.length).toBeGreaterThan(30);
    // Asks sit a few percent above the market level, a size's own ±5 % on top.
    for (const a of yeezy) expect(a).toBeGreaterThanOrEqual(Math.floor(150 * 0.95));
    for (const a of yeezy) expect(a).toBeLessThanOrEqual(Math.ceil(300 * 1.2));
    for (const a of ultra) expect(a).toBeGreaterThanOrEqual(Math.floor(90 * 0.95));
    for (const a of ultra) expect(a).toBeLessThanOrEqual(Math.ceil(180 * 1.2));
    expect(median(yeezy)).toBeLessThanOrEqual(230);
    expect(median(ultra)).toBeLessThan(180);
  }, 120_000);

  /**
   * Finding 4 (medium): every brand's barcodes were US UPC-A numbers 19… (an adidas or ASICS pair
   * too). adidas pairs carry EAN-13s of GS1 Germany (40…), ASICS pairs Japanese JAN codes (45…),
   * Nike, Jordan and New Balance UPC-A numbers of GS1 US (19…); every code has a valid check digit.
   */
  it('finding 4: barcodes follow the brand’s GS1 prefix, with a valid check digit', () => {
    const brands = new Map<string, Set<string>>();
    for (const brand of ['adidas', 'ASICS', 'Nike', 'Jordan', 'New Balance']) {
      for (const p of productsOf(brand).slice(0, 150)) {
        for (const v of docOf(p).variants) {
          for (const i of v.identifiers ?? []) {
            expect(validGs1(i.identifier), i.identifier).toBe(true);
            const k = `${i.identifier_type} ${i.identifier.slice(0, 2)}`;
            brands.set(brand, (brands.get(brand) ?? new Set()).add(k));
          }
        }
      }
    }
    expect([...(brands.get('adidas') ?? [])]).toEqual(['EAN-13 40']);
    expect([...(brands.get('ASICS') ?? [])]).toEqual(['EAN-13 45']);
    expect([...(brands.get('New Balance') ?? [])].sort()).toEqual(['EAN-13 01', 'UPC 19']);
    // Nike and Jordan pairs released before 2016 carry Nike's older 884-888 prefixes (fourth report, finding 8).
    for (const b of ['Nike', 'Jordan']) expect([...(brands.get(b) ?? [])].sort(), b).toEqual(['EAN-13 08', 'EAN-13 01', 'UPC 19', 'UPC 88'].sort());
  }, 120_000);

  /**
   * Finding 6 (medium): New Balance women's sizes were converted with the men's chart (W 8 =
   * 24.5 cm). New Balance's women's chart puts W 6 at 23 cm, W 7 at 24, W 8 at 25, W 9 at 26.
   */
  it('finding 6: New Balance women’s sizes follow the women’s chart (W 8 = 25 cm)', () => {
    let seen = 0;
    for (const p of productsOf('New Balance').slice(0, 200)) {
      const d = docOf(p);
      if (d.gender !== 'women') continue;
      for (const v of d.variants) {
        seen++;
        const cm = v.sizes.find((s) => s.type === 'cm')?.size;
        expect(cm, `${d.title} W ${v.size}`).toBe(`CM ${Number(v.size) + 17}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
  });
});
