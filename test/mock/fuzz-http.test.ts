/**
 * A seeded, bounded fuzzer of the mock over real sockets (issue 11): a grammar of hostile
 * methods, paths, query strings and headers over the eight operations, sent as raw HTTP/1.1.
 * Every answer must hold:
 * - no 5xx unless the request asked for one with `Prefer: code=5xx`;
 * - every error is problem details valid against the contract, with CORS headers;
 * - no premium data (A3, A4, B3, B4 answers, filled identifiers) without a paid key;
 * - HEAD answers carry no body;
 * and the server still answers normally afterwards.
 * Runs: `RESALE_KIT_FUZZ_RUNS` (default 1000); seed: `RESALE_KIT_FUZZ_SEED` (default 11).
 */
import type { Server } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFrom } from '../../mocks/http/auth.js';
import { createMockServer, TIERS } from '../../mocks/index.js';
import { NOW, validator } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';
import { rawRequest } from '../helpers/raw-http.js';

const RUNS = Number(process.env.RESALE_KIT_FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.RESALE_KIT_FUZZ_SEED ?? 11);
const BUILTIN = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

const mock = createMockServer({ port: 0, now: NOW, products: 300, seed: 'fuzz' });
const w = refs(mock);
const slugA = w.a.slug(4);
const uuidA = w.a.id(4);
const idB = w.b.id(4);
const slugB = w.b.slug(4);
const variantA =
  (JSON.parse(mock.core.respond({ method: 'GET', url: `/v3/market_a/products/${slugA}?display[variants]=true`, headers: { authorization: 'demo-premium' } }).body) as { data: { variants: { id: string }[] } }).data.variants[0]?.id ?? '';

const TEMPLATES = validator.operations.map((o) => o.path);
const PREMIUM = validator.operations.filter((o) => o.premium).map((o) => o.path.split('/'));
const isPremiumPath = (path: string): boolean => {
  const segs = path.split('/');
  return PREMIUM.some((t) => t.length === segs.length && t.every((s, i) => s.startsWith('{') || s === segs[i]));
};

