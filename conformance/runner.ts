/**
 * `runConformance(options)`: discovers products, runs the selected checks against the server,
 * and returns the report. Findings about the server are results; the suite's own trouble is
 * `errors`; a server that cannot be reached at all is an {@link UnreachableError}.
 */
import { ContractValidator, fillPath, marketplacesOf, matchPath, printableUrl, urlSecrets } from '../contract/index.js';
import { ApiClient, NOT_RECORDED } from './client.js';
import { applyBaseline, baselineSentence, fingerprintOf } from './certificate/baseline.js';
import { FULL_PROFILE, profileNamed, ProfileScope } from './certificate/profiles.js';
import { operationsJudgedBy } from './certificate/judged-by.js';
import { LIVE_ONLY_CHECKS, WRITE_CHECKS } from './checks/methods.js';
import type { Check, CheckContext, Verdict } from './check.js';
import { CHECK_IDS, CHECKS } from './checks/index.js';
import { requestDaily } from './checks/daily.js';
import { discover, type Discovery } from './discovery.js';
import { resolveConformanceOptions, type ConformanceOptions } from './options.js';
import { curlOf } from './curl.js';
import { operationsOf } from './operations.js';
import { Redactor, RUN_MIN_SEARCHED } from './redact.js';
import { terminalSafe } from './terminal.js';
import { hasOption, OVER_BUDGET, type CheckResult, type Exchange, type NotJudged, type Report, type Summary, type ToolError } from './types.js';

import { TOOL_VERSION } from '../generated/version.js';

/** The version written into reports (package.json's, through generated/version.ts). */
export { TOOL_VERSION };
/** Kinds of failure reported per (check, operation); more are counted in one last row. */
const MAX_KINDS_PER_ROW = 10;
const EVIDENCE_CHARS = 2000;
/** Longest message and location a result row keeps (a server's 2 MB member name is data, not a message). */
const MESSAGE_CHARS = 2000;

/** The error of a request the run's `--profile` does not claim: it is not sent. */
export const NOT_CLAIMED = 'not sent: not claimed by profile';

/** The profile scope of a run's options. @throws Error when the profile is unknown (options are resolved first). */
export function scopeOf(o: Pick<ConformanceOptions, 'profile'>, validator: ContractValidator): ProfileScope {
  const profile = profileNamed(o.profile ?? FULL_PROFILE, validator.doc, validator.operations);
  if (!profile) throw new Error(`unknown profile ${String(o.profile)}`);
  return new ProfileScope(profile, validator.operations);
}

/** The server under test did not answer any request (connection refused, DNS, TLS, timeouts). */
export class UnreachableError extends Error {
  override name = 'UnreachableError';
}

/** The suite's own fixed words: check ids, titles and requirements (see {@link Redactor}). */
export const VOCABULARY: readonly string[] = CHECKS.flatMap((c) => [c.id, c.title, c.requirement]);

/**
 * The redactor of a run: every API key and `--header` value of these options, the password of
 * `--base-url`, also echoed mangled (`nearForms`, see conformance/redact.ts). Secrets shorter than
 * {@link RUN_MIN_SEARCHED} characters are removed from headers only. For `report` (the
 * default: console, reports, certificates) pieces of a key of at least half its length are
 * removed too (`pieces`); for `recording` (the run's HAR) only whole secrets, so the evidence
 * stays byte for byte elsewhere (docs/threat-model.md).
 */
export const redactorFor = (o: Pick<ConformanceOptions, 'apiKey' | 'freeKey' | 'headers'> & Partial<Pick<ConformanceOptions, 'baseUrl' | 'basicAuth'>>, use: 'report' | 'recording' = 'report'): Redactor =>
  new Redactor([o.apiKey, o.freeKey, ...Object.values(o.headers), ...(o.baseUrl ? urlSecrets(o.baseUrl) : []), ...basicSecrets(o.basicAuth)], VOCABULARY, { nearForms: true, pieces: use === 'report', minSearched: RUN_MIN_SEARCHED });

