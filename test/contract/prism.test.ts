/**
 * Prism loads openapi.yaml and serves every operation; each answer is valid against the
 * contract's 200 schema (issue 2: "a test starts it and gets a schema-valid response for each
 * of the eight operations").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractValidator, type OperationId } from '../../contract/index.js';
import { startPrism, type PrismHandle } from '../helpers/prism.js';

const validator = new ContractValidator();
const A = 'air-jordan-1-retro-high-og-chicago-lost-and-found';
const urls: Record<string, string> = {
  searchMarketAProducts: '/v3/market_a/products?query=DZ5485-612',
  getMarketAProduct: `/v3/market_a/products/${A}?display[variants]=true`,
  listMarketAProductSales: `/v3/market_a/products/${A}/sales`,
  listMarketAProductDailySales: `/v3/market_a/products/${A}/sales/daily`,
  searchMarketBProducts: '/v3/market_b/products?query=DZ5485%20612',
  getMarketBProduct: '/v3/market_b/products/1018367',
  listMarketBProductSales: '/v3/market_b/products/1018367/sales',
  listMarketBProductDailySales: '/v3/market_b/products/1018367/sales/daily',
};

let prism: PrismHandle;
beforeAll(async () => {
  prism = await startPrism();
});
afterAll(async () => {
  await prism?.stop();
});

describe('Prism serves the contract', () => {
  it('covers every operation of the contract', () => {
    expect(Object.keys(urls).sort()).toEqual(validator.operations.map((o) => o.operationId).sort());
  });

  it.each(Object.entries(urls))('%s answers 200 with a schema-valid body', async (operationId, url) => {
    const res = await fetch(prism.baseUrl + url, { headers: { authorization: 'Bearer demo-premium' } });
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    const ok = validator.operation(operationId as OperationId).responses.find((r) => r.status === '200');
    expect(ok).toBeDefined();
    expect(validator.validateAt((ok as { schemaPointer: string }).schemaPointer, body)).toEqual([]);
  });

  it('answers 401 without a key, as the security scheme says', async () => {
    const res = await fetch(prism.baseUrl + urls.getMarketBProduct);
    expect(res.status).toBe(401);
  });
});
