/**
 * The contract's examples are real values of the default world (seed `resale-kit`, 10,000
 * products; ids and slugs do not depend on the clock): every id and slug an example names,
 * in parameters and in response bodies, answers 200 from the default mock, and every 200
 * example's request (its parameter examples of the same name, as Specmatic pairs them) answers
 * 200 with a body valid against the contract. The B3 id range of the contract and the mock agree.
 */
import { describe, expect, it } from 'vitest';
import { getAt, isObject, resolve, type JsonObject } from '../../contract/index.js';
import { createMockServer } from '../../mocks/index.js';
import { call, validator, violations } from '../helpers/mock.js';

// The default world (mocks/options.ts defaults), on a fixed clock.
const m = createMockServer({ now: Date.UTC(2026, 1, 6) });
const doc = validator.doc;

/** Every parameter example value, with the operation and name it belongs to. */
const paramExamples = validator.operations.flatMap((op) =>
  op.parameters.flatMap((p) => {
    const param = resolve(doc, p.schemaPointer.replace(/\/schema$/, '')).node as JsonObject;
    const named = Object.entries(isObject(param.examples) ? param.examples : {}).map(([name, ex]) => ({ name, value: isObject(ex) ? ex.value : undefined }));
    if ('example' in param) named.push({ name: '', value: param.example });
    return named.map((n) => ({ op, p, ...n }));
  }),
);

/** The URL of an operation's request built from its parameter examples named `name`. */
function requestFor(opId: string, name: string): string {
  const op = validator.operation(opId as never);
  let path = op.path;
  const query: string[] = [];
  for (const e of paramExamples.filter((x) => x.op === op && x.name === name)) {
    if (e.p.in === 'path') path = path.replace(`{${e.p.name}}`, encodeURIComponent(String(e.value)));
    else query.push(`${encodeURIComponent(e.p.name)}=${encodeURIComponent(String(e.value))}`);
  }
  return query.length ? `${path}?${query.join('&')}` : path;
}

describe('examples are real values of the default world', () => {
  const idCases = paramExamples.filter((e) => e.p.in === 'path' || e.p.name === 'variant_id').map((e) => ({ where: `${e.op.operationId} ${e.p.name} ${e.name}`, op: e.op.operationId, name: e.name }));
  it('has path-parameter examples for every operation with a path parameter', () => {
    const withPath = validator.operations.filter((o) => o.parameters.some((p) => p.in === 'path')).map((o) => o.operationId);
    expect(new Set(idCases.map((c) => c.op))).toEqual(new Set(withPath));
  });

  it.each(idCases)('$where answers 200', ({ op, name }) => {
    const url = requestFor(op, name);
    expect(url).not.toContain('{');
    const res = call(m, url);
    expect(res.status, url).toBe(200);
    expect(violations(op, 200, res.body)).toEqual([]);
  });

  // Specmatic pairs a 200 example with the request examples of the same name.
  const paired = validator.operations.flatMap((op) => {
    const ok = op.responses.find((r) => r.status === '200');
    const media = ok ? (resolve(doc, ok.schemaPointer.replace(/\/schema$/, '')).node as JsonObject) : {};
    return Object.keys(isObject(media.examples) ? media.examples : {}).map((name) => ({ op: op.operationId, name }));
  });
  it.each(paired)('the request of $op example $name answers 200', ({ op, name }) => {
    expect(paramExamples.some((e) => e.op.operationId === op && e.name === name)).toBe(true);
    expect(call(m, requestFor(op, name)).status).toBe(200);
  });

  it('every product id, slug and variant id in a 200 example body exists in the default world', () => {
    const found: { url: string; from: string }[] = [];
    for (const [name, ex] of Object.entries(getAt(doc, '/components/examples') as JsonObject)) {
      const v = isObject(ex) ? ex.value : undefined;
      const walk = (node: unknown, market: 'a' | 'b' | undefined): void => {
        if (Array.isArray(node)) node.forEach((n) => walk(n, market));
        if (!isObject(node)) return;
        const mk = name.startsWith('MarketA') ? 'a' : name.startsWith('MarketB') ? 'b' : market;
        for (const [k, val] of Object.entries(node)) {
          if (mk && (k === 'product_id' || ((k === 'id' || k === 'slug') && 'sku' in node))) found.push({ url: `/v3/market_${mk}/products/${String(val)}`, from: `${name} ${k}` });
          if (mk === 'a' && (k === 'variant_id' || (k === 'id' && 'size' in node)))
            found.push({ url: `/v3/market_a/products/${String((node as any).product_id ?? (v as any).data.id)}/sales?variant_id=${String(val)}`, from: `${name} ${k}` });
          walk(val, mk);
        }
      };
      walk(v, undefined);
    }
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((f) => call(m, f.url).status !== 200)).toEqual([]);
  });
});

describe('the B3 id range: contract and mock agree', () => {
  const id = resolve(doc, validator.operation('listMarketBProductSales').parameters.find((p) => p.name === 'id')!.schemaPointer).node as JsonObject;
  it('the contract gives a maximum the mock can resolve', () => {
    expect(id.maximum).toBe(999_999_999_999_999);
    expect(Number.isSafeInteger(id.maximum)).toBe(true);
  });
  it.each(['1000000000000000', '123456789012345678', '99999999999999999999999', '0', '-1'])('%s answers 422 "out of range" at path.id', (raw) => {
    const res = call(m, `/v3/market_b/products/${raw}/sales`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ location: 'path.id', value: raw, message: expect.stringContaining('out of range') })]);
    expect(res.body.detail).toContain('out of range');
  });
  it('the largest id in range is a 404 (no such product), not a 422', () => {
    expect(call(m, `/v3/market_b/products/${String(id.maximum)}/sales`).status).toBe(404);
  });
  it('a slug is still "must be an integer"', () => {
    expect(call(m, '/v3/market_b/products/air-jordan/sales').body.errors[0].message).toBe('must be an integer');
  });
});