/** The secrets of a `Basic` Authorization value: itself, its base64, `user:password` and the password. */
function basicSecrets(basic: string | undefined): string[] {
  if (!basic) return [];
  const token = basic.replace(/^Basic /, '');
  const plain = Buffer.from(token, 'base64').toString('utf8');
  const colon = plain.indexOf(':');
  const password = colon >= 0 ? plain.slice(colon + 1) : plain;
  return [token, plain, password.length > 0 ? password : plain.slice(0, Math.max(0, colon))].filter((s) => s.length > 0);
}

/**
 * Runs the conformance suite against a server.
 * @param options at least `baseUrl`; see {@link ConformanceOptions} for the rest and their defaults.
 * @returns the report, secrets already removed (never throws for findings: a failing server
 *   gives a report with failures; one that could not be judged, an `inconclusive` one).
 * @throws UsageError for invalid options; UnreachableError when the server answers nothing.
 */
export async function runConformance(options: Partial<ConformanceOptions> & { baseUrl: string }): Promise<Report> {
  const o = resolveConformanceOptions(options, CHECK_IDS);
  const client = new ApiClient(o);
  try {
    return await run(o, client);
  } finally {
    client.close();
  }
}

async function run(o: ConformanceOptions, client: ApiClient): Promise<Report> {
  const now = o.clock ?? Date.now;
  const started = now();
  const redactor = redactorFor(o);
  const validator = new ContractValidator();
  const scope = scopeOf(o, validator);
  const errors: ToolError[] = [];
  let found: Promise<Discovery> | undefined;
  const ctx: CheckContext = {
    options: o,
    client,
    validator,
    discover: () => (found ??= discover(ctx)),
    claims: (operationId) => scope.claimsOperation(operationId),
    call(operationId, path = {}, query = {}, auth = 'main') {
      const op = validator.operation(operationId);
      const filled = fillPath(op.path, (name) => String(path[name] ?? ''));
      // Outside the claim (--profile): not sent; its verdicts become `not-claimed`.
      if (!scope.claimsRequest(operationId, query)) {
        return Promise.resolve({ operationId, auth, request: { method: 'GET', url: client.url(filled, query) }, headers: {}, text: '', error: `${NOT_CLAIMED} ${scope.profile.name}`, ms: 0 });
      }
      return client.get(operationId, filled, query, auth);
    },
  };
  const onProgress = o.onProgress ?? (() => undefined);
  // Progress lines carry server text (discovery notes): redacted and made terminal-safe here.
  const progress = (line: string): void => onProgress(terminalSafe(redactor.text(line)));

  progress(`Probing ${o.baseUrl} ...`);
  const probes: Exchange[] = [];
  for (const op of operationsOf(validator, 'search').filter((x) => scope.claimsOperation(x.operationId))) probes.push(await ctx.call(op.operationId, {}, { query: o.queries[0] as string, limit: 10 }));
  // Unreachable only when no connection answered at all: a server that answers malformed HTTP
  // (HPE_* from node's parser) is there, and is judged: its answers become findings.
  const unanswered = (p: Exchange): boolean => p.status === undefined && !/^HPE_/.test(p.error ?? '');
  if (probes.length > 0 && probes.every(unanswered)) {
    throw new UnreachableError(redactor.text(`cannot reach ${o.baseUrl}: ${probes[0]?.error ?? 'no answer'}. Is the server running, and is --base-url right?`));
  }
  if (!o.apiKey) progress('No --api-key: the premium operations (A3, A4, B3, B4) and display[identifiers] cannot be judged.');
  // Production accepts the key bare and with Bearer: a server that refuses Bearer but takes the bare key is judged with the bare key (auth-forms reports it).
  const first = probes[0];
  const search = operationsOf(validator, 'search')[0];
  if (o.apiKey && first?.status === 401 && search && !o.replay) {
    const bare = await client.get(search.operationId, search.path, { query: o.queries[0] as string, limit: 10 }, 'bare');
    if (bare.status === 200) {
      client.keyForm = 'bare';
      progress('The server refuses Authorization: Bearer <key> and accepts the bare key: the run sends Authorization: <key> (auth-forms reports the refusal).');
    }
  }
  progress('Discovering products (search, lookup, sales) ...');
  let discovery: Discovery;
  try {
    discovery = await ctx.discover();
    await requestDaily(ctx);
  } catch (err) {
    errors.push({ message: `discovery stopped: ${(err as Error).message}` });
    const note = 'discovery stopped on an error of the suite';
    const markets = new Map(marketplacesOf(validator.operations).map((marketplace) => [marketplace, { marketplace, products: [], note }]));
    discovery = { markets, a: [], b: [], notes: { a: note, b: note } };
    found = Promise.resolve(discovery);
  }
  for (const m of discovery.markets.values()) if (m.note) progress(`  marketplace ${m.marketplace.replace(/^market_/, '').toUpperCase()}: ${m.note}`);
  // Requests per phase: discovery, the fixed checks, and each generated phase.
  const phases = new Map<string, number>([
    ['discovery', client.requests],
    ['checks', 0],
  ]);

  // --no-write-methods: the checks that need write methods are not run (nothing is sent for them).
  // A recording (`replay`) answers by method, URL and caller only: the checks of HTTP semantics are not run on one.
  const needWrites = new Set([...(o.writeMethods === false ? WRITE_CHECKS : []), ...(o.replay ? LIVE_ONLY_CHECKS : [])]);
  const selected = CHECKS.filter((c) => (o.checks.length === 0 || o.checks.includes(c.id)) && !o.excludeChecks.includes(c.id) && !needWrites.has(c.id));
  const verdicts = new Map<string, Verdict[]>();
  let i = 0;
  // Each check is one progress line, counted once: a check with a scenario and a response part is
  // reported after its response part has judged every exchange (so the counter never passes the total).
  for (const check of selected.filter((c) => c.scenario)) {
    let list: Verdict[];
    const before = client.requests;
    if (check.phase) progress(`Phase ${check.phase}: requests generated from the contract ...`);
    try {
      list = await (check.scenario as NonNullable<Check['scenario']>)(ctx);
    } catch (err) {
      errors.push({ message: `check ${check.id} stopped: ${(err as Error).message}` });
      list = [{ outcome: 'skip', message: `the check stopped on an error of the suite: ${(err as Error).message}` }];
    }
    const phase = check.phase ?? 'checks';
    phases.set(phase, (phases.get(phase) ?? 0) + client.requests - before);
    verdicts.set(check.id, list);
    if (check.response) continue;
    i++;
    progress(`[${i}/${selected.length}] ${check.id}: ${tally(rows(check, list, ctx, redactor))} (${client.requests} requests so far)`);
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
    progress(`[${i}/${selected.length}] ${check.id}: ${tally(rows(check, verdicts.get(check.id) ?? [], ctx, redactor))}`);
  }

  // Offline runs: what the recording does not hold could not be judged (a skip, not a failure).
  for (const [id, list] of verdicts)
    verdicts.set(
      id,
      list.map((v) => {
        if (v.exchange?.error?.startsWith(NOT_RECORDED)) return { ...v, outcome: 'skip', message: `${v.exchange.request.method} ${v.exchange.request.url} is ${NOT_RECORDED}` };
        // A request the budget left unsent judged nothing: a skip, never a failure of the server.
        if (v.outcome === 'fail' && v.exchange?.error?.startsWith(OVER_BUDGET)) return { ...v, outcome: 'skip', message: `${v.exchange.request.method} ${v.exchange.request.url} was ${v.exchange.error}` };
        return v;
      }),
    );
  if (!scope.claimsAll) for (const check of selected) verdicts.set(check.id, claimed(check, verdicts.get(check.id) ?? [], scope, ctx));
  o.onExchanges?.(client.exchanges);
  const report = buildReport(o, ctx, selected, verdicts, redactor, { started, ended: now(), requests: client.requests, phases: [...phases].map(([name, requests]) => ({ name, requests })), errors });
  progress(`Verdict: ${report.summary.verdict}`);
  return report;
}

