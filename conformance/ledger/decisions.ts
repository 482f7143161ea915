/**
 * The kit's own decisions (level info): every distinct `x-decision` text of openapi.yaml
 * (`x-source: decision`), quoted verbatim, and every check whose source is `decision`
 * (its `requirement`, quoted). `section` is the JSON Pointer of the first contract node
 * carrying the text, or `check:<id>`.
 */
import type { LedgerRow } from './types.js';

const K = (id: string, section: string, statement: string, checks: LedgerRow['checks'], defects: string[], extra: Partial<LedgerRow> = {}): LedgerRow => ({
  id: `K-${id}`,
  section,
  source: 'decision',
  level: 'info',
  statement,
  checks,
  defects,
  ...extra,
});
const NOT_ON_SERVERS = { level: 'none', kind: 'context' } as const;

/** Every decision of the kit. */
export const DECISION_ROWS: readonly LedgerRow[] = [
  K(
    'tiers',
    '/x-tiers',
    'The description says access is tiered and that A3, A4, B3, B4 and `display[identifiers]` are for paying users, but not how. Production has a Free tier and paid tiers (Starter, Pro, Enterprise). Operations marked `x-premium: true` and parameters marked `x-required-tier: paid` answer 403 to a valid key of the Free tier (`display[identifiers]` is the exception: a Free key gets 200 with `identifiers` left null: they are "filled only when ... the caller is entitled").',
    ['premium-not-entitled', 'identifiers-not-entitled'],
    ['free-key-premium', 'identifiers-leak'],
  ),
  K(
    'search-query-length',
    '/components/parameters/SearchQuery/schema',
    'The description gives no length; 200 characters is far above any SKU, name or brand, and bounds the work a search does. Longer is a 422.',
    ['coverage'],
    ['reference-server'],
  ),
  K(
    'page-bounds',
    '/components/parameters/Page/schema',
    'Production pages are 1-based (production-behaviour.md "Pagination and parameters"); the upper bound 10000 is this kit\'s, so a page number never overflows an offset.',
    ['coverage'],
    ['reference-server'],
  ),
  K('a-id-or-slug', '/components/parameters/MarketAIdOrSlug/schema', 'UUIDs and slugs are letters, digits and hyphens; 200 characters is far above any slug. Anything else cannot name a product, so it is a 422 rather than a 404.', [], [], {
    gap: 'no defect yet answers 404 where the contract decides 422 for a malformed A id or slug',
  }),
  K(
    'b-id-or-slug',
    '/components/parameters/MarketBIdOrSlug/schema',
    'Integer ids and slugs are letters, digits and hyphens; 200 characters is far above any slug. Anything else cannot name a product, so it is a 422 rather than a 404.',
    [],
    [],
    { gap: 'no defect yet answers 404 where the contract decides 422 for a malformed B id or slug' },
  ),
  K(
    'b-id',
    '/components/parameters/MarketBId/schema',
    'The description says only "integer". Ids are positive; 15 digits keeps every id exact in any JSON reader that uses IEEE-754 doubles (2^53 is about 9.0e15), and it is the range the mock resolves.',
    [],
    [],
    { gap: 'no defect yet accepts a B3 id of 16 digits' },
  ),
  K(
    'etag',
    '/components/headers/ETag',
    "The description is silent on caching; the mock sends a strong ETag so that a front-end can test its revalidation, and the suite's conditional-get check judges a server that sends one.",
    ['conditional-get'],
    ['etag-ignored'],
  ),
  K('cache-control', '/components/headers/Cache-Control', "The description is silent on caching; answers depend on the key's tier, so they are private.", [], [], { gap: 'no check judges Cache-Control' }),
  K('x-key-type', '/components/headers/X-Key-Type', 'production-behaviour.md "Credentials and tiers": every response carries `X-Key-Type`.', ['key-type-headers'], ['no-key-headers']),
  K('x-quota-current', '/components/headers/X-Quota-Current', 'production-behaviour.md "Credentials and tiers": every response carries `X-Quota-Current`.', ['key-type-headers'], ['no-key-headers']),
  K('quota-non-negative', '/components/headers/X-Quota-Current/schema', 'A count of requests cannot be negative.', ['key-type-headers'], ['quota-negative']),
  K('retry-after', '/components/headers/Retry-After', 'production-behaviour.md "Credentials and tiers": clients honour `Retry-After` on 429.', [], [], NOT_ON_SERVERS),
  K('retry-after-seconds', '/components/headers/Retry-After/schema', 'RFC 9110 section 10.2.3 writes Retry-After as a non-negative number of seconds.', [], [], {
    gap: 'the suite never provokes a 429 from a vendor server, so Retry-After is not judged',
  }),
  K('retry-after-optional', '/components/headers/Retry-After-Optional', 'A server that is unavailable may say when to come back.', [], [], NOT_ON_SERVERS),
  K('www-authenticate', '/components/headers/WWW-Authenticate', 'RFC 9110 section 11.6.1 has a server that answers 401 send a WWW-Authenticate challenge.', [], [], NOT_ON_SERVERS),
  K('cors', '/components/headers/Access-Control-Allow-Origin', "The kit's mock answers CORS headers on every answer so browser apps can use it.", [], [], NOT_ON_SERVERS),
  K('pages-1-based', '/components/schemas/MarketASearchMeta/properties/current_page', 'Pages are 1-based, as the `page` parameter this contract decides.', ['response-schema'], ['A1/meta/current_page=0', 'B3/meta/page=0']),
  K('page-not-empty', '/components/schemas/MarketASearchMeta/properties/per_page', 'A page holds at least one item (`limit` is at least 1).', ['response-schema'], ['A1/meta/per_page=0', 'B3/meta/per_page=0']),
  K('total-non-negative', '/components/schemas/MarketASearchMeta/properties/total', 'A count of matches cannot be negative (production caps it at 1000).', ['response-schema'], ['A1/meta/total=-1']),
  K('count-non-negative', '/components/schemas/MarketAPrice/properties/asks', 'A count cannot be negative.', ['response-schema'], ['A2/data/variants/0/prices/0/asks=-1', 'A2/data/variants/0/total_asks=-1']),
  K(
    'sales-count-non-negative',
    '/components/schemas/MarketAVariant/properties/sales_count_15_days',
    'A count of sales cannot be negative.',
    ['response-schema'],
    ['A2/data/variants/0/sales_count_15_days=-1', 'A2/data/variants/0/sales_count_60_days=-1'],
  ),
  K('orders-non-negative', '/components/schemas/MarketADailySales/properties/orders', 'A count of orders cannot be negative.', ['response-schema'], ['A4/data/0/orders=-1', 'B4/data/0/orders=-1']),
  K(
    'country-code-case',
    '/components/schemas/MarketAProduct/properties/country_of_manufacture',
    'The description says "Two-letter country code form" (two characters, a must); that they are upper-case letters, as ISO 3166-1 alpha-2 writes them (`CN`), is this kit\'s reading, reported at info level.',
    ['response-schema'],
    ['A2/data/country_of_manufacture="cn"'],
  ),
  K('b-variant-market', '/components/schemas/MarketBVariant/properties/market', 'Production marketplace B variants carry `market`; optional here, since the description does not list it.', [], [], { level: 'none' }),
  K('b-nickname', '/components/schemas/MarketBProduct/properties/nickname', 'Production marketplace B products carry `nickname`; optional here, since the description does not list it.', [], [], { level: 'none' }),
  K(
    'retail-prices',
    '/components/schemas/MarketBProduct/properties/retail_prices',
    'The description shows only null and says the shape beyond null is not shown; the contract accepts null, any object or any array so a future shape is not a failure.',
    [],
    [],
    { level: 'none' },
  ),
  K(
    'no-meta',
    '/components/schemas/NoMeta',
    'The description says these lists have no `meta`, and also that `meta` is either null or a pagination object. Absent is what it shows; null, the JSON spelling of "no pagination", is tolerated; any object or other value is a failure. `x-presence: absent` tells the suite that the member is expected to be left out.',
    ['envelope-meta'],
    ['meta-on-sales'],
  ),
  K('problem-errors', '/components/schemas/ProblemDetailsError', "Production's 422 answers list each wrong parameter with its message, location and value.", ['problem-details'], ['errors-not-problem']),
  K('problem-details', '/components/schemas/ProblemDetails', 'Production answers errors as RFC 9457 problem details (production-behaviour.md "Errors").', ['problem-details'], ['errors-not-problem']),
  K('problem-type', '/components/schemas/ProblemDetails/properties/type', 'RFC 9457 section 3.1.1 makes `type` a URI reference.', ['problem-details'], ['problem-uris-broken']),
  K('problem-status', '/components/schemas/ProblemDetails/properties/status', 'A problem is an error, so its status is a 4xx or 5xx HTTP status (RFC 9457 section 3.1.2).', ['problem-details'], ['problem-status-wrong']),
  K('problem-instance', '/components/schemas/ProblemDetails/properties/instance', 'RFC 9457 section 3.1.5 makes `instance` a URI reference.', ['problem-details'], ['problem-uris-broken']),
  K('check-variant-kr-cm', 'check:variant-kr-cm', 'decision (§2.3 sizes, production size charts): the KR size is the CM size in millimetres (KR = CM x 10) where both are given', ['variant-kr-cm'], ['kr-cm']),
  K(
    'check-deprecation-headers',
    'check:deprecation-headers',
    'decision (§9: change and deprecation policy not shown; RFC 9745 Deprecation, RFC 8594 Sunset): a deprecated operation is reported, with its sunset and successor',
    ['deprecation-headers'],
    ['deprecated-search'],
  ),
];
