/**
 * The README's example of a vendor running the suite inside its own vitest suite: the same
 * code, here pointed at our mock. A vendor replaces the URL and keys with its own.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runConformance, type Report } from '../../conformance/index.js';
import { listeningMock } from '../helpers/servers.js';

let server: Awaited<ReturnType<typeof listeningMock>>;
beforeAll(async () => {
  server = await listeningMock({ seed: 'vendor' });
});
afterAll(async () => {
  await server.close();
});

// README: "Run it in your own tests"
it('our server conforms to the Resale Market Data API', async () => {
  const report: Report = await runConformance({
    baseUrl: server.url, // e.g. process.env.API_URL
    apiKey: 'demo-premium', // a paid key
    freeKey: 'demo-free', // a free key, for the tier checks
    rateLimit: 0,
  });
  const failures = report.results.filter((r) => r.outcome === 'fail' && r.level !== 'info');
  expect(failures, failures.map((f) => `${f.check} ${f.operation}: ${f.message}`).join('\n')).toEqual([]);
  expect(report.summary.verdict).toEqual('pass');
});
