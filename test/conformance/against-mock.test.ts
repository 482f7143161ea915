/**
 * Against the mock (the default seed and several others) every must and should check passes,
 * none is skipped, and the run makes a bounded number of requests.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_IDS, CONFORMANCE_DEFAULTS, runConformance } from '../../conformance/index.js';
import { listeningMock } from '../helpers/servers.js';
import { CHECKS } from '../../conformance/checks/index.js';

/** The checks marked optional: they judge only what a server's answers allow. */
const OPTIONAL = new Set(CHECKS.filter((c) => c.optional).map((c) => c.id));

describe.each([
  ['resale-kit', 10_000],
  ['alpha', 300],
  ['7', 1000],
  ['beta', 50],
] as const)('mock with seed %s, %i products', (seed, products) => {
  it('passes every check, skips none', async () => {
    const mock = await listeningMock({ seed, products });
    try {
      const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0 });
      // An optional check (it judges only what the answers allow) may skip: the mock's discovered products are too busy for a 60-day window in 5 pages.
      const notPassing = report.results.filter((r) => r.outcome !== 'pass' && !(r.outcome === 'skip' && OPTIONAL.has(r.check))).map((r) => `${r.check} ${r.operation} ${r.outcome}: ${r.message}`);
      expect(notPassing).toEqual([]);
      expect(new Set(report.results.map((r) => r.check))).toEqual(new Set(CHECK_IDS));
      expect(report.summary.verdict).toBe('pass');
      expect(report.errors).toEqual([]);
      expect(report.requests).toBeLessThan(CONFORMANCE_DEFAULTS.maxRequests);
      expect(report.phases.reduce((n, p) => n + p.requests, 0)).toBe(report.requests);
      expect(report.phases.map((p) => p.name)).toEqual(['discovery', 'checks', 'coverage', 'pagination', 'fuzz']);
    } finally {
      await mock.close();
    }
  });
});

it('without --free-key the tier checks say why they skip', async () => {
  const mock = await listeningMock();
  try {
    const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', rateLimit: 0, checks: ['identifiers-not-entitled', 'auth-required'] });
    const skip = report.results.find((r) => r.check === 'identifiers-not-entitled');
    expect(skip).toMatchObject({ outcome: 'skip', message: expect.stringContaining('--free-key') });
    expect(report.results.filter((r) => r.check === 'auth-required' && r.outcome === 'skip')[0]?.message).toContain('--free-key');
  } finally {
    await mock.close();
  }
});

it('--path-segment maps the marketplace names of another server', async () => {
  const mock = await listeningMock();
  const { createServer } = await import('node:http');
  // A front that serves /v3/stockx and /v3/goat by rewriting to the mock's paths.
  const front = createServer((req, res) => {
    const url = (req.url ?? '/').replace('/v3/stockx', '/v3/market_a').replace('/v3/goat', '/v3/market_b');
    if (url === req.url) {
      res.writeHead(404).end();
      return;
    }
    fetch(mock.url + url, { headers: { authorization: String(req.headers.authorization ?? '') } }).then(async (r) => {
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? '' });
      res.end(await r.text());
    });
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  const port = (front.address() as { port: number }).port;
  try {
    const report = await runConformance({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'demo-premium', rateLimit: 0, pathSegments: { market_a: 'stockx', market_b: 'goat' }, checks: ['response-schema', 'lookup-slug-id-same'] });
    expect(report.results.filter((r) => r.outcome !== 'pass')).toEqual([]);
    expect(report.results.find((r) => r.request)?.request?.url).toContain('/v3/');
  } finally {
    front.closeAllConnections();
    front.close();
    await mock.close();
  }
});
