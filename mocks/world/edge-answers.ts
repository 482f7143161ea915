/**
 * Answers at the edges of the schema (issue 24): per request, `Prefer: example=<name>` (Prism's
 * header) or `?__example=<name>` (Prism's query parameter) turns any product into a variant of
 * itself that a page must survive: the longest title, an empty gallery, null wherever the schema
 * allows it, 40 sizes, no sales, no asks, prices with many digits. Each is a change of the
 * product's identity (so sizes, asks, sales and daily series stay consistent across the eight
 * operations) or of its documents only (text, lists, nulls), and every answer stays valid
 * against the contract's schemas (test/mock/edge-answers.test.ts). Data and pure functions only.
 */
import type { Identity } from './identity.js';

/** The edge answers, with what each changes; listed at `/` and `/fixtures`. */
export const EDGE_EXAMPLES = [
  { name: 'longest-title', description: 'a title (A) and name (B) of 255 characters; A primary and secondary titles split it' },
  { name: 'empty-gallery', description: 'no gallery and no 360° gallery (A), no images (B); the main image stays (the schema requires it)' },
  { name: 'nulls', description: 'null wherever the schema allows it: every variant’s prices and identifiers (A), retail_prices (B); an empty short description' },
  { name: 'many-sizes', description: '40 sizes (US 3.5 to 23), each a variant with its asks and sales' },
  { name: 'no-sales', description: 'never sold: empty sales and daily series, weekly_orders 0, every sales count 0' },
  { name: 'no-asks', description: 'nobody asks: every lowest_ask, price and ask count 0, price range 0' },
  { name: 'many-digits', description: 'asks and sales priced from a retail of 9,876,543.21 USD (no answer has a retail field to show it): eight-digit asks and sale amounts, long fractional averages' },
] as const;

/** The name of an edge answer (`longest-title`, ...). */
export type EdgeExample = (typeof EDGE_EXAMPLES)[number]['name'];

/** True when `name` is an edge answer's name (request text is compared, never used as a key). */
export const isEdgeExample = (name: string): name is EdgeExample => EDGE_EXAMPLES.some((e) => e.name === name);

/** Length of the `longest-title` title and name, in UTF-16 code units. */
export const LONGEST_TITLE = 255;
/** The retail price of `many-digits`, USD. */
export const MANY_DIGITS_RETAIL = 9_876_543.21;
/** The 40 US sizes of `many-sizes`: 3.5 to 23 in half sizes. */
export const MANY_SIZES: readonly string[] = Array.from({ length: 40 }, (_, i) => String(3.5 + i / 2));

/** The identity of a product under an edge answer (a copy; the ones that change only documents leave it as it is). */
export function exampleIdentity(id: Identity, example: EdgeExample | undefined): Identity {
  if (example === 'many-sizes') return { ...id, sizeLabels: MANY_SIZES };
  if (example === 'no-sales') return { ...id, edge: 'never-sold' };
  if (example === 'no-asks') return { ...id, edge: 'no-asks' };
  if (example === 'many-digits') return { ...id, retail: MANY_DIGITS_RETAIL };
  return id;
}

/**
 * A title stretched to {@link LONGEST_TITLE} characters with the product's own words (its title,
 * then its colours and a few edition words, repeated), cut at a word and padded to the length.
 */
export function longestTitle(title: string, colors: string): string {
  const words = [...title.split(' '), ...colors.split(/[/ -]+/), 'Limited', 'Friends', 'and', 'Family', 'Special', 'Box', 'Edition'].filter(Boolean);
  let out = title;
  for (let i = 0; out.length < LONGEST_TITLE; i++) out += ` ${words[i % words.length]}`;
  out = out.slice(0, LONGEST_TITLE);
  return out.endsWith(' ') ? `${out.slice(0, -1)}X` : out;
}
