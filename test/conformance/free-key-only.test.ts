/**
 * A run with a free key and no paid one (newcomer probe, round 4): the free key is the run's main
 * key, so discovery and the free operations are judged with it; the premium operations are
 * skipped with "needs --api-key", never failed on their 403. Before, discovery sent no key and a
 * conformant mock got 44 should-level failures on its 401s (`--profile free-tier --free-key`
 * exited 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/index.js';
import { listeningMock } from '../helpers/servers.js';

let mock: Awaited<ReturnType<typeof listeningMock>>;
beforeAll(async () => {
  mock = await listeningMock({ seed: 'free-key-only' });
}, 60_000);
afterAll(async () => {
  await mock.close();
});

describe('a run with --free-key only', () => {
  it('full profile: nothing fails; inconclusive, since the premium operations need a paid key', async () => {
    const r = await runConformance({ baseUrl: mock.url, freeKey: 'demo-free', rateLimit: 0 });
    expect(r.results.filter((x) => x.outcome === 'fail').map((x) => `${x.check}: ${x.message}`)).toEqual([]);
    expect(r.summary.verdict).toBe('inconclusive');
    expect(r.results.some((x) => x.outcome === 'skip' && x.message.startsWith('needs --api-key'))).toBe(true);
    expect(r.results.filter((x) => x.check === 'search-by-sku-name-brand' && x.outcome === 'pass').length).toBeGreaterThan(0);
  }, 120_000);

  it('free-tier profile: a pass', async () => {
    const r = await runConformance({ baseUrl: mock.url, freeKey: 'demo-free', rateLimit: 0, profile: 'free-tier' });
    expect(r.results.filter((x) => x.outcome === 'fail').map((x) => `${x.check}: ${x.message}`)).toEqual([]);
    expect(r.summary.verdict).toBe('pass');
  }, 120_000);
});
