/**
 * The generated phases (conformance/generate.ts) as checks, run by default after the fixed
 * scenarios:
 * - `coverage`: every operation, each query parameter at its boundaries and defaults (plus ids
 *   that do not exist and ids the path schema refuses), with real ids, slugs and variant ids;
 * - `fuzz`: seeded fast-check samples over every query parameter (`--seed`, `--fuzz-requests`).
 * An in-range request (the contract's validator decides) must answer 2xx, or 404 for an id
 * that does not exist; an out-of-range one must answer 4xx; none may answer 5xx. Every answer
 * is also judged by the response checks (schema, problem details, no 5xx, ...), since the
 * client keeps every exchange.
 */
import type { ContractOperation } from '../../contract/index.js';
import { fail, pass, skip, type Check, type CheckContext, type Verdict } from '../check.js';
import type { Discovery } from '../found.js';
import { boundaryValues, fuzzRequests, queryParameters, seedOf, type Known } from '../generate.js';
import type { Exchange } from '../types.js';

/** Path parameters of an operation filled with a discovered product, and the real values its query may use. */
export interface Target {
  path: Record<string, string | number>;
  known: Known;
}

/** A discovered product for an operation (the one with sales when there is one), or why there is none. */
export function targetOf(op: ContractOperation, d: Discovery): Target | string | undefined {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return { path: {}, known: new Map() };
  const a = op.marketplace === 'market_a';
  const product = a ? (d.aSales ?? d.a[0]) : (d.bSales ?? d.b[0]);
  if (!product) return (a ? d.notes.a : d.notes.b) ?? `no ${op.marketplace} product was discovered`;
  const path = Object.fromEntries(params.map((p) => [p.name, product.id]));
  const variant = a ? (d.a.find((x) => x.id === product.id)?.variants[0]?.id as string | undefined) : undefined;
  return { path, known: new Map(variant === undefined ? [] : [['variant_id', variant]]) };
}

/** Operations this run can call: premium ones only with a paid key. */
export const callable = (ctx: CheckContext): ContractOperation[] => ctx.validator.operations.filter((op) => !op.premium || Boolean(ctx.options.apiKey));

/**
 * Runs `each` on every callable operation (those `when` selects) with its discovered target;
 * an operation without one gets a skip that says why.
 */
export async function forEachTarget(ctx: CheckContext, each: (op: ContractOperation, target: Target, index: number) => Promise<Verdict[]>, when: (op: ContractOperation) => boolean = () => true): Promise<Verdict[]> {
  const d = await ctx.discover();
  const out: Verdict[] = [];
  for (const [i, op] of callable(ctx).filter(when).entries()) {
    const target = targetOf(op, d);
    if (typeof target === 'string' || target === undefined) out.push(skip(target ?? 'no target', op.operationId));
    else out.push(...(await each(op, target, i)));
  }
  return out;
}

/** The verdict on one generated request: in range → 2xx (404 when `missing`), out of range → 4xx. */
export function judgeGenerated(ctx: CheckContext, op: ContractOperation, path: Record<string, string | number>, query: Record<string, string>, ex: Exchange, what: string, missing = false): Verdict {
  const { violations } = ctx.validator.checkParameters(op, Object.fromEntries(Object.entries(path).map(([k, v]) => [k, String(v)])), Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]])));
  const inRange = violations.length === 0;
  const status = ex.status;
  if (status === undefined) return fail(`${what}: no answer (${ex.error ?? 'no response'})`, ex);
  if (status >= 500) return fail(`${what}: answered ${status}; the server failed on a request ${inRange ? 'the contract allows' : 'it should refuse with a 4xx'}`, ex);
  if (inRange) {
    if ((status >= 200 && status < 300) || (missing && status === 404)) return pass(`${what}: ${status}`, ex);
    return fail(`${what}: in range for the contract, but answered ${status}${missing ? '' : '; expected 2xx'}`, ex);
  }
  if (status >= 400 && status < 500) return pass(`${what}: refused with ${status}`, ex);
  // The description states no limits (§8 "not shown"): refusing an out-of-range value is this kit's decision, so accepting it is info.
  return {
    ...fail(`${what}: out of range for this kit's decision (${violations.map((v) => `${v.location} ${v.message}`).join('; ')}), but answered ${status}; the kit expects a 4xx problem (info: the description states no such limit)`, ex),
    level: 'info',
  };
}

