/**
 * The async judge (`resale-kit proxy --judge async`), on the proxy's side: answers are handed to
 * a worker thread (`judge-worker.ts`) that judges them off the event loop that forwards, so
 * forwarding never waits on a check.
 *
 * - **Bounded queue.** At most `queueMax` answers and `queueMaxBytes` body bytes are waiting
 *   (handed over and not judged yet); an answer that does not fit is counted
 *   "not judged: overload", never dropped silently. The fill is read from counters the worker
 *   keeps in shared memory, so no message comes back per answer.
 * - **Hand-over.** Answers are sent in batches, one per turn of the event loop; each body's
 *   bytes are transferred to the worker (moved, not copied; a body the caller still uses is
 *   copied once).
 * - **Same findings.** The worker runs the same checks, budget and aggregates as
 *   `--judge sync` ({@link createJudge}); violation lines and check errors come back in batches
 *   and are told to `onViolation` and `onError` on this thread.
 * - **Stop.** {@link AsyncJudge.close} waits for the worker to judge what is queued, at most
 *   `stopWaitMs`; what is left then is counted "still waiting when the proxy stopped". The
 *   report is complete: every answer is judged or counted as not judged.
 * - **Errors in the worker** never crash the proxy: a worker that stops is reported through
 *   `onError`, the answers whose verdicts it took with it are counted (`failed`), and a new
 *   worker is started (at most {@link MAX_RESTARTS} times; then answers are counted `failed`).
 */
import { Worker } from 'node:worker_threads';
import type { ConformanceOptions, Exchange, Verdict } from '../conformance/index.js';
import { JUDGE_DEFAULTS, MAX_SHORTFALLS, type JudgeStats } from './judge.js';

/** Indexes of the shared counters (a `BigInt64Array` over `WorkerInit.counters`). */
export const COUNTER = {
  /** Answers judged (fully or not). */
  answers: 0,
  /** Failing verdicts found. */
  violations: 1,
  /** Answers cut short by a budget. */
  notFullyJudged: 2,
  /** Answers taken off the queue: judged, skipped at stop, or failed to judge. */
  done: 3,
  /** Body bytes of those answers. */
  doneBytes: 4,
  /** Set to 1 by the proxy: skip what is still queued. */
  stop: 5,
} as const;
/** Number of shared counters. */
export const COUNTERS = 6;

/** What the worker is started with (`workerData`; structured-cloned). */
export interface WorkerInit {
  /** The proxy's resolved options (its upstream as base URL, body cap, timeout). */
  options: ConformanceOptions;
  /** Ids of the response checks to run, in the suite's order. */
  checkIds: string[];
  /** Milliseconds of checks per answer. */
  budgetMs: number;
  /** Nice value (0–19) the worker thread takes once ready, on Linux (see {@link JUDGE_DEFAULTS}.nice). */
  nice: number;
  /** Shared memory for {@link COUNTER} (8 bytes each). */
  counters: SharedArrayBuffer;
}

/** One answer to judge: plain values (the body's bytes are transferred, not copied). */
export interface AnswerToJudge {
  about: Pick<Exchange, 'operationId' | 'auth' | 'request'>;
  /** HTTP status of the upstream's answer. */
  status: number;
  /** The upstream's raw header list (name, value, name, value, ...). */
  rawHeaders: string[];
  /** The body as received. */
  body: Uint8Array;
  /** Milliseconds from the request to the end of the answer. */
  ms: number;
}

/** A failing verdict, as much as the proxy prints of it. */
export interface ViolationNote {
  check: string;
  operationId: string;
  location?: string;
  message: string;
  method: string;
  /** The request's URL (the proxy redacts it before printing). */
  url: string;
}

/** Messages to the worker. */
export type ToWorker = { type: 'judge'; items: AnswerToJudge[] } | { type: 'finish' };

/** Messages from the worker. */
export type FromWorker =
  | { type: 'lines'; violations: ViolationNote[]; errors: string[] }
  | {
      type: 'final';
      /** Kept verdicts by check id (see `Aggregates.verdicts`). */
      verdicts: [string, Verdict[]][];
      shortfalls: { reason: string; count: number }[];
      /** Answers skipped after the proxy set `stop`. */
      skipped: number;
      /** The worker's thread id (never 0, the main thread's). */
      threadId: number;
    };

/** Times a failed judging worker is replaced by a new one. */
export const MAX_RESTARTS = 3;

/** Options of {@link createAsyncJudge}. */
export interface AsyncJudgeOptions {
  /** The proxy's resolved options: sent to the worker, which builds its check context from them. */
  options: ConformanceOptions;
  /** Ids of the response checks to run, in the suite's order. */
  checkIds: readonly string[];
  /** Milliseconds of checks per answer (see {@link JUDGE_DEFAULTS}). */
  budgetMs?: number;
  /** Answers waiting to be judged at most (then "overload"). */
  queueMax?: number;
  /** Body bytes waiting to be judged at most (then "overload"). */
  queueMaxBytes?: number;
  /** Milliseconds `close` waits for the worker to judge what is queued. */
  stopWaitMs?: number;
  /** Told each failing verdict, once judged (on this thread, in batches). */
  onViolation?: (v: ViolationNote) => void;
  /** Told check errors and a worker that stopped. */
  onError?: (message: string) => void;
  /** The worker's module. Default `judge-worker.js` beside this file (see `workerModule`); tests point it at a failing one. */
  workerUrl?: URL;
}

