/**
 * Coverage of the API description by the checks: every field table (§2.x), every endpoint
 * row (§4.1, §4.2 tables), every numbered rule (§4.1, §4.2) and the §1, §5, §9 statements,
 * each mapped to the check ids that enforce it, or to the reason no check can.
 * `test/conformance/requirements.test.ts` derives the list of rules from the description text
 * itself and fails when one has no entry here, when an entry names an unknown check, or when a
 * must-level check enforces no listed rule.
 *
 * Each entry also says where the rule comes from (`source`) and so the level of its checks
 * (`level`, from `LEVEL_OF_SOURCE`): the description's rules are must; the production notes
 * and HTTP/JSON practice should (as are what the description shows only in samples); this kit's
 * decisions info. The test fails when a check's level disagrees with the source of a rule it enforces.
 */
import { LEVEL_OF_SOURCE, type Source } from './provenance.js';
import type { Level } from './types.js';

/** One rule (of the description, the production notes, practice or this kit) and what enforces it. */
export interface RequirementCoverage {
  /** The rule's place: `§2.3`, `§4.1 A2 rule 1`, `§4.2 rule 3`, `§4.1 A1`; `note: …`, `practice: …`, `samples: …`, `decision: …` for the others. */
  id: string;
  /** The rule in a few words. */
  text: string;
  /** Where the rule comes from. */
  source: Source;
  /** The level its checks report at (`LEVEL_OF_SOURCE[source]`). */
  level: Level;
  /** Check ids (registry keys) that enforce it; empty only with a `reason`. */
  checks: readonly string[];
  /** Why no check can enforce it (the description says "not shown", or it states nothing testable). */
  reason?: string;
}

type Entry = Omit<RequirementCoverage, 'level'>;
const rule = (e: Entry): RequirementCoverage => ({ ...e, level: LEVEL_OF_SOURCE[e.source] });
const D: Source = 'description';

