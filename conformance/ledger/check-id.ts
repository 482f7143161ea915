/**
 * The ids of the check registry as a type (issue 28): a ledger row names its checks as
 * `CheckId`s, so `tsc` rejects a row that names a check that does not exist, and
 * `test/conformance/ledger.test.ts` fails when this list and `CHECK_IDS` (conformance/checks/index.ts)
 * differ, so a renamed or added check is caught by both.
 */

/** Every check id of the registry, in registry order. */
export const LEDGER_CHECK_IDS = [
  'response-schema',
  'content-type',
  'envelope-data',
  'envelope-schema-url',
  'envelope-schema-names',
  'envelope-meta',
  'id-types',
  'a2-variants-flag',
  'a2-prices-flag',
  'a2-identifiers-flag',
  'a2-no-variants-without-flag',
  'identifiers-not-entitled',
  'a3-all-variants',
  'a3-variant-filter',
  'daily-one-per-day',
  'daily-matches-sales',
  'variant-sizes-agree',
  'variant-sales-counts',
  'b2-variants',
  'b3-sale-type',
  'lookup-slug-id-same',
  'b4-id-or-slug',
  'lookup-exact-identity',
  'premium-entitled',
  'premium-not-entitled',
  'read-only-methods',
  'search-by-sku-name-brand',
  'sales-newest-first',
  'daily-newest-first',
  'search-relevance',
  'search-pagination',
  'search-matches-lookup',
  'sale-belongs',
  'b3-pagination',
  'b3-default-page',
  'daily-only-sale-days',
  'variant-asks-agree',
  'envelope-schema-document',
  'production-deviation',
  'auth-required',
  'auth-forms',
  'problem-details',
  'not-found',
  'bad-parameters-422',
  'no-server-error',
  'transport',
  'json-fidelity',
  'method-not-allowed',
  'head-like-get',
  'conditional-get',
  'b3-numeric-id',
  'variant-kr-cm',
  'coverage',
  'pagination-walk',
  'fuzz',
] as const;

/** A check id (the registry key and CLI key of a check). */
export type CheckId = (typeof LEDGER_CHECK_IDS)[number];
