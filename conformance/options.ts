/**
 * The one place that defines the conformance suite's options and their defaults. The CLI
 * (`npm run conformance`, `resale-kit conformance`) and `runConformance()` read them here.
 */

import { listOperations, loadContract, marketplacesOf, printableUrl } from '../contract/index.js';
import type { Baseline } from './certificate/baseline.js';
import { UsageError } from './errors.js';
import { FULL_PROFILE, listProfiles } from './certificate/profiles.js';
import type { Replay } from './replay.js';
import type { Exchange } from './types.js';
import { isReportFormat, REPORT_FORMATS, type ReportFormat } from './report/index.js';

/** Options of a conformance run. Only `baseUrl` is required. */
export interface ConformanceOptions {
  /**
   * Base URL of the server under test, such as `http://127.0.0.1:4010` (the `{base_url}` of §4).
   * Userinfo (`user:password@`) is taken out by {@link resolveConformanceOptions} into
   * {@link ConformanceOptions.basicAuth}: the URL kept, printed and recorded never holds it.
   */
  baseUrl: string;
  /**
   * `Basic base64(user:password)` from the userinfo of `--base-url`, sent as `Authorization` on
   * requests that carry no key (a staging server behind Basic authentication); never printed,
   * and a secret of the run's redactor. Set by {@link resolveConformanceOptions}.
   */
  basicAuth?: string;
  /**
   * API key of an entitled (paid) caller, sent as `Authorization: Bearer <key>` (§5 decision).
   * `undefined` is the same as absent (`process.env.PAID_KEY` may be passed as it is).
   */
  apiKey?: string | undefined;
  /**
   * API key of a caller that is not entitled (Free): enables the tier checks; without `apiKey`
   * it is also the run's main key (the premium operations are then skipped).
   */
  freeKey?: string | undefined;
  /** Extra headers sent with every request (other auth schemes): `Name: value`. */
  headers: Record<string, string>;
  /** Marketplace path segments of the server: `{ market_a: 'stockx' }` maps `/v3/market_a/...` to `/v3/stockx/...`. */
  pathSegments: Record<string, string>;
  /** Search terms used to discover products (A1, B1). */
  queries: string[];
  /**
   * Requests per second at most (0 = no limit). Default 10 (600 a minute: below the production
   * service's documented 640 per minute).
   */
  rateLimit: number;
  /** Timeout of one request in milliseconds. Default 10 000. */
  timeoutMs: number;
  /**
   * Bound of the whole run in milliseconds (`--max-time`, given in seconds on the CLI): no
   * request starts and no `Retry-After` is waited for past it. Default 600 000 (10 minutes).
   */
  maxTimeMs: number;
  /** Requests the run may make at most, retries included. Default 600. */
  maxRequests: number;
  /** Response bodies are read up to this many bytes; larger ones are a finding. Default 5 MiB. */
  maxBodyBytes: number;
  /** Run only these check ids (empty: all). */
  checks: string[];
  /** Skip these check ids. */
  excludeChecks: string[];
  /** Should-level failures also fail the run. */
  strict: boolean;
  /**
   * Must-level checks that may judge nothing without making the run inconclusive (for callers
   * who have no paid key, say). Off by default: a must-level check that judged nothing makes
   * the verdict `inconclusive` (exit 3).
   */
  allowSkip: string[];
  /**
   * Seed of the generated phases (`fuzz`): the same seed against the same server sends the same
   * requests. Text or integer. Default `resale-kit`.
   */
  seed: string | number;
  /** Fuzz requests per operation (the `fuzz` check). Default 5, at most {@link MAX_FUZZ_REQUESTS} and `maxRequests`. */
  fuzzRequests: number;
  /**
   * Send POST, PUT, PATCH and DELETE (no body, to ids that cannot exist; conformance/checks/methods.ts)
   * to judge §1 "read-only (GET only)". Default true; `--no-write-methods` turns them off, and
   * the checks that need them (`read-only-methods`, `method-not-allowed`) are not run.
   */
  writeMethods?: boolean;
  /**
   * Judge a recording instead of a live server (`--from-har`, loaded with `loadHar`): every
   * request is answered from it; requests it does not hold make their checks skip.
   */
  replay?: Replay;
  /** Called with progress lines while the run goes (the CLI prints them to stderr). */
  onProgress?: (line: string) => void;
  /**
   * What the server claims to implement (`--profile`): `full` (default), one profile per
   * marketplace (`market-a`, `market-b`), `free-tier`; derived from the contract
   * (conformance/certificate/profiles.ts). Results outside the claim are `not-claimed`.
   * Undefined means `full`.
   */
  profile?: string;
  /**
   * Accepted failures (`--baseline FILE`, read with `loadBaseline`): matching failures do not
   * fail the run; see conformance/certificate/baseline.ts.
   */
  baseline?: Baseline;
  /**
   * The clock of the run, milliseconds since the epoch (UTC): the run's start and end times
   * (the report, the certificate) and what baseline expiries are compared with. Default
   * `Date.now`; tests give a fixed one.
   */
  clock?: () => number;
  /**
   * Called once at the end of the run with every exchange the run made (`--record` writes
   * them as HAR). Their bodies are as received: redact before writing.
   */
  onExchanges?: (exchanges: readonly Exchange[]) => void;
}

