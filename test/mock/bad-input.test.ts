/**
 * Bad input never crashes the mock and never produces a 5xx: each error path answers with a
 * contract-valid problem details body (§7 decision). Table-driven cases, then fuzzing.
 */
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { call, mock, operationOf, validator, violations } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const m = mock();
const slugA = refs(m).a.slug(0);
const idB = refs(m).b.id(0);

const cases: [string, string, number, string | undefined][] = [
  ['page 0', '/v3/market_a/products?page=0', 422, 'query.page'],
  ['negative page', '/v3/market_b/products?page=-1', 422, 'query.page'],
  ['limit over 100', '/v3/market_a/products?limit=500', 422, 'query.limit'],
  ['limit 0', `/v3/market_b/products/${idB}/sales?limit=0`, 422, 'query.limit'],
  ['daily limit over 365', `/v3/market_a/products/${slugA}/sales/daily?limit=366`, 422, 'query.limit'],
  ['non-numeric limit', '/v3/market_a/products?limit=ten', 422, 'query.limit'],
  ['fractional page', '/v3/market_a/products?page=1.5', 422, 'query.page'],
  ['display flag not a boolean', `/v3/market_a/products/${slugA}?display[variants]=yes`, 422, 'query.display[variants]'],
  ['malformed variant_id', `/v3/market_a/products/${slugA}/sales?variant_id=123`, 422, 'query.variant_id'],
  ['slug on B3', `/v3/market_b/products/${refs(m).b.slug(0)}/sales`, 422, 'path.id'],
  ['zero id on B3', '/v3/market_b/products/0/sales', 422, 'path.id'],
  ['huge id on B3', '/v3/market_b/products/99999999999999999999/sales', 422, 'path.id'],
  ['id with a space', '/v3/market_a/products/air%20jordan', 422, 'path.id_or_slug'],
  ['id with unicode', '/v3/market_b/products/%E2%9C%93', 422, 'path.id_or_slug'],
  ['query too long', `/v3/market_a/products?query=${'a'.repeat(300)}`, 422, 'query.query'],
  ['unknown slug', '/v3/market_b/products/no-such-sneaker', 404, undefined],
  ['unknown B id', '/v3/market_b/products/99/sales', 404, undefined],
  ['unknown path', '/v3/no_such_market/products', 404, undefined],
  ['trailing slash', '/v3/market_a/products/', 404, undefined],
  ['dot segments', '/v3/market_a/products/../products', 404, undefined],
  ['dot segment as an id', '/v3/market_a/products/..', 422, 'path.id_or_slug'],
  ['emoji in the path', '/v3/market_a/products/😀', 422, 'path.id_or_slug'],
  ['double slash', '//v3/market_a/products', 404, undefined],
  ['bad percent-encoding in the path', '/v3/market_a/products/%E0%A4%A', 404, undefined],
  ['schema that does not exist', '/schemas/Nope.json', 404, undefined],
];

describe('error paths answer with problem details', () => {
  it.each(cases)('%s -> %i', (_name, url, status, location) => {
    const res = call(m, url);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(validator.validateSchema('ProblemDetails', res.body)).toEqual([]);
    expect(res.body.status).toBe(status);
    if (location) expect(res.body.errors.map((e: { location: string }) => e.location)).toContain(location);
    if (url.startsWith('/v3/market_') && status !== 404) expect(violations(operationOf(url), status, res.body)).toEqual([]);
  });

  it('unknown query parameters are ignored; a repeated parameter counts once', () => {
    expect(call(m, '/v3/market_a/products?foo=bar&limit=2&utm_source=x').status).toBe(200);
    const res = call(m, '/v3/market_a/products?limit=2&limit=500');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
  });

  it('non-GET methods get 405 with Allow', async () => {
    for (const method of ['post', 'put', 'delete', 'patch'] as const) {
      const res = await request(m.handler)[method]('/v3/market_a/products').set('Authorization', 'demo-premium').send({ a: 1 });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(validator.validateSchema('ProblemDetails', res.body)).toEqual([]);
      // Production note: every response carries X-Key-Type and X-Quota-Current (the proxy judged a 405 without them; newcomer probe).
      expect(res.headers['x-key-type']).toBe('Pro');
      expect(res.headers['x-quota-current']).toMatch(/^\d+$/);
    }
    const anonymous = await request(m.handler).post('/v3/market_a/products');
    expect(anonymous.headers['x-key-type']).toBeUndefined();
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await request(m.handler).head('/v3/market_a/products').set('Authorization', 'demo-premium');
    expect(res.status).toBe(200);
    expect(res.text ?? '').toBe('');
  });

  it('a huge header block is refused by Node before the mock, with a 4xx', async () => {
    const res = await request(m.handler)
      .get(`/v3/market_a/products?query=${'x'.repeat(20_000)}`)
      .set('Authorization', 'demo-premium');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('fuzzing: no input gives a 5xx', () => {
  const segment = fc.oneof(fc.string({ maxLength: 40 }), fc.webSegment(), fc.constantFrom('..', '.', '%', '%zz', '%00', '\u0000', '😀', '9'.repeat(30)));
  it('random paths and query strings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/v3/market_a/products', '/v3/market_b/products'),
        fc.array(segment, { maxLength: 4 }),
        fc.array(fc.tuple(fc.constantFrom('page', 'limit', 'query', 'variant_id', 'display[variants]', 'display[prices]', 'display[identifiers]', 'x'), fc.string({ maxLength: 30 })), { maxLength: 6 }),
        fc.constantFrom('demo-premium', 'demo-free', 'Bearer  demo-premium ', '', 'Basic abc'),
        (base, segs, query, key) => {
          const qs = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const url = `${base}${segs.map((s) => `/${s}`).join('')}?${qs}`;
          const res = m.core.respond({ method: 'GET', url, headers: { authorization: key } });
          expect(res.status).toBeLessThan(500);
          expect(() => JSON.parse(res.body)).not.toThrow();
        },
      ),
      { numRuns: 400 },
    );
  });
});
