/**
 * The fast path of a response-cache hit (issue 33, mocks/http/core.ts `fastHit`) changes no
 * answer: the same requests, in the same order, to a core with it and a core without it
 * (`CoreInternals.fastPath: false`), give the same status, headers (names, values and order) and
 * body, over all eight operations, both tiers, GET and HEAD, with and without If-None-Match,
 * CORS preflight and Origin, bad and missing keys, Prefer and __example, absolute-form targets,
 * 403/404/422 answers, deprecation headers, a CORS origin, and a rate limit (local and decided by
 * a cluster primary). The fast path must also really answer: the hits it served are counted.
 */
import { describe, expect, it } from 'vitest';
import { createMockCore, createWritingCore, type CoreInternals, type MockCore } from '../../mocks/http/core.js';
import type { MockRequest, MockResponse } from '../../mocks/http/response.js';
import { createMockServer, type MockOptions } from '../../mocks/index.js';
import { NOW } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

/** A fixed clock for the rate limiter: its windows and Retry-After never depend on the wall clock. */
const CLOCK = (): number => NOW;

/** Two cores of the same options, fast path on and off, and the count of fast answers. */
function pair(options: Partial<MockOptions>, writing = false): { fast: MockCore; full: MockCore; fastHits: () => number } {
  let hits = 0;
  const o: Partial<MockOptions> = { now: NOW, products: 300, seed: 'fast-path', ...options };
  // The fast core also keeps its bodies as Node Buffers, as the node:http adapter makes it do: the same bytes.
  const on: CoreInternals = { clock: CLOCK, onFastHit: () => void hits++, encode: (text) => Buffer.from(text) };
  // `writing`: the fast core answers through respondToWrite, as the node:http adapter calls it.
  const written = writing ? createWritingCore(o, on) : undefined;
  const fast = written ? { ...written, respond: written.respondToWrite } : createMockCore(o, on);
  return { fast, full: createMockCore(o, { clock: CLOCK, fastPath: false }), fastHits: () => hits };
}

/** Everything a transport sends of an answer: status, headers in order, body text and bytes. */
function wire(res: MockResponse): unknown {
  return { status: res.status, headers: Object.entries(res.headers), body: res.body, bytes: res.bytes === undefined ? undefined : Buffer.from(res.bytes).toString('base64'), delayMs: res.delayMs };
}

/** The URLs of all eight operations, with a few query variants, for the products of a core. */
function urlsOf(core: MockCore): string[] {
  const r = refs(core);
  const [a1 = 0, a2 = 1] = r.a.search('nike');
  const [b1 = 0, b2 = 1] = r.b.search('nike');
  return [
    '/v3/market_a/products?query=nike&limit=20',
    '/v3/market_a/products?query=jordan&limit=5&page=2',
    '/v3/market_a/products',
    `/v3/market_a/products/${r.a.slug(a1)}`,
    `/v3/market_a/products/${r.a.id(a2)}?display[variants]=true&display[prices]=true&display[identifiers]=true`,
    `/v3/market_a/products/${r.a.slug(a1)}/sales`,
    `/v3/market_a/products/${r.a.id(a1)}/sales?variant_id=${r.a.variantId(a1, 2)}`,
    `/v3/market_a/products/${r.a.slug(a2)}/sales/daily`,
    '/v3/market_b/products?query=dunk%20low',
    '/v3/market_b/products',
    `/v3/market_b/products/${r.b.id(b1)}`,
    `/v3/market_b/products/${r.b.id(b2)}/sales`,
    `/v3/market_b/products/${r.b.id(b1)}/sales/daily`,
    // Problems: an unknown product (404), a bad parameter (422), an unknown path.
    '/v3/market_b/products/999999999',
    '/v3/market_a/products?limit=abc',
    '/v3/market_c/products',
  ];
}

/** Requests around one URL: tiers, methods, keys, conditional, CORS, Prefer, __example, absolute form. */
function requestsFor(url: string, etag: string | undefined): MockRequest[] {
  const get = (headers: MockRequest['headers'], method = 'GET', target = url): MockRequest => ({ method, url: target, headers });
  const premium = { authorization: 'demo-premium' };
  const out: MockRequest[] = [
    get(premium),
    get(premium),
    get({ authorization: 'demo-free' }),
    get({ authorization: 'demo-free' }),
    get({ authorization: 'Bearer demo-premium' }),
    get({ authorization: '  demo-premium ' }),
    get(premium, 'HEAD'),
    get(premium, 'get'),
    get({ ...premium, origin: 'https://app.example' }),
    get({ authorization: 'not-a-key' }),
    get({}),
    get({ ...premium, 'if-none-match': '"nope"' }),
    get({ ...premium, 'if-none-match': '*' }),
    get({ ...premium, prefer: 'code=200' }),
    get({ ...premium, prefer: 'example=no-sales' }),
    get({ ...premium, prefer: 'example=unknown-one' }),
    get(premium, 'GET', `${url}${url.includes('?') ? '&' : '?'}__example=no-sales`),
    get(premium, 'GET', `http://localhost:4010${url}`),
    // An empty query: the same request as the URL without it (one cache entry), never a fast hit.
    get(premium, 'GET', url.includes('?') ? url : `${url}?`),
    get({ origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, if-none-match' }, 'OPTIONS'),
  ];
  if (etag !== undefined) {
    out.push(get({ ...premium, 'if-none-match': etag }), get({ ...premium, 'if-none-match': `W/${etag}, "other"` }), get({ ...premium, 'if-none-match': etag }, 'HEAD'), get({ authorization: 'demo-free', 'if-none-match': [etag] }));
  }
  return out;
}

/** Sends every request to both cores in the same order and expects the same answers. */
function compare(p: ReturnType<typeof pair>, extra: (req: MockRequest) => MockRequest = (r) => r): number {
  let compared = 0;
  for (const url of urlsOf(p.full)) {
    const etag = p.full.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } }).headers.etag;
    p.fast.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    for (const req of requestsFor(url, etag)) {
      const r = extra(req);
      expect(wire(p.fast.respond(r)), `${r.method} ${r.url} ${JSON.stringify(r.headers)}`).toEqual(wire(p.full.respond(r)));
      compared++;
    }
  }
  return compared;
}

