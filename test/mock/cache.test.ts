/**
 * The response cache never changes an answer: with and without it, the same bytes; it keys by
 * entitlement (a Free key never gets a paid key's identifiers); per-caller headers stay live;
 * it stays within its bounds.
 */
import { describe, expect, it } from 'vitest';
import { entryBytes, ResponseCache } from '../../mocks/http/cache.js';
import { call, mock } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const cached = mock({ seed: 'cache' });
const uncached = mock({ seed: 'cache', responseCache: 0 });
const slug = refs(cached).a.slug(3);
const urls = [
  `/v3/market_a/products/${slug}?display[variants]=true&display[prices]=true&display[identifiers]=true`,
  `/v3/market_a/products/${slug}/sales?limit=20`,
  '/v3/market_b/products?query=dunk',
  '/v3/market_a/products?limit=500',
  '/v3/market_b/products/no-such-product',
];

describe('response cache', () => {
  it('gives the same bytes as building every answer', () => {
    for (const url of urls) {
      const first = call(cached, url);
      const again = call(cached, url);
      const built = call(uncached, url);
      expect(again.text).toBe(first.text);
      expect(built.text).toBe(first.text);
      expect(again.status).toBe(built.status);
    }
  });

  it('keys by entitlement: identifiers for the paid key only, whatever came first', () => {
    const url = `/v3/market_a/products/${slug}?display[variants]=true&display[identifiers]=true&order=1`;
    const paid = call(cached, url, 'demo-premium').body.data.variants[0].identifiers;
    const free = call(cached, url, 'demo-free').body.data.variants[0].identifiers;
    expect(paid.length).toBeGreaterThan(0);
    expect(free).toBeNull();
    expect(call(cached, `/v3/market_a/products/${slug}/sales?limit=3`, 'demo-free').status).toBe(403);
    expect(call(cached, `/v3/market_a/products/${slug}/sales?limit=3`, 'demo-premium').status).toBe(200);
  });

  it('keeps per-caller headers live on cached answers', () => {
    const url = '/v3/market_b/products?query=samba';
    const a = Number(call(cached, url).headers['x-quota-current']);
    const b = Number(call(cached, url).headers['x-quota-current']);
    expect(b).toBe(a + 1);
    expect(call(cached, url, 'demo-free').headers['x-key-type']).toBe('Free');
  });

  it('evicts the least recently used answer beyond its entry and byte bounds', () => {
    const entry = (n: number) => ({ status: 200, headers: {}, body: 'x'.repeat(n), bytes: Buffer.alloc(n) });
    // Room for two small entries, and not for a small one beside the big one.
    const bound = 2 * entryBytes('a', entry(10)) + 100;
    const c = new ResponseCache(2, bound);
    c.set('a', entry(10));
    c.set('b', entry(10));
    c.get('a');
    c.set('c', entry(10));
    expect([c.get('a') !== undefined, c.get('b') !== undefined, c.get('c') !== undefined]).toEqual([true, false, true]);
    c.set('big', entry(200)); // with 'c' (or 'a') beside it, over the bound
    expect(entryBytes('big', entry(200)) + entryBytes('c', entry(10))).toBeGreaterThan(bound);
    expect(c.size).toBe(1);
    c.set('huge', entry(bound));
    expect(c.get('huge')).toBeUndefined();
    expect(new ResponseCache(0).size).toBe(0);
  });
});
