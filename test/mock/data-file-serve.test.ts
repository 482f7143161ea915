/**
 * A valid data file is served within the contract (issue 29 item 4): every product of a file
 * that uses the bounds of docs/threat-model.md D1-D24 (money at 1,000,000 USD, ask counts at
 * 1,000,000, titles of 150 characters, slugs of 200, the largest B id, text of 10,000
 * characters with tabs and new lines, non-ASCII text, a product replaced, one drawn whole) is
 * answered by A1-A4 and B1-B4, by its id and by its slug, with 200 and a document its operation's
 * schema accepts: no 500, no `null` where the contract wants a number (finding 3), no id or slug
 * that search serves and the lookups refuse (finding 4).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mocks/index.js';
import { allOperations, expectConsistent } from '../helpers/consistency.js';
import { call, NOW, violations } from '../helpers/mock.js';

const DAY = 86_400_000;
const WORLD = { seed: 'serve-bounds', products: 200, now: NOW, responseCache: 0 };
const at = (daysAgo: number, k = 0): string => new Date(NOW - daysAgo * DAY + k * 1000).toISOString().replace('.000Z', 'Z');
const replaced = (() => {
  const w = createMockServer(WORLD).core.world;
  return w.b.idOf(3);
})();

const ENTRIES: Record<string, unknown>[] = [
  {
    title: `Bound Runner ${'x'.repeat(137)}`,
    brand: 'Nike',
    sku: 'BD0001-100',
    sizes: ['9', '10', 'S'.repeat(20)],
    retail_price: 1_000_000,
    release_date: '2025-01-10',
    market_a: {
      slug: `a${'-b'.repeat(99)}c`.slice(0, 200),
      description: `tab\there\nnew line ${'y'.repeat(9_970)}`,
      asks: [
        {
          size: '9',
          prices: [
            { type: 'standard', price: 1_000_000, asks: 1_000_000 },
            { type: 'express_standard', price: 1_000_000, asks: 1_000_000 },
            { type: 'express_expedited', price: 999_999.99, asks: 1 },
          ],
        },
        { size: '10', prices: [{ type: 'standard', price: 0, asks: 0 }] },
      ],
      sales: Array.from({ length: 60 }, (_, k) => ({ size: k % 2 ? '9' : '10', amount: 1_000_000, at: at(1 + (k % 30), k) })),
    },
    market_b: {
      id: 999_999_999_999_999,
      slug: `b-${'z'.repeat(198)}`,
      asks: [{ size: '9', lowest_ask: 1_000_000 }],
      sales: Array.from({ length: 40 }, (_, k) => ({ size: '10', amount: 1_000_000, at: at(2 + (k % 20), k), type: k % 3 ? 'PURCHASE_TYPE_SALE' : 'PURCHASE_TYPE_OFFER_CLOSED', location: 'Lyon, FR' })),
      retail_prices: { usd: [{ amount: 1, nested: [[[1]]] }] },
    },
  },
  {},
  { title: 'Smallest Id Court', market_b: { id: 1, slug: 'b-1' } },
  { title: 'Café Crème Éclair 👟 “quoted”', sku: 'EC1234 001', market_a: { id: '018F6A2E-4B1C-7D3E-9A10-3F2B4C5D6E7F', slug: 'Cafe-Creme-Eclair' } },
  { replace: { market_b: String(replaced) }, title: 'Replaced Runner Night', retail_price: 0.01 },
  { title: 'Upcoming Retro High', upcoming: true, sizes: ['7', '8'], market_b: { asks: [{ size: '8', lowest_ask: 0 }] } },
  { title: 'Vintage Court 1985', release_date: '1985-04-01', sizes: ['OS'], product_type: 'accessories' },
];

const server = createMockServer({ ...WORLD, data: { name: 'bounds.json', value: { products: ENTRIES } } });
const get = (m: MockServer, url: string): any => {
  const res = call(m, url);
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.body;
};

describe('every product of a valid data file at the bounds is served within the contract (issue 29 item 4)', () => {
  it('A1-A4 and B1-B4 by id: 200, schema-valid, consistent; numbers finite', () => {
    const w = server.core.world;
    let served = 0;
    ENTRIES.forEach((e, i) => {
      const key = e.replace ? w.keyOf('market_b', w.b.resolve(String(replaced)) as number) : w.definedKey(i);
      const pa = w.a.productOfKey(key);
      const pb = w.b.productOfKey(key);
      const ops = allOperations(get, server, pa === undefined ? undefined : w.a.uuidOf(pa), pb === undefined ? undefined : w.b.idOf(pb));
      expectConsistent(ops);
      // JSON has no Infinity: a sum past it is written as null (finding 3); every number served is finite.
      const text = JSON.stringify(ops);
      expect(text).not.toMatch(/"(?:min_price|max_price|avg_price|avg_amount|amount|lowest_ask|price)":null/);
      served += Object.keys(ops).length;
    });
    expect(served).toBeGreaterThanOrEqual(ENTRIES.length * 4);
  });

  it('the first entry: its bounds served as given, avg_price and avg_amount finite', () => {
    const ops = allOperations(get, server, (ENTRIES[0] as any).market_a.slug, 999_999_999_999_999);
    expect(ops.A2.data.max_price).toBe(999_999.99);
    expect(Number.isFinite(ops.A2.data.avg_price)).toBe(true);
    expect(ops.A4.data.every((d: any) => d.avg_amount === 1_000_000)).toBe(true);
    expect(ops.B4.data.every((d: any) => d.avg_amount === 1_000_000)).toBe(true);
    expect(ops.B2.data.id).toBe(999_999_999_999_999);
    expect(ops.A2.data.title).toHaveLength(150);
  });

  it('every defined product answers by its slug what it answers by its id (A2-A4, B2, B4), and B3 by its id', () => {
    const w = server.core.world;
    const pairs: [string, string][] = [];
    const keys = ENTRIES.map((e, i) => (e.replace ? w.keyOf('market_b', w.b.resolve(String(replaced)) as number) : w.definedKey(i)));
    for (const key of keys) {
      const pa = w.a.productOfKey(key);
      if (pa !== undefined) {
        const [id, slug] = [w.a.uuidOf(pa), w.a.slugOf(pa)];
        expect(slug.length).toBeLessThanOrEqual(200);
        pairs.push([`/v3/market_a/products/${id}?display[variants]=true`, `/v3/market_a/products/${slug}?display[variants]=true`]);
        pairs.push([`/v3/market_a/products/${id}/sales`, `/v3/market_a/products/${slug}/sales`]);
        pairs.push([`/v3/market_a/products/${id}/sales/daily`, `/v3/market_a/products/${slug}/sales/daily`]);
      }
      const pb = w.b.productOfKey(key);
      if (pb !== undefined) {
        const [id, slug] = [w.b.idOf(pb), w.b.slugOf(pb)];
        expect(Number.isSafeInteger(id) && id >= 1 && id <= 999_999_999_999_999).toBe(true);
        pairs.push([`/v3/market_b/products/${id}`, `/v3/market_b/products/${slug}`]);
        pairs.push([`/v3/market_b/products/${id}/sales/daily`, `/v3/market_b/products/${slug}/sales/daily`]);
        expect(violations('listMarketBProductSales', 200, get(server, `/v3/market_b/products/${id}/sales`))).toEqual([]);
      }
    }
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    for (const [byId, bySlug] of pairs) expect(call(server, bySlug).text, bySlug).toBe(call(server, byId).text);
  });

  it('search serves every defined product under the id and slug the lookups take', () => {
    for (const [segment, pattern] of [
      ['market_a', /^[A-Za-z0-9][A-Za-z0-9-]*$/],
      ['market_b', /^[A-Za-z0-9][A-Za-z0-9-]*$/],
    ] as const) {
      for (const e of ENTRIES.filter((x) => typeof x.title === 'string')) {
        const found = get(server, `/v3/${segment}/products?query=${encodeURIComponent(e.title as string)}&limit=5`).data as any[];
        for (const p of found) {
          expect(String(p.slug)).toMatch(pattern);
          expect(String(p.slug).length).toBeLessThanOrEqual(200);
          expect(call(server, `/v3/${segment}/products/${p.id}`).status).toBe(200);
        }
      }
    }
  });
});