describe('the fast path of a cache hit', () => {
  it('answers as the full path does, byte for byte, over all eight operations', () => {
    const p = pair({});
    expect(compare(p)).toBeGreaterThan(300);
    // Most of those were hits the fast path answered (not a fast path that never runs).
    expect(p.fastHits()).toBeGreaterThan(100);
  });

  it('keeps deprecation headers, a CORS origin (Vary) and the quota counts', () => {
    const p = pair({
      corsOrigin: 'https://app.example',
      deprecations: [{ operationId: 'getMarketBProduct', headers: { deprecation: '@1767225600', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT', link: '<https://example.test/b2>; rel="successor-version"' } }],
    });
    compare(p);
    expect(p.fastHits()).toBeGreaterThan(100);
    const url = urlsOf(p.full).find((u) => /^\/v3\/market_b\/products\/\d+$/.test(u)) as string;
    const res = p.fast.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    expect(res.headers).toMatchObject({ deprecation: '@1767225600', vary: 'origin', 'access-control-allow-origin': 'https://app.example', 'x-key-type': 'Pro' });
  });

  it('counts the rate limit once per request, and answers an over-limit client 429 as before', () => {
    const p = pair({ rateLimit: { count: 40, windowMs: 3_600_000 } });
    compare(p);
    expect(p.fastHits()).toBeGreaterThan(10);
    const over = p.fast.respond({ method: 'GET', url: '/v3/market_b/products', headers: { authorization: 'demo-premium' } });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('honours a rate-limit decision made by the cluster primary', () => {
    const p = pair({ rateLimit: { count: 1_000_000, windowMs: 60_000 } });
    let i = 0;
    // Every third request refused by the primary, the rest allowed.
    compare(p, (r) => ({ ...r, limit: i++ % 3 === 0 ? { allowed: false, retryAfterS: 7 } : { allowed: true } }));
    expect(p.fastHits()).toBeGreaterThan(50);
  });

  it('through respondToWrite (the node:http adapter), answers the same and reuses one header object per entry', () => {
    // `wire` reads the headers at once, as writeHead does; the fast core hands out the entry's own object.
    const p = pair({ deprecations: [{ operationId: 'getMarketASales', headers: { deprecation: '@1767225600' } }] }, true);
    expect(compare(p)).toBeGreaterThan(300);
    expect(p.fastHits()).toBeGreaterThan(100);
    const url = urlsOf(p.full)[3] as string;
    const first = p.fast.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    const quota = first.headers['x-quota-current'];
    const second = p.fast.respond({ method: 'GET', url, headers: { authorization: 'Bearer demo-premium' } });
    expect(second.headers).toBe(first.headers);
    expect(second.headers['x-quota-current']).not.toBe(quota);
    // Through respond (MSW, `createMockServer().core`, any caller that keeps an answer), every answer's headers are their own.
    const own = pair({});
    own.fast.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    const kept = own.fast.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    const later = own.fast.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } });
    expect(own.fastHits()).toBe(2);
    expect(later.headers).not.toBe(kept.headers);
    expect(Number(later.headers['x-quota-current'])).toBe(Number(kept.headers['x-quota-current']) + 1);
    // The public core of a node:http mock server answers through respond too.
    const server = createMockServer({ now: NOW, products: 300, seed: 'fast-path' });
    const answers = [0, 1, 2].map(() => server.core.respond({ method: 'GET', url, headers: { authorization: 'demo-premium' } }));
    expect(answers[2]?.headers).not.toBe(answers[1]?.headers);
    expect(answers.map((a) => a.headers['x-quota-current'])).toEqual(['1', '2', '3']);
  });

  it('is off with a mutant, drawn errors or latency (they act on every request)', () => {
    for (const options of [{ mutant: 'etag-ignored' }, { errorRate: 0.3 }, { latency: { min: 5, max: 50 } }] as Partial<MockOptions>[]) {
      const p = pair(options);
      compare(p);
      expect(p.fastHits()).toBe(0);
    }
  });
});
