/**
 * Mock hardening (issue 11), each item at its cause:
 * - request text never indexes a plain object: keys, query names and schema names named after
 *   built-in properties are unknown like any other text;
 * - `--key` needs a known tier;
 * - what Node's HTTP parser refuses, CONNECT and Upgrade are answered as problem details with
 *   CORS headers;
 * - the rate limiter's memory is bounded (unknown callers share one window; ended windows go);
 * - the response cache counts its keys in its byte bound.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, MAX_KEY_CHARS, ResponseCache, type CachedResponse } from '../../mocks/http/cache.js';
import { ANONYMOUS, RateLimiter } from '../../mocks/http/rate-limit.js';
import { createMockServer, OptionError, parseKey } from '../../mocks/index.js';
import { call, mock, validator } from '../helpers/mock.js';
import { rawRequest, type RawAnswer } from '../helpers/raw-http.js';
import { refs } from '../helpers/world.js';

/** Every name a plain object answers without owning it, plus `__proto__`. */
const BUILTIN_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'length', 'name'];

const m = mock({ seed: 'hardening' });
const slugA = refs(m).a.slug(2);
const idB = refs(m).b.id(2);
const PREMIUM = [`/v3/market_a/products/${slugA}/sales`, `/v3/market_a/products/${slugA}/sales/daily`, `/v3/market_b/products/${idB}/sales`, `/v3/market_b/products/${idB}/sales/daily`];
const ALL = ['/v3/market_a/products', `/v3/market_a/products/${slugA}`, '/v3/market_b/products', `/v3/market_b/products/${idB}`, ...PREMIUM];