/** Every rule, the description's in its order, then the production notes, practice, samples and decisions. */
export const REQUIREMENTS: readonly RequirementCoverage[] = [
  {
    id: '§1',
    source: D,
    text: 'a read-only JSON API over two marketplaces; $schema names the response schema; premium features',
    checks: ['envelope-data', 'empty-lists-are-envelopes', 'content-type', 'premium-entitled', 'envelope-schema-names'],
  },
  { id: '§1 search terms', source: D, text: 'Product search is by SKU, name, brand and similar terms', checks: ['search-by-sku-name-brand'] },
  { id: '§1 read-only', source: D, text: 'The service is read-only (GET only); §4: all endpoints use GET', checks: ['read-only-methods'] },
  {
    id: '§2.1',
    source: D,
    text: 'envelope: $schema (URL, optional, names the schema), data (object or array), meta (null on lookups, page objects on A1 and B3)',
    checks: ['envelope-data', 'envelope-schema-url', 'envelope-schema-names', 'envelope-meta', 'response-schema'],
  },
  {
    id: '§2.2',
    source: D,
    text: 'marketplace A product fields, timestamps ISO 8601 UTC; variants only with display[variants]; min_price <= avg_price <= max_price',
    checks: ['response-schema', 'id-types', 'a2-no-variants-without-flag', 'price-summary-order'],
  },
  {
    id: '§2.3',
    source: D,
    text: 'marketplace A variant fields; each variant its own id; sizes the same size in several systems, each typed as its label says; 15/30/60-day counts nest and hold no more than the A3 sales of their windows; identifiers only when entitled, prices only with the flag',
    checks: ['response-schema', 'variant-ids-unique', 'size-labels', 'a2-prices-flag', 'a2-identifiers-flag', 'identifiers-not-entitled', 'variant-sizes-agree', 'variant-sales-counts', 'sales-counts-within-history'],
  },
  { id: '§2.4', source: D, text: 'marketplace A sale: product_id, variant_id, amount, created_at (UTC)', checks: ['response-schema'] },
  { id: '§2.5', source: D, text: 'marketplace A daily aggregate: one UTC day, orders, avg_amount', checks: ['response-schema', 'daily-one-per-day', 'daily-matches-sales'] },
  {
    id: '§2.6',
    source: D,
    text: 'marketplace B product fields; release_date_year the year of release_date; a size value its presentation as a number; images and variants null in search, filled in lookups',
    checks: ['response-schema', 'id-types', 'b-release-year', 'b-size-numbers', 'b2-variants'],
  },
  { id: '§2.7', source: D, text: "marketplace B variant fields; product_id is the product's", checks: ['response-schema', 'b2-variants'] },
  { id: '§2.8', source: D, text: 'marketplace B sale: type is one of two values, size_us, currency, amount, location, purchased_at', checks: ['response-schema', 'b3-sale-type', 'b3-sale-location'] },
  { id: '§2.9', source: D, text: 'marketplace B daily aggregate: one UTC day, orders, avg_amount', checks: ['response-schema', 'daily-one-per-day', 'daily-matches-sales'] },
  { id: '§4.1 A1', source: D, text: 'A search by SKU, name or brand; meta {current_page, per_page, total}', checks: ['envelope-meta', 'response-schema'] },
  { id: '§4.1 A2', source: D, text: 'A lookup by id or slug (exactly) with the display flags; meta null', checks: ['lookup-slug-id-same', 'slug-addressed-same', 'lookup-exact-identity', 'envelope-meta', 'a2-variants-flag'] },
  { id: '§4.1 A3', source: D, text: 'A per-sale history (premium), optional variant_id (by id or slug alike)', checks: ['premium-entitled', 'a3-all-variants', 'a3-variant-filter', 'slug-addressed-same'] },
  { id: '§4.1 A4', source: D, text: 'A daily series (premium)', checks: ['premium-entitled', 'daily-one-per-day'] },
  { id: '§4.1 A2 rule 1', source: D, text: 'display[variants]=true adds a variants array', checks: ['a2-variants-flag'] },
  { id: '§4.1 A2 rule 2', source: D, text: "display[prices]=true fills each returned variant's prices", checks: ['a2-prices-flag'] },
  { id: '§4.1 A2 rule 3', source: D, text: 'display[identifiers]=true fills identifiers, for paying users only (every flag combination, every tier)', checks: ['a2-identifiers-flag', 'identifiers-not-entitled'] },
  { id: '§4.1 A2 rule 4', source: D, text: 'without the flags the product has no variants field', checks: ['a2-no-variants-without-flag'] },
  { id: '§4.1 A2 rules 1-4, every order', source: D, text: 'the rules hold for the three flags in every order and combination, for both tiers', checks: ['display-flag-combinations'] },
  { id: '§4.1 A3 rule 1', source: D, text: 'without variant_id, sales of all variants', checks: ['a3-all-variants'] },
  { id: '§4.1 A3 rule 2', source: D, text: "with variant_id, only that variant's sales (every page; none for another product's variant)", checks: ['a3-variant-filter'] },
  { id: '§4.1 A3 rule 3', source: 'samples', text: 'samples list records newest first; the guarantee is not shown', checks: ['sales-newest-first'] },
  { id: '§4.1 A4 rule', source: D, text: 'each element covers one calendar day (UTC): its orders and avg_amount follow from the sales of that UTC day', checks: ['daily-one-per-day', 'daily-matches-sales'] },
  { id: '§4.2 B1', source: D, text: 'B search; images, retail_prices, variants null', checks: ['response-schema'] },
  { id: '§4.2 B2', source: D, text: 'B lookup by id or slug (exactly), with variants and images; meta null', checks: ['b2-variants', 'lookup-slug-id-same', 'lookup-exact-identity', 'envelope-meta'] },
  { id: '§4.2 B3', source: D, text: 'B per-sale history (premium) by numeric id; meta {page, per_page}', checks: ['premium-entitled', 'envelope-meta'] },
  { id: '§4.2 B4', source: D, text: 'B daily series (premium) by id or slug', checks: ['premium-entitled', 'b4-id-or-slug', 'daily-one-per-day'] },
  { id: '§4.2 rule 1', source: D, text: 'B3 takes the numeric id; B4 takes an id or a slug', checks: ['b4-id-or-slug'] },
  { id: '§4.2 rule 2', source: D, text: 'each B3 record carries one of the two types of §2.8', checks: ['b3-sale-type'] },
  { id: '§4.2 rule 3', source: D, text: 'B4 elements cover one UTC day each: orders and avg_amount follow from that UTC day', checks: ['daily-one-per-day', 'daily-matches-sales'] },
  {
    id: '§5',
    source: D,
    text: 'A3, A4, B3, B4 and display[identifiers] are for paying callers (never answered 2xx to others); everything else answers every tier',
    checks: ['premium-entitled', 'premium-not-entitled', 'identifiers-not-entitled', 'free-tier-open'],
  },
  {
    id: '§9',
    source: D,
    text: 'every endpoint path begins with /v3/',
    checks: ['versioned-paths'],
  },
  // Production notes (shared/notes/production-behaviour.md): should.
  { id: 'note: credentials', source: 'production', text: 'Authorization: <key> and Authorization: Bearer <key> both work; 401 without a valid key, 403 for a tier that may not', checks: ['auth-forms', 'auth-required'] },
  { id: 'note: key headers', source: 'production', text: 'every response carries X-Key-Type and X-Quota-Current', checks: ['key-type-headers'] },
  {
    id: 'note: values seen (ranks, SKUs, purchase types, adidas EU sizes)',
    source: 'production',
    text: 'ranks run from 1 (the most popular), and search pages (§1: ordered by relevance and popularity) do not run least popular first; marketplace A writes a style code DD1391-100, B DD1391 100; buy-now sales are the large majority of B3 records; adidas EU sizes have thirds, Nike and Jordan sizes follow the Nike chart; weekly_orders up to a few thousand',
    checks: ['rank-from-one', 'search-popularity-order', 'weekly-orders-range', 'sku-spelling', 'buy-now-majority', 'adidas-eu-thirds', 'nike-size-chart'],
  },
  {
    id: 'note: errors',
    source: 'production',
    text: 'errors are RFC 9457 problem details; an unknown product is 404 (Product not found); a missing or unknown key 401 (Invalid key); out-of-range parameters and a non-numeric id where a number is required 422 (errors[].location)',
    checks: ['problem-details', 'not-found', 'auth-required', 'bad-parameters-422', 'parameter-bounds', 'b3-numeric-id'],
  },
  { id: 'note: unknown parameters', source: 'production', text: 'unknown query parameters are ignored, never an error', checks: ['unknown-query-ignored'] },
  {
    id: 'note: pagination',
    source: 'production',
    text: 'page (from 1) and limit select pages; per-sale history defaults to 50; daily rows only for days with sales',
    checks: ['search-pagination', 'search-total-cap', 'b3-pagination', 'b3-default-page', 'pagination-walk', 'daily-only-sale-days', 'parameter-bounds'],
  },
  {
    id: 'note: values',
    source: 'production',
    text: "a variant's total_asks is the sum of its asks, its lowest_ask the lowest non-zero price; a B size is available when it has a lowest ask",
    checks: ['variant-asks-agree', 'b-available-agrees'],
  },
  { id: 'note: whole prices', source: 'production', text: "prices are whole numbers in the market's currency (avg_price may be fractional)", checks: ['whole-prices'] },
  { id: 'note: identifiers', source: 'production', text: 'identifiers: UPC 12 digits, EAN-13 13 digits', checks: ['identifier-digits'] },
  { id: 'note: currency', source: 'production', text: 'currency follows the market: US in USD, UK in GBP, EU markets in EUR', checks: ['currency-follows-market'] },
  { id: 'note: positions', source: 'production', text: 'variant position starts at 0', checks: ['variant-positions'] },
  { id: 'note: timestamps', source: 'production', text: 'timestamps are RFC 3339 UTC with Z (the description asks UTC of A products and daily dates only)', checks: ['utc-timestamps'] },
  { id: 'note: envelope', source: 'production', text: '$schema is https://<host>/schemas/<SchemaName>.json and the service serves that JSON Schema', checks: ['envelope-schema-document'] },
  { id: 'note: deviations', source: 'production', text: 'where production deviates from the description (marketplace B release_date ""), the contract accepts it and the suite reports it', checks: ['production-deviation'] },
  // HTTP/JSON practice, and what rules of the description imply without stating: should.
  {
    id: 'practice: HTTP and JSON',
    source: 'practice',
    text: 'complete answers, no 5xx, JSON every client reads alike (RFC 8259), any generated request answered',
    checks: ['transport', 'no-server-error', 'json-fidelity', 'coverage', 'fuzz'],
  },
  { id: 'practice: methods', source: 'practice', text: 'RFC 9110: a method a resource does not support gets 405 with Allow (§15.5.6); HEAD answers as GET without a body (§9.3.2)', checks: ['method-not-allowed', 'head-like-get'] },
  { id: 'practice: caching', source: 'practice', text: 'RFC 9110 §13: where a server sends ETag or Last-Modified, a conditional GET that matches gets 304 without a body', checks: ['conditional-get'] },
  {
    id: 'practice: one product, one truth',
    source: 'practice',
    text: "search hits equal their lookup; a product's own SKU finds it first; sales belong to the product and its variants; breadcrumb levels count 1, 2, 3; no count is negative",
    checks: ['search-matches-lookup', 'search-relevance', 'sale-belongs', 'breadcrumb-levels', 'counts-not-negative'],
  },
  // What the description shows only in samples: should.
  { id: 'samples: days newest first', source: 'samples', text: 'A4 and B4 samples list days newest first', checks: ['daily-newest-first'] },
  // This kit's decisions: info, never failing a run.
  { id: 'decision: KR = CM x 10', source: 'decision', text: 'sizes: the KR size is the CM size in millimetres', checks: ['variant-kr-cm'] },
  { id: 'decision: deprecations', source: 'decision', text: 'a deprecated operation (Deprecation, Sunset, successor Link headers) is reported, never failing', checks: ['deprecation-headers'] },
  {
    id: 'decision: parameter limits',
    source: 'decision',
    text: 'maxLength 200 on query, page at most 10000 and other limits the description does not give: accepting more is info (coverage and fuzz report it at info level)',
    checks: [],
    reason: 'reported per finding at info level by coverage and fuzz (their other findings are practice), not by a check of its own',
  },
].map((e) => rule(e as Entry));