/** Defaults of every option but `baseUrl`. */
export const CONFORMANCE_DEFAULTS: Omit<ConformanceOptions, 'baseUrl'> = {
  headers: {},
  pathSegments: {},
  queries: ['jordan', 'nike', 'adidas', 'new balance', 'dunk'],
  rateLimit: 10,
  timeoutMs: 10_000,
  maxTimeMs: 600_000,
  maxRequests: 600,
  maxBodyBytes: 5 * 1024 * 1024,
  checks: [],
  excludeChecks: [],
  strict: false,
  allowSkip: [],
  seed: 'resale-kit',
  fuzzRequests: 5,
  writeMethods: true,
  profile: FULL_PROFILE,
};

export { UsageError };

/**
 * The key a run sends as its main caller (`auth: 'main'`, and the key's bare and Bearer forms):
 * the paid key, or the free key when the run has none (the premium operations are then skipped).
 * Used by the client that sends it and the recording that tags it (traffic/record-run.ts).
 */
export function mainKeyOf(keys: { apiKey?: string | undefined; freeKey?: string | undefined }): string | undefined {
  return keys.apiKey || keys.freeKey || undefined;
}

/** The most fuzz requests per operation (`--fuzz-requests`); a count is also at most `--max-requests`. */
export const MAX_FUZZ_REQUESTS = 10_000;

/**
 * Fills in defaults and checks the options.
 * @throws UsageError naming the option and what is accepted.
 */