/** The async judge: hand-over, counts, and the aggregates once closed. */
export interface AsyncJudge {
  readonly mode: 'async';
  /**
   * Queues an answer for the worker; false when it does not fit (counted as overload) or the
   * judge is closed (counted as still waiting at stop).
   * @param keep true when the caller still uses `answer.body` after this call (it is then copied before transfer).
   */
  submit(answer: AnswerToJudge, keep?: boolean): boolean;
  /** True when the queue can take another answer now (the caller may skip buffering a body it could not queue). */
  hasRoom(): boolean;
  /** An answer that could not be queued: counted as overload (or failed, once the worker is gone). */
  overloaded(): void;
  /** An answer the proxy passed on without judging (too large): counted not fully judged. */
  unjudged(reason: string): void;
  /** Live counts (the worker's from shared memory). */
  stats(): JudgeStats;
  /** Reasons answers were not fully judged, with counts (the worker's once closed). */
  shortfalls(): { reason: string; count: number }[];
  /** The kept verdicts by check id, for `buildReport`: empty until {@link AsyncJudge.close} resolves. */
  verdicts(): Map<string, Verdict[]>;
  /** The worker's thread id once it reported (after close); 0 before. */
  threadId(): number;
  /** Stops taking answers, waits (at most `stopWaitMs`) for the worker to judge what is queued, collects its aggregates and ends it. Never rejects. */
  close(): Promise<void>;
}

/**
 * The worker's module: `judge-worker.js` beside this file when it runs from dist/ (the package);
 * when this file runs as TypeScript (the tests, tsx), the built `dist/traffic/judge-worker.js`
 * of the same checkout, since Node 20 applies no TypeScript loader to a worker's entry (the
 * tests build dist/ first, in their global set-up).
 */
function workerModule(given?: URL): URL {
  if (given) return given;
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../dist/traffic/judge-worker.js', here) : new URL('./judge-worker.js', here);
}

/**
 * Starts the async judge and its worker thread.
 * @param o the options the worker needs, the queue's bounds and where lines go (see {@link JUDGE_DEFAULTS}).
 */
