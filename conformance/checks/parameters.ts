/**
 * Query parameters (production notes, Pagination and parameters): out-of-range `page` and
 * `limit` are a 422, every bound the contract gives is honoured both ways, and an unknown
 * parameter is ignored.
 */
import { provenanceOf, type ContractOperation, type ContractParameter } from '../../contract/index.js';
import { canonicalText, fail, isObject, pass, skip, type Check, type CheckContext, type Verdict } from '../check.js';
import { queryParameters } from '../generate.js';
import type { Exchange, Level } from '../types.js';
import { forEachTarget, GIVE_UP_AFTER } from './generated.js';

/** `limit` and `page` outside their bounds get 422 problem details. */
export const badParameters: Check = {
  id: 'bad-parameters-422',
  level: 'should',
  source: 'production',
  requirement: 'production note (Errors, Pagination; §8 not shown): page from 1; limit 1-100 (daily 1-365); out of range is a 422 with errors[].location naming the parameter (query.limit, query.page)',
  title: 'out-of-range page and limit are 422',
  scenario: async (ctx) => {
    const judge = (ex: Exchange, what: string, location: string): Verdict => {
      if (ex.status !== 422) return fail(`${what} answered ${ex.status ?? ex.error}; expected 422`, ex);
      // Production note (Errors): "get 422 with errors[].location such as query.limit or path.id" (round 4 vendor probe 7).
      const errors = isObject(ex.json) ? ex.json.errors : undefined;
      if (!Array.isArray(errors)) return fail(`${what}: the 422 has ${errors === undefined ? 'no' : 'a non-array'} errors member; production lists each refused parameter in errors[] with its location (${location})`, ex, '/errors');
      const at = errors.map((e: unknown) => (isObject(e) && typeof e.location === 'string' ? e.location : undefined));
      if (!at.includes(location)) return fail(`${what}: no entry of errors[] has location ${location} (locations: ${JSON.stringify(at.slice(0, 5)).slice(0, 120)}); production names the parameter as ${location}`, ex, '/errors');
      return pass(`${what}: 422, errors[] at ${location}`, ex);
    };
    const query = ctx.options.queries[0] ?? 'nike';
    const out: Verdict[] = [
      judge(await ctx.call('searchMarketAProducts', {}, { query, limit: 0 }), 'limit=0', 'query.limit'),
      judge(await ctx.call('searchMarketAProducts', {}, { query, limit: 1000 }), 'limit=1000', 'query.limit'),
      judge(await ctx.call('searchMarketBProducts', {}, { query, page: 0 }), 'page=0', 'query.page'),
    ];
    const d = await ctx.discover();
    if (!ctx.options.apiKey) out.push(skip('needs --api-key (a paid key): A3 is a premium operation', 'listMarketAProductSales'));
    else if (d.a[0]) out.push(judge(await ctx.call('listMarketAProductSales', { id_or_slug: d.a[0].id }, { limit: 1000 }), 'sales limit=1000', 'query.limit'));
    else out.push(skip(d.notes.a ?? 'no marketplace A product', 'listMarketAProductSales'));
    return out;
  },
};

/** The smallest request an operation answers: none for a lookup (its path names the product), a search term and a small page for a search. */
function plainQuery(ctx: CheckContext, op: ContractOperation): Record<string, string | number> {
  return op.parameters.some((p) => p.in === 'path') ? {} : { query: ctx.options.queries[0] ?? 'nike', limit: 10 };
}

/** The query parameter no operation declares, added by `unknown-query-ignored`. */
export const UNKNOWN_PARAMETER = 'resale_kit_unknown';
/** An unknown display option (`display[...]`): ignored like any unknown parameter (production note). */
export const UNKNOWN_DISPLAY = 'display[resale_kit_unknown]';

/** The same answer: the status, and the body (as JSON when both are JSON, else as text). */
function sameAnswer(x: Exchange, y: Exchange): boolean {
  if (x.status !== y.status) return false;
  if (x.json !== undefined && y.json !== undefined) return canonicalText(x.json) === canonicalText(y.json);
  return x.text === y.text;
}

/** An unknown query parameter changes nothing (production note: "ignored, never an error"). */
export const unknownQueryIgnored: Check = {
  id: 'unknown-query-ignored',
  level: 'should',
  source: 'production',
  requirement: `production note (Pagination and parameters): unknown query parameters are ignored, never an error; the same request with ${UNKNOWN_PARAMETER}=1 added gets the same status and body`,
  title: 'unknown query parameters are ignored',
  scenario: (ctx) =>
    forEachTarget(ctx, async (op, target) => {
      const operation = op.operationId;
      const query = plainQuery(ctx, op);
      const plain = await ctx.call(operation, target.path, query);
      if (plain.status === undefined) return [{ ...skip(`no answer to compare with (${plain.error ?? 'no response'})`, operation), exchange: plain }];
      // Two equal refusals show nothing: the plain request must be answered first.
      if (plain.status < 200 || plain.status >= 300) return [{ ...skip(`the request without it answered ${plain.status}, so there is no answer for the unknown parameter to leave alone`, operation), exchange: plain }];
      // An unknown name, and where the operation takes display options an unknown one of those
      // (round 4 vendor probe 8: display[foo]=true answered 422).
      const unknowns: [string, string | number | boolean][] = [[UNKNOWN_PARAMETER, 1]];
      if (op.parameters.some((p) => p.in === 'query' && p.name.startsWith('display['))) unknowns.push([UNKNOWN_DISPLAY, true]);
      const out: Verdict[] = [];
      for (const [name, value] of unknowns) {
        const probe = await ctx.call(operation, target.path, { ...query, [name]: value });
        if (probe.status === undefined) {
          out.push({ ...skip(`no answer with ${name}=${String(value)} (${probe.error ?? 'no response'})`, operation), exchange: probe });
          continue;
        }
        if (sameAnswer(plain, probe)) {
          out.push(pass(`with ${name}=${String(value)}: the same ${probe.status} answer`, probe, operation));
          continue;
        }
        // A server whose answers change between two identical requests (new sales) cannot be judged this way.
        if (!ctx.options.replay) {
          const again = await ctx.call(operation, target.path, query);
          if (again.status !== undefined && !sameAnswer(plain, again)) {
            out.push({ ...skip('the answer changed between two identical requests, so an unknown parameter cannot be told apart from new data', operation), exchange: again });
            continue;
          }
        }
        const why = plain.status !== probe.status ? `answered ${probe.status} where the same request without it answers ${plain.status}` : 'changed the body';
        out.push(fail(`adding the unknown query parameter ${name}=${String(value)} ${why}; unknown query parameters are ignored, never an error (production note)`, probe, undefined, undefined, operation));
      }
      return out;
    }),
};

