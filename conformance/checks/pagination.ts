/**
 * Pagination walks (decision §4, §8, §2.1 meta): every operation with `page` and `limit`
 * parameters in the contract is walked with a small `limit` until its end (at most
 * {@link MAX_PAGES} pages): each page holds `limit` items until the last, no item repeats, the
 * pages put together equal one larger page (no gap, stable order), `meta` agrees with the page
 * asked for, the page after the last is empty (200, not an error), and `total` agrees with what
 * was walked.
 */
import { fail, okBody, pass, skip, type Check, type CheckContext, type Verdict } from '../check.js';
import type { OperationId } from '../../contract/index.js';
import type { Exchange } from '../types.js';
import { forEachTarget } from './generated.js';

/** Pages walked at most per operation, the page after the end not counted. */
export const MAX_PAGES = 5;

const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const keyOf = (item: unknown): string => (item && typeof item === 'object' && 'id' in item ? `id:${JSON.stringify((item as { id: unknown }).id)}` : JSON.stringify(item));

async function walk(ctx: CheckContext, operationId: OperationId, path: Record<string, string | number>, base: Record<string, string>, maxLimit: number): Promise<Verdict[]> {
  const out: Verdict[] = [];
  const call = (query: Record<string, string | number>): Promise<Exchange> => ctx.call(operationId, path, { ...base, ...query });
  // One large page first: how many items there are to walk (up to the largest limit).
  const whole = await call({ limit: maxLimit });
  const all = okBody(whole)?.data;
  if (!Array.isArray(all)) return [fail(`limit=${maxLimit} (the largest allowed) gave no list (${whole.error ?? `status ${whole.status}`})`, whole)];
  if (all.length === 0) return [skip('nothing to walk: the list is empty', operationId)];
  const limit = Math.max(1, Math.ceil(all.length / MAX_PAGES));
  const walked: unknown[] = [];
  let page = 1;
  let ended = false;
  for (; page <= MAX_PAGES; page++) {
    const ex = await call({ page, limit });
    const body = okBody(ex);
    const data = body?.data;
    if (!Array.isArray(data)) {
      out.push(fail(`page ${page} with limit=${limit} gave no list (${ex.error ?? `status ${ex.status}`})`, ex));
      return out;
    }
    const meta = body?.meta;
    if (meta && typeof meta === 'object') {
      const current = num(meta.current_page) ?? num(meta.page);
      if (current !== undefined && current !== page) out.push(fail(`page ${page}: meta says page ${current}`, ex, meta.current_page !== undefined ? '/meta/current_page' : '/meta/page', current));
      if (num(meta.per_page) !== undefined && meta.per_page !== limit) out.push(fail(`page ${page}: meta.per_page is ${meta.per_page}, the request asked limit=${limit}`, ex, '/meta/per_page', meta.per_page));
    }
    if (data.length > limit) out.push(fail(`page ${page} holds ${data.length} items with limit=${limit}: the limit is ignored`, ex, '/data', `[${data.length} items]`));
    const seen = new Set(walked.map(keyOf));
    const repeated = data.findIndex((item) => seen.has(keyOf(item)));
    if (repeated >= 0) out.push(fail(`page ${page} repeats an item of an earlier page`, ex, `/data/${repeated}`, data[repeated]));
    walked.push(...data);
    if (data.length < limit) {
      ended = true;
      break;
    }
  }
  const expected = all.slice(0, walked.length);
  const gap = walked.findIndex((item, i) => keyOf(item) !== keyOf(expected[i]));
  if (gap >= 0) out.push(fail(`the pages put together differ from one page of limit=${maxLimit} at item ${gap}: a gap, a repeat, or an unstable order`, whole, `/data/${gap}`, { walked: walked[gap], single: expected[gap] }));
  // The end is known when a page came back short, or when one largest page held the whole list.
  if (ended || (all.length < maxLimit && walked.length >= all.length)) {
    const after = await call({ page: ended ? page + 1 : page, limit });
    const rest = okBody(after)?.data;
    if (!Array.isArray(rest) || rest.length > 0) out.push(fail(`the page after the last answered ${after.status ?? after.error}${Array.isArray(rest) ? ` with ${rest.length} items` : ''}; expected 200 with an empty list`, after));
  }
  const total = num(okBody(whole)?.meta?.total);
  if (total !== undefined && all.length < maxLimit && total !== all.length) out.push(fail(`meta.total is ${total}, but the list holds ${all.length} items`, whole, '/meta/total', total));
  if (out.length === 0) out.push(pass(`walked ${walked.length} items in pages of ${limit}: no repeat, no gap, meta consistent, the page after the end empty`, whole));
  return out;
}

/** Every paged operation walked to its end. */
export const paginationWalk: Check = {
  id: 'pagination-walk',
  level: 'should',
  source: 'production',
  phase: 'pagination',
  requirement: 'production note (Pagination; §4, §8 not shown) and §2.1 meta: page and limit select consecutive, non-overlapping pages in a stable order; the page after the last is empty',
  title: 'paged lists walked to their end (generated from the contract)',
  scenario: (ctx) =>
    forEachTarget(
      ctx,
      async (op, target) => {
        const limit = op.parameters.find((p) => p.in === 'query' && p.name === 'limit');
        const base: Record<string, string> = op.parameters.some((p) => p.in === 'query' && p.name === 'query') ? { query: ctx.options.queries[0] ?? 'nike' } : {};
        const verdicts = await walk(ctx, op.operationId, target.path, base, num(limit?.schema.maximum) ?? 100);
        return verdicts.map((v) => ({ ...v, operation: op.operationId }));
      },
      // The operations the contract gives both `page` and `limit`.
      (op) => ['page', 'limit'].every((name) => op.parameters.some((p) => p.in === 'query' && p.name === name)),
    ),
};
