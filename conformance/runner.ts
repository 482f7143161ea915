/**
 * `runConformance(options)`: discovers products, runs the selected checks against the server,
 * and returns the report. Findings about the server are results; the suite's own trouble is
 * `errors`; a server that cannot be reached at all is an {@link UnreachableError}.
 */
import { ContractValidator, matchPath } from '../contract/index.js';
import { ApiClient } from './client.js';
import type { Check, CheckContext, Verdict } from './check.js';
import { CHECK_IDS, CHECKS } from './checks/index.js';
import { requestDaily } from './checks/daily.js';
import { discover, type Discovery } from './discovery.js';
import { resolveConformanceOptions, type ConformanceOptions } from './options.js';
import type { CheckResult, Exchange, Report, Summary, ToolError } from './types.js';

/** The version written into reports. */
export const TOOL_VERSION = '0.1.0';
const MAX_FAILS_PER_ROW = 5;
const EVIDENCE_CHARS = 2000;

/** The server under test did not answer any request (connection refused, DNS, TLS, timeouts). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

/**
 * Runs the conformance suite against a server.
 * @param options at least `baseUrl`; see {@link ConformanceOptions} for the rest and their defaults.
 * @returns the report (never throws for findings: a failing server gives a report with failures).
 * @throws UsageError for invalid options; UnreachableError when the server answers nothing.
 */
export async function runConformance(options: Partial<ConformanceOptions> & { baseUrl: string }): Promise<Report> {
  const o = resolveConformanceOptions(options, CHECK_IDS);
  const started = Date.now();
  const client = new ApiClient(o);
  const validator = new ContractValidator();
  const errors: ToolError[] = [];
  let found: Promise<Discovery> | undefined;
  const ctx: CheckContext = {
    options: o,
    client,
    validator,
    discover: () => (found ??= discover(ctx)),
    call(operationId, path = {}, query = {}, auth = 'main') {
      const op = validator.operation(operationId);
      const filled = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(path[name] ?? '')));
      return client.get(operationId, filled, query, auth);
    },
  };
  const progress = o.onProgress ?? (() => undefined);

  progress(`Probing ${o.baseUrl} ...`);
  const probes = [
    await ctx.call('searchMarketAProducts', {}, { query: o.queries[0] as string, limit: 10 }),
    await ctx.call('searchMarketBProducts', {}, { query: o.queries[0] as string, limit: 10 }),
  ];
  if (probes.every((p) => p.status === undefined)) {
    throw new UnreachableError(`cannot reach ${o.baseUrl}: ${probes[0]?.error ?? 'no answer'}. Is the server running, and is --base-url right?`);
  }
  progress('Discovering products (search, lookup, sales) ...');
  const discovery = await ctx.discover();
  for (const [m, note] of Object.entries(discovery.notes)) if (note) progress(`  marketplace ${m.toUpperCase()}: ${note}`);
  await requestDaily(ctx);

  const selected = CHECKS.filter((c) => (o.checks.length === 0 || o.checks.includes(c.id)) && !o.excludeChecks.includes(c.id));
  const verdicts = new Map<string, Verdict[]>();
  let i = 0;
  for (const check of selected.filter((c) => c.scenario)) {
    i++;
    let list: Verdict[];
    try {
      list = await (check.scenario as NonNullable<Check['scenario']>)(ctx);
    } catch (err) {
      errors.push({ message: `check ${check.id} stopped: ${(err as Error).message}` });
      list = [{ outcome: 'skip', message: `the check stopped on an error of the suite: ${(err as Error).message}` }];
    }
    verdicts.set(check.id, list);
    progress(`[${i}/${selected.length}] ${check.id}: ${tally(list)} (${client.requests} requests so far)`);
  }
  for (const check of selected.filter((c) => c.response)) {
    i++;
    const list: Verdict[] = [];
    for (const ex of client.exchanges) {
      try {
        const v = (check.response as NonNullable<Check['response']>)(ex, ctx);
        if (v) list.push(...(Array.isArray(v) ? v : [v]));
      } catch (err) {
        errors.push({ message: `check ${check.id} stopped on ${ex.request.url}: ${(err as Error).message}` });
      }
    }
    verdicts.set(check.id, [...(verdicts.get(check.id) ?? []), ...list]);
    progress(`[${i}/${selected.length}] ${check.id}: ${tally(list)}`);
  }

  const secrets = [o.apiKey, o.freeKey, ...Object.values(o.headers)].filter((s): s is string => typeof s === 'string' && s.length > 0);
  const results = selected.flatMap((c) => rows(c, verdicts.get(c.id) ?? [], ctx)).map((r) => redactResult(r, secrets));
  const summary = summarise(results, o.strict);
  return {
    format: 'resale-kit-conformance/1',
    tool: { name: 'resale-kit', version: TOOL_VERSION },
    target: { baseUrl: redact(o.baseUrl, secrets) },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requests: client.requests,
    strict: o.strict,
    summary,
    results,
    errors: errors.map((e) => ({ message: redact(e.message, secrets) })),
  };
}

