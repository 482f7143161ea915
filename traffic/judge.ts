/**
 * Judging for the validation proxy: every response-level check of the suite (the same check
 * functions) on each answer, within a budget, with aggregates instead of a list of everything.
 *
 * - **Budget per answer.** Bodies larger than the body cap are not judged; JSON nests at most
 *   {@link MAX_DEPTH} levels; schema validation of large invalid bodies stops early
 *   (`ContractValidator.validateAtBounded`); and past {@link JUDGE_DEFAULTS}.budgetMs no further
 *   check runs on the answer (except on the first answer of each operation, which warms the
 *   compiled validators and is judged whole). An answer cut short by any of these is counted "not fully judged".
 * - **Aggregates.** Memory does not grow with the number of answers: per check and operation,
 *   the count of passes, of each kind of failure (its message with values taken out) with its
 *   smallest example, and a few distinct skips. The report is built from these
 *   (`buildReport`, each kept verdict carrying its `count`).
 * - **Modes.** `sync` judges before the answer is sent, on the thread that forwards (the caller
 *   adds `x-contract-violations`): {@link createJudge}. `async` answers first and judges in a
 *   worker thread, off the event loop that forwards (`judge-async.ts` on the proxy's side,
 *   `judge-worker.ts` in the worker, which runs this same {@link createJudge}); answers that do
 *   not fit its bounded queue are counted "not judged: overload", never dropped silently.
 */
import { performance } from 'node:perf_hooks';
import type { Check, CheckContext, Verdict } from '../conformance/index.js';
import { NOT_FULLY_JUDGED } from '../conformance/index.js';
import { MAX_DEPTH } from '../conformance/index.js';
import { kindOf } from '../conformance/index.js';
import type { Exchange } from '../conformance/index.js';

/** When judging happens: before the answer is sent (`sync`), or after, in the background (`async`). */
export type JudgeMode = 'sync' | 'async';

/** Defaults of the judge. */
export const JUDGE_DEFAULTS = {
  mode: 'sync' as JudgeMode,
  /** Milliseconds of checks per answer; later checks of that answer are not run. */
  budgetMs: 100,
  /** Answers waiting to be judged by the async judge's worker (sent to it, not judged yet). */
  queueMax: 256,
  /** Body bytes waiting to be judged by the async judge's worker. */
  queueMaxBytes: 16 * 1024 * 1024,
  /**
   * Milliseconds the async judge's `close` waits for the worker to judge what is queued; what is
   * left then is counted "still waiting when the proxy stopped". With the grace that follows
   * (4 × budgetMs) it stays below the CLI's stop deadline (1500 ms).
   */
  stopWaitMs: 500,
  /**
   * Nice value of the async judge's worker thread (Linux; 0 = as the process, 19 = lowest). At
   * 10 a busy judging thread weighs about a tenth of a forwarding one on a saturated core (so
   * forwarding keeps most of the CPU, as the issue asks); at 19 it starved on a shared machine.
   */
  nice: 10,
};

/** Options of {@link createJudge}. */
export interface JudgeOptions {
  checks: readonly Check[];
  ctx: CheckContext;
  /** Milliseconds of checks per answer (see {@link JUDGE_DEFAULTS}). */
  budgetMs?: number;
  /** Told each failing verdict of an answer, when it has been judged. */
  onViolation?: (check: string, v: Verdict, ex: Exchange) => void;
  /** Told a check that threw (the answer is still counted). */
  onError?: (message: string) => void;
}

/** One failing verdict of an answer. */
export interface Violation {
  check: string;
  v: Verdict;
}

/** Counts of a judge. */
export interface JudgeStats {
  /** Answers judged (fully or not). */
  answers: number;
  /** Failing verdicts found. */
  violations: number;
  /** Answers cut short by a budget (values, time, depth, body size). */
  notFullyJudged: number;
  /** Answers not judged because the async queue was full. */
  overload: number;
  /** Answers still queued when the proxy stopped. */
  unjudgedAtStop: number;
  /** Answers waiting in the async queue now. */
  queued: number;
  /**
   * Answers whose verdicts are missing because the async judge's worker thread stopped (an
   * error in the worker): those it was judging or had queued, and those it had judged.
   */
  failed: number;
}

