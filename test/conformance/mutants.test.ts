/**
 * Proof that every check catches a bug: each mutant (the mock with one rule broken) must make
 * the conformance suite report a failure of the checks named for it. Prints the kill matrix.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_IDS, runConformance } from '../../conformance/index.js';
import { MUTANTS } from '../../mocks/index.js';
import { listeningMock } from '../helpers/servers.js';
import { REFERENCE_DEFECTS } from '../reference/server.js';

const matrix = new Map<string, string[]>();

describe('mutant catalog', () => {
  it('has at least 25 mutants, each naming existing checks', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(25);
    for (const m of MUTANTS) {
      expect(m.kills.length).toBeGreaterThan(0);
      for (const k of m.kills) expect(CHECK_IDS).toContain(k);
    }
  });

  it('every check is named by at least one mutant or reference-server defect (test/conformance/reference.test.ts), or is a transport check proven by the bad-server tests', () => {
    const named = new Set([...MUTANTS.flatMap((m) => m.kills), ...REFERENCE_DEFECTS.map((d) => d.check)]);
    // production-deviation judges what the contract accepts only through an x-deviation branch: proven in provenance.test.ts.
    expect(CHECK_IDS.filter((c) => !named.has(c))).toEqual(['production-deviation', 'transport']);
  });
});

describe.each(MUTANTS.map((m) => [m.name, m] as const))('mutant %s', (_name, mutant) => {
  it(`is killed by ${mutant.kills.join(', ')}`, async () => {
    const mock = await listeningMock({ mutant: mutant.name, seed: 'mutants' });
    try {
      const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-premium', freeKey: 'demo-free', rateLimit: 0 });
      const failed = [...new Set(report.results.filter((r) => r.outcome === 'fail').map((r) => r.check))];
      matrix.set(mutant.name, failed);
      for (const check of mutant.kills) expect(failed, `${mutant.name} should fail ${check}`).toContain(check);
      const killers = mutant.kills.filter((k) => failed.includes(k));
      expect(report.summary.verdict === 'fail' || killers.every((k) => report.results.find((r) => r.check === k)?.level !== 'must')).toBe(true);
    } finally {
      await mock.close();
    }
  });
});

afterAll(() => {
  if (matrix.size === 0) return;
  const cols = [...new Set([...matrix.values()].flat())].sort();
  const lines = [`kill matrix: ${matrix.size} mutants x ${cols.length} failing checks (X = check failed, * = the check named for the mutant)`];
  for (const [name, failed] of matrix) {
    const kills = MUTANTS.find((m) => m.name === name)?.kills ?? [];
    lines.push(`${name.padEnd(27)} ${cols.map((c) => (failed.includes(c) ? (kills.includes(c) ? '*' : 'X') : '.')).join('')}`);
  }
  lines.push(...cols.map((c, i) => `  column ${String(i + 1).padStart(2)}: ${c}`));
  console.log(lines.join('\n'));
});