export function createAsyncJudge(o: AsyncJudgeOptions): AsyncJudge {
  const queueMax = o.queueMax ?? JUDGE_DEFAULTS.queueMax;
  const queueMaxBytes = o.queueMaxBytes ?? JUDGE_DEFAULTS.queueMaxBytes;
  const stopWaitMs = o.stopWaitMs ?? JUDGE_DEFAULTS.stopWaitMs;
  const shared = new SharedArrayBuffer(COUNTERS * 8);
  const counters = new BigInt64Array(shared);
  const read = (i: number): number => Number(Atomics.load(counters, i));
  const own = { overload: 0, unjudgedAtStop: 0, failed: 0, notFullyJudged: 0 };
  const ownShortfalls = new Map<string, number>();
  let submitted = 0;
  let submittedBytes = 0;
  let pending: AnswerToJudge[] = [];
  let transfer: ArrayBuffer[] = [];
  let flushing: NodeJS.Immediate | undefined;
  let closed = false;
  let restarts = 0;
  let final: Extract<FromWorker, { type: 'final' }> | undefined;
  let onFinal: ((f: Extract<FromWorker, { type: 'final' }> | undefined) => void) | undefined;
  const mod = workerModule(o.workerUrl);

  interface Running {
    worker: Worker;
    /** The shared answer count when it started: answers it judged are counted from there. */
    answersAtStart: number;
  }
  let current: Running | undefined;

  const start = (): void => {
    const init: WorkerInit = { options: o.options, checkIds: [...o.checkIds], budgetMs: o.budgetMs ?? JUDGE_DEFAULTS.budgetMs, nice: JUDGE_DEFAULTS.nice, counters: shared };
    let worker: Worker;
    try {
      worker = new Worker(mod, { workerData: init });
    } catch (err) {
      o.onError?.(`suite error: the judging worker could not start: ${(err as Error).message}; answers are not judged`);
      current = undefined;
      return;
    }
    const running: Running = { worker, answersAtStart: read(COUNTER.answers) };
    current = running;
    worker.unref();
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'lines') {
        for (const v of m.violations) o.onViolation?.(v);
        for (const e of m.errors) o.onError?.(e);
      } else if (m.type === 'final') {
        final = m;
        onFinal?.(m);
      }
    });
    worker.on('error', (err) => failed(running, err.message));
    worker.on('exit', (code) => failed(running, `it exited with code ${code}`));
  };

  // A worker that stopped: what it held and what it had judged is counted, and it is replaced.
  // At stop (`atStop`), what it held is counted as still waiting, not as failed.
  const failed = (running: Running, why: string, atStop = false): void => {
    if (current !== running) return;
    current = undefined;
    const inFlight = submitted - read(COUNTER.done);
    const judgedByIt = read(COUNTER.answers) - running.answersAtStart;
    if (atStop) own.unjudgedAtStop += inFlight;
    else own.failed += inFlight;
    own.failed += judgedByIt;
    // What it held is gone: the queue restarts from what was taken off it.
    submitted = read(COUNTER.done);
    submittedBytes = read(COUNTER.doneBytes);
    const lost = judgedByIt + (atStop ? 0 : inFlight);
    o.onError?.(`suite error: the judging worker stopped (${why}): the verdicts of ${lost} answer(s) are missing from the report${atStop && inFlight > 0 ? `; ${inFlight} answer(s) were still waiting` : ''}`);
    onFinal?.(undefined);
    if (!closed && restarts < MAX_RESTARTS) {
      restarts++;
      start();
    }
  };

  const flush = (): void => {
    flushing = undefined;
    if (pending.length === 0) return;
    const items = pending;
    const list = transfer;
    pending = [];
    transfer = [];
    current?.worker.postMessage({ type: 'judge', items } satisfies ToWorker, list);
  };

  const queued = (): number => submitted - read(COUNTER.done);
  const queuedBytes = (): number => submittedBytes - read(COUNTER.doneBytes);
  const hasRoom = (): boolean => !closed && current !== undefined && queued() < queueMax && queuedBytes() < queueMaxBytes;

  start();

  return {
    mode: 'async',
    submit(answer, keep = false) {
      if (closed) {
        own.unjudgedAtStop++;
        return false;
      }
      if (!current) {
        own.failed++;
        return false;
      }
      const bytes = answer.body.byteLength;
      if (queued() >= queueMax || queuedBytes() + bytes > queueMaxBytes) {
        own.overload++;
        return false;
      }
      // A body is moved to the worker when it owns its whole buffer and the caller is done with it.
      const whole = answer.body.byteOffset === 0 && answer.body.byteLength === answer.body.buffer.byteLength && answer.body.buffer instanceof ArrayBuffer;
      const body = !keep && whole ? answer.body : answer.body.slice();
      transfer.push(body.buffer as ArrayBuffer);
      pending.push({ ...answer, body });
      submitted++;
      submittedBytes += bytes;
      flushing ??= setImmediate(flush);
      return true;
    },
    hasRoom,
    overloaded() {
      if (current) own.overload++;
      else own.failed++;
    },
    unjudged(reason) {
      own.notFullyJudged++;
      if (ownShortfalls.has(reason) || ownShortfalls.size < MAX_SHORTFALLS) ownShortfalls.set(reason, (ownShortfalls.get(reason) ?? 0) + 1);
    },
    stats: () => ({
      answers: read(COUNTER.answers),
      violations: read(COUNTER.violations),
      notFullyJudged: read(COUNTER.notFullyJudged) + own.notFullyJudged,
      overload: own.overload,
      unjudgedAtStop: own.unjudgedAtStop,
      queued: closed ? 0 : queued(),
      failed: own.failed,
    }),
    shortfalls() {
      const all = new Map(ownShortfalls);
      for (const { reason, count } of final?.shortfalls ?? []) if (all.has(reason) || all.size < MAX_SHORTFALLS) all.set(reason, (all.get(reason) ?? 0) + count);
      return [...all].map(([reason, count]) => ({ reason, count }));
    },
    verdicts: () => new Map(final?.verdicts ?? []),
    threadId: () => final?.threadId ?? 0,
    async close() {
      if (closed) return;
      closed = true;
      if (flushing) clearImmediate(flushing);
      flush();
      const running = current;
      if (!running) return;
      running.worker.ref();
      const got = new Promise<Extract<FromWorker, { type: 'final' }> | undefined>((resolve) => {
        onFinal = resolve;
      });
      running.worker.postMessage({ type: 'finish' } satisfies ToWorker);
      // Past the wait, the worker skips what is queued (it checks between answers, each bounded
      // by the budget); past a grace after that, it is ended and what it held is counted.
      const skip = setTimeout(() => Atomics.store(counters, COUNTER.stop, 1n), stopWaitMs);
      const giveUp = setTimeout(() => onFinal?.(undefined), stopWaitMs + JUDGE_DEFAULTS.budgetMs * 4);
      const f = await got;
      clearTimeout(skip);
      clearTimeout(giveUp);
      if (f) own.unjudgedAtStop += f.skipped;
      else if (current === running) {
        failed(running, `it did not finish within ${stopWaitMs} ms of the stop`, true);
      }
      current = undefined;
      await running.worker.terminate().catch(() => undefined);
    },
  };
}