/**
 * A check's verdicts under a profile: those about an operation, a request or a rule (a paid
 * parameter) the profile does not claim become `not-claimed`.
 */
function claimed(check: Check, list: Verdict[], scope: ProfileScope, ctx: CheckContext): Verdict[] {
  if (!scope.claimsCheck(check.requirement)) return [{ outcome: 'not-claimed', operation: '*', message: scope.reason('the rule is about a paid-tier parameter (x-required-tier: paid)') }];
  if (list.length === 0) {
    // Nothing of its kind was seen: not claimed when every operation it judges is outside the claim.
    const judged = operationsJudgedBy(check, ctx);
    if (judged.length > 0 && judged.every((op) => !scope.claimsOperation(op))) return [{ outcome: 'not-claimed', operation: '*', message: scope.reason(`it judges only ${judged.join(', ')}`) }];
  }
  return list.map((v): Verdict => {
    if (v.exchange?.error?.startsWith(NOT_CLAIMED)) return { ...v, outcome: 'not-claimed', message: scope.reason(`${v.exchange.request.method} ${v.exchange.request.url} was not sent`) };
    const op = operationOf(v, ctx);
    if (!scope.claimsOperation(op)) return { ...v, outcome: 'not-claimed', message: scope.reason(`operation ${op}`) };
    if (v.exchange && !scope.claimsUrl(op, v.exchange.request.url)) return { ...v, outcome: 'not-claimed', message: scope.reason('the request sets a paid-tier parameter') };
    return v;
  });
}

