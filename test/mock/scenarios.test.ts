/**
 * Failure and latency scenarios (issue 6): Prefer: code / delay per request; latency range,
 * error rate and rate limit server-wide; all seeded and reproducible, all errors valid problem
 * details.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ContractValidator } from '../../contract/index.js';
import { parsePrefer, Scenarios } from '../../mocks/http/scenarios.js';
import { createMockServer, resolveMockOptions } from '../../mocks/index.js';
import { call, mock, NOW } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const validator = new ContractValidator();
const m = mock({ seed: 'scenarios' });
const url = `/v3/market_a/products/${refs(m).a.slug(1)}`;
const withPrefer = (prefer: string, key = 'demo-premium') => m.core.respond({ method: 'GET', url, headers: { authorization: key, prefer } });

describe('Prefer (per request)', () => {
  it.each([401, 404, 422, 429])('code=%i answers that documented error as problem details', (code) => {
    const res = withPrefer(`code=${code}`);
    expect(res.status).toBe(code);
    const body = JSON.parse(res.body);
    expect(validator.validateSchema('ProblemDetails', body)).toEqual([]);
    expect(body.status).toBe(code);
    if (code === 429) expect(res.headers['retry-after']).toBe('1');
  });

  it('a status the operation does not document is a 422 that lists the documented ones', () => {
    const res = withPrefer('code=403');
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body).detail).toContain('401, 404, 422, 429');
  });

  it('delay=MS delays the answer, over HTTP too', async () => {
    expect(withPrefer('delay=250').delayMs).toBe(250);
    const started = Date.now();
    const res = await request(m.handler).get(url).set('Authorization', 'demo-premium').set('Prefer', 'delay=200');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('parses both forms of the header', () => {
    expect(parsePrefer('code=404, delay=100')).toEqual({ code: 404, delay: 100 });
    // RFC 7240 §2: `;code=429` is a parameter of `delay`, not a preference of its own.
    expect(parsePrefer('delay="50";code=429')).toEqual({ delay: 50 });
    expect(parsePrefer('delay="50", code=429')).toEqual({ code: 429, delay: 50 });
    expect(parsePrefer('return=minimal')).toEqual({});
  });
});

describe('server-wide scenarios', () => {
  it('--latency draws reproducible delays in range', () => {
    const delays = (seed: string) => {
      const s = createMockServer({ seed, now: NOW, products: 50, latency: { min: 50, max: 400 } });
      return Array.from({ length: 20 }, () => s.core.respond({ method: 'GET', url: '/v3/market_b/products', headers: { authorization: 'demo-free' } }).delayMs ?? 0);
    };
    const one = delays('lat');
    expect(one.every((d) => d >= 50 && d <= 400)).toBe(true);
    expect(new Set(one).size).toBeGreaterThan(5);
    expect(delays('lat')).toEqual(one);
  });

  it('--error-rate answers about that share with the given statuses, reproducibly, as problem details', () => {
    const statuses = (seed: string) => {
      const s = createMockServer({ seed, now: NOW, products: 50, errorRate: 0.2, errorStatuses: [500, 503] });
      return Array.from({ length: 400 }, () => s.core.respond({ method: 'GET', url: '/v3/market_b/products', headers: { authorization: 'demo-free' } }));
    };
    const runs = statuses('err');
    const errors = runs.filter((r) => r.status !== 200);
    expect(errors.length).toBeGreaterThan(50);
    expect(errors.length).toBeLessThan(110);
    expect(new Set(errors.map((r) => r.status))).toEqual(new Set([500, 503]));
    for (const e of errors.slice(0, 5)) expect(validator.validateSchema('ProblemDetails', JSON.parse(e.body))).toEqual([]);
    expect(statuses('err').map((r) => r.status)).toEqual(runs.map((r) => r.status));
  });

  it('--rate-limit answers 429 with Retry-After over the limit, per key, and lets the next window through', () => {
    let now = 1_000_000;
    const options = resolveMockOptions({ seed: 'rl', now: NOW, products: 50, rateLimit: { count: 3, windowMs: 60_000 } });
    const s = new Scenarios(options, () => now);
    const op = validator.operation('searchMarketBProducts');
    const go = (caller: string) => s.intercept(op, caller, {}, '/v3/market_b/products');
    expect([go('k'), go('k'), go('k')]).toEqual([undefined, undefined, undefined]);
    const limited = go('k');
    expect(limited?.status).toBe(429);
    expect(limited?.headers['retry-after']).toBe('60');
    expect(validator.validateSchema('ProblemDetails', JSON.parse(limited?.body ?? '{}'))).toEqual([]);
    expect(go('other')).toBeUndefined();
    now += 60_000;
    expect(go('k')).toBeUndefined();
  });

  it('the rate limit is wired into the server', () => {
    const s = mock({ seed: 'rl2', rateLimit: { count: 2, windowMs: 60_000 } });
    const codes = Array.from({ length: 3 }, () => call(s, '/v3/market_b/products', 'demo-free').status);
    expect(codes).toEqual([200, 200, 429]);
  });
});
