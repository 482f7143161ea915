/**
 * The async judge's worker thread (`resale-kit proxy --judge async`): judges the answers the
 * proxy's event loop hands it, off that loop, with the same checks, budget and aggregates as
 * `--judge sync` ({@link createJudge}). Started by `judge-async.ts` (never imported by it: it is
 * loaded as `dist/traffic/judge-worker.js`, also when the proxy runs as TypeScript in the tests).
 *
 * - **Priority.** Once its validators are compiled, the thread lowers its own scheduling
 *   priority on Linux (`WorkerInit.nice`, default `JUDGE_DEFAULTS.nice` of judge.ts; a nice value is
 *   per thread there, elsewhere it would be the whole process, so it is not changed): when the
 *   cores are busy, forwarding gets most of them; when they are not, judging keeps up.
 *   When that is not enough, the proxy's bounded queue fills and answers are counted
 *   "not judged: overload".
 * - **Counters** are written to shared memory ({@link COUNTER}) after each answer, so the
 *   proxy reads live figures and its queue's fill without a message per answer.
 * - **Stop.** When the proxy sets {@link COUNTER}.stop, the answers still queued are skipped
 *   (counted in the final message); on `finish` the worker sends the aggregates (bounded by
 *   checks × operations × kinds, not by the number of answers).
 * - **Errors** never end the thread: a check that throws, or an answer that cannot be judged,
 *   is sent as an error line and the answer still counted.
 */
import { setPriority } from 'node:os';
import { isMainThread, parentPort, threadId, workerData } from 'node:worker_threads';
import { ContractValidator } from '../contract/index.js';
import { ApiClient, CHECKS, collectHeaders, withBody, type CheckContext } from '../conformance/index.js';
import { createJudge } from './judge.js';
import { COUNTER, type AnswerToJudge, type FromWorker, type ToWorker, type ViolationNote, type WorkerInit } from './judge-async.js';

/** Runs the worker: called at load when this module is a worker thread. */
function run(port: NonNullable<typeof parentPort>, init: WorkerInit): void {
  const counters = new BigInt64Array(init.counters);
  const validator = new ContractValidator();
  const client = new ApiClient(init.options);
  const ctx: CheckContext = {
    options: init.options,
    client,
    validator,
    discover: () => Promise.reject(new Error('the proxy makes no requests of its own')),
    call: () => Promise.reject(new Error('the proxy makes no requests of its own')),
  };
  const wanted = new Set(init.checkIds);
  const checks = CHECKS.filter((c) => c.response && wanted.has(c.id));
  // Compile every response schema now, so no answer's time budget is spent compiling.
  validator.compileResponses();
  // Ready: from here the thread judges at a lower priority. On Linux a nice value belongs to one
  // thread: this lowers the judging thread only. Elsewhere it would lower the whole process
  // (forwarding too), so it is left alone there.
  if (process.platform === 'linux') {
    try {
      setPriority(0, init.nice);
    } catch {
      // not allowed here: judging still runs, at normal priority
    }
  }
  let violations: ViolationNote[] = [];
  let errors: string[] = [];
  const judge = createJudge({
    checks,
    ctx,
    budgetMs: init.budgetMs,
    onViolation: (check, v, ex) => violations.push({ check, operationId: ex.operationId, location: v.location, message: v.message, method: ex.request.method, url: ex.request.url }),
    onError: (message) => errors.push(message),
  });
  let before = judge.stats();
  let skipped = 0;
  const judgeOne = (a: AnswerToJudge): void => {
    if (Atomics.load(counters, COUNTER.stop) !== 0n) {
      skipped++;
      return;
    }
    try {
      const bytes = Buffer.from(a.body.buffer, a.body.byteOffset, a.body.byteLength);
      judge.judgeNow(withBody({ ...a.about, status: a.status, headers: collectHeaders(a.rawHeaders), text: '', ms: a.ms }, bytes));
    } catch (err) {
      errors.push(`suite error: an answer could not be judged: ${(err as Error).message}`);
    }
    const now = judge.stats();
    Atomics.add(counters, COUNTER.answers, BigInt(now.answers - before.answers));
    Atomics.add(counters, COUNTER.violations, BigInt(now.violations - before.violations));
    Atomics.add(counters, COUNTER.notFullyJudged, BigInt(now.notFullyJudged - before.notFullyJudged));
    before = now;
  };
  port.on('message', (m: ToWorker) => {
    if (m.type === 'judge') {
      for (const a of m.items) {
        judgeOne(a);
        Atomics.add(counters, COUNTER.doneBytes, BigInt(a.body.byteLength));
        Atomics.add(counters, COUNTER.done, 1n);
        Atomics.notify(counters, COUNTER.done);
      }
      if (violations.length > 0 || errors.length > 0) {
        port.postMessage({ type: 'lines', violations, errors } satisfies FromWorker);
        violations = [];
        errors = [];
      }
    } else if (m.type === 'finish') {
      client.close();
      port.postMessage({ type: 'final', verdicts: [...judge.verdicts()], shortfalls: judge.shortfalls(), skipped, threadId } satisfies FromWorker);
    }
  });
}

if (!isMainThread && parentPort && (workerData as { counters?: unknown } | null)?.counters instanceof SharedArrayBuffer) run(parentPort, workerData as WorkerInit);
