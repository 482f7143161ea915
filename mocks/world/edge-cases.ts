/**
 * Edge cases a front end must handle, present in every world and findable in one request
 * (issue 13): the catalog reserves the last products of each marketplace for them, and the mock
 * lists them at `GET /fixtures`. Data only: what each case is and what it changes.
 */

/** The edge cases, in the order their products are reserved (from the last product back). */
export const EDGE_CASES = [
  { name: 'upcoming', description: 'releases after the clock: upcoming true, no sales yet, asks may exist' },
  { name: 'no-asks', description: 'nobody asks for any size: every lowest_ask 0, total_asks 0; min/max/avg price 0' },
  { name: 'never-sold', description: 'released, with asks, but no sale ever: empty sales and daily series, weekly_orders 0' },
  { name: 'one-size', description: 'a collectible in one size (OS) only' },
  { name: 'sold-out-sizes', description: 'every other size has no ask (lowest_ask 0), beside sizes that have asks' },
  { name: 'hidden-variants', description: 'a third of its variants are hidden (hidden true)' },
  { name: 'long-title', description: 'a title of 90 to 100 characters, the longest a storefront shows (real titles stay within 100)' },
  { name: 'non-ascii-title', description: 'a title with non-ASCII letters (Pokémon, Japanese)' },
] as const;

/** The name of an edge case (`upcoming`, `no-asks`, ...). */
export type EdgeCase = (typeof EDGE_CASES)[number]['name'];

/** The long colourway nickname of the `long-title` product. */
export const LONG_NICKNAME = 'Harbour Fog Sail Muslin Military Blue Reverse Suede Friends and Family';

/**
 * The edge case reserved for product index p of a catalog of `size` products per marketplace,
 * or undefined. Catalogs of fewer than 4 × {@link EDGE_CASES} products reserve none.
 */
export function edgeCaseOf(p: number, size: number): EdgeCase | undefined {
  if (size < 4 * EDGE_CASES.length) return undefined;
  const i = size - 1 - p;
  return i >= 0 && i < EDGE_CASES.length ? EDGE_CASES[i]?.name : undefined;
}

/** The product index reserved for an edge case, or undefined when the catalog is too small. */
export function edgeCaseProduct(name: EdgeCase, size: number): number | undefined {
  if (size < 4 * EDGE_CASES.length) return undefined;
  return size - 1 - EDGE_CASES.findIndex((e) => e.name === name);
}
