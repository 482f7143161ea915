/**
 * Size charts (issue 13): each brand's table held against rows of its published chart, and the
 * rules every chart keeps (KR = CM × 10 in 5 mm steps, CM in whole or half centimetres).
 */
import { describe, expect, it } from 'vitest';
import { SIZE_CHARTS, type FootwearChart } from '../../mocks/world/size-charts.js';
import { convertMens, convertWomens, sizeRun } from '../../mocks/world/sizes.js';
import { call, mock } from '../helpers/mock.js';

type Conv = { size: string; type: string }[];
const byType = (conv: Conv | undefined): Record<string, string> => Object.fromEntries((conv ?? []).map((c) => [c.type, c.size]));

describe('published anchor rows', () => {
  it.each<[string, FootwearChart, 'm' | 'w', number, Record<string, string>]>([
    ['Nike US M 9.5', 'nike', 'm', 9.5, { 'us m': 'US M 9.5', uk: 'UK 8.5', cm: 'CM 27.5', kr: 'KR 275', eu: 'EU 43', 'us w': 'US W 11' }],
    ['Nike US M 10', 'nike', 'm', 10, { cm: 'CM 28', eu: 'EU 44', uk: 'UK 9' }],
    ['Nike US M 7', 'nike', 'm', 7, { uk: 'UK 6', eu: 'EU 40', cm: 'CM 25' }],
    ['Nike US W 8', 'nike', 'w', 8, { cm: 'CM 25', uk: 'UK 5.5', eu: 'EU 39', 'us m': 'US M 6.5' }],
    ['Nike US W 11 is US M 9.5', 'nike', 'w', 11, { 'us m': 'US M 9.5', eu: 'EU 43' }],
    ['adidas US M 9', 'adidas', 'm', 9, { uk: 'UK 8.5', eu: 'EU 42 2/3', cm: 'CM 27', 'us w': 'US W 10' }],
    ['adidas US M 7', 'adidas', 'm', 7, { uk: 'UK 6.5', eu: 'EU 40' }],
    ['New Balance US M 9.5', 'newbalance', 'm', 9.5, { uk: 'UK 9', eu: 'EU 43', cm: 'CM 27.5', 'us w': 'US W 11' }],
    ['New Balance US W 8 (its own women’s chart)', 'newbalance', 'w', 8, { uk: 'UK 6', eu: 'EU 39', cm: 'CM 25', 'us m': 'US M 6.5' }],
    ['New Balance US W 6', 'newbalance', 'w', 6, { uk: 'UK 4', cm: 'CM 23' }],
    ['ASICS US M 9.5', 'asics', 'm', 9.5, { uk: 'UK 8.5', eu: 'EU 43.5', cm: 'CM 27.5' }],
    ['ASICS US W 7 (its own women’s chart)', 'asics', 'w', 7, { uk: 'UK 5', eu: 'EU 38', cm: 'CM 24' }],
    ['ASICS US W 8', 'asics', 'w', 8, { uk: 'UK 6', eu: 'EU 39.5', cm: 'CM 25', 'us m': 'US M 6.5' }],
    ['Converse US M 9', 'converse', 'm', 9, { uk: 'UK 9', eu: 'EU 42.5', 'us w': 'US W 11' }],
    ['Vans US M 9.5', 'vans', 'm', 9.5, { uk: 'UK 8.5', eu: 'EU 42.5', cm: 'CM 27.5', 'us w': 'US W 11' }],
    ['Salomon US M 7', 'salomon', 'm', 7, { uk: 'UK 6.5', eu: 'EU 40', cm: 'CM 25' }],
    ['Salomon US M 9', 'salomon', 'm', 9, { eu: 'EU 42 2/3', cm: 'CM 27', uk: 'UK 8.5' }],
    ['Salomon US M 9.5', 'salomon', 'm', 9.5, { eu: 'EU 43 1/3', cm: 'CM 27.5' }],
    ['Salomon US M 10.5', 'salomon', 'm', 10.5, { uk: 'UK 10', eu: 'EU 44 2/3' }],
  ])('%s', (_name, chart, system, size, want) => {
    const got = byType(system === 'm' ? convertMens(size, chart) : convertWomens(size, chart));
    for (const [type, value] of Object.entries(want)) expect(got[type], type).toBe(value);
  });
});