const longText = (n: number) => fc.constant('a'.repeat(n));
const pathParam = fc.oneof(
  fc.constantFrom(slugA, uuidA, idB, slugB, uuidA.toUpperCase(), '0', '-1', '1e3', '99999999999999999999', '%00', '%', '%zz', '..', '%2e%2e', '%2F', '%C0%AF', '%ED%A0%80', ...BUILTIN),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => encodeURIComponent(s).replace(/%(?=..)/, '%')),
  longText(3000),
);
const fill = ([template, params]: [string, string[]]): string => {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => params[i++] ?? slugA);
};
const path = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...TEMPLATES), fc.array(pathParam, { minLength: 1, maxLength: 1 })).map(fill) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/',
      '/openapi.yaml',
      '/schemas/ProblemDetails.json',
      '/schemas/constructor.json',
      '/schemas/__proto__.json',
      '//',
      '/v3',
      '/v3/',
      '/v3/no_such_market/products',
      '/v3/market_a/products/',
      '/v3/market_a//products',
      'http://evil.example/v3/market_a/products',
      '*',
      `/images/market_a/${uuidA}/0.svg`,
      `/images/market_b/${idB}/360-07.svg`,
      '/images/market_a/constructor/0.svg',
      '/images/__proto__/x/0.svg',
      `/v3/market_a/products/${slugA}/sales/daily/extra`,
    ),
  },
);
const paramName = fc.oneof(
  fc.constantFrom('query', 'limit', 'page', 'variant_id', 'display[variants]', 'display[prices]', 'display[identifiers]', 'display[', 'display[]', '%zz', '', '__proto__[x]', ...BUILTIN),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const paramValue = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '-1',
    '2',
    '100',
    '101',
    '500',
    '501',
    '365',
    '366',
    '1.5',
    '9999999999999999999',
    '1e400',
    'NaN',
    'true',
    'false',
    'TRUE',
    '%',
    '%00',
    '%ZZ',
    '%E2%82',
    '%F0%9F%91%9F',
    'null',
    variantA,
    uuidA,
    'Pok%C3%A9mon',
    '%E3%82%B8%E3%83%A7%E3%83%BC%E3%83%80%E3%83%B3',
  ),
  fc.integer().map(String),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  longText(4000),
);
const query = fc.oneof(
  fc.array(fc.tuple(paramName, paramValue), { maxLength: 6 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`)),
  fc.constantFrom('?', '?&&==', '?%', '?=', '?a=1&a=2&a=3', `?limit=1&limit=${'9'.repeat(400)}`),
);
const method = fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'get', 'PROPFIND', 'M-SEARCH');
const auth = fc.option(
  fc.constantFrom('demo-free', 'demo-premium', 'Bearer demo-premium', 'bearer demo-free', 'Bearer', 'Bearer  ', 'Basic ZGVtbzpkZW1v', 'demo-premium, demo-free', 'x'.repeat(4000), ...BUILTIN, ...BUILTIN.map((n) => `Bearer ${n}`)),
  { nil: undefined },
);
const prefer = fc.option(
  fc.constantFrom('code=500', 'code=503', 'code=429', 'code=404', 'code=401', 'code=403', 'code=422', 'code=200', 'code=999', 'code=abc', 'delay=3', 'delay=0', 'code=500, delay=2', 'respond-async', `code=${'5'.repeat(50)}`),
  { nil: undefined },
);
const extra = fc.array(
  fc.constantFrom(
    'Origin: https://app.example',
    'Origin: null',
    'Access-Control-Request-Method: GET',
    'Access-Control-Request-Headers: authorization, prefer',
    'Access-Control-Request-Headers: x\x7fy',
    `Access-Control-Request-Headers: ${'a,'.repeat(2000)}b`,
    'Authorization: demo-premium',
    'Prefer: code=500',
    'Accept: */*',
    'Accept: text/html',
    'Content-Length: 0',
    'X-Forwarded-Host: evil.example',
    'Constructor: 1',
    '__proto__: 1',
    'Cookie: a=b',
    'Accept-Encoding: gzip, br',
  ),
  { maxLength: 3 },
);

interface Case {
  method: string;
  target: string;
  auth: string | undefined;
  prefer: string | undefined;
  extra: string[];
}
const request = fc.record({ method, target: fc.tuple(path, query).map(([p, q]) => p + q), auth, prefer, extra });

function wire(c: Case): string {
  const lines = [`${c.method} ${c.target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  if (c.auth !== undefined) lines.push(`Authorization: ${c.auth}`);
  if (c.prefer !== undefined) lines.push(`Prefer: ${c.prefer}`);
  lines.push(...c.extra);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The Authorization value the server sees first (the grammar may add a second header). */
const firstAuth = (c: Case): string | undefined => c.auth ?? c.extra.find((h) => h.startsWith('Authorization: '))?.slice('Authorization: '.length);
const firstPrefer = (c: Case): string => c.prefer ?? c.extra.find((h) => h.startsWith('Prefer: '))?.slice('Prefer: '.length) ?? '';

let server: Server;
let port = 0;
beforeAll(async () => {
  const listening = await mock.listen();
  server = listening.server;
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('fuzzing the mock over HTTP', () => {
  it(
    `${RUNS} hostile requests: no 5xx unless asked, errors as problem details, no premium data without a paid key, HEAD without a body`,
    async () => {
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(request, async (c) => {
          sent++;
          const res = await rawRequest(port, wire(c), 10_000);
          const askedCode = /code\s*=\s*"?5\d\d\b/i.test(firstPrefer(c));
          if (!askedCode) expect(res.status, 'a 5xx that nobody asked for').toBeLessThan(500);
          expect(res.headers['access-control-allow-origin'], 'CORS on every answer').toBe('*');
          const head = c.method === 'HEAD';
          if (head) expect(res.body, 'HEAD answers carry no body').toBe('');
          if (res.status >= 400 && !head) {
            expect(res.headers['content-type']).toBe('application/problem+json');
            const problem = JSON.parse(res.body) as { status: number };
            expect(validator.validateSchema('ProblemDetails', problem)).toEqual([]);
            expect(problem.status).toBe(res.status);
          }
          if (res.headers['x-key-type'] !== undefined) expect(TIERS).toContain(res.headers['x-key-type']);
          const paid = keyFrom(firstAuth(c)) === 'demo-premium';
          const targetPath = c.target.replace(/^https?:\/\/[^/]*/, '').split('?')[0] ?? '';
          if (res.status === 200 && isPremiumPath(targetPath) && ['GET', 'HEAD', 'get'].includes(c.method)) expect(paid, 'premium data without a paid key').toBe(true);
          if (/"identifiers":\[/.test(res.body)) expect(paid, 'identifiers without a paid key').toBe(true);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(sent).toBe(RUNS);
      // Still healthy.
      const index = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(index.status).toBe(200);
      const search = await rawRequest(port, 'GET /v3/market_b/products?query=nike HTTP/1.1\r\nHost: x\r\nAuthorization: demo-free\r\nConnection: close\r\n\r\n');
      expect(search.status).toBe(200);
      expect((JSON.parse(search.body) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    },
    Math.max(120_000, RUNS * 10),
  );
});
