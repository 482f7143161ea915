/**
 * Severity from provenance (conformance/provenance.ts, CONVENTIONS.md): the deepest schema object
 * on the way to a failing value that carries `x-source` decides its level; production deviations
 * (`x-deviation` branches) are accepted by the contract and refused by its strict form.
 */
import { describe, expect, it } from 'vitest';
import { ContractValidator, loadContract, strictSchemaOf, type JsonObject, type OpenApiDocument } from '../../contract/index.js';
import type { CheckContext } from '../../conformance/check.js';
import { productionDeviation, responseSchema } from '../../conformance/checks/schema.js';
import { deviationsAlong, keywordProvenance } from '../../conformance/provenance.js';
import type { Exchange } from '../../conformance/types.js';
import { mock } from '../helpers/mock.js';

const doc = loadContract();
const root = doc as unknown as JsonObject;
const B2 = '/components/schemas/MarketBProductResponse';

describe('keywordProvenance', () => {
  it('a keyword the description states is must (the UTC pattern of a marketplace A product timestamp, the shape of any timestamp)', () => {
    expect(keywordProvenance(root, '/components/schemas/MarketAProductResponse', '/data/updated_at', 'pattern').level).toBe('must');
    expect(keywordProvenance(root, B2, '/data/updated_at', 'pattern').level).toBe('must');
    expect(keywordProvenance(root, '/components/schemas/MarketASalesResponse', '/data/3/created_at', 'pattern').level).toBe('must');
  });

  it("the case of a country code is a kit decision (info); its two characters are the description's (must)", () => {
    expect(keywordProvenance(root, '/components/schemas/MarketAProductResponse', '/data/country_of_manufacture', 'pattern').level).toBe('info');
    expect(keywordProvenance(root, '/components/schemas/MarketAProductResponse', '/data/country_of_manufacture', 'maxLength').level).toBe('must');
  });

  it('a keyword under x-source: decision is info, and says why', () => {
    const p = keywordProvenance(root, B2, '/data/variants/0/market', 'type');
    expect(p.level).toBe('info');
    expect(p.reason).toMatch(/market/);
    expect(keywordProvenance(root, B2, '/data/retail_prices', 'type').level).toBe('info');
  });

  it('x-source: production is should, and the deepest marked object decides', () => {
    const copy = structuredClone(doc) as unknown as { components: { schemas: Record<string, any> } };
    copy.components.schemas.MarketBProduct['x-source'] = 'decision';
    copy.components.schemas.MarketBProduct.properties.season = { type: 'string', 'x-source': 'production', 'x-production': 'season may carry a leading space' };
    const c = copy as unknown as JsonObject;
    expect(keywordProvenance(c, B2, '/data/season', 'type')).toEqual({ level: 'should', reason: 'season may carry a leading space' });
    expect(keywordProvenance(c, B2, '/data/name', 'type').level).toBe('info');
  });
});

describe('production deviations', () => {
  // The contract as issue 19 writes a deviation: an anyOf branch marked x-deviation.
  const withDeviation = structuredClone(doc) as unknown as { components: { schemas: Record<string, any> } };
  withDeviation.components.schemas.MarketBProduct.properties.release_date = {
    anyOf: [{ $ref: '#/components/schemas/Timestamp' }, { type: 'string', const: '', 'x-source': 'production', 'x-deviation': true, 'x-production': 'production answers release_date "" for some products' }],
  };
  const contract = new ContractValidator(withDeviation as unknown as OpenApiDocument);
  const strict = new ContractValidator(strictSchemaOf(withDeviation as unknown as OpenApiDocument));

  it('the contract accepts the deviation; its strict form does not; the reason is found on the way', () => {
    const schemas = withDeviation.components.schemas;
    expect(contract.validateAt('/components/schemas/MarketBProduct/properties/release_date', '')).toEqual([]);
    expect(strict.validateAt('/components/schemas/MarketBProduct/properties/release_date', '').length).toBeGreaterThan(0);
    expect(strict.validateAt('/components/schemas/MarketBProduct/properties/release_date', '2026-01-01T00:00:00Z')).toEqual([]);
    expect(deviationsAlong(withDeviation as unknown as JsonObject, B2, '/data/release_date')).toEqual(['production answers release_date "" for some products']);
    expect(schemas.MarketBProduct.properties.release_date.anyOf).toHaveLength(2);
  });

  it('production-deviation reports a B2 body valid only through the deviation at should level; response-schema passes it', () => {
    const plainContract = new ContractValidator();
    const { core } = mock({ seed: 'provenance' });
    const hit = JSON.parse(core.respond({ method: 'GET', url: '/v3/market_b/products?query=nike&limit=1', headers: { authorization: 'Bearer demo-premium' } }).body as string) as { data: { id: number }[] };
    const id = hit.data[0]?.id;
    const answer = JSON.parse(core.respond({ method: 'GET', url: `/v3/market_b/products/${id}`, headers: { authorization: 'Bearer demo-premium' } }).body as string) as { data: Record<string, unknown> };
    expect(plainContract.validateSchema('MarketBProductResponse', answer)).toEqual([]);
    answer.data.release_date = '';
    const ex: Exchange = {
      operationId: 'getMarketBProduct',
      auth: 'main',
      request: { method: 'GET', url: `http://x/v3/market_b/products/${id}` },
      status: 200,
      headers: { 'content-type': 'application/json' },
      text: JSON.stringify(answer),
      json: answer,
      ms: 1,
    };
    const ctx = { validator: contract } as unknown as CheckContext;
    expect(responseSchema.response?.(ex, ctx)).toMatchObject({ outcome: 'pass' });
    const found = [productionDeviation.response?.(ex, ctx)].flat();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ outcome: 'fail', location: '/data/release_date', message: expect.stringContaining('production answers release_date') });
    expect(productionDeviation.level).toBe('should');
    // The shipped contract carries the same deviation branch (issue 19): response-schema passes the
    // body and production-deviation reports it at should level, never must.
    const shipped = { validator: plainContract } as unknown as CheckContext;
    expect(responseSchema.response?.(ex, shipped)).toMatchObject({ outcome: 'pass' });
    expect([productionDeviation.response?.(ex, shipped)].flat()).toMatchObject([{ outcome: 'fail', location: '/data/release_date' }]);
  });

  it('a non-UTC offset is refused by the contract, Z and +00:00 are not', () => {
    const v = new ContractValidator();
    expect(v.validateSchema('Timestamp', '2026-01-14T09:00:00+01:00').length).toBeGreaterThan(0);
    expect(v.validateSchema('Timestamp', '2026-01-14T09:00:00Z')).toEqual([]);
    expect(v.validateSchema('Timestamp', '2026-01-14T09:00:00.123+00:00')).toEqual([]);
  });
});
