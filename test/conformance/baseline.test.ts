/**
 * Baselines (`--baseline`, `--write-baseline`): accepted findings do not fail the run, new ones
 * do, findings that no longer occur are reported as fixed, expired entries fail again. Expiry is
 * compared with the run's start time (a fixed clock here, never the wall clock).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_FORMAT, baselineOf, fingerprintOf, parseBaseline, readSchema, runConformance, TODO_REASON, toConsoleSummary, UsageError, type Baseline, type Report } from '../../conformance/index.js';
import { documentValidator } from '../../contract/index.js';
import { runCli } from '../helpers/cli.js';
import { listeningMock } from '../helpers/servers.js';

const KEYS = { 'k-paid-7f3c': 'Pro', 'k-free-9d21': 'Free' } as const;
const opts = { apiKey: 'k-paid-7f3c', freeKey: 'k-free-9d21', rateLimit: 0, fuzzRequests: 1 } as const;
/** The runs' start time: 2026-03-01T12:00:00Z. */
const START = Date.UTC(2026, 2, 1, 12);
const clock = (): number => START;
const dir = mkdtempSync(join(tmpdir(), 'baseline-'));

type Server = Awaited<ReturnType<typeof listeningMock>>;
let good: Server;
let b2: Server;
let other: Server;
let failing: Report;
beforeAll(async () => {
  [good, b2, other] = await Promise.all([
    listeningMock({ products: 60, keys: { ...KEYS } }),
    listeningMock({ products: 60, keys: { ...KEYS }, mutant: 'b2-no-variants' }),
    listeningMock({ products: 60, keys: { ...KEYS }, mutant: 'b3-wrong-type' }),
  ]);
  failing = await runConformance({ baseUrl: b2.url, ...opts, clock });
});
afterAll(async () => {
  await Promise.all([good?.close(), b2?.close(), other?.close()]);
});

/** The failures of the b2 mutant, accepted with a reason (and an expiry when given). */
const accepting = (expires?: string): Baseline => {
  const b = baselineOf(failing.results);
  return { ...b, accepted: b.accepted.map((e) => ({ ...e, reason: 'B2 variants ship in release 4.2 (ticket 1234)', ...(expires ? { expires } : {}) })) };
};

