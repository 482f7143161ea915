/**
 * The typed client against the mock: every operation, typed results, the display flags as
 * query parameters, errors as ApiError with problem details; and type tests that misuse does
 * not compile (checked by `tsc --noEmit` in `npm test`).
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createResaleClient, type components } from '../../client/index.js';
import { listeningMock } from '../helpers/servers.js';

let server: Awaited<ReturnType<typeof listeningMock>>;
let client: ReturnType<typeof createResaleClient>;
beforeAll(async () => {
  server = await listeningMock({ seed: 'client' });
  client = createResaleClient({ baseUrl: server.url, apiKey: 'demo-premium' });
});
afterAll(async () => {
  await server.close();
});

describe('typed client', () => {
  it('runs the eight operations with typed results', async () => {
    const found = await client.searchMarketAProducts({ query: 'jordan', limit: 3 });
    expect(found.data).toHaveLength(3);
    expect(found.meta.per_page).toBe(3);
    const slug = found.data[0]?.slug as string;
    const product = await client.getMarketAProduct(slug, { variants: true, prices: true, identifiers: true });
    expect(product.data.variants?.[0]?.prices?.length).toBe(3);
    expect(product.data.variants?.[0]?.identifiers?.length).toBeGreaterThan(0);
    const variantId = product.data.variants?.[2]?.id as string;
    const sales = await client.listMarketAProductSales(product.data.id, { variant_id: variantId, limit: 5 });
    for (const s of sales.data) expect(s.variant_id).toBe(variantId);
    expect((await client.listMarketAProductDailySales(slug)).data.length).toBeGreaterThan(0);
    const b = (await client.searchMarketBProducts({ query: 'dunk', limit: 1 })).data[0];
    expect(typeof b?.id).toBe('number');
    const bp = await client.getMarketBProduct(b?.id as number);
    expect(bp.data.variants.length).toBeGreaterThan(0);
    expect((await client.listMarketBProductSales(bp.data.id, { limit: 2 })).meta).toEqual({ page: 1, per_page: 2 });
    expect((await client.listMarketBProductDailySales(bp.data.slug)).data.length).toBeGreaterThan(0);
  });

  it('without display flags there are no variants', async () => {
    const slug = (await client.searchMarketAProducts({ limit: 1 })).data[0]?.slug as string;
    expect('variants' in (await client.getMarketAProduct(slug)).data).toBe(false);
  });

  it('throws ApiError with the problem details', async () => {
    const free = createResaleClient({ baseUrl: server.url, apiKey: 'demo-free' });
    const err = await free.listMarketBProductSales(100_001).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).problem?.title).toBe('Forbidden');
    const missing = await client.getMarketBProduct('no-such-product').catch((e: unknown) => e);
    expect((missing as ApiError).problem?.detail).toBe('Product not found');
    const forced = createResaleClient({ baseUrl: server.url, apiKey: 'demo-premium', headers: { Prefer: 'code=429' } });
    expect(((await forced.searchMarketAProducts().catch((e: unknown) => e)) as ApiError).status).toBe(429);
  });

  it('types: B ids are numbers, display flags are the three of A2', () => {
    type ProductB = components['schemas']['MarketBProduct'];
    expectTypeOf<Awaited<ReturnType<typeof client.getMarketBProduct>>['data']['id']>().toEqualTypeOf<ProductB['id']>();
    expectTypeOf<Parameters<typeof client.listMarketBProductSales>[0]>().toEqualTypeOf<number>();
    const misuse = async (): Promise<void> => {
      // @ts-expect-error marketplace B sales take the numeric id (§4.2 rule 1), not a string
      await client.listMarketBProductSales('102994');
      // @ts-expect-error there is no display[images] flag
      await client.getMarketAProduct('x', { images: true });
      // @ts-expect-error limit is a number
      await client.searchMarketAProducts({ limit: '20' });
      // @ts-expect-error variant_id belongs to A3, not A4
      await client.listMarketAProductDailySales('x', { variant_id: 'v' });
    };
    expect(typeof misuse).toBe('function');
  });
});