/** What the server said of itself: its `Server` and `*version*` headers, from its first answer (redacted, trimmed). */
function selfOf(exchanges: readonly Exchange[], redactor: Redactor): Record<string, string> | undefined {
  const first = exchanges.find((e) => e.status !== undefined);
  if (!first) return undefined;
  const self: Record<string, string> = {};
  for (const name of Object.keys(first.headers).sort())
    if (name === 'server' || name.includes('version'))
      self[name] = redactor
        .text(String(first.headers[name]))
        .replace(/[^\x20-\x7e]/g, '?')
        .slice(0, 200);
  return self;
}

/**
 * The report of a set of verdicts: rows per check and operation, the summary and verdict, with
 * secrets removed. The suite's runner and the validation proxy both make their reports here.
 * @param verdicts by check id, for the `checks` given (in registry order).
 * @param run `options`: the long options of the command the report is for (see {@link VerdictInputs.options}).
 */
export function buildReport(
  o: ConformanceOptions,
  ctx: CheckContext,
  checks: readonly Check[],
  verdicts: ReadonlyMap<string, Verdict[]>,
  redactor: Redactor,
  run: { started: number; ended?: number; requests: number; phases: { name: string; requests: number }[]; errors: ToolError[]; options?: ReadonlySet<string> },
): Report {
  const literals = rawIntegers(ctx.client.exchanges);
  const results = checks.flatMap((c) => rows(c, verdicts.get(c.id) ?? [], ctx, redactor)).map((r) => withRawIntegers(r, literals));
  // A baseline marks the failures it accepts before the verdict is drawn (expiries against the start time).
  const baseline = o.baseline ? applyBaseline(results, o.baseline, run.started) : undefined;
  // A check of an optional member never makes a run inconclusive by the member's absence.
  const optional = checks.filter((c) => c.optional).map((c) => c.id);
  const summary = summarise(results, { strict: o.strict, allowSkip: [...o.allowSkip, ...optional], optional, apiKey: o.apiKey !== undefined && o.apiKey !== '', options: run.options });
  const profile = profileNamed(o.profile ?? FULL_PROFILE, ctx.validator.doc, ctx.validator.operations);
  if (profile && summary.notClaimed) summary.reason += ` Profile ${profile.name}: ${summary.notClaimed} result(s) outside the claim are not claimed.`;
  if (baseline && baselineSentence(baseline)) summary.reason += ` ${redactor.text(baselineSentence(baseline))}`;
  const self = selfOf(ctx.client.exchanges, redactor);
  return {
    format: 'resale-kit-conformance/1',
    tool: { name: 'resale-kit', version: TOOL_VERSION },
    target: self ? { baseUrl: redactor.text(printableUrl(o.baseUrl)), self } : { baseUrl: redactor.text(printableUrl(o.baseUrl)) },
    startedAt: new Date(run.started).toISOString(),
    durationMs: (run.ended ?? Date.now()) - run.started,
    requests: run.requests,
    strict: o.strict,
    allowSkip: [...o.allowSkip],
    seed: o.seed,
    phases: run.phases,
    summary,
    results,
    errors: run.errors.map((e) => ({ message: redactor.text(e.message) })),
    ...(profile ? { profile: { name: profile.name, description: profile.description } } : {}),
    ...(baseline ? { baseline } : {}),
  };
}

