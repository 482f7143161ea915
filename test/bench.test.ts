/**
 * A smoke round of the benchmark (one short round, two scenarios, one catalog size), so the
 * harness cannot rot. It asserts that figures come out, never how fast anything is.
 */
import { expect, it } from 'vitest';
import { runBench, toMarkdown } from '../bench/run.js';

it('npm run bench -- --smoke produces figures for every target', async () => {
  const result = await runBench({ smoke: true, durationS: 1, connections: 2, sizes: [1000], log: () => undefined });
  expect(result.rounds.map((r) => r.scenario)).toEqual(['A2 lookup, all display flags', 'B1 search']);
  for (const r of result.rounds) {
    for (const t of [r.mock, r.prism, r.limit]) {
      expect(t.rps).toBeGreaterThan(0);
      expect(t.errors).toBe(0);
    }
    expect(r.mock.non2xx).toBe(0);
    expect(r.limit.non2xx).toBe(0);
  }
  expect(result.scale[0]).toMatchObject({ products: 1000, startupMs: expect.any(Number), rssMb: expect.any(Number) });
  expect(result.conformance[0]?.requests).toBeGreaterThan(30);
  const md = toMarkdown(result);
  expect(md).toContain('| A2 lookup, all display flags |');
  expect(md).toContain('mock/Prism');
}, 180_000);