function tally(list: Verdict[]): string {
  const n = (k: string): number => list.filter((v) => v.outcome === k).length;
  return `${n('pass')} pass, ${n('fail')} fail, ${n('skip')} skip`;
}

/** The operation a verdict is about: its own, its exchange's, or the path's. */
function operationOf(v: Verdict, ctx: CheckContext): string {
  if (v.operation) return v.operation;
  if (v.exchange?.operationId) return v.exchange.operationId;
  if (v.exchange) {
    const path = new URL(v.exchange.request.url).pathname;
    const op = ctx.validator.operations.find((x) => matchPath(ctx.client.mapPath(x.path), path));
    if (op) return op.operationId;
  }
  return '*';
}

/** Report rows of one check: failures one by one (a few per operation), else one pass or skip per operation. */
function rows(check: Check, verdicts: Verdict[], ctx: CheckContext): CheckResult[] {
  const base = { check: check.id, level: check.level, requirement: check.requirement };
  if (verdicts.length === 0) return [{ ...base, outcome: 'skip', operation: '*', message: 'no response of the kind this check judges was seen' }];
  const byOp = new Map<string, Verdict[]>();
  for (const v of verdicts) {
    const op = operationOf(v, ctx);
    byOp.set(op, [...(byOp.get(op) ?? []), v]);
  }
  const out: CheckResult[] = [];
  for (const [operation, list] of byOp) {
    const fails = list.filter((v) => v.outcome === 'fail');
    const passes = list.filter((v) => v.outcome === 'pass');
    if (fails.length > 0) {
      for (const v of fails.slice(0, MAX_FAILS_PER_ROW)) out.push(toResult(base, operation, v));
      if (fails.length > MAX_FAILS_PER_ROW) out.push({ ...base, outcome: 'fail', operation, message: `... and ${fails.length - MAX_FAILS_PER_ROW} more failures of this check on ${operation}` });
    } else {
      if (passes.length > 0) {
        const first = passes[0] as Verdict;
        out.push(toResult(base, operation, { ...first, message: passes.length > 1 ? `${first.message} (${passes.length} responses judged)` : first.message }));
      }
      // A skipped part is reported even when the rest passed, so nobody mistakes it for checked.
      const skipped = new Map(list.filter((v) => v.outcome === 'skip').map((v) => [v.message, v]));
      for (const v of skipped.values()) out.push(toResult(base, operation, v));
    }
  }
  return out;
}

function toResult(base: Pick<CheckResult, 'check' | 'level' | 'requirement'>, operation: string, v: Verdict): CheckResult {
  const r: CheckResult = { ...base, outcome: v.outcome, operation, message: v.message };
  const ex: Exchange | undefined = v.exchange;
  if (ex) {
    r.request = { method: ex.request.method, url: ex.request.url };
    if (ex.status !== undefined) r.status = ex.status;
  }
  if (v.location !== undefined) r.location = v.location;
  if (v.evidence !== undefined) {
    const text = typeof v.evidence === 'string' ? v.evidence : JSON.stringify(v.evidence, null, 2) ?? String(v.evidence);
    r.evidence = text.length > EVIDENCE_CHARS ? `${text.slice(0, EVIDENCE_CHARS)}\n... (${text.length - EVIDENCE_CHARS} more characters)` : text;
  } else if (v.outcome === 'fail' && ex && ex.text) {
    r.evidence = ex.text.length > EVIDENCE_CHARS ? `${ex.text.slice(0, EVIDENCE_CHARS)}\n...` : ex.text;
  }
  return r;
}

/** Counts and verdict of a list of results. */
export function summarise(results: CheckResult[], strict: boolean): Summary {
  const count = (f: (r: CheckResult) => boolean): number => results.filter(f).length;
  const mustFailed = new Set(results.filter((r) => r.outcome === 'fail' && r.level === 'must').map((r) => r.check)).size;
  const shouldFailed = new Set(results.filter((r) => r.outcome === 'fail' && r.level === 'should').map((r) => r.check)).size;
  return {
    total: results.length,
    pass: count((r) => r.outcome === 'pass'),
    fail: count((r) => r.outcome === 'fail'),
    skip: count((r) => r.outcome === 'skip'),
    mustFailed,
    shouldFailed,
    verdict: mustFailed > 0 || (strict && shouldFailed > 0) ? 'fail' : 'pass',
  };
}

/** Replaces every secret (API keys, --header values) in a text. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out;
}

function redactResult(r: CheckResult, secrets: readonly string[]): CheckResult {
  if (secrets.length === 0) return r;
  return JSON.parse(redact(JSON.stringify(r), secrets.map((s) => JSON.stringify(s).slice(1, -1)))) as CheckResult;
}
