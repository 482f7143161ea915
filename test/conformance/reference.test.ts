/**
 * Outside-in evidence: the suite against an independent reference server (test/reference/server.ts,
 * written from the API description and the production notes, importing nothing from mocks/).
 * Data-driven: each seeded defect is reported by its named check at the level of its rule's
 * provenance (must → verdict fail, exit 1); each legal variation passes with no must-level
 * finding (exit 0); the two stubs get no vacuous passes and output a vendor can trust.
 */
import { describe, expect, it } from 'vitest';
import { isObject, loadContract } from '../../contract/index.js';
import { runConformance, type Report } from '../../conformance/index.js';
import { REFERENCE_DEFECTS, REFERENCE_VARIATIONS, startReferenceServer, type ReferenceOptions } from '../reference/server.js';
import { runCli } from '../helpers/cli.js';
import { CHECKS } from '../../conformance/checks/index.js';

/** The checks marked optional: they judge only what a server's answers allow. */
const OPTIONAL = new Set(CHECKS.filter((c) => c.optional).map((c) => c.id));

const KEYS = { apiKey: 'ref-paid', freeKey: 'ref-free' };

/** One run of the suite against a reference server with these options (small generated phases). */
async function judge(opts: ReferenceOptions, progress?: string[]): Promise<Report> {
  const server = await startReferenceServer(opts);
  // A slow server (50 ms per answer) is judged without the generated phases, to keep the file fast.
  const excludeChecks = opts.variations?.includes('slow') ? ['coverage', 'fuzz', 'pagination-walk'] : [];
  try {
    return await runConformance({ baseUrl: server.baseUrl, ...KEYS, rateLimit: 0, fuzzRequests: 1, excludeChecks, onProgress: progress ? (line) => progress.push(line) : undefined });
  } finally {
    await server.close();
  }
}

const failures = (r: Report, level?: string): string[] => r.results.filter((x) => x.outcome === 'fail' && (level === undefined || x.level === level)).map((x) => `${x.check} ${x.level} ${x.operation}: ${x.message}`);

/** Whether the contract accepts marketplace B `release_date: ""` through a production deviation (issue 19's contract change). */
function contractHasReleaseDateDeviation(): boolean {
  const product = (loadContract().components.schemas as Record<string, unknown>).MarketBProduct;
  const text = JSON.stringify(isObject(product as never) ? (product as { properties?: { release_date?: unknown } }).properties?.release_date : null);
  return text.includes('"x-deviation":true');
}

describe('the reference server without defects', () => {
  it('passes: every must-level check judged it, no must or should finding', async () => {
    const r = await judge({});
    expect(failures(r, 'must')).toEqual([]);
    expect(failures(r, 'should')).toEqual([]);
    expect(r.summary.verdict).toBe('pass');
    // Every must-level check judged it, but the optional ones (they judge only what the answers allow).
    expect(r.summary.notJudged.filter((n) => !OPTIONAL.has(n.check))).toEqual([]);
    // The coverage phase's findings on limits the description does not give (a 201-character query, page 10,001) are info.
    expect(r.results.filter((x) => x.check === 'coverage' && x.outcome === 'fail').every((x) => x.level === 'info')).toBe(true);
    expect(r.results.some((x) => x.check === 'coverage' && x.level === 'info' && /maxLength 200|maximum 10000/.test(x.message))).toBe(true);
  });
});

describe.concurrent('seeded defects: each caught by its named check at the level of its rule', () => {
  it.each(REFERENCE_DEFECTS.map((d) => [d.name, d] as const))('%s', async (_name, d) => {
    const r = await judge({ defects: [d.name] });
    const named = r.results.filter((x) => x.check === d.check && x.outcome === 'fail');
    expect(
      named.map((x) => x.level),
      `${d.name}: ${failures(r).join('\n')}`,
    ).toContain(d.level);
    if (d.level === 'must') expect(r.summary.verdict).toBe('fail');
    else {
      // Should and info findings are reported and do not fail the run (info never does, even under --strict).
      expect(failures(r, 'must')).toEqual([]);
      expect(r.summary.verdict).toBe('pass');
    }
  });
});