/**
 * The bounds of a query parameter the contract gives: `minimum`/`maximum` of a number,
 * `minLength` (above 0)/`maxLength` of a string, each with its value and the value one past it.
 */
export function boundsOf(p: ContractParameter): { label: string; value: string; past: string }[] {
  const s = p.schema;
  const out: { label: string; value: string; past: string }[] = [];
  if (s.type === 'integer' || s.type === 'number') {
    if (typeof s.minimum === 'number') out.push({ label: `the minimum ${s.minimum}`, value: String(s.minimum), past: String(s.minimum - 1) });
    if (typeof s.maximum === 'number') out.push({ label: `the maximum ${s.maximum}`, value: String(s.maximum), past: String(s.maximum + 1) });
  } else if (s.type === 'string' && s.enum === undefined && s.format === undefined) {
    if (typeof s.minLength === 'number' && s.minLength > 0) out.push({ label: `the shortest (${s.minLength} characters)`, value: 'a'.repeat(s.minLength), past: 'a'.repeat(s.minLength - 1) });
    if (typeof s.maxLength === 'number') out.push({ label: `the longest (${s.maxLength} characters)`, value: 'a'.repeat(s.maxLength), past: 'a'.repeat(s.maxLength + 1) });
  }
  return out;
}

/** The level of a finding about a parameter's bound: the provenance of its schema (production → should, decision → info). */
function boundLevel(p: ContractParameter): Level {
  const { source } = provenanceOf(p.schema);
  return source === 'decision' ? 'info' : 'should';
}

/** The smallest and largest values the contract allows are accepted; one past each is a 422. */
export const parameterBounds: Check = {
  id: 'parameter-bounds',
  level: 'should',
  source: 'production',
  requirement:
    "production note (Pagination and parameters): page is 1-based, limit 1..100, a daily series' limit up to 365; each query parameter at the contract's bound is answered 2xx and one past it is a 422 (a bound marked x-source: decision is info)",
  title: "query parameters at the contract's bounds",
  scenario: async (ctx) => {
    let bounded = 0;
    const out = await forEachTarget(ctx, async (op, target) => {
      const list: Verdict[] = [];
      // After GIVE_UP_AFTER requests in a row without an answer, the operation is left alone (as the generated phases do).
      let silent = 0;
      const send = async (query: Record<string, string>): Promise<Exchange | undefined> => {
        if (silent >= GIVE_UP_AFTER) return undefined;
        const ex = await ctx.call(op.operationId, target.path, query);
        silent = ex.status === undefined ? silent + 1 : 0;
        return ex;
      };
      for (const p of queryParameters(op)) {
        const level = boundLevel(p);
        const whose = level === 'info' ? "this kit's decision (x-source: decision; the description gives no such limit)" : 'production note';
        for (const b of boundsOf(p)) {
          bounded++;
          // One parameter at a time, as the coverage phase sends them (the same requests, made once).
          const at = await send({ [p.name]: b.value });
          if (at === undefined) break;
          if (at.status === undefined) list.push({ ...skip(`${p.name} = ${b.label}: no answer (${at.error ?? 'no response'})`, op.operationId), exchange: at });
          else if (at.status >= 200 && at.status < 300) list.push(pass(`${p.name} = ${b.label}: ${at.status}`, at, op.operationId));
          else list.push({ ...fail(`${p.name} = ${b.label} is allowed by the contract but answered ${at.status}; expected 2xx (${whose})`, at, undefined, undefined, op.operationId), level });
          const past = await send({ [p.name]: b.past });
          if (past === undefined) break;
          if (past.status === undefined) list.push({ ...skip(`${p.name} one past ${b.label}: no answer (${past.error ?? 'no response'})`, op.operationId), exchange: past });
          else if (past.status === 422) list.push(pass(`${p.name} one past ${b.label}: 422`, past, op.operationId));
          else list.push({ ...fail(`${p.name} one past ${b.label} answered ${past.status}; out of range is a 422 (${whose})`, past, undefined, undefined, op.operationId), level });
        }
      }
      if (silent >= GIVE_UP_AFTER) list.push(skip(`gave up on ${op.operationId} after ${silent} requests in a row got no answer (the transport check reports them)`, op.operationId));
      return list;
    });
    return bounded === 0 && out.every((v) => v.outcome !== 'fail') ? [...out, skip('no query parameter of a callable operation has a bound in the contract')] : out;
  },
};