describe('fingerprints', () => {
  it('every failure row has one; the same failures of another run (other values) have the same fingerprints', async () => {
    expect(failing.summary.verdict).toBe('fail');
    const fails = failing.results.filter((r) => r.outcome === 'fail');
    expect(fails.length).toBeGreaterThan(0);
    for (const r of fails) expect(r.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    const again = await runConformance({ baseUrl: b2.url, ...opts, seed: 'another-seed', clock });
    const set = (r: Report): string[] => [...new Set(r.results.filter((x) => x.outcome === 'fail').map((x) => x.fingerprint))].sort() as string[];
    expect(set(again).filter((f) => set(failing).includes(f)).length).toBeGreaterThan(0);
    expect(fingerprintOf('b2-variants', 'getMarketBProduct', 'x')).not.toBe(fingerprintOf('b2-variants', 'getMarketAProduct', 'x'));
  });
});

describe('the four states of a baseline entry', () => {
  it('accepted: the matching failures do not fail the run, and are shown with their reason', async () => {
    const r = await runConformance({ baseUrl: b2.url, ...opts, clock, baseline: accepting() });
    expect(r.summary.verdict, r.summary.reason).toBe('pass');
    expect(r.summary.accepted).toBeGreaterThan(0);
    expect(r.baseline?.accepted.length).toBeGreaterThan(0);
    expect(r.baseline?.new).toEqual([]);
    for (const row of r.results.filter((x) => x.outcome === 'fail')) expect(row.accepted?.reason).toBe('B2 variants ship in release 4.2 (ticket 1234)');
    expect(r.summary.reason).toMatch(/accepted finding\(s\) did not fail the run/);
  });

  it('new: a failure the baseline does not name fails the run', async () => {
    const r = await runConformance({ baseUrl: other.url, ...opts, clock, baseline: accepting() });
    expect(r.summary.verdict).toBe('fail');
    expect(r.baseline?.new.length).toBeGreaterThan(0);
    expect(r.results.some((x) => x.outcome === 'fail' && x.check === 'b3-sale-type' && x.accepted === undefined)).toBe(true);
  });

  it('fixed: an accepted failure that no longer occurs is reported "fixed, remove it from the baseline"', async () => {
    const r = await runConformance({ baseUrl: good.url, ...opts, clock, baseline: accepting() });
    expect(r.summary.verdict).toBe('pass');
    expect(r.baseline?.fixed.map((m) => m.fingerprint).sort()).toEqual(
      accepting()
        .accepted.map((e) => e.fingerprint)
        .sort(),
    );
    expect(r.summary.reason).toMatch(/fixed, remove them from the baseline/);
    expect(toConsoleSummary(r)).toMatch(/^ {2}\+ b2-variants getMarketBProduct: fixed, remove it from the baseline \(sha256:[0-9a-f]{64}\)$/m);
  });

  it('expired: compared with the run start time, an expired entry fails again; one expiring later still accepts', async () => {
    const expired = await runConformance({ baseUrl: b2.url, ...opts, clock, baseline: accepting('2026-03-01') });
    expect(expired.summary.verdict).toBe('fail');
    expect(expired.baseline?.expired.length).toBeGreaterThan(0);
    expect(expired.baseline?.accepted).toEqual([]);
    expect(expired.summary.reason).toMatch(/expired and fail again/);
    const stillValid = await runConformance({ baseUrl: b2.url, ...opts, clock, baseline: accepting('2026-03-02') });
    expect(stillValid.summary.verdict).toBe('pass');
    // The same baseline, a run that starts later: expired.
    const later = await runConformance({ baseUrl: b2.url, ...opts, clock: () => Date.UTC(2026, 2, 2), baseline: accepting('2026-03-02') });
    expect(later.summary.verdict).toBe('fail');
    const exact = await runConformance({ baseUrl: b2.url, ...opts, clock, baseline: accepting('2026-03-01T12:00:01Z') });
    expect(exact.summary.verdict).toBe('pass');
  });
});

describe('the baseline file', () => {
  const validate = documentValidator(readSchema('baseline.schema.json'));

  it('--write-baseline writes a file of the schema, with a reason to fill in; once filled in, the run passes (CLI)', async () => {
    const file = join(dir, 'written.json');
    const first = await runCli(['conformance', '--base-url', b2.url, '--api-key', 'k-paid-7f3c', '--free-key', 'k-free-9d21', '--rate-limit', '0', '--fuzz-requests', '1', '--write-baseline', file]);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/wrote a baseline of \d+ finding/);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Baseline;
    expect(validate(written)).toEqual([]);
    expect(written.format).toBe(BASELINE_FORMAT);
    expect(written.accepted.every((e) => e.reason === TODO_REASON)).toBe(true);
    written.accepted = written.accepted.map((e) => ({ ...e, reason: 'accepted until the B2 fix ships' }));
    writeFileSync(file, JSON.stringify(written));
    const second = await runCli(['conformance', '--base-url', b2.url, '--api-key', 'k-paid-7f3c', '--free-key', 'k-free-9d21', '--rate-limit', '0', '--fuzz-requests', '1', '--baseline', file]);
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toMatch(/accepted \(accepted until the B2 fix ships\)/);
  });

  const entry = { fingerprint: `sha256:${'a'.repeat(64)}`, check: 'b2-variants', operation: 'getMarketBProduct', reason: 'ok' };
  it.each([
    ['no accepted list', { format: BASELINE_FORMAT }, /accepted/],
    ['a wrong format', { format: 'other/1', accepted: [] }, /format/],
    ['an entry without a reason', { format: BASELINE_FORMAT, accepted: [{ ...entry, reason: undefined }] }, /reason/],
    ['an empty reason', { format: BASELINE_FORMAT, accepted: [{ ...entry, reason: '' }] }, /reason/],
    ['a fingerprint that is not one', { format: BASELINE_FORMAT, accepted: [{ ...entry, fingerprint: 'abc' }] }, /fingerprint/],
    ['an expiry that is not a date', { format: BASELINE_FORMAT, accepted: [{ ...entry, expires: 'next week' }] }, /expires/],
    ['an expiry with a local offset', { format: BASELINE_FORMAT, accepted: [{ ...entry, expires: '2026-03-01T12:00:00+02:00' }] }, /expires/],
    ['a fingerprint listed twice', { format: BASELINE_FORMAT, accepted: [entry, entry] }, /twice/],
  ])('%s is a usage error that says what is wrong', (_name, value, pattern) => {
    expect(() => parseBaseline(JSON.parse(JSON.stringify(value)), 'b.json')).toThrow(UsageError);
    expect(() => parseBaseline(JSON.parse(JSON.stringify(value)), 'b.json')).toThrow(pattern);
  });

  it('a bad baseline file exits 2 with a clear message before any request (CLI)', async () => {
    const notJson = join(dir, 'bad.json');
    writeFileSync(notJson, '{ not json');
    const res = await runCli(['conformance', '--base-url', 'http://127.0.0.1:1', '--baseline', notJson]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--baseline .*bad\.json is not JSON/);
    const missing = await runCli(['conformance', '--base-url', 'http://127.0.0.1:1', '--baseline', join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nope\.json: ENOENT/);
  });
});