describe.concurrent('legal variations: no must-level finding, verdict pass', () => {
  const variations = REFERENCE_VARIATIONS.filter((v) => v !== 'release-date-empty');
  it.each(variations)(
    '%s',
    async (v) => {
      const r = await judge({ variations: [v] });
      expect(failures(r, 'must')).toEqual([]);
      expect(r.summary.verdict).toBe('pass');
    },
    60_000,
  );

  it('all of them at once', async () => {
    const r = await judge({ variations: variations.filter((v) => v !== 'slow' && v !== 'total-capped') });
    expect(failures(r, 'must')).toEqual([]);
    expect(r.summary.verdict).toBe('pass');
  });

  it('no $schema: the optional member never makes the run inconclusive', async () => {
    const r = await judge({ variations: ['no-schema'] });
    expect(r.summary.verdict).toBe('pass');
    const row = r.results.find((x) => x.check === 'envelope-schema-url');
    expect(row).toMatchObject({ outcome: 'skip', message: expect.stringContaining('optional') });
    expect(r.summary.notJudged.filter((n) => !n.allowed)).toEqual([]);
  });

  it('a short per-sale window (10 days) against a year of daily rows is compared on the days both cover', async () => {
    const r = await judge({ variations: ['short-window'] });
    const rows = r.results.filter((x) => x.check === 'daily-matches-sales');
    expect(rows.some((x) => x.outcome === 'pass')).toBe(true);
    expect(rows.filter((x) => x.outcome === 'fail')).toEqual([]);
  });

  it.runIf(contractHasReleaseDateDeviation())('marketplace B release_date "" is a should-level production deviation', async () => {
    const r = await judge({ variations: ['release-date-empty'] });
    expect(failures(r, 'must')).toEqual([]);
    expect(r.results.some((x) => x.check === 'production-deviation' && x.outcome === 'fail' && x.level === 'should')).toBe(true);
    expect(r.summary.verdict).toBe('pass');
  });
});

describe('stubs: no vacuous passes, output a vendor can trust', () => {
  it('random data: fails, quotes large integers as sent, counts agree, nothing passes without something to compare', async () => {
    const progress: string[] = [];
    const r = await judge({ stub: 'random' }, progress);
    expect(r.summary.verdict).toBe('fail');
    const text = JSON.stringify(r.results);
    expect(text).toContain('1912555325041607408');
    expect(text).not.toContain('1912555325041607400');
    for (const id of ['a3-all-variants', 'a3-variant-filter', 'daily-matches-sales', 'lookup-exact-identity']) {
      expect(
        r.results.filter((x) => x.check === id && x.outcome === 'pass'),
        id,
      ).toEqual([]);
    }
    // One count per check, defined once: the progress line and the report's rows agree.
    for (const line of progress) {
      const m = /^\[\d+\/\d+\] ([a-z0-9-]+): (\d+) pass, (\d+) fail.*?, (\d+) skip/.exec(line);
      if (!m) continue;
      const rows = r.results.filter((x) => x.check === m[1]);
      expect([Number(m[2]), Number(m[3]), Number(m[4])], line).toEqual(['pass', 'fail', 'skip'].map((o) => rows.filter((x) => x.outcome === o).length));
    }
  });

  it('400 text/plain to everything: inconclusive, the discovery failure said once, json-fidelity judges no text/plain body', async () => {
    const r = await judge({ stub: 'text-400' });
    expect(r.summary.verdict).toBe('inconclusive');
    // Only checks that judge the status of a real answer may pass (a refusal of an out-of-range request is one).
    const statusChecks = ['transport', 'no-server-error', 'coverage', 'fuzz', 'read-only-methods'];
    expect(r.results.filter((x) => x.outcome === 'pass' && !statusChecks.includes(x.check)).map((x) => x.check)).toEqual([]);
    expect(r.results.find((x) => x.check === 'json-fidelity')).toMatchObject({ outcome: 'skip', message: expect.stringContaining('not judged') });
    expect(r.summary.reason.split('no search term found a product').length - 1).toBe(1);
  });
});

describe('the CLI against the reference server', () => {
  it.each([
    ['a must-level defect', 1, { defects: ['daily-local-day'] }],
    ['legal transport and time variations', 0, { variations: ['plus-offset', 'fractional-seconds', 'gzip', 'chunked', 'connection-close'] }],
    ['an info-level defect (a kit decision)', 0, { defects: ['kr-cm'] }],
  ] satisfies [string, number, ReferenceOptions][])('%s exits %i', async (_what, code, opts) => {
    const server = await startReferenceServer(opts);
    try {
      const run = await runCli(['conformance', '--base-url', server.baseUrl, '--api-key', KEYS.apiKey, '--free-key', KEYS.freeKey, '--rate-limit', '0', '--fuzz-requests', '1']);
      expect(run.code, run.stderr.slice(-2000) + run.stdout.slice(-2000)).toBe(code);
    } finally {
      await server.close();
    }
  });
});
