/** Premium operations (§1, §5): open to an entitled key, closed to others (decision: 401/403). */
import { fail, pass, skip, type Check, type CheckContext, type Verdict } from '../check.js';
import type { Auth } from '../client.js';
import { foundOn, productPath } from '../operations.js';
import type { Exchange } from '../types.js';

/**
 * Every premium operation of the contract (`x-premium`, §5), called for a discovered product of
 * its marketplace (the one with sales, else the first) with the given credentials.
 */
async function premiumCalls(ctx: CheckContext, auth: Auth): Promise<(Exchange | Verdict)[]> {
  const d = await ctx.discover();
  const out: (Exchange | Verdict)[] = [];
  for (const op of ctx.validator.operations.filter((o) => o.premium)) {
    const found = foundOn(d, op.marketplace);
    const product = found.withSales ?? found.all[0];
    if (product) out.push(await ctx.call(op.operationId, productPath(op, product.id), {}, auth));
    else out.push(skip(found.note ?? `no ${op.marketplace} product`, op.operationId));
  }
  return out;
}

const isVerdict = (x: Exchange | Verdict): x is Verdict => 'outcome' in x;

/** The premium operations answer 200 for the entitled key. */
export const premiumEntitled: Check = {
  id: 'premium-entitled',
  level: 'must',
  requirement: '§1, §5: per-sale history and daily sales (A3, A4, B3, B4) are premium features available to an entitled caller',
  title: 'premium operations work for the entitled key',
  scenario: async (ctx) => {
    // The premium operations as the contract marks them (`x-premium`).
    if (!ctx.options.apiKey) return ctx.validator.operations.filter((op) => op.premium).map((op) => skip('needs --api-key (a paid key) to call the premium operations', op.operationId));
    return (await premiumCalls(ctx, 'main')).map((x) => (isVerdict(x) ? x : x.status === 200 ? pass('200 for the entitled key', x) : fail(`answered ${x.status ?? x.error} to the entitled key; expected 200`, x)));
  },
};

/** Without a key: 401; with a key that is not entitled: 403 (contract decision). */
export const authRequired: Check = {
  id: 'auth-required',
  level: 'should',
  requirement: 'decision §5: a missing or unknown key gets 401; a key whose tier may not call a premium operation gets 403',
  title: '401 without a key, 403 for a key that is not entitled',
  scenario: async (ctx) => {
    const out: Verdict[] = [];
    const search = await ctx.call('searchMarketAProducts', {}, { query: ctx.options.queries[0] ?? 'nike' }, 'none');
    out.push(search.status === 401 ? pass('401 without a key', search) : fail(`answered ${search.status ?? search.error} without a key; expected 401`, search));
    for (const x of await premiumCalls(ctx, 'none')) {
      if (isVerdict(x)) out.push(x);
      else out.push(x.status === 401 ? pass('401 without a key', x) : fail(`answered ${x.status ?? x.error} without a key; expected 401`, x));
    }
    if (!ctx.options.freeKey) {
      out.push(skip('the 403 half needs --free-key', ctx.validator.operations.find((o) => o.premium)?.operationId));
      return out;
    }
    for (const x of await premiumCalls(ctx, 'free')) {
      if (isVerdict(x)) out.push(x);
      else out.push(x.status === 403 ? pass('403 for the free key', x) : fail(`answered ${x.status ?? x.error} to a key that is not entitled; expected 403`, x));
    }
    return out;
  },
};
