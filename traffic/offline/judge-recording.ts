/**
 * Offline judging (`resale-kit conformance --from-har FILE`, no server, no key needed): every
 * recorded exchange is judged with every response-level check of the suite (the same check
 * functions the proxy and the live run use), and every cross-exchange check is judged from what
 * the recording holds:
 * 1. the suite itself runs against the recording (requests answered from it, callers chosen by
 *    tier): a recording of a suite run gives the live run's rows;
 * 2. a cross-exchange check that found none of its requests there is judged from the pairs the
 *    recording holds (see ./pairs.ts), else reported "not judged: the recording holds no …"
 *    with what to record.
 * The verdict follows the live rules (`summarise`): pass, fail, or inconclusive when a
 * must-level check judged nothing.
 */
import { ContractValidator, type OpenApiDocument } from '../../contract/index.js';
import type { Check, CheckContext, Verdict } from '../../conformance/index.js';
import { CHECKS, CHECK_IDS, LIVE_ONLY_CHECKS } from '../../conformance/index.js';
import { ApiClient, NOT_RECORDED } from '../../conformance/index.js';
import type { HarEntry, Replay } from '../har/har.js';
import { resolveConformanceOptions, type ConformanceOptions } from '../../conformance/index.js';
import { Redactor } from '../../conformance/index.js';
import { buildReport, runConformance, summarise, UnreachableError, VOCABULARY } from '../../conformance/index.js';
import type { CheckResult, Report } from '../../conformance/index.js';
import { judgePairs, NOT_IN_PAIR, PAIRS_NEEDED, primeFromRecording, sameRequestSameAnswer } from './pairs.js';
import { readHar, type HarEntry12, type HarProblem } from '../har/read.js';
import { recordedExchanges, type Recorded, type Unjudged } from './recorded.js';

/** Options of an offline run (the conformance options that apply, and the recording). */
export interface OfflineOptions extends Partial<Omit<ConformanceOptions, 'baseUrl' | 'replay'>> {
  /** The HAR file. */
  path: string;
  /** `--tier TAG=TIER`: the tier of a caller of the recording (tag, `key:<hash>` or `none`). */
  tiers?: Record<string, string>;
  /** Judge against this contract instead of `openapi.yaml` (an overlay applied, say). */
  contract?: OpenApiDocument;
  /** `--max-har-bytes`: the largest recording read, bytes (default `HAR_MAX_BYTES`, 64 MiB). */
  maxHarBytes?: number;
}

/** What an offline run gives. */
export interface OfflineResult {
  report: Report;
  /** The judged exchanges (for drift). */
  recorded: Recorded[];
  /** Entries not judged, counted by reason. */
  unjudged: Unjudged;
  /** Entries skipped as malformed, each naming the entry and field. */
  problems: HarProblem[];
  /** Callers and their tiers as read from the recording (`--tier` can correct them). */
  callers: { caller: string; tier?: string; exchanges: number }[];
  /** The redactor of the run (keys given, and keys found in the recording). */
  redactor: Redactor;
}

/** Check ids judged only offline (they need a recording). */
export const OFFLINE_CHECKS: readonly Check[] = [sameRequestSameAnswer];

/** The conformance options among the offline options. */
function withoutOwn(p: OfflineOptions): Partial<ConformanceOptions> {
  const { path: _path, tiers: _tiers, contract: _contract, ...rest } = p;
  return rest;
}

/** Placeholders standing for the recorded callers of a tier when the suite replays the recording. */
const PAID = 'recorded-paid-caller';
const FREE = 'recorded-free-caller';

/** A replay of the recorded exchanges by tier: the suite's paid, free and keyless requests find the answers its callers got. */
function replayOf(path: string, recorded: readonly Recorded[]): Replay {
  const index = new Map<string, HarEntry12>();
  for (const r of recorded) {
    if (r.tier === undefined) continue; // who asked is unknown: no tier-dependent answer comes from it
    const u = new URL(r.ex.request.url);
    const k = `${r.ex.request.method} ${u.pathname.slice(Math.max(0, u.pathname.indexOf('/v3/')))}${u.search} ${r.ex.auth}`;
    if (!index.has(k)) index.set(k, r.entry);
  }
  return {
    source: path,
    har: { log: { version: '1.2', creator: { name: 'resale-kit', version: '' }, entries: [], _resaleKit: { salt: '' } } },
    find: (method, target, authorization) => {
      // The key in either form production accepts (auth-forms sends both): `Bearer <key>` and the bare key.
      const auth = authorization === `Bearer ${PAID}` || authorization === PAID ? 'main' : authorization === `Bearer ${FREE}` || authorization === FREE ? 'free' : 'none';
      const u = new URL(target, 'http://recorded.invalid');
      return index.get(`${method.toUpperCase()} ${u.pathname}${u.search} ${auth}`) as unknown as HarEntry | undefined;
    },
    bodyOf: (e) => {
      const c = (e as unknown as HarEntry12).response.content;
      return Buffer.from(c.text ?? '', c.encoding === 'base64' ? 'base64' : 'utf8');
    },
  };
}