export function resolveConformanceOptions(partial: Partial<ConformanceOptions> & { baseUrl: string }, knownChecks: readonly string[]): ConformanceOptions {
  const o: ConformanceOptions = { ...CONFORMANCE_DEFAULTS, ...Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)), baseUrl: partial.baseUrl };
  let url: URL;
  try {
    url = new URL(o.baseUrl);
  } catch {
    throw new UsageError(`--base-url must be an absolute http(s) URL such as http://127.0.0.1:4010, got ${JSON.stringify(printableUrl(o.baseUrl))}`);
  }
  // `localhost:5110` parses as the scheme `localhost:` (newcomer probe: the message said only that).
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must be an absolute http(s) URL such as http://127.0.0.1:4010, got ${JSON.stringify(printableUrl(o.baseUrl))} (scheme ${JSON.stringify(url.protocol)})`);
  if (url.search || url.hash) throw new UsageError(`--base-url takes no query or fragment (paths and queries are added to it), got ${printableUrl(o.baseUrl)}`);
  if (url.username || url.password) {
    const decode = (t: string): string => {
      try {
        return decodeURIComponent(t);
      } catch {
        return t;
      }
    };
    o.basicAuth = `Basic ${Buffer.from(`${decode(url.username)}:${decode(url.password)}`, 'utf8').toString('base64')}`;
    url.username = '';
    url.password = '';
    o.baseUrl = url.toString();
  }
  o.baseUrl = o.baseUrl.replace(/\/+$/, '');
  for (const [name, v, min] of [
    ['--rate-limit', o.rateLimit, 0],
    ['--timeout', o.timeoutMs, 1],
    ['--max-time', o.maxTimeMs, 1],
    ['--max-requests', o.maxRequests, 1],
    ['--fuzz-requests', o.fuzzRequests, 0],
  ] as const) {
    if (!Number.isFinite(v) || v < min) throw new UsageError(`${name} must be a number of at least ${min}, got ${v}`);
  }
  // Fuzz samples are generated per operation before they are sent (attacker 8: 100,000,000 ran past --max-time and grew without bound).
  if (!Number.isInteger(o.fuzzRequests)) throw new UsageError(`--fuzz-requests must be a whole number, got ${o.fuzzRequests}`);
  const fuzzCap = Math.min(MAX_FUZZ_REQUESTS, o.maxRequests);
  if (o.fuzzRequests > fuzzCap) throw new UsageError(`--fuzz-requests must be at most ${fuzzCap} (${fuzzCap === MAX_FUZZ_REQUESTS ? 'the most requests per operation the fuzz phase makes' : '--max-requests'}), got ${o.fuzzRequests}`);
  // Programmatic only (runConformance): NaN or a negative number turned the 5 MiB bound off or refused every body.
  if (!Number.isInteger(o.maxBodyBytes) || o.maxBodyBytes < 1 || o.maxBodyBytes > 2_147_483_647) throw new UsageError(`maxBodyBytes must be an integer from 1 to 2147483647 bytes, got ${o.maxBodyBytes}`);
  for (const id of [...o.checks, ...o.excludeChecks, ...o.allowSkip]) {
    if (!knownChecks.includes(id)) throw new UsageError(`unknown check ${JSON.stringify(id)}; checks are: ${knownChecks.join(', ')}`);
  }
  // Keys and headers given in code (attacker probe 7: a number was taken as a key, and a key with a line break failed every
  // request as "cannot reach"): text a request header can carry, never quoted back.
  for (const [name, key] of [
    ['--api-key', o.apiKey],
    ['--free-key', o.freeKey],
  ] as const) {
    if (key !== undefined && key !== '' && (typeof key !== 'string' || !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(key)))
      throw new UsageError(`${name} must be text of visible ASCII characters (a key a request header can carry); the value given is not (it is never printed)`);
  }
  if (typeof o.headers !== 'object' || o.headers === null || Array.isArray(o.headers)) throw new UsageError('--header: headers must be an object of name → value');
  for (const [name, value] of Object.entries(o.headers)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header: ${JSON.stringify(name.slice(0, 60))} is not a header name (RFC 9110 token characters only)`);
    if (typeof value !== 'string' || /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw new UsageError(`--header ${name}: the value must be text without line breaks or control characters (it is never printed)`);
  }
  if (!Array.isArray(o.queries) || o.queries.some((q) => typeof q !== 'string')) throw new UsageError('--query: queries must be a list of search terms (text)');
  // Path segments given to the library pass the same parser as --path-segment.
  for (const [from, to] of Object.entries(o.pathSegments)) parsePathSegment(`${from}=${to}`);
  if (o.queries.length === 0) throw new UsageError('--query needs at least one search term');
  const doc = loadContract();
  const profiles = listProfiles(doc, listOperations(doc)).map((p) => p.name);
  if (o.profile !== undefined && !profiles.includes(o.profile)) throw new UsageError(`unknown --profile ${JSON.stringify(o.profile)}; profiles are: ${profiles.join(', ')} (see --list-profiles)`);
  return o;
}

/**
 * Parses `--header 'Name: value'`.
 * @throws UsageError when there is no colon or the name is not a header token.
 */
export function parseHeader(text: string): [string, string] {
  const at = text.indexOf(':');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  // The value may be a secret (a token): only the name is ever quoted back, never what follows it.
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
    throw new UsageError(`--header must look like 'Name: value', got ${at < 0 ? `${text.length} characters without a colon (not shown: it may hold a secret)` : `${JSON.stringify(name.slice(0, 60))}: ..., not a header name`}`);
  return [name, text.slice(at + 1).trim()];
}

/**
 * Parses `--path-segment market_a=NAME`: a marketplace of the contract and the server's segment for it
 * (the `/v3/{marketplace}` segment of §2's paths). NAME is one path segment of unreserved
 * characters (RFC 3986 §2.3), and never a dot-segment (`.` or `..`, RFC 3986 §3.3 and §5.2.4): a
 * URL holding one is resolved on the wire to a path outside `/v3/`, while recordings and
 * reports would show it unresolved.
 * @throws UsageError when the segment is not a marketplace of the contract, or NAME is not a path segment.
 */
export function parsePathSegment(text: string): [string, string] {
  const [from, to] = text.split('=', 2);
  const known = marketplacesOf(listOperations(loadContract()));
  if (from === undefined || !known.includes(from) || !to || !/^[A-Za-z0-9._~-]+$/.test(to)) {
    throw new UsageError(`--path-segment must be ${known.map((m) => `${m}=NAME`).join(' or ')}, got ${JSON.stringify(text)}`);
  }
  if (to === '.' || to === '..') throw new UsageError(`--path-segment NAME must not be "." or ".." (a dot-segment, RFC 3986 §3.3: the request would leave /v3/), got ${from}=${to}`);
  return [from, to];
}

/** A report to write: its format and path. */
export interface ReportTarget {
  format: ReportFormat;
  path: string;
}

/** `json=PATH, junit=PATH or html=PATH`, from the registry of report formats. */
export const REPORT_TARGET_FORMS = REPORT_FORMATS.map((f) => `${f}=PATH`)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1');

/**
 * Parses `--report FORMAT=PATH`, FORMAT one of the registry's (conformance/report/index.ts).
 * @throws UsageError on an unknown format or an empty path.
 */
export function parseReportTarget(text: string): ReportTarget {
  const at = text.indexOf('=');
  const format = text.slice(0, at);
  const path = text.slice(at + 1);
  if (at < 0 || !isReportFormat(format) || path === '') {
    throw new UsageError(`--report must be ${REPORT_TARGET_FORMS}, got ${JSON.stringify(text)}`);
  }
  return { format, path };
}
