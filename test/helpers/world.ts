/**
 * The one way tests name products of a mock's data world (issue 14): by marketplace path
 * segment and product index, never by reaching into `core.world`. When the world's shape
 * changes, this file changes and the tests do not.
 */
import type { MockCore } from '../../mocks/index.js';

/** How tests address the products of one marketplace. */
export interface MarketRefs {
  /** The id of product p as written in a URL (A: UUID, B: integer). */
  id(p: number): string;
  /** The slug of product p. */
  slug(p: number): string;
  /** The id of variant v of product p (marketplace A). */
  variantId(p: number, v: number): string;
  /** Products matching a search query, in result order (at most 1000). */
  search(query: string | undefined): number[];
}

/** Product references of a mock (a server or its core), for marketplaces A and B. */
export function refs(m: { core: MockCore } | MockCore): { a: MarketRefs; b: MarketRefs } {
  const world = 'core' in m ? m.core.world : m.world;
  return {
    a: { id: (p) => world.a.uuidOf(p), slug: (p) => world.a.slugOf(p), variantId: (p, v) => world.a.variantUuidOf(p, v), search: (q) => world.searchA(q) },
    b: { id: (p) => String(world.b.idOf(p)), slug: (p) => world.b.slugOf(p), variantId: (p, v) => `${world.b.idOf(p)}-${v}`, search: (q) => world.searchB(q) },
  };
}