/**
 * A judge on the calling thread: judges one answer now, keeps the aggregates. The proxy's
 * `--judge sync` uses it directly; the async judge's worker runs one inside the worker thread.
 */
export interface Judge {
  /** Judges one answer now, within the budget; returns its failing verdicts. */
  judgeNow(ex: Exchange): Violation[];
  /** An answer the proxy passed on without judging (too large, HEAD): counted not fully judged. */
  unjudged(reason: string): void;
  stats(): JudgeStats;
  /** Reasons answers were not fully judged, with counts (a few distinct ones). */
  shortfalls(): { reason: string; count: number }[];
  /** The kept verdicts by check id, for `buildReport`. */
  verdicts(): Map<string, Verdict[]>;
}

/** Kinds of failure kept per check and operation (then one bucket for the rest). */
const MAX_KINDS = 10;
/** Distinct skip messages kept per check and operation. */
const MAX_SKIPS = 5;
/** Operations kept per check (then `*`). */
const MAX_OPERATIONS = 200;
/** Characters of an example's body kept for the report's evidence. */
const EXAMPLE_CHARS = 8000;
/** Distinct shortfall reasons kept. */
export const MAX_SHORTFALLS = 10;

interface Slot {
  example: Verdict;
  count: number;
}
interface OperationAggregate {
  pass?: Slot;
  skips: Map<string, Slot>;
  kinds: Map<string, Slot>;
  otherKinds?: Slot;
}

/** An exchange small enough to keep as an example: no parsed body, text cut. */
function slim(ex: Exchange): Exchange {
  return { operationId: ex.operationId, auth: ex.auth, request: ex.request, status: ex.status, headers: {}, text: ex.text.length > EXAMPLE_CHARS ? ex.text.slice(0, EXAMPLE_CHARS) : ex.text, error: ex.error, ms: ex.ms };
}

/** Evidence as bounded text. */
function slimEvidence(evidence: unknown): unknown {
  if (evidence === undefined) return undefined;
  let text: string;
  try {
    text = typeof evidence === 'string' ? evidence : (JSON.stringify(evidence, null, 2) ?? String(evidence));
  } catch {
    text = '[a value that cannot be shown as JSON]';
  }
  return text.length > EXAMPLE_CHARS ? text.slice(0, EXAMPLE_CHARS) : text;
}

const keep = (v: Verdict): Verdict => ({ outcome: v.outcome, message: v.message, operation: v.operation, location: v.location, evidence: slimEvidence(v.evidence), exchange: v.exchange ? slim(v.exchange) : undefined });

/**
 * Aggregated verdicts: memory bounded by checks × operations × kinds, whatever the number of
 * answers.
 */
export class Aggregates {
  private readonly byCheck = new Map<string, Map<string, OperationAggregate>>();

  /** Adds the verdicts one check gave on one answer. */
  add(check: string, verdicts: readonly Verdict[]): void {
    let ops = this.byCheck.get(check);
    if (!ops) this.byCheck.set(check, (ops = new Map()));
    for (const v of verdicts) {
      let op = v.operation || v.exchange?.operationId || '*';
      if (!ops.has(op) && ops.size >= MAX_OPERATIONS) op = '*';
      let agg = ops.get(op);
      if (!agg) ops.set(op, (agg = { skips: new Map(), kinds: new Map() }));
      if (v.outcome === 'pass') {
        if (agg.pass) agg.pass.count++;
        else agg.pass = { example: keep(v), count: 1 };
      } else if (v.outcome === 'skip') {
        const slot = agg.skips.get(v.message);
        if (slot) slot.count++;
        else if (agg.skips.size < MAX_SKIPS) agg.skips.set(v.message, { example: keep(v), count: 1 });
      } else {
        const kind = kindOf(v.message);
        const slot = agg.kinds.get(kind);
        if (slot) {
          slot.count++;
          // The smallest example (shortest request URL) is the one shown.
          if ((v.exchange?.request.url.length ?? 0) < (slot.example.exchange?.request.url.length ?? 0)) slot.example = keep(v);
        } else if (agg.kinds.size < MAX_KINDS) agg.kinds.set(kind, { example: keep(v), count: 1 });
        else if (agg.otherKinds) agg.otherKinds.count++;
        else agg.otherKinds = { example: { ...keep(v), message: 'other kinds of failure of this check (only the first kinds are kept apart)' }, count: 1 };
      }
    }
  }