/** Requests in a row without an answer after which a generated phase leaves an operation alone. */
export const GIVE_UP_AFTER = 2;

/**
 * Sends generated requests of one operation and judges each; after {@link GIVE_UP_AFTER}
 * requests in a row that got no answer at all (timeouts, resets), the rest are not sent: the
 * transport check already reports them, and a broken operation must not eat the run's time.
 */
async function sendAll(ctx: CheckContext, op: ContractOperation, requests: { path: Record<string, string | number>; query: Record<string, string>; what: string; missing?: boolean }[]): Promise<Verdict[]> {
  const out: Verdict[] = [];
  let silent = 0;
  for (const r of requests) {
    const ex = await ctx.call(op.operationId, r.path, r.query);
    out.push(judgeGenerated(ctx, op, r.path, r.query, ex, r.what, r.missing));
    silent = ex.status === undefined ? silent + 1 : 0;
    if (silent >= GIVE_UP_AFTER) {
      out.push(fail(`gave up on ${op.operationId} after ${silent} generated requests in a row got no answer; ${requests.length - out.length} more were not sent`, ex));
      break;
    }
  }
  return out;
}

/** Each parameter at its boundaries, one at a time, on every operation. */
export const coverage: Check = {
  id: 'coverage',
  level: 'should',
  source: 'practice',
  phase: 'coverage',
  requirement:
    'HTTP practice (§4, §8 not shown): every parameter of every operation at its boundaries and defaults: in range answers 2xx (404 for an id that does not exist), out of range a 4xx, never a 5xx; accepting a value beyond a limit the description does not give is info',
  title: 'parameters at their boundaries (generated from the contract)',
  scenario: (ctx) =>
    forEachTarget(ctx, (op, target) => {
      const requests: Parameters<typeof sendAll>[2] = [];
      for (const p of queryParameters(op)) {
        for (const sample of boundaryValues(p, target.known)) requests.push({ path: target.path, query: { [p.name]: sample.value }, what: `${p.name} = ${sample.label}` });
      }
      // Path parameters: an id that does not exist (in range: 404) and values the schema refuses.
      for (const p of op.parameters.filter((x) => x.in === 'path')) {
        const samples: [string, string, boolean][] =
          p.schema.type === 'integer'
            ? [
                ['2147480001', 'an id that does not exist', true],
                ['0', 'an id below the minimum', false],
                ['abc', 'an id that is not a number', false],
              ]
            : [
                ['resale-kit-no-such-product-0', 'a slug that does not exist', true],
                ['-not-a-slug-', 'a value the path pattern refuses', false],
              ];
        for (const [value, label, missing] of samples) requests.push({ path: { ...target.path, [p.name]: value }, query: {}, what: `${p.name} = ${label}`, missing });
      }
      return sendAll(ctx, op, requests);
    }),
};

/** Seeded property-based requests over every query parameter. */
export const fuzz: Check = {
  id: 'fuzz',
  level: 'should',
  source: 'practice',
  phase: 'fuzz',
  requirement: 'HTTP practice (§4, §7, §8 not shown): any request (valid or not, unicode, long, oddly encoded) is answered 2xx, 404 or a 4xx problem, never a 5xx',
  title: 'seeded fuzzing of the query parameters (fast-check, --seed)',
  scenario: (ctx) =>
    forEachTarget(ctx, (op, target, i) => {
      // Generated before they are sent: no more than the requests and time the run has left (attacker 8: --fuzz-requests past --max-time).
      const left = ctx.client.remainingMs() > 0 ? ctx.options.maxRequests - ctx.client.requests : 0;
      const count = ctx.options.fuzzRequests === 0 ? 0 : Math.max(1, Math.min(ctx.options.fuzzRequests, left));
      const requests = fuzzRequests(op, target.known, seedOf(ctx.options.seed) + i, count).map((query) => ({ path: target.path, query, what: `fuzzed ${Object.keys(query).join(', ') || 'no parameters'}` }));
      return sendAll(ctx, op, requests);
    }),
};
