/**
 * The contract says what the API description says (issue 19): marketplace A product timestamps
 * are UTC (§2.2 "ISO 8601 UTC": `Z` or `+00:00`, any other offset fails); the other timestamps
 * are "string (timestamp)" (§2.3, §2.4, §2.6–2.8): an RFC 3339 date-time with any offset (UTC is
 * production's, judged at should level by `utc-timestamps`); marketplace B `release_date: ""`
 * (production) is accepted through a deviation branch that `strictSchemaOf` removes; `$schema`
 * is optional in every envelope (§1 "some responses also carry"); lists without `meta` reject a
 * pagination object in a form generators read (no boolean schema anywhere).
 */
import { describe, expect, it } from 'vitest';
import { ContractValidator, getAt, isObject, readRoles, schemaObjects, strictSchemaOf, type JsonObject, type OpenApiDocument, type SchemaName } from '../../contract/index.js';

const validator = new ContractValidator();
const doc = validator.doc;
const example = (name: string): any => structuredClone(getAt(doc, `/components/examples/${name}/value`));

/** Every schema in the contract that is (or points to) Timestamp or MidnightUtc, with a body to put a value in. */
const timestampCases: [string, SchemaName, string, (b: any, v: string) => void][] = [
  ['A product updated_at', 'MarketAProductResponse', 'MarketAProduct', (b, v) => (b.data.updated_at = v)],
  ['A product created_at', 'MarketAProductResponse', 'MarketAProduct', (b, v) => (b.data.created_at = v)],
];
/** The "string (timestamp)" fields (§2.3, §2.4, §2.6, §2.7, §2.8): RecordTimestamp. */
const recordCases: [string, SchemaName, string, (b: any, v: string) => void][] = [
  ['A variant updated_at', 'MarketAProductResponse', 'MarketAProductExpanded', (b, v) => (b.data.variants[0].updated_at = v)],
  ['A sale created_at', 'MarketASalesResponse', 'MarketASales', (b, v) => (b.data[0].created_at = v)],
  ['B product release_date', 'MarketBProductResponse', 'MarketBProduct', (b, v) => (b.data.release_date = v)],
  ['B product updated_at', 'MarketBProductSearchResponse', 'MarketBProductSearch', (b, v) => (b.data[0].updated_at = v)],
  ['B variant updated_at', 'MarketBProductResponse', 'MarketBProduct', (b, v) => (b.data.variants[0].updated_at = v)],
  ['B sale purchased_at', 'MarketBSalesResponse', 'MarketBSales', (b, v) => (b.data[0].purchased_at = v)],
];
const midnightCases: [string, SchemaName, string, (b: any, v: string) => void][] = [
  ['A daily date', 'MarketADailySalesResponse', 'MarketADailySales', (b, v) => (b.data[0].date = v)],
  ['B daily date', 'MarketBDailySalesResponse', 'MarketBDailySales', (b, v) => (b.data[0].date = v)],
];

describe('timestamps are UTC (§2.2 "ISO 8601 UTC")', () => {
  const utc = ['2026-01-14T09:00:00Z', '2026-01-14T09:00:00+00:00', '2026-01-14T09:00:00.123Z'];
  const notUtc = ['2026-01-14T09:00:00+01:00', '2026-01-14T09:00:00-05:00', '2026-01-14T09:00:00', '2026-01-14 09:00:00Z', '2026-13-14T09:00:00Z', '2026-01-14T25:00:00Z', 'yesterday'];
  it.each(timestampCases)('%s accepts Z and +00:00, rejects any other offset', (_, schema, ex, put) => {
    for (const v of utc) {
      const b = example(ex);
      put(b, v);
      expect(validator.validateSchema(schema, b), v).toEqual([]);
    }
    for (const v of notUtc) {
      const b = example(ex);
      put(b, v);
      expect(validator.validateSchema(schema, b).length, v).toBeGreaterThan(0);
    }
  });
  it.each(recordCases)('%s (string (timestamp)) accepts an RFC 3339 date-time with any offset, rejects what is not one', (_, schema, ex, put) => {
    for (const v of [...utc, '2026-01-14T09:00:00+01:00', '2026-01-14T09:00:00-05:00']) {
      const b = example(ex);
      put(b, v);
      expect(validator.validateSchema(schema, b), v).toEqual([]);
    }
    for (const v of notUtc.filter((x) => !/[+-]\d{2}:\d{2}$/.test(x))) {
      const b = example(ex);
      put(b, v);
      expect(validator.validateSchema(schema, b).length, v).toBeGreaterThan(0);
    }
  });
  it.each(midnightCases)('%s is midnight UTC, Z or +00:00', (_, schema, ex, put) => {
    for (const v of ['2026-01-14T00:00:00Z', '2026-01-14T00:00:00+00:00']) {
      const b = example(ex);
      put(b, v);
      expect(validator.validateSchema(schema, b), v).toEqual([]);
    }
    for (const v of ['2026-01-14T00:00:00+01:00', '2026-01-14T01:00:00Z', '2026-01-14']) {
      const b = example(ex);
      put(b, v);
      expect(validator.validateSchema(schema, b).length, v).toBeGreaterThan(0);
    }
  });
  it('writes the UTC rule as a pattern, without format: date-time (which generators read differently)', () => {
    for (const name of ['Timestamp', 'RecordTimestamp', 'MidnightUtc']) {
      const s = getAt(doc, `/components/schemas/${name}`) as JsonObject;
      expect(typeof s.pattern).toBe('string');
      expect(s.format).toBeUndefined();
    }
    const dateTime = schemaObjects(doc).filter(({ schema }) => schema.format === 'date-time');
    expect(dateTime.map((d) => d.pointer)).toEqual([]);
  });
});

