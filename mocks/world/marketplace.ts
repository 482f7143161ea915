/**
 * What both marketplace projections share: the catalog, their index into it, the origin of
 * their image URLs, their size, and the identity of each product.
 */
import type { Catalog, MarketIndex } from './catalog.js';
import type { Identity } from './identity.js';
import type { MarketplaceProfile } from './profiles.js';
import type { Origin } from './world.js';

/** Base of MarketA and MarketB. */
export abstract class Marketplace {
  protected readonly catalog: Catalog;
  protected readonly index: MarketIndex;
  protected readonly origin: Origin;

  constructor(catalog: Catalog, index: MarketIndex, origin: Origin) {
    this.catalog = catalog;
    this.index = index;
    this.origin = origin;
  }

  /** The marketplace's profile (path segment, ids, listing, demand, offers, currency). */
  get profile(): MarketplaceProfile {
    return this.index.profile;
  }

  /**
   * Resolves a path's product id or slug to a product index, or undefined when no product of
   * this marketplace has it.
   */
  abstract resolve(idOrSlug: string): number | undefined;

  /** Number of products. */
  get size(): number {
    return this.index.size;
  }

  /** The catalog identity (model line, colourway, ...) of product p. */
  identity(p: number): Identity {
    return this.catalog.identity(this.index.keyOf(p));
  }
}
