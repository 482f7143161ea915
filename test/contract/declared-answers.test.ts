/**
 * Every answer the mock can give on an operation is declared by the contract (issue 19): its
 * status (200, 401, 403, 404, 422, 429, and 500/503 forced by `Prefer: code=` or
 * `--error-rate`) is one of the operation's responses, its body is valid against that
 * response's schema, and every header it sends (beyond the transport's own) is declared on
 * that response, with a value its schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { isObject, resolve, toPointer, type JsonObject, type OperationId } from '../../contract/index.js';
import { createMockServer } from '../../mocks/index.js';
import { refs } from '../helpers/world.js';
import { validator } from '../helpers/mock.js';

const TRANSPORT = new Set(['content-type', 'content-length']);
const plain = createMockServer({ now: Date.UTC(2026, 1, 6), products: 300, seed: 'declared' });
const limited = createMockServer({ now: Date.UTC(2026, 1, 6), products: 300, seed: 'declared', rateLimit: { count: 1, windowMs: 60_000 } });
const { a, b } = refs(plain);
const product: Record<string, string> = { market_a: a.slug(1), market_b: b.id(1) };

/** A URL of the operation for product `id` (its path template filled). */
const urlOf = (path: string, id: string): string => path.replace(/\{[^}]+\}/, id);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
const respond = (m: typeof plain, url: string, headers: Record<string, string>): Answer => {
  const r = m.core.respond({ method: 'GET', url, headers });
  return { status: r.status, headers: r.headers, body: JSON.parse(r.body) };
};

/** The declared response for a status (or `default`), resolved. */
function declared(op: OperationId, status: number): { node: JsonObject; pointer: string } | undefined {
  const o = validator.operation(op);
  const at = toPointer(['paths', o.path, o.method, 'responses']);
  const responses = resolve(validator.doc, at).node as JsonObject;
  const key = String(status) in responses ? String(status) : 'default' in responses ? 'default' : undefined;
  if (!key) return undefined;
  const r = resolve(validator.doc, `${at}/${key}`);
  return { node: r.node as JsonObject, pointer: r.pointer };
}

const cases = validator.operations.flatMap((op) => {
  const market = op.path.split('/')[2] as string;
  const url = urlOf(op.path, product[market] as string);
  const premium = op.premium;
  const list: [string, () => Answer][] = [
    ['200', () => respond(plain, url, { authorization: 'demo-premium' })],
    ['401 (no key)', () => respond(plain, url, {})],
    ['404 (no such product)', () => respond(plain, urlOf(op.path, market === 'market_b' ? '999999999999' : 'no-such-sneaker'), { authorization: 'demo-premium' })],
    op.parameters.some((p) => p.name === 'page')
      ? ['422 (page=0)', () => respond(plain, `${url}?page=0`, { authorization: 'demo-premium' })]
      : ['422 (malformed id)', () => respond(plain, urlOf(op.path, '-no'), { authorization: 'demo-premium' })],
    ['500 (Prefer)', () => respond(plain, url, { authorization: 'demo-premium', prefer: 'code=500' })],
    ['503 (Prefer)', () => respond(plain, url, { authorization: 'demo-premium', prefer: 'code=503' })],
    [
      '429 (rate limit)',
      () => {
        respond(limited, url, { authorization: 'demo-premium' });
        return respond(limited, url, { authorization: 'demo-premium' });
      },
    ],
  ];
  if (premium) list.push(['403 (Free key)', () => respond(plain, url, { authorization: 'demo-free' })]);
  if (!op.path.includes('{')) list.splice(2, 1); // searches have no product to miss
  return list.map(([what, answer]) => ({ op: op.operationId, what, answer }));
});

describe('every answer of the mock is declared', () => {
  it('covers every operation', () => {
    expect(new Set(cases.map((c) => c.op))).toEqual(new Set(validator.operations.map((o) => o.operationId)));
  });

  it.each(cases)('$op $what: status, body and headers are declared', ({ op, what, answer }) => {
    const res = answer();
    expect(String(res.status)).toBe(what.split(' ')[0]);
    const d = declared(op, res.status);
    expect(d, `status ${res.status}`).toBeDefined();
    const content = isObject(d!.node.content) ? d!.node.content : {};
    const media = Object.keys(content)[0] as string;
    expect(res.headers['content-type']).toBe(media);
    expect(validator.validateAt(`${d!.pointer}/content/${media.replace(/\//g, '~1')}/schema`, res.body)).toEqual([]);
    const headers = isObject(d!.node.headers) ? d!.node.headers : {};
    const names = new Map(Object.keys(headers).map((h) => [h.toLowerCase(), h]));
    for (const [name, value] of Object.entries(res.headers)) {
      if (TRANSPORT.has(name)) continue;
      expect(names.has(name), `header ${name} is not declared on ${op} ${res.status}`).toBe(true);
      const header = resolve(validator.doc, `${d!.pointer}/headers/${names.get(name)!}`);
      const schema = resolve(validator.doc, `${header.pointer}/schema`);
      const typed = (schema.node as JsonObject).type === 'integer' ? Number(value) : value;
      expect(validator.validateAt(schema.pointer, typed), `${name}: ${value}`).toEqual([]);
    }
  });
});
