/**
 * HTTP semantics of a read-only API (§1 "The service is read-only (GET only)"; §4 "All
 * endpoints use GET"; RFC 9110 §9.3.2 HEAD, §15.5.6 405).
 *
 * What is sent, and why it cannot change anything on a vendor's server: for every operation of
 * the contract, one POST, PUT, PATCH and DELETE without a body (`Content-Length: 0`), to the
 * operation's path with every path parameter filled by an id that cannot exist (derived from
 * the operation and method, never a discovered product: a UUID for marketplace A, an integer above 2^53 / 1024
 * for marketplace B); for the search operations the collection path itself. With
 * `--no-write-methods` (option `writeMethods: false`) none of them is sent and the two checks
 * that need them are not run. HEAD is sent to the search operation of each marketplace.
 */
import { createHash } from 'node:crypto';
import { fillPath, type ContractOperation } from '../../contract/index.js';
import { fail, notJudged, pass, skip, type Check, type CheckContext, type Verdict } from '../check.js';
import type { Exchange } from '../types.js';

/**
 * Checks judged against a live server only: the checks of HTTP semantics (a recording answers by
 * method, URL and caller), and `key-type-headers` (a recording need not keep every response header).
 */
export const LIVE_ONLY_CHECKS: readonly string[] = ['read-only-methods', 'method-not-allowed', 'head-like-get', 'conditional-get', 'key-type-headers'];

/** The checks that send write methods: not run with `--no-write-methods`. */
export const WRITE_CHECKS: readonly string[] = ['read-only-methods', 'method-not-allowed'];

