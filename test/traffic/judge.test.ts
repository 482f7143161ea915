/**
 * Judging (issue 21): budgeted, aggregated, sync or async.
 * - memory does not grow with the number of answers: aggregates per check, operation and kind
 *   of failure (with the smallest example), and the report's counts are still exact;
 * - a time budget per answer stops further checks ("not fully judged");
 * - schema validation of large invalid bodies is linear (`validateAtBounded`);
 * - `--judge async` answers first (`x-contract-violations: pending`), judges in the background,
 *   and counts what did not fit the queue as "not judged: overload".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ContractValidator } from '../../contract/index.js';
import { ApiClient } from '../../conformance/client.js';
import type { Check, CheckContext, Verdict } from '../../conformance/check.js';
import { buildReport, CHECKS, Redactor, resolveConformanceOptions, type Exchange } from '../../conformance/index.js';
import { Aggregates, createJudge } from '../../traffic/judge.js';
import { createMockServer } from '../../mocks/index.js';
import { NOW } from '../helpers/mock.js';
import { stopServer } from '../helpers/servers.js';
import { lineProxy } from '../helpers/traffic.js';

const validator = new ContractValidator();
const o = resolveConformanceOptions(
  { baseUrl: 'http://upstream.invalid', rateLimit: 0 },
  CHECKS.map((c) => c.id),
);
const client = new ApiClient(o);
const ctx: CheckContext = { options: o, client, validator, discover: () => Promise.reject(new Error('no')), call: () => Promise.reject(new Error('no')) };
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  client.close();
  for (const c of closers) await c();
});

const ex = (i: number, operationId: Exchange['operationId'] = 'searchMarketAProducts'): Exchange => ({
  operationId,
  auth: 'main',
  request: { method: 'GET', url: `http://upstream.invalid/v3/market_a/products?query=${'q'.repeat(1 + (i % 50))}` },
  status: 200,
  headers: {},
  text: 'x'.repeat(10_000),
  ms: 1,
});
const letters = (i: number): string => String.fromCharCode(97 + (i % 26), 97 + (Math.floor(i / 26) % 26));

describe('Aggregates', () => {
  it('keep a bounded number of verdicts whatever the number of answers, with exact counts in the report', () => {
    const agg = new Aggregates();
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      const e = ex(i, i % 3 === 0 ? 'searchMarketBProducts' : 'searchMarketAProducts');
      // 676 distinct kinds of failure (letters), numbers vary freely (not a kind of their own).
      agg.add('response-schema', [{ outcome: 'fail', message: `/data/${i} field ${letters(i)} must be string`, exchange: e, evidence: { big: 'y'.repeat(50_000) } }]);
      agg.add('content-type', [{ outcome: 'pass', message: 'application/json', exchange: e }]);
      agg.add('transport', [{ outcome: 'skip', message: `skip ${letters(i)}`, exchange: e }]);
    }
    const kept = agg.verdicts();
    const all = [...kept.values()].flat();
    expect(all.length).toBeLessThan(100);
    // Examples are slimmed: no parsed body, text and evidence cut.
    for (const v of all) {
      expect(v.exchange?.json).toBeUndefined();
      expect(String(v.evidence ?? '').length).toBeLessThanOrEqual(8000);
    }
    const failures = (kept.get('response-schema') ?? []).reduce((n, v) => n + (v.count ?? 1), 0);
    expect(failures).toBe(N);
    const checks: Check[] = CHECKS.filter((c) => ['response-schema', 'content-type', 'transport'].includes(c.id));
    const report = buildReport(o, ctx, checks, kept, new Redactor([], []), { started: Date.now(), requests: N, phases: [], errors: [] });
    const failRows = report.results.filter((r) => r.check === 'response-schema' && r.outcome === 'fail');
    expect(failRows.reduce((n, r) => n + (r.count ?? 0), 0)).toBe(N);
    expect(report.results.find((r) => r.check === 'content-type' && r.operation === 'searchMarketAProducts')?.message).toMatch(new RegExp(`\\(${N - Math.ceil(N / 3)} responses judged\\)`));
    // The smallest example is the one shown (shortest URL: one `q`).
    expect(failRows[0]?.request?.url).toMatch(/query=q$/);
  });
});

describe('createJudge', () => {
  const slow = (id: string, ms: number): Check => ({
    id,
    level: 'should',
    source: 'practice',
    requirement: 'test',
    title: id,
    response: (e) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
      return { outcome: 'fail', message: `${id} failed`, exchange: e } satisfies Verdict;
    },
  });

  it('stops the checks of an answer past the time budget and counts it "not fully judged" (the first answer of an operation warms up whole)', () => {
    const j = createJudge({ checks: [slow('a', 1), slow('b', 150), slow('c', 1)], ctx, budgetMs: 100 });
    expect(j.judgeNow(ex(1))).toHaveLength(3);
    expect(j.stats().notFullyJudged).toBe(0);
    expect(j.judgeNow(ex(2))).toHaveLength(2);
    expect(j.stats()).toMatchObject({ answers: 2, violations: 5, notFullyJudged: 1 });
    expect(j.verdicts().get('c')?.[0]?.count).toBe(1);
    expect(j.shortfalls()[0]?.reason).toMatch(/time budget of 100 ms/);
  });

  it('async: a bounded queue; what does not fit is counted as overload, what is left at stop is counted too', async () => {
    const j = createJudge({ checks: [slow('a', 1)], ctx, mode: 'async', queueMax: 3 });
    const accepted = Array.from({ length: 10 }, (_, i) => j.submit(ex(i), 100));
    expect(accepted.filter(Boolean)).toHaveLength(3);
    expect(j.stats().overload).toBe(7);
    for (let i = 0; i < 50 && j.stats().queued > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(j.stats()).toMatchObject({ answers: 3, queued: 0, overload: 7 });
    j.submit(ex(1), 100);
    j.stop();
    expect(j.stats().unjudgedAtStop).toBe(1);
    expect(j.submit(ex(2), 100)).toBe(false);
  });

  it('async: a queue bounded in bytes too', () => {
    const j = createJudge({ checks: [slow('a', 1)], ctx, mode: 'async', queueMaxBytes: 1000 });
    expect(j.submit(ex(1), 600)).toBe(true);
    expect(j.submit(ex(2), 600)).toBe(false);
    j.stop();
  });
});

describe('ContractValidator.validateAtBounded', () => {
  const pointer = validator.operation('searchMarketAProducts').responses.find((r) => r.status === '200')?.schemaPointer as string;
  it("is validateAt on small values, and reports the first items' violations of large invalid ones, marked incomplete", () => {
    const small = { data: [{}] };
    expect(validator.validateAtBounded(pointer, small)).toEqual({ violations: validator.validateAt(pointer, small), complete: true });
    const large = { data: Array.from({ length: 10_000 }, () => ({})) };
    const r = validator.validateAtBounded(pointer, large);
    expect(r.complete).toBe(false);
    expect(r.violations.length).toBeGreaterThan(0);
    expect(r.violations.every((v) => /^(\/data\/(1?\d)(\/|$)|$)/.test(v.pointer) || v.pointer === '' || v.pointer === '/data')).toBe(true);
  });
});

describe('the proxy, --judge async', () => {
  it('answers byte for byte at once (x-contract-violations: pending), then judges in the background', async () => {
    const { server, url } = await createMockServer({ now: NOW, products: 300, seed: 'judge', keys: { K: 'Pro' }, mutant: 'rank-as-string' }).listen();
    closers.push(() => stopServer(server));
    const p = await lineProxy({ upstream: url, judge: 'async' });
    const path = '/v3/market_a/products?query=jordan&limit=5';
    const direct = Buffer.from(await (await fetch(url + path, { headers: { authorization: 'K' } })).arrayBuffer());
    const via = await fetch(p.url + path, { headers: { authorization: 'K' } });
    expect(via.headers.get('x-contract-violations')).toBe('pending');
    expect(Buffer.from(await via.arrayBuffer()).equals(direct)).toBe(true);
    for (let i = 0; i < 100 && p.stats().answers < 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(p.stats().answers).toBe(1);
    expect(p.lines.join('\n')).toMatch(/^VIOLATION searchMarketAProducts response-schema/m);
    const report = await p.close();
    expect(report.results.some((r) => r.check === 'response-schema' && r.outcome === 'fail')).toBe(true);
  });

  it('reports answers that did not fit the queue as "not judged: overload"', async () => {
    const { server, url } = await createMockServer({ now: NOW, products: 300, seed: 'judge', keys: { K: 'Pro' } }).listen();
    closers.push(() => stopServer(server));
    const p = await lineProxy({ upstream: url, judge: 'async', judgeQueue: 1 });
    await Promise.all(Array.from({ length: 40 }, (_, i) => fetch(`${p.url}/v3/market_b/products?query=nike&limit=${1 + (i % 20)}`, { headers: { authorization: 'K' } }).then((r) => r.arrayBuffer())));
    const s = p.stats();
    expect(s.overload).toBeGreaterThan(0);
    const report = await p.close();
    const after = p.stats();
    expect(after.answers + after.overload + after.unjudgedAtStop).toBe(40);
    expect(report.errors.map((e) => e.message).join('\n')).toMatch(/not judged: overload: \d+ answer\(s\)/);
    expect(report.phases.find((ph) => ph.name === 'not judged')?.requests).toBe(after.overload + after.unjudgedAtStop);
  });
});
