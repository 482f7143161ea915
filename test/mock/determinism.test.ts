/**
 * Same (seed, clock, catalog size) give byte-identical responses; another seed or clock gives
 * other data. Two independently built servers are compared, not one server twice.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mocks/index.js';
import { NOW } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const urlsFor = (m: ReturnType<typeof createMockServer>): string[] => {
  const a = refs(m).a.slug(7);
  const b = refs(m).b.id(7);
  return [
    '/v3/market_a/products?query=jordan&limit=50',
    `/v3/market_a/products/${a}?display[variants]=true&display[prices]=true&display[identifiers]=true`,
    `/v3/market_a/products/${a}/sales?limit=100`,
    `/v3/market_a/products/${a}/sales/daily?limit=365`,
    '/v3/market_b/products?query=white&limit=50',
    `/v3/market_b/products/${b}`,
    `/v3/market_b/products/${b}/sales?limit=100`,
    `/v3/market_b/products/${b}/sales/daily`,
  ];
};
const bodies = (m: ReturnType<typeof createMockServer>, urls: string[]): string[] => urls.map((url) => m.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } }).body);

describe('determinism', () => {
  it('two servers with the same seed, clock and size give identical bytes', () => {
    const one = createMockServer({ seed: 'same', now: NOW, products: 500 });
    const two = createMockServer({ seed: 'same', now: NOW, products: 500 });
    const urls = urlsFor(one);
    expect(urlsFor(two)).toEqual(urls);
    expect(bodies(two, urls)).toEqual(bodies(one, urls));
  });

  it('a string seed and a numeric seed are both stable', () => {
    const x = createMockServer({ seed: 12345, now: NOW, products: 200 });
    const y = createMockServer({ seed: 12345, now: NOW, products: 200 });
    expect(bodies(y, urlsFor(x))).toEqual(bodies(x, urlsFor(x)));
  });

  it('a different seed gives different data', () => {
    const one = createMockServer({ seed: 'one', now: NOW, products: 500 });
    const two = createMockServer({ seed: 'two', now: NOW, products: 500 });
    expect(refs(one).a.slug(7)).not.toBe(refs(two).a.slug(7));
    const search = '/v3/market_a/products?limit=20';
    expect(bodies(one, [search])).not.toEqual(bodies(two, [search]));
  });

  it('a different clock keeps ids and slugs but moves the sales', () => {
    const one = createMockServer({ seed: 'same', now: NOW, products: 300 });
    const two = createMockServer({ seed: 'same', now: NOW + 86_400_000, products: 300 });
    expect(refs(two).a.id(3)).toBe(refs(one).a.id(3));
    const sales = `/v3/market_a/products/${refs(one).a.slug(refs(one).a.search(undefined)[0] as number)}/sales`;
    expect(bodies(one, [sales])).not.toEqual(bodies(two, [sales]));
  });

  it('the catalog does not depend on the order of requests', () => {
    const one = createMockServer({ seed: 'order', now: NOW, products: 300 });
    const two = createMockServer({ seed: 'order', now: NOW, products: 300 });
    const urls = urlsFor(one);
    expect(bodies(two, [...urls].reverse()).reverse()).toEqual(bodies(one, urls));
  });
});
