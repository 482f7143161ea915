/**
 * Problem types (issue 14): one stable `type` URI per kind of error, defined once in
 * contract/problem-types.ts, so a client branches on `type` instead of parsing `detail`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES, type ProblemKind } from '../../contract/index.js';
import { call, mock, validator } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const m = mock({ seed: 'problem-types' });
const slug = refs(m).a.slug(1);
const typeOf = (kind: ProblemKind): string => PROBLEM_TYPES[kind].type;

describe('the problem type table', () => {
  const entries = Object.entries(PROBLEM_TYPES);

  it('gives every kind its own tag URI, named after the kind', () => {
    const types = entries.map(([, t]) => t.type);
    expect(new Set(types).size).toBe(entries.length);
    for (const [kind, t] of entries) expect(t.type).toMatch(new RegExp(`^tag:resale-kit,2026:problems/${kind}$`));
  });

  it('is the table docs/mock.md documents, kind for kind', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../docs/mock.md', import.meta.url)), 'utf8');
    const documented = [...readme.matchAll(/^\| `(tag:resale-kit,2026:problems\/[a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(entries.map(([, t]) => t.type).sort());
  });

  it('gives every kind an error status and a title', () => {
    for (const [, t] of entries) {
      expect(t.status).toBeGreaterThanOrEqual(400);
      expect(t.status).toBeLessThan(600);
      expect(t.title.length).toBeGreaterThan(0);
    }
  });
});

describe('the mock answers each error with its kind', () => {
  it.each<[string, string, string | null, string, ProblemKind]>([
    ['no key', `/v3/market_a/products/${slug}`, null, 'GET', 'invalid-key'],
    ['a key named constructor', `/v3/market_a/products/${slug}`, 'constructor', 'GET', 'invalid-key'],
    ['a free key on a premium operation', `/v3/market_a/products/${slug}/sales`, 'demo-free', 'GET', 'not-entitled'],
    ['an unknown product', '/v3/market_a/products/no-such-product', 'demo-premium', 'GET', 'product-not-found'],
    ['a path with no operation', '/v3/no_such_market/products', 'demo-premium', 'GET', 'not-found'],
    ['an unknown schema', '/schemas/Nope.json', 'demo-premium', 'GET', 'not-found'],
    ['a write method', '/v3/market_a/products', 'demo-premium', 'DELETE', 'method-not-allowed'],
    ['a parameter out of range', '/v3/market_a/products?limit=0', 'demo-premium', 'GET', 'invalid-parameters'],
  ])('%s: %s', (_what, url, key, method, kind) => {
    const res = call(m, url, key, method);
    expect(res.status).toBe(PROBLEM_TYPES[kind].status);
    expect(res.body.type).toBe(typeOf(kind));
    expect(res.body.title).toBe(PROBLEM_TYPES[kind].title);
    expect(validator.validateSchema('ProblemDetails', res.body)).toEqual([]);
  });

  it.each<[number, ProblemKind]>([
    [401, 'invalid-key'],
    [404, 'product-not-found'],
    [429, 'rate-limited'],
  ])('a forced %i (Prefer: code) looks like the real error: %s', (code, kind) => {
    const res = m.core.respond({ method: 'GET', url: `/v3/market_a/products/${slug}`, headers: { authorization: 'demo-premium', prefer: `code=${code}` } });
    expect(res.status).toBe(code);
    expect(JSON.parse(res.body).type).toBe(typeOf(kind));
  });

  it('every 401 carries a WWW-Authenticate challenge (RFC 9110 §11.6.1; attacker probe 7), forced or real', () => {
    for (const key of [null, 'no-such-key']) expect(call(m, `/v3/market_a/products/${slug}`, key).headers['www-authenticate']).toBe('Bearer realm="Resale Market Data API"');
    const forced = m.core.respond({ method: 'GET', url: `/v3/market_a/products/${slug}`, headers: { authorization: 'demo-premium', prefer: 'code=401' } });
    expect(forced.headers['www-authenticate']).toMatch(/^Bearer /);
    expect(call(m, `/v3/market_a/products/${slug}`).headers['www-authenticate']).toBeUndefined();
  });

  it('a forced status with no kind of its own is `simulated`, with that status and its title', () => {
    const forced = mock({ seed: 'problem-types', errorRate: 1, errorStatuses: [503] });
    const res = call(forced, `/v3/market_a/products/${slug}`);
    expect(res.status).toBe(503);
    expect(res.body.type).toBe(typeOf('simulated'));
    expect(res.body.title).toBe('Service Unavailable');
  });
});
