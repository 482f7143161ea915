/**
 * Marketplaces as values: one profile per marketplace of the contract (its path segment), with
 * everything the data world does differently for it. The world, the core and the images read
 * these; adding a marketplace is a profile here, its projection (like `market-a.ts`), its
 * handlers (mocks/http/operations.ts, which `tsc` asks for) and its paths in `openapi.yaml`.
 */

/** What the data world does differently per marketplace. */
export interface MarketplaceProfile {
  /** The path segment of its operations in the contract (`/v3/<segment>/products`). */
  segment: string;
  /**
   * The marketplace's number in every seeded draw made for it (sales, asks). Fixed forever
   * once published: changing it changes every document of the marketplace.
   */
  stream: number;
  /** How products are identified (§1): UUID strings or integers. */
  ids: 'uuid' | 'integer';
  /**
   * Which catalog items it lists: `all` (every item), or `shared-and-own` (the items it shares
   * with the first marketplace, {@link SHARED_SHARE} of them, plus items of its own).
   */
  listing: 'all' | 'shared-and-own';
  /** Share of a catalog item's demand (sales volume) it gets, 0 to 1. */
  demandShare: number;
  /** Share of its sales that are accepted offers (§2.8 `type: offer`), 7 % under the ask. */
  offerShare: number;
  /**
   * The market a request without a market parameter gets (production: the US market), written
   * on variants (§2.3, §2.7 `market`), and its currency: the currency follows the market
   * (shared/notes/production-behaviour.md), so every price and sale of the US market is in USD.
   */
  market: { code: string; currency: string };
  /** The model line's name its titles start with (§2.2 `title`, §2.6 `name`): what an exact title match is measured against. */
  titleStem: 'primaryTitle' | 'nameB';
}

/** The US market, priced in USD: what both marketplaces answer when no market is asked for. */
const US_MARKET = { code: 'US', currency: 'USD' };

/** Marketplace A (§4.1): UUID ids, every catalog item, the US market. */
export const MARKET_A: MarketplaceProfile = { segment: 'market_a', stream: 0, ids: 'uuid', listing: 'all', demandShare: 1, offerShare: 0, market: US_MARKET, titleStem: 'primaryTitle' };

/** Marketplace B (§4.2): integer ids, most items shared with A plus its own, less demand, offers, the US market. */
export const MARKET_B: MarketplaceProfile = { segment: 'market_b', stream: 1, ids: 'integer', listing: 'shared-and-own', demandShare: 0.45, offerShare: 0.14, market: US_MARKET, titleStem: 'nameB' };

/** Every marketplace, in contract order. */
export const MARKETPLACES: readonly MarketplaceProfile[] = [MARKET_A, MARKET_B];

/** The profile of a path segment (request text is compared, never used as a key), or undefined. */
export function profileOf(segment: string): MarketplaceProfile | undefined {
  return MARKETPLACES.find((m) => m.segment === segment);
}