/**
 * The counts of a check, defined once: its report rows by outcome (the console table counts the
 * same rows), with the requests behind its failures.
 */
export function tally(results: readonly CheckResult[]): string {
  const n = (k: string): number => results.filter((r) => r.outcome === k).length;
  const failed = results.filter((r) => r.outcome === 'fail').reduce((sum, r) => sum + (r.count ?? 1), 0);
  // The level of the findings counted, when any (a must-level check may hold rows of another level).
  const levels = [...new Set(results.filter((r) => r.outcome === 'fail').map((r) => r.level))];
  return `${n('pass')} pass, ${n('fail')} fail${levels.length > 0 ? ` (${levels.join('/')})` : ''}${failed > n('fail') ? ` (${failed} failing requests)` : ''}, ${n('skip')} skip`;
}

/**
 * Integers beyond 2^53 as the bodies wrote them, by the text a 64-bit float rounds them to
 * (`1912555325041607400` → `1912555325041607408`), so messages quote the server's own digits.
 */
function rawIntegers(exchanges: readonly Exchange[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ex of exchanges) {
    for (const u of ex.scan?.unsafeIntegers ?? []) {
      const rounded = String(Number(u.literal));
      if (rounded !== u.literal && out.size < 10_000) out.set(rounded, u.literal);
    }
  }
  return out;
}

