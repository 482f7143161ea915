import type { OperationId } from '../contract/index.js';
import type { BodyScan } from './json-scan.js';

/**
 * Findings as data (Schemathesis style): what a check concluded about one operation, kept
 * apart from tool errors (the suite's own trouble, such as an unreachable server).
 */

/**
 * Severity follows the source of the rule (conformance/provenance.ts): `must`, a rule the API
 * description states; `should`, production behaviour (the production notes), HTTP/JSON practice,
 * or what the description shows only in samples; `info`, a decision of this kit (reported, never
 * failing or blocking a run).
 */
export type Level = 'must' | 'should' | 'info';
/**
 * Outcome of one check on one operation. `not-claimed`: outside the run's `--profile` (never a
 * failure, never a reason for an inconclusive run).
 */
export type Outcome = 'pass' | 'fail' | 'skip' | 'not-claimed';

/** The request a result is about. API keys and `--header` values are never in it. */
export interface RequestRef {
  method: string;
  /** Absolute URL as requested (no credentials: they travel in headers only). */
  url: string;
  /** Request headers the check added beside the credentials (`If-None-Match`, `Prefer`), by lower-case name; absent when none. */
  headers?: Record<string, string>;
}

/**
 * The key the suite sends as one no server issued (`auth: 'unknown'`): the production note's form
 * (`XXXXX-4HEX-4HEX-4HEX-12HEX`) with a prefix no service uses, so a server that checks only the
 * form still has to look it up.
 */
export const UNKNOWN_KEY = 'RKNOT-0000-0000-0000-000000000000';

/**
 * How the error of a request the run's budget (`--max-requests`, `--max-time`) left unsent
 * begins. Such a request judged nothing: its verdicts are skips, and a run with any is not a pass
 * (newcomer probe: a conforming server failed 7 must-level checks under `--max-time 5`).
 */
export const OVER_BUDGET = 'not sent, over budget: ';

/** One HTTP exchange made by the suite. */
export interface Exchange {
  /** `operationId` of the contract operation the request was for, or `''` for none. */
  operationId: OperationId | '';
  /**
   * Which credentials were sent: the main key in the run's form (`Authorization: Bearer <key>`,
   * or the bare key when the server refuses Bearer), the main key bare (`Authorization: <key>`)
   * or with Bearer whatever the run's form (production accepts both), the free key, a key no
   * server issued ({@link UNKNOWN_KEY}: "unknown key: 401"), or none.
   */
  auth: 'main' | 'bare' | 'bearer' | 'free' | 'unknown' | 'none';
  request: RequestRef;
  /** HTTP status, or undefined when no response arrived. */
  status?: number;
  /** Response headers by lower-case name. */
  headers: Record<string, string>;
  /** Body text (at most the body cap). */
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON (or nests too deep to read). */
  json?: unknown;
  /** What the raw body holds that JSON.parse hides (BOM, bad UTF-8, duplicate names, unsafe numbers, depth). */
  scan?: BodyScan;
  /** Why there is no usable response (timeout, reset, redirect, body too large, 429 budget). */
  error?: string;
  /** Wall time of the exchange in milliseconds, retries included. */
  ms: number;
}

/** One result row of the report. */
export interface CheckResult {
  /** Check id, also its CLI/config key (`--checks response-schema`). */
  check: string;
  level: Level;
  outcome: Outcome;
  /** `operationId` the result is about, or `*` for the run as a whole. */
  operation: string;
  /** The section of the API description (`§4.1 A2 rule 1`) or the contract decision it enforces. */
  requirement: string;
  message: string;
  /** The request that showed it, when there was one. */
  request?: RequestRef;
  /** HTTP status of that response. */
  status?: number;
  /** JSON Pointer of the offending part of the response body. */
  location?: string;
  /** The offending part of the response (trimmed to a few KB), for a reader to see. */
  evidence?: string;
  /**
   * A failure's request as a curl command, credentials as environment variables
   * (`$RESALE_KIT_API_KEY`, `$RESALE_KIT_FREE_KEY`, `$RESALE_KIT_HEADER_<NAME>`).
   */
  curl?: string;
  /** Failing requests of this kind on this operation (the row shows the smallest). */
  count?: number;
  /**
   * A failure's stable fingerprint (`sha256:` and 64 hex digits): SHA-256 of the check id, the
   * operation and the kind of failure (the message with its values taken out), the grouping
   * of the rows. The key of a `--baseline` entry.
   */
  fingerprint?: string;
  /** Set on a failure a `--baseline` entry accepts: it does not fail the run. */
  accepted?: { reason: string; expires?: string };
}

