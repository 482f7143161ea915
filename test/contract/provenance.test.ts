/**
 * Every constraint of the contract has a provenance (CONVENTIONS.md, issue 19): a keyword that
 * narrows a value (`pattern`, `maximum`, `enum`, `format`, ...) stands on a schema object that
 * carries `x-section` (the description states it) or `x-source: production` / `x-source:
 * decision` with its reason. The walk is data-driven; it is proven able to fail on mutated
 * copies of the contract.
 */
import { describe, expect, it } from 'vitest';
import { CONSTRAINT_KEYWORDS, getAt, listConstraints, loadContract, provenanceOf, strictSchemaOf, type Json, type JsonObject } from '../../contract/index.js';

const doc = loadContract();
const unproven = (d: JsonObject): string[] =>
  listConstraints(d)
    .filter((c) => c.source === undefined)
    .map((c) => `${c.pointer} ${c.keyword}`);

describe('provenance of constraints', () => {
  const all = listConstraints(doc);

  it('finds the constraints of schemas, parameters and headers', () => {
    expect(all.length).toBeGreaterThan(50);
    const where = new Set(all.map((c) => c.pointer.split('/').slice(0, 3).join('/')));
    expect([...where].sort()).toEqual(['/components/headers', '/components/parameters', '/components/schemas']);
    expect([...new Set(all.map((c) => c.keyword))]).toEqual(expect.arrayContaining(['format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'enum', 'const']));
  });

  it('every constraint keyword carries x-section or x-source with its reason', () => {
    expect(unproven(doc)).toEqual([]);
  });

  it('constraints that are not in the description are marked so (the ones the issue names)', () => {
    const source = (pointer: string, keyword: string): string | undefined => all.find((c) => c.pointer === pointer && c.keyword === keyword)?.source;
    expect(source('/components/parameters/SearchQuery/schema', 'maxLength')).toBe('decision');
    expect(source('/components/parameters/Page/schema', 'maximum')).toBe('decision');
    expect(source('/components/parameters/MarketBId/schema', 'maximum')).toBe('decision');
    expect(source('/components/schemas/MarketAVariant/properties/lowest_ask', 'minimum')).toBe('production');
    expect(source('/components/schemas/Timestamp', 'pattern')).toBe('description');
    expect(source('/components/schemas/MarketBProduct/properties/release_date/anyOf/1', 'const')).toBe('production');
  });

  // A test must be able to fail: each mutation removes one provenance and the walk names it.
  const mutations: [string, string, string][] = [
    ['a pattern without x-section', '/components/schemas/MidnightUtc', 'x-section'],
    ['a parameter maximum without x-source', '/components/parameters/Page/schema', 'x-source'],
    ['an x-source without its reason', '/components/schemas/MarketAPrice/properties/price', 'x-production'],
    ['a header minimum without x-source', '/components/headers/Retry-After/schema', 'x-source'],
  ];
  it.each(mutations)('fails on a mutated copy: %s', (_, pointer, member) => {
    const copy = structuredClone(doc) as JsonObject;
    const node = getAt(copy, pointer) as JsonObject;
    delete node[member];
    expect(unproven(copy).some((u) => u.startsWith(`${pointer} `))).toBe(true);
  });

  it('fails on a new constraint added without provenance, at any depth', () => {
    const copy = structuredClone(doc) as JsonObject;
    const sku = getAt(copy, '/components/schemas/MarketBProduct/properties/sku') as JsonObject;
    sku.maxLength = 32;
    const inParam = getAt(copy, '/paths') as JsonObject;
    (inParam['/v3/market_a/products'] as any).get.parameters.push({ name: 'x', in: 'query', schema: { type: 'string', items: { pattern: 'a' } } });
    expect(unproven(copy)).toEqual(expect.arrayContaining(['/components/schemas/MarketBProduct/properties/sku maxLength', '/paths/~1v3~1market_a~1products/get/parameters/3/schema/items pattern']));
  });

  it('reads provenance from the object itself', () => {
    expect(provenanceOf({ 'x-source': 'decision', 'x-decision': 'why' })).toEqual({ source: 'decision', reason: 'why' });
    expect(provenanceOf({ 'x-source': 'production', 'x-production': 'note' })).toEqual({ source: 'production', reason: 'note' });
    expect(provenanceOf({ 'x-source': 'decision' }).source).toBeUndefined();
    expect(provenanceOf({ 'x-source': 'guess', 'x-decision': 'x' }).source).toBeUndefined();
    expect(provenanceOf({ 'x-section': '2.2' })).toEqual({ source: 'description', reason: '2.2' });
    expect(provenanceOf({}).source).toBeUndefined();
    expect(CONSTRAINT_KEYWORDS).toContain('pattern');
  });
});

describe('strictSchemaOf', () => {
  it('removes x-deviation branches of anyOf and oneOf, at any depth, and leaves the input alone', () => {
    const schema: Json = {
      properties: {
        d: { anyOf: [{ type: 'string' }, { const: '', 'x-deviation': true }] },
        e: { oneOf: [{ 'x-deviation': true, type: 'null' }] },
        f: { allOf: [{ 'x-deviation': true }] },
      },
    };
    const before = JSON.stringify(schema);
    expect(strictSchemaOf(schema)).toEqual({
      properties: {
        d: { anyOf: [{ type: 'string' }] },
        e: { oneOf: [false] },
        f: { allOf: [{ 'x-deviation': true }] },
      },
    });
    expect(JSON.stringify(schema)).toBe(before);
  });
  it('leaves a contract without deviations as it was', () => {
    const copy = strictSchemaOf(doc);
    const release = getAt(copy, '/components/schemas/MarketBProduct/properties/release_date') as JsonObject;
    expect(release.anyOf).toEqual([{ $ref: '#/components/schemas/RecordTimestamp' }]);
    const other = structuredClone(getAt(doc, '/components/schemas/MarketAProduct'));
    expect(getAt(copy, '/components/schemas/MarketAProduct')).toEqual(other);
  });
});