describe('rules of every chart', () => {
  for (const [name, chart] of Object.entries(SIZE_CHARTS)) {
    it(`${name}: KR = CM × 10 in 5 mm steps; CM whole or half; sizes ascend`, () => {
      for (const table of [chart.men, chart.women ?? []]) {
        let last = -Infinity;
        for (const r of table) {
          expect(Number.isInteger(r.cm * 2), `${r.us}: CM ${r.cm}`).toBe(true);
          expect(Math.round(r.cm * 10) % 5).toBe(0);
          expect(r.cm).toBeGreaterThanOrEqual(last);
          last = r.cm;
          expect(r.eu).toMatch(/^\d{2}(\.5)?( [12]\/3)?$/);
        }
      }
    });
  }

  it('Vans: UK is US M − 1 and US W is US M + 1.5 on every row', () => {
    for (const r of SIZE_CHARTS.vans.men) {
      const c = byType(convertMens(r.us, 'vans'));
      expect(c.uk).toBe(`UK ${r.us - 1}`);
      expect(c['us w']).toBe(`US W ${r.us + 1.5}`);
    }
  });

  it('adidas and Salomon write EU in thirds', () => {
    expect(SIZE_CHARTS.adidas.men.some((r) => r.eu.endsWith('1/3'))).toBe(true);
    expect(SIZE_CHARTS.salomon.men.some((r) => r.eu.endsWith('2/3'))).toBe(true);
  });
});

describe('size runs by product type', () => {
  it('grade school and pre-school Y sizes share one youth system; C sizes are little kids', () => {
    const gs = sizeRun('nike', 'child');
    const ps = sizeRun('nike', 'preschool');
    expect(gs.map((s) => s.size)).toEqual(['3.5Y', '4Y', '4.5Y', '5Y', '5.5Y', '6Y', '6.5Y', '7Y']);
    expect(new Set([...gs, ...ps].filter((s) => s.size.endsWith('Y')).map((s) => s.sizeType))).toEqual(new Set(['us y']));
    expect(new Set(ps.filter((s) => s.size.endsWith('C')).map((s) => s.sizeType))).toEqual(new Set(['us c']));
    expect(byType(gs.find((s) => s.size === '7Y')?.conversions)).toMatchObject({ 'us m': 'US M 7', uk: 'UK 6', eu: 'EU 40', cm: 'CM 25' });
  });

  it('apparel has letter sizes with conversions; accessories and collectibles one size', () => {
    const apparel = sizeRun('apparel', 'unisex');
    expect(apparel.map((s) => s.size)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    for (const s of apparel) expect(s.conversions.length).toBeGreaterThan(0);
    expect(sizeRun('onesize', 'unisex').map((s) => s.size)).toEqual(['OS']);
  });

  it('the mock shows the chart: a Nike men’s US 9.5 reads UK 8.5, CM 27.5, KR 275, EU 43, US W 11', () => {
    const m = mock({ seed: 'size-charts', products: 2000 });
    const hits = call(m, '/v3/market_a/products?query=jordan%201&limit=50').body.data as { id: string; gender: string }[];
    const men = hits.find((p) => p.gender === 'men');
    expect(men).toBeDefined();
    const variants = call(m, `/v3/market_a/products/${men?.id}?display[variants]=true`).body.data.variants as { size: string; size_type: string; sizes: Conv }[];
    const v = variants.find((x) => x.size === '9.5');
    expect(v?.size_type).toBe('us m');
    expect(byType(v?.sizes)).toEqual({ 'us m': 'US M 9.5', uk: 'UK 8.5', cm: 'CM 27.5', kr: 'KR 275', eu: 'EU 43', 'us w': 'US W 11' });
  });
});
