/** Out-of-range parameters are a 422 (decision: §8 limits "not shown"; production behaviour). */
import { fail, pass, skip, type Check, type Verdict } from '../check.js';
import type { Exchange } from '../types.js';

/** `limit` and `page` outside their bounds get 422 problem details. */
export const badParameters: Check = {
  id: 'bad-parameters-422',
  level: 'should',
  source: 'production',
  requirement: 'production note (Errors, Pagination; §8 not shown): page from 1; limit 1-100 (daily 1-365); out of range is a 422',
  title: 'out-of-range page and limit are 422',
  scenario: async (ctx) => {
    const judge = (ex: Exchange, what: string): Verdict => (ex.status === 422 ? pass(`${what}: 422`, ex) : fail(`${what} answered ${ex.status ?? ex.error}; expected 422`, ex));
    const query = ctx.options.queries[0] ?? 'nike';
    const out: Verdict[] = [
      judge(await ctx.call('searchMarketAProducts', {}, { query, limit: 0 }), 'limit=0'),
      judge(await ctx.call('searchMarketAProducts', {}, { query, limit: 1000 }), 'limit=1000'),
      judge(await ctx.call('searchMarketBProducts', {}, { query, page: 0 }), 'page=0'),
    ];
    const d = await ctx.discover();
    if (d.a[0]) out.push(judge(await ctx.call('listMarketAProductSales', { id_or_slug: d.a[0].id }, { limit: 1000 }), 'sales limit=1000'));
    else out.push(skip(d.notes.a ?? 'no marketplace A product', 'listMarketAProductSales'));
    return out;
  },
};