  /** The kept verdicts by check, each with the `count` it stands for. */
  verdicts(): Map<string, Verdict[]> {
    const out = new Map<string, Verdict[]>();
    for (const [check, ops] of this.byCheck) {
      const list: Verdict[] = [];
      for (const [op, agg] of ops) {
        const withOp = (s: Slot): Verdict => ({ ...s.example, operation: s.example.operation || op, count: s.count });
        if (agg.pass) list.push(withOp(agg.pass));
        for (const s of agg.skips.values()) list.push(withOp(s));
        for (const s of agg.kinds.values()) list.push(withOp(s));
        if (agg.otherKinds) list.push(withOp(agg.otherKinds));
      }
      out.set(check, list);
    }
    return out;
  }
}

/**
 * Creates a judge over the suite's response checks, judging on the calling thread.
 * @param o the checks, their context and the budget per answer (see {@link JUDGE_DEFAULTS}).
 */
export function createJudge(o: JudgeOptions): Judge {
  const budgetMs = o.budgetMs ?? JUDGE_DEFAULTS.budgetMs;
  const agg = new Aggregates();
  const stats: JudgeStats = { answers: 0, violations: 0, notFullyJudged: 0, overload: 0, unjudgedAtStop: 0, queued: 0, failed: 0 };
  const shortfalls = new Map<string, number>();
  const short = (reason: string): void => {
    stats.notFullyJudged++;
    if (shortfalls.has(reason) || shortfalls.size < MAX_SHORTFALLS) shortfalls.set(reason, (shortfalls.get(reason) ?? 0) + 1);
  };

  // The first answer of each operation compiles and warms its code paths: it is judged whole.
  const warm = new Set<string>();
  const judgeNow = (ex: Exchange): Violation[] => {
    const found: Violation[] = [];
    const started = performance.now();
    const limit = warm.has(ex.operationId) ? budgetMs : Infinity;
    warm.add(ex.operationId);
    let cut: string | undefined;
    if (ex.scan && ex.scan.depth > MAX_DEPTH) cut = `the body nests deeper than ${MAX_DEPTH} levels`;
    for (const check of o.checks) {
      if (performance.now() - started > limit) {
        cut = `the time budget of ${budgetMs} ms per answer ran out before every check ran`;
        break;
      }
      try {
        const v = (check.response as NonNullable<Check['response']>)(ex, o.ctx);
        if (!v) continue;
        const list = Array.isArray(v) ? v : [v];
        agg.add(check.id, list);
        for (const x of list) {
          if (x.outcome === 'fail') found.push({ check: check.id, v: x });
          else if (x.outcome === 'skip' && x.message.startsWith(NOT_FULLY_JUDGED)) cut ??= `${check.id}: ${x.message.slice(NOT_FULLY_JUDGED.length + 2)}`;
        }
      } catch (err) {
        o.onError?.(`suite error: check ${check.id} stopped: ${(err as Error).message}`);
      }
    }
    stats.answers++;
    stats.violations += found.length;
    if (cut) short(cut);
    if (o.onViolation) for (const f of found) o.onViolation(f.check, f.v, ex);
    return found;
  };

  return {
    judgeNow,
    unjudged: short,
    stats: () => ({ ...stats }),
    shortfalls: () => [...shortfalls].map(([reason, count]) => ({ reason, count })),
    verdicts: () => agg.verdicts(),
  };
}