/**
 * Judges a recording offline.
 * @throws HarReadError when the file cannot be read as HAR; UsageError for bad options
 *   (an unknown check, a `--tier` naming a caller the recording does not hold).
 */
export async function judgeRecording(p: OfflineOptions): Promise<OfflineResult> {
  const started = Date.now();
  const problems: HarProblem[] = [];
  const har = readHar(p.path, (x) => problems.push(x), p.maxHarBytes);
  const validator = new ContractValidator(p.contract);
  const known = [...CHECK_IDS, ...OFFLINE_CHECKS.map((c) => c.id)];
  // GET exchanges are judged; other methods (a suite's write-method probes, a client's POST) and
  // answers to conditional requests (304, no body) are judged by the checks of HTTP semantics
  // against a live server, never from a recording.
  const gets = har.entries.filter((e) => e.request.method === 'GET' && e.response.status !== 304);
  const { recorded, unjudged, secrets } = recordedExchanges(gets, validator, { tiers: p.tiers ?? {}, apiKey: p.apiKey, freeKey: p.freeKey, salt: har.salt, pathSegments: p.pathSegments });
  const origin = recorded[0] ? new URL(recorded[0].ex.request.url).origin : 'http://recorded.invalid';
  const paid = recorded.some((r) => r.tier !== undefined && r.ex.auth === 'main');
  const free = recorded.some((r) => r.tier !== undefined && r.ex.auth === 'free');
  const o: ConformanceOptions = resolveConformanceOptions({ ...withoutOwn(p), baseUrl: origin, rateLimit: 0, apiKey: paid ? PAID : undefined, freeKey: free ? FREE : undefined }, known);
  // Reports are shared: pieces of a key (half or more) are removed too (conformance/redact.ts).
  const redactor = new Redactor([p.apiKey, p.freeKey, ...Object.values(o.headers), ...secrets], VOCABULARY, { pieces: true });
  const progress = (line: string): void => o.onProgress?.(line);
  // The checks of HTTP semantics need a live server (other methods, HEAD, conditional requests): not run on a recording.
  const selected = [...CHECKS, ...OFFLINE_CHECKS].filter((c) => (o.checks.length === 0 || o.checks.includes(c.id)) && !o.excludeChecks.includes(c.id) && !LIVE_ONLY_CHECKS.includes(c.id));
  const client = new ApiClient(o);
  const verdicts = new Map<string, Verdict[]>();
  const errors: { message: string }[] = [];
  const ctx: CheckContext = {
    options: o,
    client,
    validator,
    discover: () => Promise.reject(new Error('offline: discovery comes from the recording')),
    call: () => Promise.reject(new Error('offline: nothing is sent')),
  };
  progress(`Judging ${recorded.length} recorded exchanges of ${har.entries.length} entries (${p.path}) ...`);
  // Response checks that learn from their scenario (lookup-exact-identity judges a list by the
  // products discovery named) learn it from the recording first: nothing is sent.
  for (const check of selected.filter((c) => c.response && c.scenario)) {
    try {
      await primeFromRecording(check, recorded, ctx);
    } catch (err) {
      errors.push({ message: `check ${check.id} could not learn from the recording: ${(err as Error).message}` });
    }
  }
  for (const check of selected.filter((c) => c.response)) {
    const list: Verdict[] = [];
    for (const r of recorded) {
      try {
        const v = (check.response as NonNullable<Check['response']>)(r.ex, ctx);
        if (v) list.push(...(Array.isArray(v) ? v : [v]));
      } catch (err) {
        errors.push({ message: `check ${check.id} stopped on entry ${r.entry.index}: ${(err as Error).message}` });
      }
    }
    verdicts.set(check.id, list);
  }

  // 1. The suite against the recording: its scenario checks, callers by tier.
  const scenarioIds = selected.filter((c) => c.scenario && CHECK_IDS.includes(c.id)).map((c) => c.id);
  let suite: Report | undefined;
  if (scenarioIds.length > 0 && recorded.length > 0 && !p.contract) {
    try {
      suite = await runConformance({ ...o, checks: scenarioIds, excludeChecks: [], replay: replayOf(p.path, recorded), onProgress: undefined });
    } catch (err) {
      if (!(err instanceof UnreachableError)) throw err;
    }
  }
  // 2. Pairs, for the checks the suite could not judge from the recording.
  const suiteRows = new Map<string, CheckResult[]>();
  for (const check of selected.filter((c) => !c.response)) {
    const rows = suite?.results.filter((r) => r.check === check.id) ?? [];
    if (rows.some((r) => r.outcome !== 'skip')) {
      suiteRows.set(check.id, rows);
      continue;
    }
    let list: Verdict[] = [];
    try {
      list = await judgePairs(check, recorded, ctx);
    } catch (err) {
      errors.push({ message: `check ${check.id} stopped: ${(err as Error).message}` });
    }
    // Skips of a pair run are about the requests the pair lacks (the other marketplace, a later page).
    const skips = [...new Set(list.filter((v) => v.outcome === 'skip' && !v.message.includes(NOT_IN_PAIR)).map((v) => v.message))];
    const needed = Object.hasOwn(PAIRS_NEEDED, check.id) ? PAIRS_NEEDED[check.id] : 'request this check makes';
    if (list.some((v) => v.outcome !== 'skip'))
      verdicts.set(
        check.id,
        list.filter((v) => v.outcome !== 'skip'),
      );
    else verdicts.set(check.id, [{ outcome: 'skip', message: `not judged: the recording holds no ${needed}${skips.length > 0 ? ` (${skips.slice(0, 2).join('; ')})` : ''}` }]);
  }
  for (const [id, list] of verdicts)
    verdicts.set(
      id,
      list.map((v) => (v.exchange?.error?.startsWith(NOT_RECORDED) ? { ...v, outcome: 'skip', message: `${v.exchange.request.method} ${v.exchange.request.url} is ${NOT_RECORDED}` } : v)),
    );
  client.close();

  const built = buildReport(o, ctx, selected, verdicts, redactor, { started, requests: recorded.length, phases: [{ name: 'recorded', requests: recorded.length }], errors: [...errors, ...problems.map((x) => ({ message: x.message }))] });
  // Rows in registry order: the suite's where it judged, else the offline ones.
  // The suite's rows pass through this run's redactor too: it knows the keys found in the recording.
  const results = selected.flatMap((c) => (suiteRows.has(c.id) ? redactor.value(suiteRows.get(c.id) as CheckResult[]) : built.results.filter((r) => r.check === c.id)));
  // Checks marked optional judge only what the answers allow, offline as online.
  const optional = selected.filter((c) => c.optional).map((c) => c.id);
  const summary = summarise(results, { strict: o.strict, allowSkip: [...o.allowSkip, ...optional], optional, apiKey: paid });
  // Offline, the advice is about the recording, not about a server, a URL or keys.
  const blocking = summary.notJudged.filter((n) => !n.allowed).map((n) => n.check);
  if (summary.verdict === 'inconclusive')
    summary.reason = `${blocking.length} must-level check(s) judged nothing in this recording: ${blocking.join(', ')}. What to do: record the requests each one names in its "not judged" row (or a suite run through the proxy), or accept a partial judgement with --allow-skip ${blocking.join(',')}.`;
  const callers = new Map<string, { caller: string; tier?: string; exchanges: number }>();
  for (const r of recorded) {
    const c = callers.get(r.caller) ?? { caller: r.caller, ...(r.tier !== undefined ? { tier: r.tier } : {}), exchanges: 0 };
    c.exchanges++;
    callers.set(r.caller, c);
  }
  // `target.baseUrl` stays a URL (the report format is stable): the origin the recording asked.
  const report: Report = { ...built, results, summary };
  progress(`Verdict: ${summary.verdict}`);
  return { report, recorded, unjudged, problems, callers: [...callers.values()], redactor };
}