describe('marketplace B release_date "" (production) is a deviation the contract accepts', () => {
  it('accepts "" in a lookup and in search results', () => {
    const b2 = example('MarketBProduct');
    b2.data.release_date = '';
    expect(validator.validateSchema('MarketBProductResponse', b2)).toEqual([]);
    const b1 = example('MarketBProductSearch');
    b1.data[0].release_date = '';
    expect(validator.validateSchema('MarketBProductSearchResponse', b1)).toEqual([]);
  });
  it('accepts no other non-timestamp string', () => {
    const b2 = example('MarketBProduct');
    b2.data.release_date = ' ';
    expect(validator.validateSchema('MarketBProductResponse', b2).length).toBeGreaterThan(0);
  });
  it('marks the branch x-source: production, x-deviation: true, with a reason', () => {
    const branches = schemaObjects(doc).filter(({ schema }) => schema['x-deviation'] === true);
    expect(branches.map((b) => b.pointer)).toContain('/components/schemas/MarketBProduct/properties/release_date/anyOf/1');
    for (const { schema } of branches) {
      expect(schema['x-source']).toBe('production');
      expect(String(schema['x-production'])).toMatch(/production-behaviour/);
    }
  });
  it('strictSchemaOf(contract) rejects "" and still accepts a timestamp', () => {
    const strict = new ContractValidator(strictSchemaOf(doc) as OpenApiDocument);
    const b2 = example('MarketBProduct');
    expect(strict.validateSchema('MarketBProductResponse', b2)).toEqual([]);
    b2.data.release_date = '';
    expect(strict.validateSchema('MarketBProductResponse', b2).map((v) => v.pointer)).toContain('/data/release_date');
  });
});

describe('presence of envelope members is decided from the description', () => {
  const envelopes = validator.operations.flatMap((op) => op.responses.filter((r) => r.status === '200').map((r) => ({ op: op.operationId, pointer: r.schemaPointer })));
  const exampleOf: Record<string, string> = {
    searchMarketAProducts: 'MarketAProductSearch',
    getMarketAProduct: 'MarketAProduct',
    listMarketAProductSales: 'MarketASales',
    listMarketAProductDailySales: 'MarketADailySales',
    searchMarketBProducts: 'MarketBProductSearch',
    getMarketBProduct: 'MarketBProduct',
    listMarketBProductSales: 'MarketBSales',
    listMarketBProductDailySales: 'MarketBDailySales',
  };
  it('covers every operation', () => {
    expect(envelopes.map((e) => e.op).sort()).toEqual(Object.keys(exampleOf).sort());
  });
  it.each(envelopes)('$op: $schema is optional, data is required', ({ op, pointer }) => {
    const body = example(exampleOf[op] as string);
    delete body.$schema;
    expect(validator.validateAt(pointer, body)).toEqual([]);
    delete body.data;
    expect(validator.validateAt(pointer, body).map((v) => v.keyword)).toContain('required');
  });
  it('a problem without $schema is valid', () => {
    const p = example('NotFound');
    delete p.$schema;
    expect(validator.validateSchema('ProblemDetails', p)).toEqual([]);
  });
  it.each(['MarketASalesResponse', 'MarketADailySalesResponse', 'MarketBProductSearchResponse', 'MarketBDailySalesResponse'] as const)('%s: no meta; a pagination object fails; the roles say absent', (schema) => {
    const ex = { MarketASalesResponse: 'MarketASales', MarketADailySalesResponse: 'MarketADailySales', MarketBProductSearchResponse: 'MarketBProductSearch', MarketBDailySalesResponse: 'MarketBDailySales' }[schema];
    const body = example(ex);
    expect(validator.validateSchema(schema, body)).toEqual([]);
    body.meta = { page: 1, per_page: 20 };
    expect(validator.validateSchema(schema, body).map((v) => v.pointer)).toContain('/meta');
    expect(readRoles(doc, `/components/schemas/${schema}`)?.meta).toEqual({ kind: 'absent', nullTolerated: true });
  });
  it('has no boolean schema anywhere (openapi-zod-client crashes on one, other generators ignore it)', () => {
    const booleans: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!isObject(node)) return;
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === 'boolean' && ['properties', 'items', 'additionalProperties', 'not'].some((p) => at.endsWith(`/${p}`) || k === p)) booleans.push(`${at}/${k}`);
        walk(v, `${at}/${k}`);
      }
    };
    walk(doc.components, '/components');
    walk(doc.paths, '/paths');
    expect(booleans).toEqual([]);
  });
});
