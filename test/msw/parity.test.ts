/**
 * Parity: for requests covering all eight operations and the error paths, the MSW handlers
 * (msw/node) and the HTTP server answer with the same status, the same headers that matter and
 * the same body bytes. Both are built from the same options and the same public URL.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMswHandlers } from '../../mocks/msw.js';
import { createMockServer } from '../../mocks/index.js';
import { NOW } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const BASE = 'http://api.resale.test';
const options = { seed: 'parity', now: NOW, products: 300 };
const msw = createMswHandlers(BASE, options);
const interceptor = setupServer(...msw.handlers);
const real = createMockServer({ ...options, port: 0, publicUrl: BASE });
let realUrl = '';
let close: () => void = () => undefined;

beforeAll(async () => {
  const { server, url } = await real.listen();
  realUrl = url;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  interceptor.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(() => {
  interceptor.close();
  close();
});

const a = refs(msw).a;
const b = refs(msw).b;
const cases: [string, string, Record<string, string>][] = [
  ['A1', '/v3/market_a/products?query=jordan&limit=5', { authorization: 'demo-free' }],
  ['A2', `/v3/market_a/products/${a.slug(4)}?display[variants]=true&display[prices]=true&display[identifiers]=true`, { authorization: 'Bearer demo-premium' }],
  ['A2 free', `/v3/market_a/products/${a.id(4)}?display[variants]=true&display[identifiers]=true`, { authorization: 'demo-free' }],
  ['A3', `/v3/market_a/products/${a.slug(4)}/sales?limit=10`, { authorization: 'demo-premium' }],
  ['A4', `/v3/market_a/products/${a.id(4)}/sales/daily`, { authorization: 'demo-premium' }],
  ['B1', '/v3/market_b/products?query=dunk', { authorization: 'demo-free' }],
  ['B2', `/v3/market_b/products/${b.id(4)}`, { authorization: 'demo-free' }],
  ['B3', `/v3/market_b/products/${b.id(4)}/sales`, { authorization: 'demo-premium' }],
  ['B4', `/v3/market_b/products/${b.slug(4)}/sales/daily`, { authorization: 'demo-premium' }],
  ['401', '/v3/market_a/products', {}],
  ['403', `/v3/market_b/products/${b.id(4)}/sales`, { authorization: 'demo-free' }],
  ['404', '/v3/market_b/products/no-such-product', { authorization: 'demo-free' }],
  ['422', '/v3/market_a/products?limit=500', { authorization: 'demo-free' }],
  ['Prefer 429', '/v3/market_a/products', { authorization: 'demo-free', prefer: 'code=429' }],
  ['schema', '/schemas/MarketBSale.json', {}],
  ['image', `/images/market_b/${b.id(4)}/1.svg`, {}],
  // Round 4 outside attacker: MSW decoded what its string pattern captured, so a bad percent-escape answered 500 with a stack.
  ['bad percent-escape', '/v3/market_a/products/100%', { authorization: 'demo-free' }],
  ['bad UTF-8 escape', '/v3/market_a/products/%E0%A4%A', { authorization: 'demo-free' }],
  ['lone surrogate escape', '/v3/market_b/products/%ED%A0%80/sales/daily', { authorization: 'demo-premium' }],
  ['index', '/', {}],
  ['contract', '/openapi.yaml', {}],
  ['405', '/v3/market_a/products', { authorization: 'demo-free', 'x-http-method-override': 'DELETE' }],
];
const MATTER = ['content-length', 'content-type', 'x-key-type', 'x-quota-current', 'retry-after', 'access-control-allow-origin', 'cache-control'];

describe('MSW handlers and the HTTP server answer alike', () => {
  it.each(cases)('%s', async (_name, path, headers) => {
    const viaMsw = await fetch(BASE + path, { headers });
    const viaHttp = await fetch(realUrl + path, { headers });
    expect(viaMsw.status).toBe(viaHttp.status);
    for (const h of MATTER) expect([h, viaMsw.headers.get(h)]).toEqual([h, viaHttp.headers.get(h)]);
    const [x, y] = [await viaMsw.text(), await viaHttp.text()];
    expect(x.length).toBeGreaterThan(0);
    expect(x).toBe(y);
  });

  it('honours Prefer: delay under MSW too', async () => {
    const started = Date.now();
    const res = await fetch(`${BASE}/v3/market_b/products?query=samba`, { headers: { authorization: 'demo-free', prefer: 'delay=150' } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('createMswHandlers refuses a base URL it cannot serve (round 4 outside attacker, finding 11)', () => {
  it.each([
    ['not a url', /absolute URL/],
    ['ftp://h.test/api', /http or https/],
    ['http://user:pw@h.test', /user name or password/],
    ['http://h.test/a?x=1', /query or fragment/],
    ['http://h.test/a#f', /query or fragment/],
  ])('%s', (base, message) => {
    expect(() => createMswHandlers(base, options)).toThrow(expect.objectContaining({ name: 'OptionError', message: expect.stringMatching(message) }));
  });

  it('serves a base path with pattern characters literally: /api/:id(x)* matches itself only', async () => {
    const odd = createMswHandlers('http://odd.test/api/:id(x)*', options);
    const server = setupServer(...odd.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const ok = await fetch('http://odd.test/api/:id(x)*/v3/market_b/products?query=dunk', { headers: { authorization: 'demo-free' } });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { $schema: string }).$schema).toMatch(/^http:\/\/odd\.test\/api\/:id\(x\)\*\/schemas\//);
      await expect(fetch('http://odd.test/api/42/v3/market_b/products')).rejects.toThrow();
    } finally {
      server.close();
    }
  });
});