/** Trouble of the suite itself, not a finding about the server. */
export interface ToolError {
  message: string;
}

/** A must-level check that judged nothing, and why. */
export interface NotJudged {
  check: string;
  /** Why it could not judge (the skip reasons it gave), in plain words. */
  reason: string;
  /** True when `--allow-skip` names it: it does not make the run inconclusive. */
  allowed: boolean;
}

/**
 * The verdict of a run:
 * - `pass`: every must-level check judged something and none failed (under `strict`, no
 *   should-level check failed either);
 * - `fail`: a must-level check failed (or, under `strict`, a should-level one);
 * - `inconclusive`: nothing failed, but a must-level check judged nothing (no key, nothing
 *   discovered, every answer unusable) and `--allow-skip` does not name it.
 */
export type VerdictKind = 'pass' | 'fail' | 'inconclusive';

/** Counts of a report. */
export interface Summary {
  total: number;
  pass: number;
  fail: number;
  skip: number;
  mustFailed: number;
  shouldFailed: number;
  /** Info-level checks (this kit's decisions) that reported a finding; they never fail a run. */
  infoFailed?: number;
  verdict: VerdictKind;
  /** Must-level checks that judged nothing (allowed ones included, marked). */
  notJudged: NotJudged[];
  /** The verdict in one or two sentences: why, and what to do. */
  reason: string;
  /** Rows outside the run's `--profile`. */
  notClaimed?: number;
  /** Failing rows a `--baseline` entry accepts (they do not fail the run). */
  accepted?: number;
}

/** What a `--baseline` did to a run (conformance/certificate/baseline.ts). */
export interface BaselineReport {
  /** Entries that matched a failure of this run, with the rows they accepted. */
  accepted: BaselineMatch[];
  /** Entries whose failure no longer occurs: fixed, remove them from the baseline. */
  fixed: BaselineMatch[];
  /** Entries past their expiry (at the run's start time) whose failure still occurs: failing again. */
  expired: BaselineMatch[];
  /** Fingerprints of failures no entry accepts (they fail the run as usual). */
  new: string[];
}

/** One baseline entry and how many rows of this run it matched. */
export interface BaselineMatch {
  fingerprint: string;
  check: string;
  operation: string;
  reason: string;
  /** Expiry as written in the baseline (`YYYY-MM-DD` or an ISO 8601 UTC time). */
  expires?: string;
  rows: number;
}

/** The report of one run; `docs/conformance-report.md` documents it as a stable format. */
export interface Report {
  format: 'resale-kit-conformance/1';
  tool: { name: 'resale-kit'; version: string };
  /**
   * The server judged: its base URL and what it said of itself (`server` and `*version*`
   * response headers of its first answer, redacted, at most 200 characters each).
   */
  target: { baseUrl: string; self?: Record<string, string> };
  startedAt: string;
  durationMs: number;
  /** HTTP requests made, retries included. */
  requests: number;
  strict: boolean;
  /** Must-level checks the run was told may judge nothing (`--allow-skip`). */
  allowSkip: string[];
  /** Seed of the generated phases (`--seed`): the same seed and server give the same requests. */
  seed: string | number;
  /** Requests per phase: `discovery`, `checks` (the fixed scenarios), `coverage`, `pagination`, `fuzz`. */
  phases: { name: string; requests: number }[];
  summary: Summary;
  results: CheckResult[];
  errors: ToolError[];
  /** The claim judged (`--profile`); absent on reports written before profiles existed. */
  profile?: { name: string; description: string };
  /** What `--baseline` accepted, found fixed or found expired; absent without a baseline. */
  baseline?: BaselineReport;
}

/**
 * Whether a command whose long options are `options` has `flag` (`--allow-skip`): the verdict's
 * advice and the console's hints name only options of the command that prints them (outside
 * attacker, finding 16). `undefined` stands for every option of `conformance`.
 */
export const hasOption = (options: ReadonlySet<string> | undefined, flag: string): boolean => options === undefined || options.has(flag);
