/** The production note ("Errors"): unknown query parameters are ignored, never an error. */
import { fail, okData, pass, skip, unusable, type Check, type Verdict } from '../check.js';

/** A query parameter no operation of the contract declares (sent with the value `1`). */
export const UNKNOWN_PARAMETER = 'resale_kit_unknown';

/**
 * A search (A1, B1) and a lookup (A2, B2) of a discovered product, each sent again with one
 * parameter the contract does not declare: the answer is 200 as without it, with the same
 * number of results (search) or the same product (lookup). Should (production note).
 */
export const unknownParametersIgnored: Check = {
  id: 'unknown-parameters-ignored',
  level: 'should',
  source: 'production',
  requirement: 'production note (Errors): unknown query parameters are ignored, never an error',
  title: 'a query parameter the contract does not declare is ignored',
  scenario: async (ctx) => {
    const d = await ctx.discover();
    const out: Verdict[] = [];
    const extra = { [UNKNOWN_PARAMETER]: '1' };
    const terms = ctx.options.queries.slice(0, 1);
    for (const [search, lookup, mk] of [
      ['searchMarketAProducts', 'getMarketAProduct', 'a'],
      ['searchMarketBProducts', 'getMarketBProduct', 'b'],
    ] as const) {
      if (ctx.claims && !ctx.claims(search) && !ctx.claims(lookup)) continue;
      for (const query of terms) {
        if (ctx.claims && !ctx.claims(search)) break;
        const plain = await ctx.call(search, {}, { query });
        const plainData = okData(plain);
        if (!Array.isArray(plainData)) continue; // judged by the search checks
        const ex = await ctx.call(search, {}, { query, ...extra });
        if (ex.status === undefined) continue; // no answer: judged by `transport`
        const data = okData(ex);
        out.push(
          ex.status !== 200 || !Array.isArray(data)
            ? fail(`${search} with ?${UNKNOWN_PARAMETER}=1 answered ${ex.status} (without it: 200): unknown query parameters are ignored in production`, ex, undefined, undefined, search)
            : data.length !== plainData.length
              ? fail(`${search} with ?${UNKNOWN_PARAMETER}=1 gave ${data.length} results, without it ${plainData.length}`, ex, '/data', undefined, search)
              : pass(`${search} ignored ?${UNKNOWN_PARAMETER}=1`, ex, search),
        );
      }
      const product = mk === 'a' ? d.a[0] : d.b[0];
      if (!product || (ctx.claims && !ctx.claims(lookup))) continue;
      const ex = await ctx.call(lookup, { id_or_slug: product.id }, extra);
      if (ex.status === undefined) continue;
      const data = okData(ex) as { id?: unknown } | undefined;
      out.push(
        ex.status !== 200
          ? fail(`${lookup} with ?${UNKNOWN_PARAMETER}=1 answered ${ex.status}: unknown query parameters are ignored in production`, ex, undefined, undefined, lookup)
          : data?.id !== product.id
            ? unusable(ex, `${lookup} with ?${UNKNOWN_PARAMETER}=1`)
            : pass(`${lookup} ignored ?${UNKNOWN_PARAMETER}=1`, ex, lookup),
      );
    }
    return out.length > 0 ? out : [skip('no search or lookup answered 200 to compare with')];
  },
};