describe('request text never indexes a plain object', () => {
  it.each(BUILTIN_NAMES.flatMap((n) => [n, `Bearer ${n}`]))('Authorization %j is an unknown key: 401, no tier header', (auth) => {
    for (const url of [...PREMIUM, `/v3/market_a/products/${slugA}?display[identifiers]=true&display[variants]=true`]) {
      const res = call(m, url, auth);
      expect(res.status, url).toBe(401);
      expect(res.headers['x-key-type']).toBeUndefined();
      expect(validator.validateSchema('ProblemDetails', res.body)).toEqual([]);
    }
  });

  it.each(BUILTIN_NAMES)('query parameter %j is ignored on every operation (no 5xx)', (name) => {
    for (const url of ALL) {
      for (const value of ['1', 'x', '']) {
        const res = call(m, `${url}?${encodeURIComponent(name)}=${value}`, 'demo-premium');
        expect(res.status, `${url}?${name}=${value}`).toBe(200);
      }
    }
  });

  it.each(['constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf'])('/schemas/%s.json is 404 problem details', (name) => {
    const res = call(m, `/schemas/${name}.json`);
    expect(res.status).toBe(404);
    expect(validator.validateSchema('ProblemDetails', res.body)).toEqual([]);
  });

  it('a key table given with a built-in name works like any other key, and only that key', () => {
    const s = createMockServer({ now: Date.UTC(2026, 0, 15), products: 50, seed: 'hardening', keys: Object.fromEntries([['constructor', 'Free']]) });
    const res = s.core.respond({ method: 'GET', url: '/v3/market_b/products', headers: { authorization: 'constructor' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-key-type']).toBe('Free');
    expect(s.core.respond({ method: 'GET', url: '/v3/market_b/products', headers: { authorization: 'toString' } }).status).toBe(401);
  });
});

describe('--key needs a known tier', () => {
  it.each(['foo', 'foo=', 'foo=Gold', 'foo=pro', '=Pro'])('parseKey(%j) throws OptionError', (text) => {
    expect(() => parseKey(text)).toThrow(OptionError);
  });
  it('KEY=TIER with a known tier is accepted', () => {
    expect(parseKey('a=b=Starter')).toEqual(['a=b', 'Starter']);
  });
  it('a tier that is not a tier name is refused programmatically too', () => {
    expect(() => createMockServer({ keys: { k: 'Gold' as never } })).toThrow(/tier "Gold"/);
  });
});

describe('rate limiter memory is bounded', () => {
  it('every caller without a configured key shares one window: random keys add nothing', () => {
    const s = mock({ seed: 'rl-anon', rateLimit: { count: 3, windowMs: 60_000 } });
    const random = (i: number): string => `k${i}-${'x'.repeat(1000)}`;
    const codes = Array.from({ length: 6 }, (_, i) => call(s, '/v3/market_b/products', random(i)).status);
    // Three unknown keys use up the anonymous window; the next unknown keys are limited too.
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    // A configured key has a window of its own.
    expect(call(s, '/v3/market_b/products', 'demo-free').status).toBe(200);
  });

  it('ended windows are swept away', () => {
    let now = 0;
    const limiter = new RateLimiter({ count: 1, windowMs: 1000 }, () => now);
    for (let i = 0; i < 100; i++) limiter.take(`key-${i}`);
    expect(limiter.size).toBe(100);
    now = 1000;
    limiter.take(ANONYMOUS);
    expect(limiter.size).toBe(1);
  });
});

describe('response cache bound counts keys', () => {
  const entry = (body: string): CachedResponse => ({ status: 200, headers: {}, body, bytes: new TextEncoder().encode(body) });

  it('long keys fill the byte bound: 1,000 entries of 2,000-character URLs stay under 1 MiB', () => {
    const cache = new ResponseCache(10_000, 1024 * 1024);
    for (let i = 0; i < 1000; i++) cache.set(`${i}-${'u'.repeat(2000)}`, entry('{}'));
    expect(cache.heldBytes).toBeLessThanOrEqual(1024 * 1024);
    const per = 2 * 2005 + 4 + 2 + ENTRY_OVERHEAD_BYTES;
    expect(cache.size).toBe(Math.floor((1024 * 1024) / per));
  });

  it('URLs longer than MAX_KEY_CHARS are never cached', () => {
    const cache = new ResponseCache(10);
    cache.set('x'.repeat(MAX_KEY_CHARS + 1), entry('{}'));
    expect(cache.size).toBe(0);
    cache.set('x'.repeat(MAX_KEY_CHARS), entry('{}'));
    expect(cache.size).toBe(1);
  });
});

describe('answers before the core: parser errors, CONNECT, Upgrade', () => {
  const servers: Server[] = [];
  afterAll(() => {
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  });

  async function start(options: ConstructorParameters<typeof Server>[0] = {}): Promise<number> {
    const s = createMockServer({ now: Date.UTC(2026, 0, 15), products: 50, seed: 'parser' });
    const server = s.attach(createServer(options));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return (server.address() as { port: number }).port;
  }

  const expectProblem = (res: RawAnswer, status: number): void => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = JSON.parse(res.body) as { status: number; detail: string };
    expect(validator.validateSchema('ProblemDetails', body)).toEqual([]);
    expect(body.status).toBe(status);
    expect(body.detail.length).toBeGreaterThan(20);
  };

  it('a malformed request line: 400 problem details', async () => {
    const port = await start();
    expectProblem(await rawRequest(port, 'GET /v3/market_a/products HTTP/1.1 extra\r\nHost: x\r\n\r\n'), 400);
    expectProblem(await rawRequest(port, 'GET /\x00 HTTP/1.1\r\n\r\n'), 400);
    expectProblem(await rawRequest(port, 'GARBAGE\r\n\r\n'), 400);
  });

  it('oversized headers: 431 problem details', async () => {
    const port = await start();
    expectProblem(await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
  });

  it('a client too slow to send its headers: 408 problem details', async () => {
    const port = await start({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 });
    expectProblem(await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 5000), 408);
  });

  it('CONNECT: 405 problem details with Allow', async () => {
    const port = await start();
    const res = await rawRequest(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectProblem(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('an Upgrade request is answered as the same request without the upgrade', async () => {
    const port = await start();
    const res = await rawRequest(port, 'GET /v3/market_b/products HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nAuthorization: demo-free\r\n\r\n');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.length).toBeGreaterThan(0);
    const denied = await rawRequest(port, 'GET /v3/market_b/products HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n');
    expectProblem(denied, 401);
  });
});
