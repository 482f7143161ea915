/**
 * The eight operations over HTTP (supertest against the node handler), one block per
 * operation and per rule of §4. Every 200 body is also checked against the contract.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { call, mock, violations } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const m = mock();
const app = m.handler;
const premium = 'Bearer demo-premium';
const get = (url: string, key: string | null = premium) => {
  const r = request(app).get(url);
  return key === null ? r : r.set('Authorization', key);
};
const topA = refs(m).a.search(undefined);
const topB = refs(m).b.search(undefined);
const slugA = refs(m).a.slug(topA[0] as number);
const idA = refs(m).a.id(topA[0] as number);
const idB = Number(refs(m).b.id(topB[0] as number));
const slugB = refs(m).b.slug(topB[0] as number);

describe('A1 searchMarketAProducts (§4.1)', () => {
  it('answers a schema-valid page with meta {current_page, per_page, total}', async () => {
    const res = await get('/v3/market_a/products?query=jordan&limit=5');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(violations('searchMarketAProducts', 200, res.body)).toEqual([]);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 5, total: expect.any(Number) });
    expect(res.body.data).toHaveLength(5);
    for (const p of res.body.data) expect(`${p.title} ${p.brand} ${p.model}`.toLowerCase()).toContain('jordan');
  });

  it('orders by popularity inside one relevance tier', async () => {
    const res = await get('/v3/market_a/products?query=nike&limit=20');
    const ranks = res.body.data.map((p: { rank: number }) => p.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('puts the product whose SKU is the query first, in either marketplace spelling', async () => {
    const target = (await get(`/v3/market_a/products/${slugA}`)).body.data;
    for (const q of [target.sku, target.sku.replace('-', ' '), target.sku.toLowerCase()]) {
      const res = await get(`/v3/market_a/products?query=${encodeURIComponent(q)}`);
      expect(res.body.data[0].id).toBe(target.id);
    }
  });

  it('pages without duplicates and keeps total', async () => {
    const p1 = (await get('/v3/market_a/products?query=low&limit=10&page=1')).body;
    const p2 = (await get('/v3/market_a/products?query=low&limit=10&page=2')).body;
    expect(p2.meta).toMatchObject({ current_page: 2, per_page: 10, total: p1.meta.total });
    const ids = [...p1.data, ...p2.data].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(p1.meta.total).toBeGreaterThan(10);
  });

  it('lists every product by popularity without a query, total capped at 1000', async () => {
    const res = await get('/v3/market_a/products?limit=3');
    expect(res.body.data.map((p: { rank: number }) => p.rank)).toEqual([1, 2, 3]);
    expect(res.body.meta.total).toBe(300);
    const big = mock({ products: 1500 });
    expect(call(big, '/v3/market_a/products?limit=1').body.meta.total).toBe(1000);
  });

  it('returns an empty page for a term nothing matches', async () => {
    const res = await get('/v3/market_a/products?query=zzzzqqq');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('A2 getMarketAProduct (§4.1 rules 1-4)', () => {
  it('rule 4: without display flags there is no variants field; meta is null', async () => {
    const res = await get(`/v3/market_a/products/${slugA}`);
    expect(res.status).toBe(200);
    expect(violations('getMarketAProduct', 200, res.body)).toEqual([]);
    expect(res.body.meta).toBeNull();
    expect('variants' in res.body.data).toBe(false);
  });

  it('rule 1: display[variants]=true adds variants, with prices and identifiers null', async () => {
    const res = await get(`/v3/market_a/products/${slugA}?display[variants]=true`);
    expect(violations('getMarketAProduct', 200, res.body)).toEqual([]);
    expect(res.body.data.variants.length).toBeGreaterThan(0);
    for (const v of res.body.data.variants) {
      expect(v.prices).toBeNull();
      expect(v.identifiers).toBeNull();
    }
  });

  it('rule 2: display[prices]=true fills prices of returned variants, consistent with the ask summary', async () => {
    const res = await get(`/v3/market_a/products/${idA}?display[variants]=true&display[prices]=true`);
    for (const v of res.body.data.variants) {
      expect(v.prices.map((p: { type: string }) => p.type).sort()).toEqual(['express_expedited', 'express_standard', 'standard']);
      const asks = v.prices.reduce((s: number, p: { asks: number }) => s + p.asks, 0);
      const nonZero = v.prices.filter((p: { asks: number }) => p.asks > 0).map((p: { price: number }) => p.price);
      expect(v.total_asks).toBe(asks);
      expect(v.lowest_ask).toBe(nonZero.length ? Math.min(...nonZero) : 0);
    }
  });

  it('rule 2: display[prices] alone returns no variants (it applies to variants that are returned)', async () => {
    const res = await get(`/v3/market_a/products/${idA}?display[prices]=true`);
    expect('variants' in res.body.data).toBe(false);
  });

  it('rule 3: display[identifiers]=true fills identifiers for a paid key only', async () => {
    const url = `/v3/market_a/products/${idA}?display[variants]=true&display[identifiers]=true`;
    const paid = await get(url);
    for (const v of paid.body.data.variants) {
      expect(v.identifiers.length).toBeGreaterThan(0);
      expect(v.identifiers[0]).toMatchObject({ identifier: expect.stringMatching(/^\d{12}$/), identifier_type: 'UPC' });
    }
    const free = await get(url, 'demo-free');
    expect(free.status).toBe(200);
    for (const v of free.body.data.variants) expect(v.identifiers).toBeNull();
  });

  it('the same product by id and by slug', async () => {
    const byId = await get(`/v3/market_a/products/${idA}?display[variants]=true`);
    const bySlug = await get(`/v3/market_a/products/${slugA}?display[variants]=true`);
    expect(byId.body).toEqual(bySlug.body);
    expect(byId.body.data.slug).toBe(slugA);
  });

  it('a search result equals its lookup in shared fields', async () => {
    const hit = (await get(`/v3/market_a/products?query=${encodeURIComponent(slugA.split('-')[0] as string)}&limit=100`)).body.data.find((p: { id: string }) => p.id === idA);
    const one = (await get(`/v3/market_a/products/${idA}`)).body.data;
    expect(hit).toEqual(one);
  });

  it('min_price <= avg_price <= max_price, from the variants lowest asks', async () => {
    const d = (await get(`/v3/market_a/products/${idA}?display[variants]=true`)).body.data;
    const asks = d.variants.map((v: { lowest_ask: number }) => v.lowest_ask).filter((a: number) => a > 0);
    expect(d.min_price).toBe(Math.min(...asks));
    expect(d.max_price).toBe(Math.max(...asks));
    expect(d.avg_price).toBeCloseTo(asks.reduce((s: number, a: number) => s + a, 0) / asks.length, 9);
  });

  it('404 problem for an unknown slug or id', async () => {
    for (const id of ['no-such-sneaker', '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/v3/market_a/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/problem+json');
      expect(violations('getMarketAProduct', 404, res.body)).toEqual([]);
      expect(res.body.detail).toBe('Product not found');
    }
  });
});

describe('A3 listMarketAProductSales (§4.1 rules 1-3)', () => {
  it('rule 1: without variant_id, sales of several variants, all of this product, newest first', async () => {
    const res = await get(`/v3/market_a/products/${slugA}/sales?limit=100`);
    expect(res.status).toBe(200);
    expect(violations('listMarketAProductSales', 200, res.body)).toEqual([]);
    expect('meta' in res.body).toBe(false);
    const variants = (await get(`/v3/market_a/products/${slugA}?display[variants]=true`)).body.data.variants.map((v: { id: string }) => v.id);
    const sales = res.body.data as { product_id: string; variant_id: string; created_at: string }[];
    expect(sales.length).toBeGreaterThan(10);
    expect(new Set(sales.map((s) => s.variant_id)).size).toBeGreaterThan(1);
    for (const s of sales) {
      expect(s.product_id).toBe(idA);
      expect(variants).toContain(s.variant_id);
    }
    const times = sales.map((s) => Date.parse(s.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThan(m.core.options.now);
  });

  it('rule 2: with variant_id, only that variant', async () => {
    const all = (await get(`/v3/market_a/products/${slugA}/sales?limit=20`)).body.data;
    const variantId = all[0].variant_id;
    const one = await get(`/v3/market_a/products/${slugA}/sales?variant_id=${variantId}&limit=30`);
    expect(one.body.data.length).toBeGreaterThan(0);
    for (const s of one.body.data) expect(s.variant_id).toBe(variantId);
  });

  it('pages follow each other without gaps', async () => {
    const both = (await get(`/v3/market_a/products/${slugA}/sales?limit=20`)).body.data;
    const p2 = (await get(`/v3/market_a/products/${slugA}/sales?limit=10&page=2`)).body.data;
    expect(p2).toEqual(both.slice(10, 20));
  });

  it('a variant_id of another product gives no sales; a malformed one is a 422', async () => {
    const other = refs(m).a.variantId(topA[1] as number, 3);
    expect((await get(`/v3/market_a/products/${slugA}/sales?variant_id=${other}`)).body.data).toEqual([]);
    const bad = await get(`/v3/market_a/products/${slugA}/sales?variant_id=size-10`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].location).toBe('query.variant_id');
  });
});

describe('A4 and B4 daily series (§4.1 A4, §4.2 rule 3)', () => {
  it.each([
    ['listMarketAProductDailySales', `/v3/market_a/products/${slugA}/sales/daily?limit=60`],
    ['listMarketBProductDailySales', `/v3/market_b/products/${slugB}/sales/daily?limit=60`],
    ['listMarketBProductDailySales', `/v3/market_b/products/${idB}/sales/daily?limit=60`],
  ])('%s: one element per UTC day, at midnight, newest first, no meta', async (op, url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(violations(op, 200, res.body)).toEqual([]);
    expect('meta' in res.body).toBe(false);
    const dates = res.body.data.map((d: { date: string }) => d.date);
    expect(dates.length).toBeGreaterThan(5);
    for (const d of dates) expect(d).toMatch(/T00:00:00Z$/);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const d of res.body.data) expect(d.orders).toBeGreaterThan(0);
  });
});

describe('B1 searchMarketBProducts (§4.2)', () => {
  it('images, variants and retail_prices are null; there is no meta', async () => {
    const res = await get('/v3/market_b/products?query=dunk&limit=5');
    expect(res.status).toBe(200);
    expect(violations('searchMarketBProducts', 200, res.body)).toEqual([]);
    expect('meta' in res.body).toBe(false);
    for (const p of res.body.data) expect([p.images, p.variants, p.retail_prices]).toEqual([null, null, null]);
  });

  it('finds a product by its B-form SKU first', async () => {
    const target = (await get(`/v3/market_b/products/${idB}`)).body.data;
    expect(target.sku).not.toContain('-');
    const res = await get(`/v3/market_b/products?query=${encodeURIComponent(target.sku)}`);
    expect(res.body.data[0].id).toBe(idB);
  });
});

describe('B2 getMarketBProduct (§4.2)', () => {
  it('returns variants and images, meta null; id and slug give the same product', async () => {
    const byId = await get(`/v3/market_b/products/${idB}`);
    expect(byId.status).toBe(200);
    expect(violations('getMarketBProduct', 200, byId.body)).toEqual([]);
    expect(byId.body.meta).toBeNull();
    expect(byId.body.data.variants.length).toBeGreaterThan(0);
    expect(byId.body.data.images.length).toBeGreaterThan(0);
    const bySlug = await get(`/v3/market_b/products/${slugB}`);
    expect(bySlug.body).toEqual(byId.body);
  });

  it('available agrees with lowest_ask; variant sizes are the product sizes', async () => {
    const d = (await get(`/v3/market_b/products/${idB}`)).body.data;
    for (const v of d.variants) {
      expect(v.available).toBe(v.lowest_ask > 0);
      expect(v.product_id).toBe(idB);
    }
    expect(d.variants.map((v: { size: string }) => v.size)).toEqual(d.sizes.map((s: { presentation: string }) => s.presentation));
  });
});

describe('B3 listMarketBProductSales (§4.2 rules 1-2)', () => {
  it('meta {page, per_page}; type is one of two values; size_us is a size of the product', async () => {
    const res = await get(`/v3/market_b/products/${idB}/sales?limit=100`);
    expect(res.status).toBe(200);
    expect(violations('listMarketBProductSales', 200, res.body)).toEqual([]);
    expect(res.body.meta).toEqual({ page: 1, per_page: 100 });
    const sizes = (await get(`/v3/market_b/products/${idB}`)).body.data.sizes.map((s: { presentation: string }) => s.presentation);
    const types = new Set<string>();
    for (const s of res.body.data) {
      types.add(s.type);
      expect(sizes).toContain(s.size_us);
      expect(s.product_id).toBe(idB);
      expect(s.location).toMatch(/^[A-Z][A-Za-z .'-]+, [A-Z]{2}$/);
    }
    expect([...types].sort()).toEqual(['PURCHASE_TYPE_OFFER_CLOSED', 'PURCHASE_TYPE_SALE']);
  });

  it('rule 1: takes the numeric id only; a slug is a 422 on path.id', async () => {
    const res = await get(`/v3/market_b/products/${slugB}/sales`);
    expect(res.status).toBe(422);
    expect(violations('listMarketBProductSales', 422, res.body)).toEqual([]);
    expect(res.body.errors).toEqual([{ message: 'must be an integer', location: 'path.id', value: slugB }]);
  });
});

describe('credentials and tiers (§5 decision)', () => {
  const premiumUrls = [`/v3/market_a/products/${slugA}/sales`, `/v3/market_a/products/${slugA}/sales/daily`, `/v3/market_b/products/${idB}/sales`, `/v3/market_b/products/${idB}/sales/daily`];
  it.each(premiumUrls)('%s: 200 for a paid key (bare or Bearer), 403 for Free, 401 without or with an unknown key', async (url) => {
    expect((await get(url, 'demo-premium')).status).toBe(200);
    expect((await get(url, 'Bearer demo-premium')).status).toBe(200);
    const free = await get(url, 'demo-free');
    expect(free.status).toBe(403);
    expect(free.body).toMatchObject({ status: 403, title: 'Forbidden' });
    expect((await get(url, null)).status).toBe(401);
    const unknown = await get(url, 'Bearer nope');
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('Invalid key');
  });

  it('free keys may search and look up; every answer carries X-Key-Type and X-Quota-Current', async () => {
    const res = await get('/v3/market_b/products?query=samba', 'demo-free');
    expect(res.status).toBe(200);
    expect(res.headers['x-key-type']).toBe('Free');
    expect(Number(res.headers['x-quota-current'])).toBeGreaterThan(0);
  });

  it('more keys with their tiers', () => {
    const m2 = mock({ keys: { 'team-key': 'Starter', 'trial-key': 'Free' } });
    expect(call(m2, `/v3/market_a/products/${refs(m2).a.slug(0)}/sales`, 'team-key').status).toBe(200);
    expect(call(m2, `/v3/market_a/products/${refs(m2).a.slug(0)}/sales`, 'trial-key').status).toBe(403);
    expect(call(m2, '/v3/market_a/products', 'demo-premium').status).toBe(401);
  });
});

describe('$schema URLs resolve (§1, §2.1)', () => {
  it('serves the JSON Schema each response names, and the response is valid against it', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const addFormats = (await import('ajv-formats')).default;
    for (const url of [`/v3/market_a/products/${slugA}?display[variants]=true`, `/v3/market_b/products/${idB}/sales`, '/v3/market_a/products?query=x']) {
      const body = (await get(url)).body;
      const path = new URL(body.$schema).pathname;
      const schema = await get(path, null);
      expect(schema.status).toBe(200);
      expect(schema.headers['content-type']).toBe('application/schema+json');
      const ajv = new Ajv2020({ strict: false });
      addFormats.default(ajv);
      const validate = ajv.compile(schema.body);
      expect(validate(body)).toBe(true);
      expect(validate({ ...body, data: 'nope' })).toBe(false);
    }
  });
});
