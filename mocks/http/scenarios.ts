/**
 * Failure and latency scenarios for front-end work, seeded and reproducible (issue 6):
 * per request `Prefer: code=NNN` (Prism's header: answer that documented error) and
 * `Prefer: delay=MS`; server-wide a latency range, an error rate drawn from given statuses,
 * and a per-key rate limit answering 429 with `Retry-After` as the contract says (§8 decision).
 * Draws come from one sequence seeded by the mock's seed, advanced once per API request, so
 * the same requests in the same order meet the same delays and errors.
 */
import type { ContractOperation } from '../../contract/index.js';
import type { MockOptions } from '../options.js';
import { Rng } from '../world/random.js';
import { seedNumber } from '../world/world.js';
import { kindOfStatus, problem } from './problems.js';
import { RateLimiter, type LimitDecision } from './rate-limit.js';
import type { MockRequest, MockResponse } from './response.js';
import type { Stages } from './stages.js';

/** Longest delay a `Prefer: delay` may ask for, in milliseconds. */
export const MAX_DELAY_MS = 60_000;

/**
 * What `Prefer` asks for: a status, a delay (ms), and an example by name (Prism's
 * `Prefer: example=<name>`; the mock's edge answers, mocks/world/edge-answers.ts).
 *
 * Parsed as RFC 7240 §2 says: preferences are separated by commas (across repeated header
 * fields too); each is `token [= word]` followed by `;`-parameters, which belong to it and are
 * not preferences of their own; names are case-insensitive; a word is a token or a
 * quoted-string; and when a preference is given more than once, only its first instance counts
 * (`Prefer: code=200, code=500` asks for 200). A value outside its form (`code=abc`) is ignored,
 * as RFC 7240 lets a server ignore a preference it does not understand.
 */
export function parsePrefer(header: string | string[] | undefined): { code?: number; delay?: number; example?: string } {
  const out: { code?: number; delay?: number; example?: string } = {};
  const seen = new Set<string>();
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const preference of splitOutsideQuotes(String(text), ',')) {
    const [head = ''] = splitOutsideQuotes(preference, ';');
    const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^\s"]*))?\s*$/.exec(head);
    if (!m) continue;
    const name = (m[1] as string).toLowerCase();
    if (seen.has(name)) continue; // RFC 7240 §2: only the first instance of a preference counts
    seen.add(name);
    const raw = m[2] ?? '';
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if ((name === 'code' || name === 'delay') && /^\d{1,6}$/.test(value)) out[name] = Number(value);
    else if (name === 'example' && /^[^",;\s]{1,64}$/.test(value)) out.example = value;
  }
  return out;
}

/** Splits on `sep` outside quoted-strings (RFC 9110 §5.6.4), at most 64 pieces (a header is bounded text). */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length && out.length < 63; i++) {
    const c = text[i];
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === sep && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** The server-wide and per-request scenarios of one mock. */
export class Scenarios {
  private readonly options: MockOptions;
  private readonly rng: Rng;
  /** The local limiter (undefined without `--rate-limit`). */
  readonly limiter: RateLimiter | undefined;

  /** @param clock wall clock for the rate-limit window (ms); tests pass their own. */
  constructor(options: MockOptions, clock: () => number = Date.now) {
    this.options = options;
    this.rng = new Rng(seedNumber(options.seed), 0xc4a05);
    this.limiter = options.rateLimit ? new RateLimiter(options.rateLimit, clock) : undefined;
  }

  /**
   * An answer that replaces the normal one for this request (forced or drawn error, or 429),
   * or undefined. Called once per API request, before credentials are checked, so a UI can
   * force a 401 with a valid key.
   * @param caller a configured key, or `ANONYMOUS` (mocks/http/rate-limit.ts) for any other caller.
   * @param decided a rate-limit decision already made elsewhere (the node:cluster primary);
   *   without it the local limiter decides.
   */
  intercept(op: ContractOperation, caller: string, prefer: { code?: number }, path: string, decided?: LimitDecision): MockResponse | undefined {
    const base = this.options.publicUrl;
    const limit = this.options.rateLimit;
    const decision = decided ?? this.limiter?.take(caller);
    if (limit && decision && !decision.allowed) {
      const retry = decision.retryAfterS;
      return problem(base, 'rate-limited', `Rate limit of ${limit.count} requests per ${limit.windowMs / 1000} s exceeded; retry after ${retry} seconds`, path, { headers: { 'retry-after': String(retry) } });
    }
    const drawn = this.options.errorRate > 0 ? this.rng.next() : 1;
    if (prefer.code !== undefined && prefer.code !== 200) {
      const documented = op.responses.map((r) => Number(r.status)).filter((s) => s >= 400);
      if (!documented.includes(prefer.code)) {
        return problem(base, 'invalid-parameters', `Prefer: code=${prefer.code} is not a documented status of ${op.operationId}; documented errors: ${documented.join(', ')}`, path, {
          errors: [{ message: `must be one of ${documented.join(', ')}`, location: 'header.prefer', value: `code=${prefer.code}` }],
        });
      }
      return forced(base, prefer.code, path, 'Prefer: code');
    }
    if (drawn < this.options.errorRate) {
      const status = this.rng.pick(this.options.errorStatuses);
      return forced(base, status, path, '--error-rate');
    }
    return undefined;
  }

  /** Delay of this request in ms: `Prefer: delay` if sent, else a draw from the latency range. */
  delay(prefer: { delay?: number }): number {
    if (prefer.delay !== undefined) return Math.min(prefer.delay, MAX_DELAY_MS);
    const l = this.options.latency;
    return l ? Math.round(l.min + this.rng.next() * (l.max - l.min)) : 0;
  }
}

const DETAILS: Record<number, string> = {
  401: 'Invalid key',
  403: 'This operation needs a paid plan',
  404: 'Product not found',
  422: 'Validation failed',
  429: 'Rate limit exceeded; retry after 1 seconds',
};

function forced(base: string, status: number, path: string, why: string): MockResponse {
  const detail = `${DETAILS[status] ?? 'The service failed'} (simulated by ${why})`;
  return problem(base, kindOfStatus(status), detail, path, { status, ...(status === 429 ? { headers: { 'retry-after': '1' } } : {}) });
}

/**
 * The stages with the scenarios around them: `admit` answers forced and drawn errors and 429
 * before authentication; `finish` sets the drawn or asked-for delay (`Prefer: delay`,
 * `--latency`). One draw each per API call, in that order, so runs are reproducible.
 * @param callerOf the rate-limit identity of a request (a configured key, or `ANONYMOUS`).
 */
export function withScenarios(stages: Stages, scenarios: Scenarios, callerOf: (req: MockRequest) => string): Stages {
  return {
    ...stages,
    admit: (call) => scenarios.intercept(call.op, callerOf(call.req), parsePrefer(call.req.headers.prefer), call.path, call.req.limit) ?? stages.admit(call),
    finish: (call, res) => {
      const delay = scenarios.delay(parsePrefer(call.req.headers.prefer));
      const out = stages.finish(call, res);
      if (delay > 0) out.delayMs = delay;
      return out;
    },
  };
}