/** A result with rounded large integers in its message and evidence replaced by the body's own digits. */
function withRawIntegers(r: CheckResult, literals: ReadonlyMap<string, string>): CheckResult {
  if (literals.size === 0) return r;
  const fix = (text: string): string => text.replace(/-?\d{16,}(?:e\+\d+)?/g, (m) => literals.get(m) ?? m);
  return { ...r, message: fix(r.message), ...(r.evidence !== undefined ? { evidence: fix(r.evidence) } : {}) };
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
function rows(check: Check, verdicts: Verdict[], ctx: CheckContext, redactor: Redactor): CheckResult[] {
  const toResult = (b: Pick<CheckResult, 'check' | 'level' | 'requirement'>, operation: string, v: Verdict): CheckResult => resultOf(v.level ? { ...b, level: v.level } : b, operation, v, redactor, ctx.options, ctx.client.keyForm);
  const base = { check: check.id, level: check.level, requirement: check.requirement };
  if (verdicts.length === 0) {
    const message = check.optional
      ? 'not judged: no answer carried the optional member this check judges (it is optional, so its absence does not make the run inconclusive)'
      : 'not judged: no response of the kind this check judges was seen';
    return [{ ...base, outcome: 'skip', operation: '*', message }];
  }
  // A failure's fingerprint hashes the key its row is grouped by (check, operation, kind).
  const fingerprint = (operation: string, kind: string): string => fingerprintOf(check.id, redactor.text(operation), redactor.text(kind));
  const byOp = new Map<string, Verdict[]>();
  for (const v of verdicts) {
    const op = operationOf(v, ctx);
    const list = byOp.get(op);
    if (list) list.push(v);
    else byOp.set(op, [v]);
  }
  const out: CheckResult[] = [];
  for (const [operation, list] of byOp) {
    const fails = list.filter((v) => v.outcome === 'fail');
    const passes = list.filter((v) => v.outcome === 'pass');
    if (fails.length > 0) {
      // One finding per kind of failure (the message with its values taken out), with a count
      // and the smallest example (the shortest request), not one row per failing request.
      const kinds = new Map<string, Verdict[]>();
      for (const v of fails) {
        const kind = `${v.level ?? check.level} ${kindOf(v.message)}`;
        const group = kinds.get(kind);
        if (group) group.push(v);
        else kinds.set(kind, [v]);
      }
      let shown = 0;
      for (const [kind, group] of kinds) {
        if (shown++ >= MAX_KINDS_PER_ROW) break;
        const example = [...group].sort((x, y) => (x.exchange?.request.url.length ?? 0) - (y.exchange?.request.url.length ?? 0))[0] as Verdict;
        const n = weight(group);
        const row = toResult(base, operation, n > 1 ? { ...example, message: `${example.message} (${n} requests failed this way; the smallest is shown)` } : example);
        row.count = n;
        row.fingerprint = fingerprint(operation, kind);
        out.push(row);
      }
      if (kinds.size > MAX_KINDS_PER_ROW) {
        const rest = [...kinds.values()].slice(MAX_KINDS_PER_ROW).reduce((n, g) => n + weight(g), 0);
        const level = [...kinds.values()].slice(MAX_KINDS_PER_ROW).some((g) => g.some((v) => (v.level ?? check.level) !== 'info')) ? check.level : 'info';
        out.push({
          ...base,
          level,
          outcome: 'fail',
          operation: redactor.text(operation),
          count: rest,
          message: `... and ${kinds.size - MAX_KINDS_PER_ROW} more kinds of failure (${rest} requests) of this check on ${redactor.text(operation)}`,
          fingerprint: fingerprint(operation, 'more kinds of failure'),
        });
      }
    } else {
      if (passes.length > 0) {
        const first = passes[0] as Verdict;
        const n = weight(passes);
        out.push(toResult(base, operation, { ...first, message: n > 1 ? `${first.message} (${n} responses judged)` : first.message }));
      }
      // A skipped part is reported even when the rest passed, so nobody mistakes it for checked.
      const skipped = new Map(list.filter((v) => v.outcome === 'skip').map((v) => [v.message, v]));
      for (const v of skipped.values()) out.push(toResult(base, operation, v));
    }
    // Outside the run's --profile: one row per operation, never a failure.
    const unclaimed = list.filter((v) => v.outcome === 'not-claimed');
    if (unclaimed.length > 0) {
      const first = unclaimed[0] as Verdict;
      out.push({ ...base, outcome: 'not-claimed', operation: redactor.text(operation), message: redactor.text(unclaimed.length > 1 ? `${first.message} (${unclaimed.length} results)` : first.message) });
    }
  }
  return out;
}

/** How many verdicts a list stands for (each counts `count`, default 1). */
const weight = (list: readonly Verdict[]): number => list.reduce((n, v) => n + (v.count ?? 1), 0);

/** A failure message with its values (numbers, quoted text, URLs) taken out: what kind of failure it is. */
export const kindOf = (message: string): string =>
  message
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/https?:\/\/\S+/g, 'URL')
    .replace(/\d+(\.\d+)?/g, 'N');

/**
 * A result row from a verdict. Everything that may hold server text (message, URL, location,
 * evidence) is redacted here, before it is trimmed, so no cut can split a secret into pieces
 * too short to find.
 */
