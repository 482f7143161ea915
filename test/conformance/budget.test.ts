/**
 * A run whose budget (`--max-requests`, `--max-time`) runs out judges less, and never fails the
 * server for what it did not send (newcomer probe: a conforming mock failed 7 must-level checks
 * under `--max-time 5`, each "no usable answer (not sent: the run's time bound ... is used up)").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { MAX_FUZZ_REQUESTS } from '../../conformance/options.js';
import { listeningMock } from '../helpers/servers.js';

let mock: Awaited<ReturnType<typeof listeningMock>>;
beforeAll(async () => {
  mock = await listeningMock();
});
afterAll(() => mock.close());

describe('a run over budget', () => {
  it('--max-requests 60 against the conforming mock: no failure, inconclusive, the reason names the budget', async () => {
    const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, maxRequests: 60 });
    expect(report.results.filter((r) => r.outcome === 'fail').map((r) => `${r.check}: ${r.message}`)).toEqual([]);
    expect(report.summary.verdict).toBe('inconclusive');
    expect(report.summary.reason).toMatch(/not judged because the request budget \(--max-requests 60\) was used up; raise it or leave it out/);
    expect(report.results.some((r) => r.outcome === 'skip' && r.message.includes('over budget'))).toBe(true);
  });

  it('a budget that is not reached changes nothing: the same run passes', async () => {
    const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0, maxRequests: 5000 });
    expect(report.summary.verdict).toBe('pass');
  });
});

describe('--fuzz-requests is bounded (attacker 8, H5)', () => {
  it('a count over --max-requests or over MAX_FUZZ_REQUESTS is a usage error naming the option and the maximum', async () => {
    await expect(runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', rateLimit: 0, fuzzRequests: 100_000_000 })).rejects.toThrow(/--fuzz-requests must be at most 600 \(--max-requests\)/);
    await expect(runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', rateLimit: 0, fuzzRequests: 100_000_000, maxRequests: 1e9 })).rejects.toThrow(new RegExp(`--fuzz-requests must be at most ${MAX_FUZZ_REQUESTS}`));
    await expect(runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', rateLimit: 0, fuzzRequests: 2.5 })).rejects.toThrow(/--fuzz-requests must be a whole number/);
  });

  it('--max-time bounds a fuzz run: generation follows the budget left, nothing is sent past it', async () => {
    const started = Date.now();
    const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', rateLimit: 0, checks: ['fuzz'], fuzzRequests: MAX_FUZZ_REQUESTS, maxRequests: 1e9, maxTimeMs: 3000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(report.summary.verdict).not.toBe('fail');
  }, 30_000);
});
