/**
 * Judging (issue 21): budgeted, aggregated, sync or async.
 * - memory does not grow with the number of answers: aggregates per check, operation and kind
 *   of failure (with the smallest example), and the report's counts are still exact;
 * - a time budget per answer stops further checks ("not fully judged");
 * - schema validation of large invalid bodies is linear (`validateAtBounded`);
 * - `--judge async` answers first (`x-contract-violations: pending`), judges in a worker thread
 *   (issue 33: off the event loop that forwards, same aggregates as sync judging), counts what
 *   did not fit the queue as "not judged: overload", waits for the worker at close, and survives
 *   a worker that fails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ContractValidator } from '../../contract/index.js';
import { ApiClient } from '../../conformance/client.js';
import type { Check, CheckContext, Verdict } from '../../conformance/check.js';
import { buildReport, CHECKS, collectHeaders, Redactor, resolveConformanceOptions, withBody, type Exchange } from '../../conformance/index.js';
import { threadId } from 'node:worker_threads';
import { Aggregates, createJudge } from '../../traffic/judge.js';
import { createAsyncJudge, MAX_RESTARTS, type AnswerToJudge } from '../../traffic/judge-async.js';
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
});

describe('createAsyncJudge (a worker thread)', () => {
  const checkIds = CHECKS.filter((c) => c.response).map((c) => c.id);
  /** A search answer as the upstream sent it: `n` products, one with `rank` a string when `bad`. */
  const answer = (i: number, bad = false): AnswerToJudge => {
    const body = Buffer.from(JSON.stringify({ data: [{ id: `p${i}`, rank: bad ? 'first' : 1 }], meta: {} }));
    return {
      about: { operationId: 'searchMarketAProducts', auth: 'main', request: { method: 'GET', url: `http://upstream.invalid/v3/market_a/products?query=q${i}` } },
      status: 200,
      rawHeaders: ['content-type', 'application/json'],
      body,
      ms: 1,
    };
  };

  it('a bounded queue: what does not fit is counted as overload; close waits for the rest to be judged; later answers count as not judged at stop', async () => {
    const j = createAsyncJudge({ options: o, checkIds, queueMax: 3, stopWaitMs: 60_000 });
    const accepted = Array.from({ length: 10 }, (_, i) => j.submit(answer(i)));
    expect(accepted.filter(Boolean)).toHaveLength(3);
    expect(j.stats()).toMatchObject({ overload: 7, queued: 3 });
    await j.close();
    expect(j.stats()).toMatchObject({ answers: 3, queued: 0, overload: 7, unjudgedAtStop: 0, failed: 0 });
    expect(
      j
        .verdicts()
        .get('response-schema')
        ?.reduce((n, v) => n + (v.count ?? 1), 0),
    ).toBeGreaterThanOrEqual(3);
    expect(j.submit(answer(11))).toBe(false);
    expect(j.stats().unjudgedAtStop).toBe(1);
  });

  it('a queue bounded in bytes too', async () => {
    const j = createAsyncJudge({ options: o, checkIds, queueMaxBytes: 60 });
    const big = answer(1);
    expect(big.body.length).toBeGreaterThan(30);
    expect(j.submit(big)).toBe(true);
    expect(j.submit(answer(2))).toBe(false);
    expect(j.stats().overload).toBe(1);
    await j.close();
  });

  it('judges off the main thread: answers are judged while this thread is blocked, with the findings sync judging gives', async () => {
    const lines: string[] = [];
    // A budget no answer reaches on a loaded machine: this compares the findings, not the budget
    // (with the default 100 ms, one answer of the sync run was cut short under load: 19 vs 20).
    const budgetMs = 60_000;
    const j = createAsyncJudge({ options: o, checkIds, stopWaitMs: 60_000, budgetMs, onViolation: (v) => lines.push(`${v.check} ${v.location ?? ''}`) });
    const N = 20;
    for (let i = 0; i < N; i++) expect(j.submit(answer(i, i % 2 === 0))).toBe(true);
    await new Promise((r) => setImmediate(r)); // the batch is handed over
    // Block this thread (no event loop turn) until the worker's counters say every answer was
    // judged. Judging on this thread could not progress: the answers would stay at 0.
    const sleep = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 60_000;
    while (j.stats().answers < N && Date.now() < deadline) Atomics.wait(sleep, 0, 0, 10);
    expect(j.stats().answers).toBe(N);
    expect(lines).toHaveLength(0); // lines come back through the event loop, which was blocked
    await j.close();
    expect(j.threadId()).toBeGreaterThan(0);
    expect(j.threadId()).not.toBe(threadId);
    // The same aggregates as judging the same answers in line.
    const sync = createJudge({ checks: CHECKS.filter((c) => c.response), ctx, budgetMs });
    for (let i = 0; i < N; i++) {
      const a = answer(i, i % 2 === 0);
      sync.judgeNow(withBody({ ...a.about, status: a.status, headers: collectHeaders(a.rawHeaders), text: '', ms: a.ms }, Buffer.from(a.body)));
    }
    const counts = (m: Map<string, Verdict[]>): Record<string, string> =>
      Object.fromEntries(
        [...m].map(([check, vs]) => [
          check,
          vs
            .map((v) => `${v.outcome}:${v.count ?? 1}:${v.message}`)
            .sort()
            .join('|'),
        ]),
      );
    expect(counts(j.verdicts())).toEqual(counts(sync.verdicts()));
    expect(j.stats()).toMatchObject({ answers: N, violations: sync.stats().violations });
    expect(sync.stats().violations).toBeGreaterThan(0);
    expect(lines).toHaveLength(sync.stats().violations);
  });

  it('a worker that fails is reported, what it held is counted, it is replaced a bounded number of times, and nothing throws', async () => {
    const errors: string[] = [];
    const j = createAsyncJudge({ options: o, checkIds, workerUrl: new URL('../fixtures/workers/judge-worker-crash.mjs', import.meta.url), onError: (m) => errors.push(m) });
    let sent = 0;
    for (let round = 0; round <= MAX_RESTARTS + 1; round++) {
      if (j.submit(answer(round))) sent++; // once no worker is left, submit counts the answer as failed
      for (let i = 0; i < 500 && j.stats().failed < round + 1; i++) await new Promise((r) => setTimeout(r, 20));
    }
    expect(sent).toBe(MAX_RESTARTS + 1);
    expect(j.stats().failed).toBe(MAX_RESTARTS + 2);
    expect(errors.filter((e) => /the judging worker stopped \(.*failing on purpose/.test(e))).toHaveLength(MAX_RESTARTS + 1);
    expect(j.hasRoom()).toBe(false);
    await j.close();
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
    // The worker thread starts (modules, compiled schemas) and judges: a deadline, not a timing.
    // The answer count is shared memory, the lines a message after it: wait for both (a loaded
    // machine once read the count before the lines had arrived).
    for (let i = 0; i < 3000 && (p.stats().answers < 1 || !p.lines.some((l) => l.startsWith('VIOLATION'))); i++) await new Promise((r) => setTimeout(r, 20));
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