function resultOf(base: Pick<CheckResult, 'check' | 'level' | 'requirement'>, operation: string, v: Verdict, redactor: Redactor, o: ConformanceOptions, keyForm: 'bearer' | 'bare' = 'bearer'): CheckResult {
  const r: CheckResult = { ...base, outcome: v.outcome, operation: redactor.text(operation), message: trimmed(redactor, v.message, MESSAGE_CHARS) };
  const ex: Exchange | undefined = v.exchange;
  if (ex) {
    r.request = { method: ex.request.method, url: redactor.text(ex.request.url) };
    if (ex.status !== undefined) r.status = ex.status;
    if (v.outcome === 'fail') {
      const hasKey = ex.auth === 'main' || ex.auth === 'bare' || ex.auth === 'bearer' ? Boolean(o.apiKey) : ex.auth === 'free' ? Boolean(o.freeKey) : false;
      const auth = ex.auth === 'main' && keyForm === 'bare' ? 'bare' : ex.auth;
      r.curl = redactor.text(curlOf(ex.request, auth, hasKey, Object.keys(o.headers)));
    }
  }
  if (v.location !== undefined) r.location = trimmed(redactor, v.location, MESSAGE_CHARS);
  if (v.evidence !== undefined) r.evidence = trimmed(redactor, typeof v.evidence === 'string' ? v.evidence : showJson(v.evidence));
  else if (v.outcome === 'fail' && ex && ex.text) r.evidence = trimmed(redactor, ex.text);
  return r;
}

/** JSON text of any value, never throwing (cycles, depth, BigInt). */
function showJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return '[a value that cannot be shown as JSON]';
  }
}

/**
 * Redacted, then trimmed to `limit` characters (default {@link EVIDENCE_CHARS}). Only a generous head is redacted (a cut far
 * past the limit cannot split a secret that still shows), which bounds the work on huge bodies.
 */
function trimmed(redactor: Redactor, text: string, limit = EVIDENCE_CHARS): string {
  const head = redactor.text(text.length > limit * 4 ? text.slice(0, limit * 4) : text);
  return head.length > limit || text.length > limit * 4 ? `${head.slice(0, limit)}\n... (${text.length - limit} more characters)` : head;
}

/** What decides a verdict besides the results. */
export interface VerdictInputs {
  /** Should-level failures fail the run too. */
  strict: boolean;
  /** Must-level checks that may judge nothing. */
  allowSkip: readonly string[];
  /** Whether the run had a paid key (`--api-key`): decides the advice given. */
  apiKey: boolean;
  /**
   * The long options (`--api-key`) of the command that prints the verdict: the advice in the
   * reason names only these (outside attacker, finding 16: the proxy was told to use
   * `--api-key` and `--allow-skip`, options it does not have). Default: every option of
   * `conformance`. An empty set: a command with none of them (the validation proxy).
   */
  options?: ReadonlySet<string> | undefined;
  /** Of `allowSkip`, the checks marked `optional` (they judge only what a server's answers allow), named apart from `--allow-skip` in the reason. */
  optional?: readonly string[];
}

