/**
 * The mock embedded in a user's process (`resale-kit/mock`), attacked through its options and its
 * core (round 4 outside attacker, the package's in-process surfaces, findings 3, 5, 8, 9, 12, 13):
 * options that would answer every request with a 500 or crash the process are refused at
 * construction; what a problem echoes of the request is bounded; past the per-address connection
 * bound a connection gets a 503 problem, not a reset, and the bound is an adapter option.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mocks/index.js';
import { createMockCore } from '../../mocks/http/core.js';
import { ECHO_BOUNDS } from '../../mocks/http/problems.js';
import { runConformance } from '../../conformance/index.js';
import { NOW } from '../helpers/mock.js';

const base = { now: NOW, products: 50, seed: 'embedded' };

describe('options refused at construction (OptionError), not a 500 on every request or a crash', () => {
  it.each([
    ['now past year 9999', { now: 1e20 }, /--now must be an ISO 8601 UTC time from 1970 to 9999/],
    ['now before 1970', { now: -1 }, /--now must be/],
    ['an endless rate-limit window', { rateLimit: { count: 5, windowMs: Infinity } }, /windowMs an integer from 1 to 2147483647/],
    ['a fractional rate-limit window', { rateLimit: { count: 5, windowMs: 0.5 } }, /windowMs/],
    ['an error rate with no status to answer', { errorRate: 1, errorStatuses: [] }, /needs at least one status in --error-statuses/],
    [
      'a deprecation header with a line break',
      { deprecations: [{ operationId: 'searchMarketAProducts', headers: { sunset: 'Sat, 01 Aug 2026 00:00:00 GMT\r\nSet-Cookie: a=b' } }] },
      /the "sunset" header of "searchMarketAProducts" must be a string/,
    ],
    ['a deprecation header that is no string', { deprecations: [{ operationId: 'searchMarketAProducts', headers: { sunset: 42 as unknown as string } }] }, /must be a string/],
  ])('%s', (_, bad, message) => {
    expect(() => createMockServer({ ...base, ...bad })).toThrow(expect.objectContaining({ name: 'OptionError', message: expect.stringMatching(message) }));
  });

  it.each([0, 4097, 1.5, Number.NaN])('maxConnectionsPerAddress %s', (n) => {
    expect(() => createMockServer(base, { maxConnectionsPerAddress: n })).toThrow(/maxConnectionsPerAddress must be an integer from 1 to 4096/);
  });
});

describe('what a problem echoes of the request is bounded', () => {
  const core = createMockCore(base);
  it('a 5 MB id gives a problem of a few KB, not one twice its size', () => {
    const id = 'x'.repeat(5_000_000);
    const res = core.respond({ method: 'GET', url: `/v3/market_b/products/${id}/sales`, headers: { authorization: 'demo-premium' } });
    expect([404, 422]).toContain(res.status);
    expect(res.body.length).toBeLessThan(8_000);
    const body = JSON.parse(res.body) as { instance: string; errors?: { value?: unknown }[] };
    expect(body.instance.length).toBeLessThanOrEqual(ECHO_BOUNDS.instance);
    for (const e of body.errors ?? []) if (typeof e.value === 'string') expect(e.value.length).toBeLessThanOrEqual(ECHO_BOUNDS.value + 1);
  });
  it('a 5 MB method gives a short 405 detail', () => {
    const res = core.respond({ method: 'X'.repeat(5_000_000), url: '/v3/market_a/products', headers: {} });
    expect(res.status).toBe(405);
    expect(res.body.length).toBeLessThan(8_000);
  });
  it('an instance cut at the bound never ends in half a percent-escape', () => {
    const res = core.respond({ method: 'GET', url: `/v3/market_a/products/${'%C3%A9'.repeat(2000)}`, headers: { authorization: 'demo-free' } });
    const { instance } = JSON.parse(res.body) as { instance: string };
    expect(instance).toMatch(/(%[0-9A-F]{2}|[^%])$/);
    expect(instance.length).toBeLessThanOrEqual(ECHO_BOUNDS.instance);
  });
  it('a 4 MB Access-Control-Request-Headers is no 500 (the length is checked before the pattern)', () => {
    const res = core.respond({ method: 'OPTIONS', url: '/v3/market_a/products', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': `a,${'b,'.repeat(2_000_000)}c` } });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-headers']).toBe('authorization, prefer, content-type, if-none-match');
  });
});

describe('listen(): connections past the per-address bound', () => {
  it('get a 503 too-many-connections problem with Retry-After, then close; the bound is maxConnectionsPerAddress', async () => {
    const mock = createMockServer({ ...base, port: 0 }, { maxConnectionsPerAddress: 2 });
    const { server, url } = await mock.listen();
    const port = Number(new URL(url).port);
    const held = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<ReturnType<typeof connect>>((r) => {
            const s = connect(port, '127.0.0.1', () => r(s));
            s.on('error', () => undefined);
          }),
      ),
    );
    try {
      await new Promise((r) => setTimeout(r, 200));
      const third = await new Promise<string>((resolve) => {
        let text = '';
        const s = connect(port, '127.0.0.1');
        s.on('data', (b) => (text += b.toString('latin1')));
        s.on('error', () => resolve(`error ${text}`));
        s.on('close', () => resolve(text));
      });
      expect(third).toMatch(/^HTTP\/1\.1 503 /);
      expect(third).toMatch(/retry-after: 1/i);
      expect(third).toContain('problems/too-many-connections');
    } finally {
      for (const s of held) s.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('runConformance checks maxBodyBytes', () => {
  it.each([Number.NaN, -1, 0, 1.5])('%s is a usage error, not the bound turned off', async (n) => {
    await expect(runConformance({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', maxBodyBytes: n })).rejects.toThrow(/maxBodyBytes must be an integer from 1 to 2147483647/);
  });
});
