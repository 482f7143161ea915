/**
 * What discovery finds (plain data): the products a run found on each marketplace of the
 * contract (§1: "A product must be looked up first"). Checks read it through
 * `CheckContext.discover()`; discovery itself is conformance/discovery.ts.
 */
import type { Exchange } from './types.js';

/** A discovered marketplace A product. */
export interface FoundA {
  id: string;
  slug: string;
  sku: string;
  /** A2 without display flags. */
  doc: Record<string, any>;
  /** Variants from A2 with `display[variants]=true` (empty when that failed). */
  variants: Record<string, any>[];
  /** Its A3 first page (limit 100). */
  sales?: Exchange;
}

/** A discovered marketplace B product. */
export interface FoundB {
  id: number;
  slug: string;
  sku: string;
  /** B2 document. */
  doc: Record<string, any>;
  /** Its variants, from B2. */
  variants: Record<string, any>[];
  /** Its B3 first page (limit 100). */
  sales?: Exchange;
}

/** What discovery found, and why not when it did not. */
export interface Discovery {
  /** Per marketplace of the contract, by path segment. */
  markets: ReadonlyMap<string, MarketFound>;
  /** Views of `markets` for the checks of marketplace A's and B's own rules (§4.1, §4.2). */
  a: FoundA[];
  b: FoundB[];
  /** The A product with the most sales on its first page (at least 2), if any. */
  aSales?: FoundA;
  bSales?: FoundB;
  /** Why a marketplace has no products, for skip messages. */
  notes: { a?: string; b?: string };
}

/** A discovered product of any marketplace (what {@link FoundA} and {@link FoundB} share). */
export type Found = FoundA | FoundB;

/** What discovery found on one marketplace of the contract. */
export interface MarketFound {
  /** The marketplace's path segment (`market_a`). */
  marketplace: string;
  /** Up to 3 products that could be looked up. */
  products: Found[];
  /** The product with the most sales on its first page (at least 2), if any. */
  withSales?: Found;
  /** Why there are no products, for skip messages. */
  note?: string;
}