/** Counts, verdict and the reason for it, from a run's results. */
export function summarise(results: CheckResult[], inputs: VerdictInputs): Summary {
  const count = (f: (r: CheckResult) => boolean): number => results.filter(f).length;
  // A failure a --baseline entry accepts does not fail the run.
  const failing = (r: CheckResult): boolean => r.outcome === 'fail' && r.accepted === undefined;
  const failedMust = [...new Set(results.filter((r) => failing(r) && r.level === 'must').map((r) => r.check))];
  const shouldFailed = new Set(results.filter((r) => failing(r) && r.level === 'should').map((r) => r.check)).size;
  const infoFailed = new Set(results.filter((r) => failing(r) && r.level === 'info').map((r) => r.check)).size;
  const mustChecks = [...new Set(results.filter((r) => r.level === 'must').map((r) => r.check))];
  // Judged nothing: no pass and no failure, and something it skipped (results outside the
  // --profile alone are "not claimed", never a reason for an inconclusive run).
  const notJudged: NotJudged[] = mustChecks
    .filter((id) => !results.some((r) => r.check === id && (r.outcome === 'pass' || r.outcome === 'fail')) && results.some((r) => r.check === id && r.outcome === 'skip'))
    .map((id) => ({
      check: id,
      reason: [...new Set(results.filter((r) => r.check === id && r.outcome === 'skip').map((r) => r.message))].join('; ').slice(0, 400),
      allowed: inputs.allowSkip.includes(id),
    }));
  const blocking = notJudged.filter((n) => !n.allowed);
  // Requests the budget left unsent: the run did not judge all it set out to, so it cannot pass.
  const unsent = results.filter((r) => r.outcome === 'skip' && r.message.includes(OVER_BUDGET));
  const verdict = failedMust.length > 0 || (inputs.strict && shouldFailed > 0) ? 'fail' : blocking.length > 0 || unsent.length > 0 ? 'inconclusive' : 'pass';
  let reason: string;
  if (verdict === 'fail') {
    reason = failedMust.length > 0 ? `${failedMust.length} must-level check(s) failed: ${failedMust.join(', ')}.` : `--strict: ${shouldFailed} should-level check(s) failed.`;
    if (blocking.length > 0) reason += ` Besides, ${blocking.length} must-level check(s) judged nothing: ${byReason(blocking)}.`;
  } else if (verdict === 'inconclusive') {
    const has = (flag: string): boolean => hasOption(inputs.options, flag);
    // A command without keys of its own (the proxy) judges what it is sent: the advice is to send it more.
    const advice = !has('--api-key')
      ? 'send it the requests each one names, those of the premium operations (A3, A4, B3, B4) and display[identifiers] with a paid key in their Authorization header'
      : inputs.apiKey
        ? 'Check that --base-url, --path-segment and --query reach products and that the key is a paid one'
        : 'no --api-key: A3, A4, B3, B4 and display[identifiers] could not be judged; give a paid key with --api-key (or RESALE_KIT_API_KEY)';
    const partial = has('--allow-skip') ? `, or accept a partial run with --allow-skip ${blocking.map((n) => n.check).join(',')}` : '';
    const budget = unsent.length > 0 ? `${unsent.length} result(s) were not judged because ${(unsent[0]?.message.split(OVER_BUDGET)[1] ?? 'the budget is used up').replace(/ is used up$/, ' was used up')}; raise it or leave it out. ` : '';
    reason =
      blocking.length > 0
        ? `${budget}${blocking.length} must-level check(s) judged nothing, so the server was not shown to conform: ${byReason(blocking)}. What to do: ${advice}${partial}.`
        : `${budget}The server was not shown to conform: every result that was judged passed.`;
  } else {
    const allowed = notJudged.filter((n) => n.allowed);
    const optional = allowed.filter((n) => inputs.optional?.includes(n.check));
    const given = allowed.filter((n) => !inputs.optional?.includes(n.check));
    const by = hasOption(inputs.options, '--allow-skip') ? ' by --allow-skip' : '';
    const notes = [
      ...(given.length > 0 ? [`allowed to judge nothing${by}: ${given.map((n) => n.check).join(', ')}`] : []),
      ...(optional.length > 0 ? [`optional, judged only where the answers allow: ${optional.map((n) => n.check).join(', ')}`] : []),
    ];
    reason = `every must-level check judged the server and none failed${notes.length > 0 ? ` (${notes.join('; ')})` : ''}.`;
  }
  return {
    total: results.length,
    pass: count((r) => r.outcome === 'pass'),
    fail: count((r) => r.outcome === 'fail'),
    skip: count((r) => r.outcome === 'skip'),
    mustFailed: failedMust.length,
    shouldFailed,
    infoFailed,
    verdict,
    notJudged,
    reason,
    notClaimed: count((r) => r.outcome === 'not-claimed'),
    accepted: count((r) => r.outcome === 'fail' && r.accepted !== undefined),
  };
}

/** Checks that judged nothing, grouped by their reason: one cause (a failed discovery) is said once, with the checks it stopped. */
function byReason(list: readonly NotJudged[]): string {
  const groups = new Map<string, string[]>();
  for (const n of list) {
    const reason = n.reason.replace(/^not judged: /, '');
    groups.set(reason, [...(groups.get(reason) ?? []), n.check]);
  }
  return [...groups].map(([reason, ids]) => `${ids.join(', ')} (${reason})`).join('; ');
}
