/**
 * A run whose budget (`--max-requests`, `--max-time`) runs out judges less, and never fails the
 * server for what it did not send (newcomer probe: a conforming mock failed 7 must-level checks
 * under `--max-time 5`, each "no usable answer (not sent: the run's time bound ... is used up)").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
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