/** The write methods sent to every operation (no body). */
export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** An id that cannot exist, derived from the operation and the method (every run sends the same requests, whatever `--seed`). */
function impossibleId(op: ContractOperation, method: string, param: string): string {
  const h = createHash('sha256').update(`resale-kit write-method ${op.operationId} ${method} ${param}`).digest('hex');
  if (/market_b/.test(op.path)) return String(9_007_199_254_740 + (parseInt(h.slice(0, 8), 16) % 1_000_000)); // above any real id, still a safe integer
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The path of `op` with every parameter filled by an impossible id. */
const writePath = (op: ContractOperation, method: string): string => fillPath(op.path, (name) => impossibleId(op, method, name));

/** The answers to the write methods, sent once per run and shared by the checks that judge them. */
const sent = new WeakMap<CheckContext, Promise<{ op: ContractOperation; method: string; ex: Exchange }[]>>();

/**
 * The answers to the write methods (one POST, PUT, PATCH and DELETE per claimed operation, with
 * the main key), sent at the first call of a run and shared by every check that judges them;
 * empty with `--no-write-methods` or on a recording, where none is sent.
 */
export function writeAnswers(ctx: CheckContext): Promise<{ op: ContractOperation; method: string; ex: Exchange }[]> {
  if (ctx.options.writeMethods === false || ctx.options.replay) return Promise.resolve([]);
  let pending = sent.get(ctx);
  if (!pending) {
    pending = (async () => {
      const out: { op: ContractOperation; method: string; ex: Exchange }[] = [];
      for (const op of ctx.validator.operations) {
        if (ctx.claims && !ctx.claims(op.operationId)) continue; // outside the profile's claim: never called
        for (const method of WRITE_METHODS) out.push({ op, method, ex: await ctx.client.request('', writePath(op, method), method) });
      }
      return out;
    })();
    sent.set(ctx, pending);
  }
  return pending;
}

const off = (ctx: CheckContext): Verdict[] | undefined => (ctx.options.writeMethods === false ? [skip('not sent: --no-write-methods turned write methods off')] : ctx.options.replay ? [notJudged(RECORDING)] : undefined);

/** Why the checks of HTTP semantics judge no recording: it answers by method and URL only. */
const RECORDING = 'a recording (--from-har) answers by method, URL and caller only: other methods, HEAD and conditional requests are judged against a live server';

/** §1: a write method never succeeds. */
export const readOnlyMethods: Check = {
  id: 'read-only-methods',
  level: 'must',
  source: 'description',
  requirement: '§1: the service is read-only (GET only); §4: all endpoints use GET',
  title: 'POST, PUT, PATCH and DELETE never succeed (sent without a body, to ids that cannot exist)',
  scenario: async (ctx) => {
    const disabled = off(ctx);
    if (disabled) return disabled;
    const out: Verdict[] = [];
    for (const { op, method, ex } of await writeAnswers(ctx)) {
      if (ex.status === undefined) continue; // no answer: judged by `transport`
      out.push(
        ex.status >= 200 && ex.status < 300 ? fail(`${method} answered ${ex.status}: a read-only API must not accept it (§1)`, ex, undefined, undefined, op.operationId) : pass(`${method} refused with ${ex.status}`, ex, op.operationId),
      );
    }
    return out.length > 0 ? out : [skip('no write method got an answer')];
  },
};

/** RFC 9110 §15.5.6: a method the resource does not support gets 405 with `Allow`. */
export const methodNotAllowed: Check = {
  id: 'method-not-allowed',
  level: 'should',
  source: 'practice',
  requirement: 'RFC 9110 §15.5.6: a method the resource does not support is answered 405 with an Allow header that lists GET',
  title: 'write methods get 405 with Allow: GET',
  scenario: async (ctx) => {
    const disabled = off(ctx);
    if (disabled) return disabled;
    const out: Verdict[] = [];
    for (const { op, method, ex } of await writeAnswers(ctx)) {
      if (ex.status === undefined || (ex.status >= 200 && ex.status < 300)) continue; // no answer, or judged by read-only-methods
      const allow = ex.headers.allow;
      if (ex.status !== 405) out.push(fail(`${method} answered ${ex.status}, not 405 Method Not Allowed`, ex, undefined, undefined, op.operationId));
      else if (allow === undefined || !/(^|,)\s*GET\s*(,|$)/i.test(allow))
        out.push(fail(`${method} answered 405 ${allow === undefined ? 'without an Allow header' : `with Allow: ${allow}, which does not list GET`}`, ex, undefined, allow, op.operationId));
      else out.push(pass(`${method}: 405, Allow: ${allow}`, ex, op.operationId));
    }
    return out.length > 0 ? out : [skip('no write method was refused')];
  },
};

/** RFC 9110 §9.3.2: HEAD answers as GET, without a body. */
export const headLikeGet: Check = {
  id: 'head-like-get',
  level: 'should',
  source: 'practice',
  requirement: 'RFC 9110 §9.3.2: HEAD is answered as GET (same status and Content-Type) without a body',
  title: 'HEAD answers as GET without a body',
  scenario: async (ctx) => {
    if (ctx.options.replay) return [notJudged(RECORDING)];
    const out: Verdict[] = [];
    for (const op of ctx.validator.operations) {
      if (/\{/.test(op.path) || op.premium || (ctx.claims && !ctx.claims(op.operationId))) continue; // the claimed searches: no id needed, every tier may call them
      const get = await ctx.call(op.operationId, {}, { query: 'nike' });
      const head = await ctx.client.request('', `${op.path}?query=nike`, 'HEAD');
      if (get.status === undefined || head.status === undefined) continue;
      if (get.status !== 200) {
        out.push(notJudged(`the GET it is compared with answered ${get.status}, not 200`, op.operationId));
        continue;
      }
      if (head.status === 405 || head.status === 501) out.push(fail(`HEAD answered ${head.status}: HEAD is supported wherever GET is (RFC 9110 §9.1)`, head, undefined, undefined, op.operationId));
      else if (head.status !== get.status) out.push(fail(`HEAD answered ${head.status} where GET answered ${get.status}`, head, undefined, undefined, op.operationId));
      else if (head.text.length > 0) out.push(fail(`HEAD answered with a body of ${head.text.length} characters`, head, undefined, head.text.slice(0, 200), op.operationId));
      else if ((head.headers['content-type'] ?? '') !== (get.headers['content-type'] ?? ''))
        out.push(fail(`HEAD's Content-Type ${JSON.stringify(head.headers['content-type'] ?? '')} differs from GET's ${JSON.stringify(get.headers['content-type'] ?? '')}`, head, undefined, undefined, op.operationId));
      else out.push(pass(`HEAD: ${head.status}, no body, as GET`, head, op.operationId));
    }
    return out.length > 0 ? out : [skip('no search operation answered')];
  },
};

/** RFC 9110 §13.1: where a server sends ETag or Last-Modified, a conditional GET that matches gets 304 without a body. */
export const conditionalGet: Check = {
  id: 'conditional-get',
  level: 'should',
  source: 'practice',
  requirement: 'RFC 9110 §13.1.2, §13.1.3, §15.4.5: where an answer carries ETag or Last-Modified, a GET with If-None-Match or If-Modified-Since that matches gets 304 without a body',
  title: 'ETag or Last-Modified revalidation gives 304',
  scenario: async (ctx) => {
    if (ctx.options.replay) return [notJudged(RECORDING)];
    const out: Verdict[] = [];
    for (const op of ctx.validator.operations) {
      if (/\{/.test(op.path) || op.premium || (ctx.claims && !ctx.claims(op.operationId))) continue; // the claimed searches: every tier may call them, no id needed
      const get = await ctx.call(op.operationId, {}, { query: 'nike' });
      if (get.status !== 200) {
        out.push(notJudged(`the GET answered ${get.status ?? get.error}, not 200`, op.operationId));
        continue;
      }
      const etag = get.headers.etag;
      const lastModified = get.headers['last-modified'];
      if (etag === undefined && lastModified === undefined) {
        out.push(notJudged('the answer carries neither ETag nor Last-Modified (neither is required)', op.operationId));
        continue;
      }
      const extra: Record<string, string> = etag !== undefined ? { 'if-none-match': etag } : { 'if-modified-since': lastModified as string };
      const again = await ctx.client.request('', `${op.path}?query=nike`, 'GET', 'main', extra);
      const asked = Object.entries(extra)
        .map(([k, v]) => `${k}: ${v}`)
        .join('');
      if (again.status === undefined) continue;
      if (again.status !== 304) out.push(fail(`a GET with ${asked} answered ${again.status}, not 304 Not Modified`, again, undefined, undefined, op.operationId));
      else if (again.text.length > 0) out.push(fail(`the 304 answer has a body of ${again.text.length} characters`, again, undefined, again.text.slice(0, 200), op.operationId));
      else out.push(pass(`${asked}: 304 without a body`, again, op.operationId));
    }
    return out.length > 0 ? out : [skip('no search operation answered')];
  },
};
