/**
 * Type tests for generated/api.ts. `expectTypeOf` is checked by `tsc --noEmit` (part of
 * `npm test`); a wrong generated type fails the compile, and vitest also runs the file.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { components, operations, paths } from '../../generated/api.js';

type S = components['schemas'];

describe('generated types', () => {
  it('marketplace A ids are strings, marketplace B ids numbers', () => {
    expectTypeOf<S['MarketAProduct']['id']>().toEqualTypeOf<string>();
    expectTypeOf<S['MarketBProduct']['id']>().toEqualTypeOf<number>();
    expectTypeOf<S['MarketASale']['variant_id']>().toEqualTypeOf<string>();
    expectTypeOf<S['MarketBSale']['product_id']>().toEqualTypeOf<number>();
  });

  it('encodes presence and nullability of section 2', () => {
    expectTypeOf<S['MarketAProduct']['variants']>().toEqualTypeOf<S['MarketAVariant'][] | undefined>();
    expectTypeOf<S['MarketAVariant']['prices']>().toEqualTypeOf<S['MarketAPrice'][] | null>();
    expectTypeOf<S['MarketAVariant']['identifiers']>().toEqualTypeOf<S['MarketAIdentifier'][] | null>();
    expectTypeOf<S['MarketAProductResponse']['meta']>().toEqualTypeOf<null>();
    expectTypeOf<S['MarketBProductResponse']['meta']>().toEqualTypeOf<null>();
    // No meta on A3 (absent; a null meta is tolerated, the one form every generator reads).
    expectTypeOf<S['MarketASalesResponse']['meta']>().toEqualTypeOf<null | undefined>();
    expectTypeOf<S['MarketASearchMeta']>().toEqualTypeOf<{ current_page: number; per_page: number; total: number }>();
    expectTypeOf<S['MarketBSalesMeta']>().toEqualTypeOf<{ page: number; per_page: number }>();
    expectTypeOf<S['MarketAPrice']['type']>().toEqualTypeOf<'standard' | 'express_standard' | 'express_expedited'>();
    expectTypeOf<S['MarketBSale']['type']>().toEqualTypeOf<'PURCHASE_TYPE_SALE' | 'PURCHASE_TYPE_OFFER_CLOSED'>();
  });

  it('has the display flags, variant_id and the numeric B3 id as parameters', () => {
    type A2Query = NonNullable<operations['getMarketAProduct']['parameters']['query']>;
    expectTypeOf<A2Query['display[variants]']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<A2Query['display[identifiers]']>().toEqualTypeOf<boolean | undefined>();
    type A3Query = NonNullable<operations['listMarketAProductSales']['parameters']['query']>;
    expectTypeOf<A3Query['variant_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<operations['listMarketBProductSales']['parameters']['path']['id']>().toEqualTypeOf<number>();
    expectTypeOf<paths['/v3/market_b/products/{id}/sales']['get']>().toEqualTypeOf<operations['listMarketBProductSales']>();
  });

  it('rejects misuse at compile time', () => {
    // @ts-expect-error marketplace B ids are numbers, not strings
    const wrong: S['MarketBProduct']['id'] = '1018367';
    // @ts-expect-error not a price type of §2.3
    const price: S['MarketAPrice']['type'] = 'overnight';
    expectTypeOf(wrong).not.toBeString();
    expectTypeOf(price).not.toBeNumber();
  });
});
