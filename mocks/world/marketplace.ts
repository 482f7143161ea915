/**
 * What both marketplace projections share: the catalog, their index into it, the origin of
 * their image URLs, their size, and the identity of each product.
 */
import type { Catalog, MarketIndex } from './catalog.js';
import type { DefinedMarket, DefinedProduct } from './defined.js';
import type { Identity } from './identity.js';
import type { MarketplaceProfile } from './profiles.js';

/** Where the world's URLs point: read at every request, so a server can set it once it knows its port. */
export interface Origin {
  url: string;
}

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

  /** Product index of a catalog key on this marketplace, or undefined when the item is not listed here. */
  productOfKey(key: number): number | undefined {
    return this.index.productOf(key);
  }

  /** Number of products. */
  get size(): number {
    return this.index.size;
  }

  /** The catalog identity (model line, colourway, ...) of product p. */
  identity(p: number): Identity {
    return this.catalog.identity(this.index.keyOf(p));
  }

  /** The data file's definition of product p and what it gives on this marketplace, or undefined for a drawn product. */
  definition(p: number): { product: DefinedProduct; market: DefinedMarket | undefined } | undefined {
    return this.catalog.definitionOf(this.index.keyOf(p), this.profile.segment);
  }

  /** A field a data file gives for product p on this marketplace, or undefined. */
  protected given(p: number, field: string): unknown {
    const fields = this.definition(p)?.market?.fields;
    return fields && Object.hasOwn(fields, field) ? fields[field] : undefined;
  }

  private lookups: Map<string, number> | undefined;

  /**
   * Product index of an id or slug a data file gives, or of a defined product's derived id or
   * slug (derived ones of other products resolve without a table). Built on first use.
   * @param keys the ids and slug of product p as this marketplace writes them.
   */
  protected definedLookup(text: string, keys: (p: number) => string[]): number | undefined {
    if (!this.catalog.hasDefinitions) return undefined;
    if (!this.lookups) {
      this.lookups = new Map();
      for (const key of this.catalog.definedKeys()) {
        const p = this.index.productOf(key);
        if (p !== undefined) for (const k of keys(p)) this.lookups.set(k, p);
      }
    }
    return this.lookups.get(text);
  }
}
