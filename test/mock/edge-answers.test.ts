/**
 * Answers at the edges of the schema (issue 24): every edge answer, asked for with
 * `Prefer: example=<name>` or `?__example=<name>`, on every one of the eight operations, for
 * products of several kinds (sneakers, a one-size collectible, a product of a data file), is
 * valid against the contract's response schema (contract/validator.ts) and consistent across
 * the operations; each does what its name says; an unknown name is a 422 problem; without one
 * nothing changes; they are listed at `/` and `/fixtures`.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createMockServer, type MockServer } from '../../mocks/index.js';
import { EDGE_EXAMPLES, LONGEST_TITLE } from '../../mocks/world/edge-answers.js';
import { call, NOW, violations } from '../helpers/mock.js';
import { allOperations, expectConsistent } from '../helpers/consistency.js';

const m = createMockServer({ seed: 'edges', now: NOW, products: 400, responseCache: 0 });
const withData = createMockServer({ seed: 'resale-kit', now: NOW, products: 10_000, responseCache: 0, data: fileURLToPath(new URL('../../examples/data/products.yaml', import.meta.url)) });
const get = (server: MockServer, url: string): any => {
  const res = call(server, url);
  expect(res.status, url).toBe(200);
  return res.body;
};
const world = m.core.world;
const top = world.searchA(undefined)[0] as number;
/** Products of several kinds: the most popular, a one-size collectible, one with sizes on both marketplaces. */
const SUBJECTS: [string, MockServer, string, number][] = [
  ['most popular', m, world.a.slugOf(top), world.b.idOf(top)],
  ['one size', m, world.a.slugOf(world.edgeCases.find((e) => e.name === 'one-size')?.product ?? 0), world.b.idOf(world.edgeCases.find((e) => e.name === 'one-size')?.product ?? 0)],
  ['defined in a data file', withData, 'nike-air-max-1-86-big-bubble-sport-red', 110000],
  // Every edge-case product too (upcoming, never sold, hidden variants, ...): an edge answer on an edge case.
  ...world.edgeCases.map((e): [string, MockServer, string, number] => [e.name, m, world.a.slugOf(e.product), world.b.idOf(e.product)]),
];

describe('edge answers (issue 24)', () => {
  for (const { name } of EDGE_EXAMPLES) {
    it(`${name}: every operation answers schema-valid and consistent documents`, () => {
      for (const [, server, slug, bid] of SUBJECTS) {
        const ops = allOperations(get, server, slug, bid, `&__example=${name}`);
        expectConsistent(ops);
      }
    });
  }

  it('each does what its name says', () => {
    const q = (name: string): Record<string, any> => allOperations(get, m, world.a.slugOf(top), world.b.idOf(top), `&__example=${name}`);
    const plain = allOperations(get, m, world.a.slugOf(top), world.b.idOf(top));
    const long = q('longest-title');
    expect(long.A2.data.title).toHaveLength(LONGEST_TITLE);
    expect(long.A2.data.title.startsWith(plain.A2.data.title)).toBe(true);
    expect(`${long.A2.data.primary_title} ${long.A2.data.secondary_title}`).toBe(long.A2.data.title);
    expect(long.B2.data.name).toHaveLength(LONGEST_TITLE);
    expect(long.A2.data.id).toBe(plain.A2.data.id);
    const empty = q('empty-gallery');
    expect([empty.A2.data.gallery, empty.A2.data.gallery_360, empty.B2.data.images]).toEqual([[], [], []]);
    const nulls = q('nulls');
    expect(nulls.A2.data.variants.every((v: any) => v.prices === null && v.identifiers === null)).toBe(true);
    expect(nulls.B2.data.retail_prices).toBeNull();
    const many = q('many-sizes');
    expect(many.A2.data.variants).toHaveLength(40);
    expect(many.B2.data.sizes).toHaveLength(40);
    expect(many.B2.data.variants).toHaveLength(40);
    expect(many.A3.data.length).toBeGreaterThan(0);
    const none = q('no-sales');
    expect([none.A3.data, none.A4.data, none.B3.data, none.B4.data]).toEqual([[], [], [], []]);
    expect(none.A2.data.weekly_orders).toBe(0);
    expect(none.A2.data.variants.every((v: any) => v.sales_count_60_days === 0)).toBe(true);
    const noAsks = q('no-asks');
    expect(noAsks.A2.data.variants.every((v: any) => v.lowest_ask === 0 && v.total_asks === 0)).toBe(true);
    expect([noAsks.A2.data.min_price, noAsks.A2.data.max_price, noAsks.A2.data.avg_price]).toEqual([0, 0, 0]);
    expect(noAsks.B2.data.variants.every((v: any) => v.lowest_ask === 0 && !v.available)).toBe(true);
    const digits = q('many-digits');
    expect(digits.A2.data.max_price).toBeGreaterThan(1_000_000);
    expect(digits.A3.data.every((s: any) => s.amount > 1_000_000)).toBe(true);
    expect(digits.B2.data.variants.filter((v: any) => v.lowest_ask > 0).every((v: any) => v.lowest_ask > 1_000_000)).toBe(true);
    expect(digits.A4.data.some((d: any) => !Number.isInteger(d.avg_amount))).toBe(true);
  });

  it('the Prefer header and the __example query parameter give the same bytes; an answer without one is unchanged', () => {
    const url = `/v3/market_a/products/${world.a.slugOf(top)}?display[variants]=true`;
    const header = m.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium', prefer: 'example=many-sizes' } });
    expect(header.body).toBe(call(m, `${url}&__example=many-sizes`).text);
    const cached = createMockServer({ seed: 'edges', now: NOW, products: 400 });
    const plainFirst = call(cached, url).text;
    cached.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium', prefer: 'example=longest-title' } });
    expect(call(cached, url).text).toBe(plainFirst); // the response cache keeps them apart
    expect(JSON.parse(plainFirst).data.variants.length).toBeLessThan(40);
  });

  it('an unknown example is a 422 problem naming the examples', () => {
    for (const headers of [{ authorization: 'demo-premium', prefer: 'example=huge' }]) {
      const res = m.core.respond({ method: 'GET', url: `/v3/market_b/products/${world.b.idOf(top)}`, headers });
      expect(res.status).toBe(422);
      const body = JSON.parse(res.body);
      expect(violations('getMarketBProduct', 422, body)).toEqual([]);
      expect(body.detail).toContain('longest-title');
      expect(body.errors[0].location).toBe('header.prefer');
    }
    expect(call(m, `/v3/market_a/products?__example=constructor`).status).toBe(422);
  });

  it('are listed at / and at /fixtures, with URLs that answer them', () => {
    const index = get(m, '/');
    expect(index.examples.map((e: any) => e.name)).toEqual(EDGE_EXAMPLES.map((e) => e.name));
    const fixtures = get(m, '/fixtures');
    expect(fixtures.examples.map((e: any) => e.example)).toEqual(EDGE_EXAMPLES.map((e) => e.name));
    for (const e of fixtures.examples) {
      const path = new URL(e.market_a.url).pathname + new URL(e.market_a.url).search;
      expect(get(m, path).data.slug).toBe(e.market_a.slug);
    }
  });
});
