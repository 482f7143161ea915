/**
 * Coverage of the API description by the checks: every field table (§2.x), every endpoint
 * row (§4.1, §4.2 tables), every numbered rule (§4.1, §4.2) and the §1, §5, §9 statements,
 * each mapped to the check ids that enforce it, or to the reason no check can.
 * `test/conformance/requirements.test.ts` derives the list of rules from the description text
 * itself and fails when one has no entry here, when an entry names an unknown check, or when a
 * must-level check enforces no listed rule.
 */

/** One rule of the description and what enforces it. */
export interface RequirementCoverage {
  /** The rule's place: `§2.3`, `§4.1 A2 rule 1`, `§4.2 rule 3`, `§4.1 A1`. */
  id: string;
  /** The rule in a few words. */
  text: string;
  /** Check ids (registry keys) that enforce it; empty only with a `reason`. */
  checks: readonly string[];
  /** Why no check can enforce it (the description says "not shown", or it states nothing testable). */
  reason?: string;
}

/** Every rule of the description, in its order. */
export const REQUIREMENTS: readonly RequirementCoverage[] = [
  { id: '§1', text: 'a read-only JSON API over two marketplaces; search, lookup, variants, prices, identifiers, sales', checks: ['envelope-data', 'content-type', 'premium-entitled', 'search-relevance'] },
  { id: '§2.1', text: 'envelope: $schema (URL), data (object or array), meta (null on lookups, page objects on A1 and B3)', checks: ['envelope-data', 'envelope-schema-url', 'envelope-meta', 'response-schema'] },
  { id: '§2.2', text: 'marketplace A product fields; variants only with display[variants]', checks: ['response-schema', 'id-types', 'a2-no-variants-without-flag', 'search-matches-lookup', 'json-fidelity'] },
  { id: '§2.3', text: 'marketplace A variant fields; identifiers only when entitled, prices only with the flag', checks: ['response-schema', 'a2-prices-flag', 'a2-identifiers-flag', 'identifiers-not-entitled'] },
  { id: '§2.4', text: 'marketplace A sale: product_id, variant_id, amount, created_at', checks: ['response-schema', 'sale-belongs'] },
  { id: '§2.5', text: 'marketplace A daily aggregate: one UTC day, orders, avg_amount', checks: ['response-schema', 'daily-one-per-day', 'daily-matches-sales'] },
  { id: '§2.6', text: 'marketplace B product fields; images and variants null in search, filled in lookups', checks: ['response-schema', 'id-types', 'b2-variants', 'search-matches-lookup', 'json-fidelity'] },
  { id: '§2.7', text: 'marketplace B variant fields', checks: ['response-schema', 'b2-variants'] },
  { id: '§2.8', text: 'marketplace B sale: type is one of two values, size_us, currency, amount, location, purchased_at', checks: ['response-schema', 'b3-sale-type', 'sale-belongs'] },
  { id: '§2.9', text: 'marketplace B daily aggregate: one UTC day, orders, avg_amount', checks: ['response-schema', 'daily-one-per-day', 'daily-matches-sales'] },
  { id: '§4.1 A1', text: 'A search by SKU, name or brand; relevance then popularity; meta {current_page, per_page, total}', checks: ['search-relevance', 'envelope-meta', 'search-pagination'] },
  { id: '§4.1 A2', text: 'A lookup by id or slug with the display flags; meta null', checks: ['lookup-slug-id-same', 'envelope-meta', 'a2-variants-flag'] },
  { id: '§4.1 A3', text: 'A per-sale history (premium), optional variant_id', checks: ['premium-entitled', 'a3-all-variants', 'a3-variant-filter'] },
  { id: '§4.1 A4', text: 'A daily series (premium)', checks: ['premium-entitled', 'daily-one-per-day'] },
  { id: '§4.1 A2 rule 1', text: 'display[variants]=true adds a variants array', checks: ['a2-variants-flag'] },
  { id: '§4.1 A2 rule 2', text: "display[prices]=true fills each returned variant's prices", checks: ['a2-prices-flag'] },
  { id: '§4.1 A2 rule 3', text: 'display[identifiers]=true fills identifiers, for paying users only', checks: ['a2-identifiers-flag', 'identifiers-not-entitled'] },
  { id: '§4.1 A2 rule 4', text: 'without the flags the product has no variants field', checks: ['a2-no-variants-without-flag'] },
  { id: '§4.1 A3 rule 1', text: 'without variant_id, sales of all variants', checks: ['a3-all-variants'] },
  { id: '§4.1 A3 rule 2', text: "with variant_id, only that variant's sales", checks: ['a3-variant-filter'] },
  { id: '§4.1 A3 rule 3', text: 'samples list records newest first; the guarantee is not shown', checks: ['sales-newest-first'] },
  { id: '§4.1 A4 rule', text: 'each element covers one calendar day (UTC); samples newest first', checks: ['daily-one-per-day', 'daily-newest-first'] },
  { id: '§4.2 B1', text: 'B search; images, retail_prices, variants null; relevance then popularity', checks: ['search-relevance', 'response-schema'] },
  { id: '§4.2 B2', text: 'B lookup by id or slug, with variants and images; meta null', checks: ['b2-variants', 'lookup-slug-id-same', 'envelope-meta'] },
  { id: '§4.2 B3', text: 'B per-sale history (premium) by numeric id; meta {page, per_page}', checks: ['premium-entitled', 'envelope-meta', 'b3-pagination'] },
  { id: '§4.2 B4', text: 'B daily series (premium) by id or slug', checks: ['premium-entitled', 'b4-id-or-slug', 'daily-one-per-day'] },
  { id: '§4.2 rule 1', text: 'B3 takes the numeric id; B4 takes an id or a slug', checks: ['b4-id-or-slug', 'b3-numeric-id'] },
  { id: '§4.2 rule 2', text: 'each B3 record carries one of the two types of §2.8', checks: ['b3-sale-type'] },
  { id: '§4.2 rule 3', text: 'B4 elements cover one UTC day each, newest first in the sample', checks: ['daily-one-per-day', 'daily-newest-first'] },
  { id: '§5', text: 'A3, A4, B3, B4 and display[identifiers] are for paying callers', checks: ['premium-entitled', 'identifiers-not-entitled', 'auth-required'] },
  { id: '§9', text: 'every endpoint path begins with /v3/', checks: [], reason: "the suite calls only the contract's /v3/ paths, so a server without them fails every check that makes a request; there is nothing further to judge" },
];
