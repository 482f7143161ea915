// Resale Market Data API — vendor implementation with plantable defects.
// Usage: node server.mjs --port N [--defect NAME] | --list-defects
import http from 'node:http';
import crypto from 'node:crypto';

export const PAID_KEY = 'RMDAP-7F3A-91C2-4B0E-5D8F2A6C9E14'; // tier Pro
export const FREE_KEY = 'RMDAP-0A1B-2C3D-4E5F-60718293A4B5'; // tier Free
const KEYS = { [PAID_KEY]: 'Pro', [FREE_KEY]: 'Free' };

// ---------------------------------------------------------------- defects
// [name, section, level, sentence, what the server does]
export const DEFECTS = [
  ['no-data-envelope', '§1', 'must', 'Every successful response is a JSON object with a `data` member.', 'A2 returns the bare product object'],
  ['b4-bare-array', '§1', 'must', 'Every successful response is a JSON object with a `data` member.', 'B4 returns a bare JSON array'],
  ['schema-relative', 'note Envelope', 'should', '`$schema` is `https://<host>/schemas/<SchemaName>.json`', '$schema is a relative path /schemas/X.json'],
  ['schema-unserved', 'note Envelope', 'should', 'the service serves those JSON Schemas at that URL.', '/schemas/*.json returns 404'],
  ['schema-wrong-name', '§1 / note Envelope', 'must', '`$schema`, a string URL that names the response schema', 'A2 $schema names the search-response schema'],
  ['schema-missing', '§2.1 / note Envelope', 'should', '$schema ... Present in most sample responses.', 'no $schema member on any response'],
  ['a2-meta-missing', '§4.1 A2', 'must', '`data`: one Marketplace A product. `meta`: null.', 'A2 omits meta'],
  ['b2-meta-object', '§4.2 B2', 'must', '`data`: one Marketplace B product ... `meta`: null.', 'B2 meta is {page,per_page}'],
  ['a1-meta-missing-total', '§2.1', 'must', 'Pagination `meta` for the marketplace A search: current_page, per_page, total', 'A1 meta lacks total'],
  ['a1-meta-string', '§2.1', 'must', 'current_page | integer', 'A1 meta.current_page is the string "1"'],
  ['b1-has-meta', '§2.1', 'must', 'The marketplace B search response has no `meta`.', 'B1 carries meta {page,per_page}'],
  ['a3-has-meta', '§2.1', 'must', 'The marketplace A sales list and both daily lists have no `meta`.', 'A3 carries a pagination meta'],
  ['b3-meta-missing', '§4.2 B3', 'must', '`data`: array of Marketplace B sale. `meta`: {page, per_page}.', 'B3 omits meta'],
  ['b3-meta-wrong-keys', '§2.1', 'must', 'Pagination `meta` for the marketplace B sales list: page, per_page', 'B3 meta is {current_page,per_page,total}'],
  ['a1-total-uncapped', 'note Pagination', 'should', 'Search `meta.total` is capped at 1000', 'A1 meta.total reports the uncapped count (>1000 for "nike")'],
  ['a1-total-page-count', '§2.1 (derived)', 'must', 'meta {current_page, per_page, total}', 'A1 meta.total is the number of items on the page, though more pages exist'],
  ['a1-order-unpopular', '§4.1 A1', 'must', 'ordered by relevance and popularity', 'A1 ties sorted least popular first (rank descending)'],
  ['b1-order-unpopular', '§4.2 B1', 'must', 'Ordered by relevance and popularity.', 'B1 ties sorted least popular first'],
  ['a1-page-overlap', 'note Pagination (derived)', 'should', '`page` (1-based, default 1)', "A1 page n>1 starts one item early, repeating the previous page's last item"],
  ['a1-overfill', '§2.1 (derived)', 'must', 'per_page | integer', 'A1 returns per_page+1 items'],
  ['a1-current-page-wrong', '§2.1 (derived)', 'must', 'current_page | integer', 'A1 meta.current_page is always 1'],
  ['limit-ignored', 'note Pagination', 'should', '`limit` (1..100, default 20)', 'A1 ignores limit (always 20)'],
  ['limit-default-10', 'note Pagination', 'should', '`limit` (1..100, default 20)', 'search default page size is 10'],
  ['a3-default-limit-20', 'note Pagination', 'should', 'Per-sale history defaults to `limit=50`', 'A3/B3 default limit is 20'],
  ['limit-500-clamped', 'note Errors', 'should', 'Out-of-range parameters (`limit=500`, ...) get 422', 'limit=500 is clamped to 100, 200'],
  ['page0-accepted', 'note Errors', 'should', 'Out-of-range parameters (... `page=0` ...) get 422', 'page=0 treated as page 1, 200'],
  ['daily-limit-365-rejected', 'note Pagination', 'should', 'daily series accept `limit` up to 365 (days)', 'daily limit above 100 gets 422'],
  ['error-location-bare', 'note Errors', 'should', '422 with `errors[].location` such as `query.limit` or `path.id`', 'errors[].location is "limit" / "id" without the prefix'],
  ['unknown-param-422', 'note Errors', 'should', 'Unknown query parameters are ignored, never an error.', 'unknown query parameters get 422'],
  ['b3-slug-accepted', '§4.2 rule 1 / note Errors', 'should', 'B3 takes the numeric product ID in its path. / a non-numeric id where a number is required get 422', 'B3 accepts a slug with 200'],
  ['b3-slug-404', 'note Errors', 'should', 'a non-numeric id where a number is required get 422 with path.id', 'B3 with a slug returns 404'],
  ['b4-slug-rejected', '§4.2 rule 1', 'must', 'B4 takes an ID or a slug.', 'B4 with a slug returns 422 path.id'],
  ['a3-slug-rejected', '§4 / §4.1 A3', 'must', 'Path parameter `<id_or_slug>` is the product ID or its slug.', 'A3 with a slug returns 404'],
  ['a2-slug-404', '§1', 'must', 'Product lookup is by ID or slug.', 'A2 by slug returns 404'],
  ['b2-slug-404', '§1', 'must', 'Product lookup is by ID or slug.', 'B2 by slug returns 404'],
  ['a2-slug-drift', '§1 (derived)', 'must', 'Product lookup is by ID or slug.', 'A2 by slug returns the product with different weekly_orders/updated_at than by id'],
  ['a2-variants-always', '§4.1 A2 rule 4', 'must', 'Without these parameters the product carries no `variants` field.', 'A2 always includes variants'],
  ['a2-prices-always', '§2.3', 'must', 'prices ... Filled only when `display[prices]=true` is sent.', 'prices filled with display[variants] alone'],
  ['a2-prices-null', '§4.1 A2 rule 2', 'must', 'With `display[prices]=true`, each variant gains a filled `prices` array', 'prices stay null'],
  ['a2-identifiers-null', '§4.1 A2 rule 3', 'must', 'With `display[identifiers]=true`, each variant gains a filled `identifiers` array.', 'paid caller gets identifiers null'],
  ['a2-identifiers-always', '§2.3', 'must', 'identifiers ... Filled only when `display[identifiers]=true` is sent and the caller is entitled.', 'paid caller gets identifiers without asking'],
  ['free-identifiers-filled', '§5 / §4.1 A2 rule 3', 'must', 'The `display[identifiers]` option of A2 is for paying users only.', 'Free caller gets identifiers filled'],
  ['free-identifiers-null-200', 'note Credentials', 'should', 'A valid key whose tier may not call a route or use an option: 403.', 'Free caller with display[identifiers]=true gets 200 with identifiers null'],
  ['price-type-invalid', '§2.3', 'must', '`type` (string, one of `standard`, `express_standard`, `express_expedited`)', 'express_standard written as "express"'],
  ['prices-standard-only', '§4.1 A2 rule 2', 'must', 'the lowest ask and the ask count per delivery option', 'prices carries only the standard option'],
  ['total-asks-mismatch', 'note Values', 'should', "a variant's `total_asks` equals the sum of `asks` over its `prices`", 'total_asks = sum+1'],
  ['lowest-ask-not-min', 'note Values', 'should', 'its `lowest_ask` equals the lowest non-zero `price` among them', 'lowest_ask is the highest non-zero price'],
  ['no-ask-null', 'note Values / §2.3', 'should', '"No asks" is `lowest_ask: 0, total_asks: 0`, never null', 'no-ask variants have lowest_ask null'],
  ['position-from-1', 'note Values', 'should', 'Variant `position` starts at 0.', 'positions start at 1'],
  ['size-type-upper', '§2.3', 'must', 'size_type ... Lower-case label of the size system.', 'size_type "US M"'],
  ['sizes-type-unknown', '§2.3', 'must', 'The type values in use are `us m`, `uk`, `cm`, `kr`, `eu`, `us w`.', 'EU entry typed "eur"'],
  ['sizes-wrong-size', '§2.3', 'must', 'sizes: The same size in several systems.', 'sizes describe the next size up'],
  ['adidas-eu-decimal', 'note Values', 'should', 'adidas EU sizes have thirds such as `EU 42 2/3`', 'adidas EU written as decimals "EU 42.7"'],
  ['upc-11-digits', 'note Values', 'should', 'Identifiers: `UPC` (12 digits) and `EAN-13` (13 digits)', 'UPC has 11 digits'],
  ['currency-market-mismatch', 'note Values', 'should', 'a product on the US market is priced in USD', 'US-market variants say currency EUR'],
  ['market-param-ignored', 'note Values', 'should', 'on UK in GBP, on EU markets in EUR', 'market=UK still answers US/USD'],
  ['min-price-inconsistent', '§2.2 (derived)', 'should', 'min_price | number', 'min_price is 10 above the lowest variant ask'],
  ['country-name', '§2.2', 'must', 'country_of_manufacture ... Two-letter country code form.', 'country_of_manufacture "China"'],
  ['breadcrumb-level-0', '§2.2', 'must', 'Breadcrumb: ... `level` (integer, starting at 1).', 'breadcrumb levels start at 0'],
  ['timestamp-no-zone', '§2.2', 'must', 'updated_at | string (ISO 8601 UTC timestamp)', 'A product timestamps have no zone ("2026-11-24T17:03:12")'],
  ['timestamp-offset', 'note Values', 'should', 'Timestamps: RFC 3339 UTC with `Z`', 'A sale created_at written with +01:00 offset'],
  ['gallery-relative', '§2.2', 'must', 'gallery | array of string (URL)', 'gallery entries are relative paths'],
  ['a-id-not-uuid', '§2.2', 'must', 'id | string (UUID)', 'A product ids are "prd_<n>"'],
  ['avg-price-string', '§2.2', 'must', 'avg_price | number', 'avg_price is a string'],
  ['upcoming-string', '§2.2', 'must', 'upcoming | boolean', 'upcoming is "false"'],
  ['short-description-null', '§2.2', 'must', 'short_description | string | May be empty.', 'empty short_description is null'],
  ['a3-variant-filter-ignored', '§4.1 A3 rule 2', 'must', 'With `variant_id`, only sales of that variant are returned.', 'variant_id ignored'],
  ['a3-single-variant', '§4.1 A3 rule 1', 'must', 'Without `variant_id`, sales of all variants of the product are returned', "only the first variant's sales returned"],
  ['a3-oldest-first', '§4.1 A3 rule 3', 'sample', 'In the samples the records are newest first, and the ordering guarantee is not shown.', 'A3 oldest first'],
  ['a3-product-id-wrong', '§2.4 (derived)', 'must', 'product_id | string (UUID)', "A3 records carry another product's id"],
  ['a3-variant-foreign', '§2.4 (derived)', 'must', 'variant_id | string (UUID)', 'A3 variant_ids are not variants of the product'],
  ['a3-free-allowed', '§5', 'must', 'Endpoints A3, A4, B3 and B4 are marked as premium features.', 'Free key gets A3 200'],
  ['a4-free-allowed', '§5', 'must', 'Endpoints A3, A4, B3 and B4 are marked as premium features.', 'Free key gets A4 200'],
  ['b3-free-allowed', '§5', 'must', 'Endpoints A3, A4, B3 and B4 are marked as premium features.', 'Free key gets B3 200'],
  ['b4-free-allowed', '§5', 'must', 'Endpoints A3, A4, B3 and B4 are marked as premium features.', 'Free key gets B4 200'],
  ['premium-free-401', 'note Credentials', 'should', 'A valid key whose tier may not call a route or use an option: 403.', 'Free key on premium routes gets 401'],
  ['free-key-rejected', 'note Credentials', 'should', 'Missing or unknown key: 401 (a valid Free key is not unknown)', 'Free key gets 401 on A2/B2'],
  ['bearer-rejected', 'note Credentials', 'should', 'callers send either the bare key or `Authorization: Bearer <key>`; the service accepts both.', 'Bearer form gets 401'],
  ['bare-rejected', 'note Credentials', 'should', 'the service accepts both', 'bare key gets 401'],
  ['no-auth-allowed', 'note Credentials', 'should', 'Missing or unknown key: 401.', 'no Authorization header is served as Free'],
  ['unknown-key-403', 'note Credentials', 'should', 'Missing or unknown key: 401.', 'unknown key gets 403'],
  ['error-json-content-type', 'note Errors', 'should', 'problem details, `Content-Type: application/problem+json`', 'errors sent as application/json'],
  ['401-detail-wrong', 'note Errors', 'should', 'Missing/invalid key: 401, `detail: "Invalid key"`.', '401 detail "Unauthorized"'],
  ['404-detail-wrong', 'note Errors', 'should', 'Unknown product: 404, `detail: "Product not found"`.', '404 detail "Not found"'],
  ['unknown-product-200-null', 'note Errors', 'should', 'Unknown product: 404', 'unknown product is 200 {data:null}'],
  ['problem-status-mismatch', 'note Errors', 'should', 'RFC 9457 problem details ... "status"', 'problem body status 400 on a 404'],
  ['x-key-type-missing', 'note Credentials', 'should', 'Every response carries `X-Key-Type` (e.g. `Free`)', 'no X-Key-Type header'],
  ['headers-missing-on-errors', 'note Credentials', 'should', 'Every response carries `X-Key-Type` and `X-Quota-Current`', 'headers only on 2xx'],
  ['quota-not-incrementing', 'note Credentials', 'should', '`X-Quota-Current` (requests used this month)', 'X-Quota-Current always 0'],
  ['key-type-wrong', 'note Credentials', 'should', 'Every response carries `X-Key-Type` (e.g. `Free`)', 'paid key reported as Free'],
  ['key-type-generic-paid', 'note Credentials', 'should', 'Tiers are named Free and paid tiers (Starter, Pro, Enterprise).', 'paid key reported as "Paid"'],
  ['content-type-text', '§4', 'must', 'All endpoints use GET ... and return JSON.', 'success Content-Type text/plain'],
  ['post-allowed', '§1', 'must', 'The service is read-only (GET only).', 'POST/PUT/PATCH/DELETE answer 200 with data'],
  ['b1-variants-filled', '§2.6', 'must', 'variants ... Null in search results', 'B1 variants filled'],
  ['b1-images-filled', '§2.6', 'must', 'images ... Null in search results.', 'B1 images filled'],
  ['b2-variants-null', '§4.2 B2', 'must', 'one Marketplace B product including `variants` and `images`', 'B2 variants null'],
  ['b2-images-null', '§4.2 B2', 'must', 'one Marketplace B product including `variants` and `images`', 'B2 images null'],
  ['b-retail-prices-array', '§2.6 / note Values', 'should', 'retail_prices | null in all observed responses', 'retail_prices []'],
  ['b-id-string', '§2.6', 'must', 'id | integer', 'B ids are strings'],
  ['b-variant-product-id-mismatch', '§2.7 (derived)', 'must', 'Variant B product_id | integer', 'B2 variants carry product_id+1'],
  ['b3-type-invalid', '§4.2 rule 2', 'must', 'Each B3 record carries a `type` from the two values in section 2.8.', 'some records have PURCHASE_TYPE_BID'],
  ['b3-mostly-offers', 'note Values / §2.8', 'should', 'buy-now sales being the large majority', '80% of records PURCHASE_TYPE_OFFER_CLOSED'],
  ['b3-location-city-only', '§2.8', 'must', 'location | City and country form.', 'location "Tokyo"'],
  ['b3-size-foreign', '§2.8 (derived)', 'should', 'size_us | string', 'size_us values not among the product\'s sizes ("15.5")'],
  ['b3-currency-mismatch', '§2.8 (derived)', 'should', 'currency | string', "sales in EUR while the product's variants are USD"],
  ['b3-per-page-wrong', '§2.1 (derived)', 'must', 'meta for the B sales list: page, per_page', 'meta.per_page 100 while 50 per page are served'],
  ['b3-page-ignored', 'note Pagination', 'should', '`page` (1-based, default 1)', 'B3 page=2 repeats page 1 while meta.page says 2'],
  ['b4-oldest-first', '§4.2 rule 3', 'sample', 'B4 elements cover one calendar day (UTC) each, newest first in the sample.', 'B4 oldest first'],
  ['a4-oldest-first', '§4.1 A4', 'sample', 'the samples list days newest first', 'A4 oldest first'],
  ['daily-not-midnight', '§2.5/§2.9', 'must', 'date ... Midnight UTC of the day.', 'dates at 12:00:00Z'],
  ['daily-duplicate-day', '§4.1 A4', 'must', 'each element covers one calendar day (UTC)', 'A4 repeats each day twice (split orders)'],
  ['daily-zero-orders', 'note Pagination', 'should', 'Daily series contain rows only for days that had at least one sale.', 'zero-order rows for empty days'],
  ['daily-inconsistent', '§2.5 (derived)', 'should', 'orders | Number of orders that day.', 'A4 orders = per-sale count + 1'],
  ['daily-orders-fractional', '§2.5', 'must', 'orders | integer', 'orders like 2.5'],
  ['a4-product-id-wrong', '§2.5 (derived)', 'must', 'product_id | string (UUID)', 'A4 rows carry another product id'],
  ['b-sku-dash', 'note Values', 'should', 'marketplace B writes the same style code with a space, `DD1391 100`', 'B sku "DD1391-100"'],
  ['a-sku-space', 'note Values', 'should', 'marketplace A writes `DD1391-100`', 'A sku "DD1391 100"'],
  ['ab-sku-mismatch', 'note Values', 'should', 'marketplace B writes the same style code ... Most popular products are listed on both', 'B style code digits differ from A for the same product'],
  ['b-release-year-int', '§2.6', 'must', 'release_date_year | string', 'release_date_year 2021 (number)'],
  ['b-sizes-value-string', '§2.6', 'must', 'sizes | array of {presentation: string, value: number}', 'sizes value "10.5" string'],
  ['b-available-inconsistent', '§2.7 / note Values (derived)', 'should', 'clients treat a product size as available when lowest_ask > 0', 'available inverted'],
  ['a1-data-object', '§4.1 A1', 'must', '`data`: array of Marketplace A product', 'a single match is returned as an object'],
  ['search-empty-404', '§4.1 A1 (derived)', 'should', 'data: array of Marketplace A product', 'no match gives 404'],
  ['search-case-sensitive', '§1', 'must', 'Product search is by SKU, name, brand and similar terms', 'search is case-sensitive ("jordan" finds nothing)'],
  ['sku-search-fails', '§1', 'must', 'Product search is by SKU, name, brand and similar terms', 'SKU is not searchable'],
  ['weekly-orders-negative', 'note Values', 'should', '`weekly_orders` from 0 to a few thousand', 'weekly_orders negative for every other product'],
  ['rank-zero-based', 'note Values', 'should', 'Ranks run from 1 (most popular)', 'ranks start at 0'],
  ['422-no-errors', 'note Errors', 'should', 'get 422 with `errors[].location`', '422 without errors[]'],
  ['display-false-variants', '§4.1 A2 rule 1', 'must', 'optional display[...] (each sent as `true`)', 'display[variants]=false still adds variants'],
  ['sales-count-nonmonotonic', '§2.3 (derived)', 'should', 'sales_count_15_days / 30 / 60', 'sales_count_15_days > sales_count_60_days'],
  ['image-not-url', '§2.2', 'must', 'image | string (URL)', 'image is a relative path'],
  ['rate-limit-low', 'note Credentials', 'should', 'Rate limit: 640 requests per minute per caller', '429 after 120 requests per minute (Retry-After: 1)'],
  ['head-unsupported', 'HTTP (RFC 9110 §9.3.2)', 'http', 'GET ... (HEAD is implied by HTTP for GET resources)', 'HEAD gets 405'],
  ['conditional-ignored', 'HTTP (RFC 9110 §13.1.2)', 'http', 'If-None-Match with a matching ETag', 'ETag sent but If-None-Match ignored (200)'],
  ['etag-unstable', 'HTTP (RFC 9110 §8.8.3)', 'http', 'strong ETag identifies a representation', 'ETag changes on every request'],
  ['405-no-allow', 'HTTP (RFC 9110 §15.5.6)', 'http', '405 ... MUST generate an Allow header', 'write methods 405 without Allow'],
  ['bad-variant-500', 'note Errors', 'should', 'Out-of-range parameters ... get 422', 'malformed variant_id gives 500'],
  ['page-nonnumeric-500', 'note Errors', 'should', 'Out-of-range parameters ... get 422', 'page=abc gives 500'],
  ['daily-avg-wrong', '§2.5 (derived)', 'must', 'avg_amount | Average sale amount for the day.', 'A4 avg_amount is the mean plus 7.25'],
  ['b4-inconsistent', '§2.9 (derived)', 'must', 'B daily aggregate orders / avg_amount', 'B4 orders = per-sale count + 1'],
  ['sales-count-inflated', '§2.3 (derived)', 'should', 'sales_count_15_days / 30 / 60', 'sales counts doubled (still nested) vs the per-sale history'],
  ['search-lookup-drift', '§1 (derived)', 'must', 'A product must be looked up first to obtain the ID or slug that the sales endpoints need.', 'A1 results carry different title/min_price than the A2 lookup of the same id'],
  ['b-season-number', '§2.6', 'must', 'season | string | May carry a leading space.', 'season 2021 (number)'],
];
const DEFECT_NAMES = new Set(DEFECTS.map((d) => d[0]));

// ---------------------------------------------------------------- args
const argv = process.argv.slice(2);
if (argv.includes('--list-defects')) {
  for (const d of DEFECTS) console.log(d[0]);
  process.exit(0);
}
if (argv.includes('--list-defects-json')) {
  console.log(JSON.stringify(DEFECTS));
  process.exit(0);
}
let PORT = 0,
  DEFECT = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--port') PORT = Number(argv[++i]);
  else if (argv[i] === '--defect') DEFECT = argv[++i];
}
if (DEFECT && !DEFECT_NAMES.has(DEFECT)) {
  console.error(`unknown defect ${DEFECT}`);
  process.exit(2);
}
const has = (n) => DEFECT === n;

// ---------------------------------------------------------------- helpers
const NOW = Date.parse('2026-11-25T09:30:00Z');
const DAY = 86400000;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
function h32(s) {
  const b = crypto.createHash('sha256').update(String(s)).digest();
  return b.readUInt32BE(0);
}
function rng(seed) {
  let a = h32(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function uuid(seed, version, tsMs) {
  const b = crypto.createHash('sha256').update(String(seed)).digest().subarray(0, 16);
  if (version === 7) {
    const ts = BigInt(tsMs);
    for (let i = 0; i < 6; i++) b[i] = Number((ts >> BigInt(8 * (5 - i))) & 0xffn);
  }
  b[6] = (b[6] & 0x0f) | (version << 4);
  b[8] = (b[8] & 0x3f) | 0x80;
  const x = b.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const fmt = (n) => (Number.isInteger(n) ? String(n) : String(n));
function checkDigit(d) {
  // GTIN check digit for the digits string d (without check digit)
  let sum = 0;
  const rev = d.split('').reverse();
  rev.forEach((c, i) => {
    sum += Number(c) * (i % 2 === 0 ? 3 : 1);
  });
  return String((10 - (sum % 10)) % 10);
}

// ---------------------------------------------------------------- catalog
const MODELS = [
  { brand: 'Nike', bBrand: 'Nike', model: 'Dunk Low', prim: 'Nike Dunk Low Retro', bName: 'Dunk Low Retro', cat: 'Nike Basketball', sec: 'Dunk Low', chart: 'nike', retail: 115, w: 3 },
  { brand: 'Nike', bBrand: 'Nike', model: 'Air Force 1 Low', prim: "Nike Air Force 1 Low '07", bName: "Air Force 1 '07 Low", cat: 'Nike', sec: 'Air Force 1', chart: 'nike', retail: 115, w: 2 },
  { brand: 'Nike', bBrand: 'Nike', model: 'Air Max 90', prim: 'Nike Air Max 90', bName: 'Air Max 90', cat: 'Nike', sec: 'Air Max 90', chart: 'nike', retail: 130, w: 2 },
  { brand: 'Nike', bBrand: 'Nike', model: 'Air Max 1', prim: 'Nike Air Max 1', bName: 'Air Max 1', cat: 'Nike', sec: 'Air Max 1', chart: 'nike', retail: 140, w: 2 },
  { brand: 'Nike', bBrand: 'Nike', model: 'SB Dunk Low', prim: 'Nike SB Dunk Low', bName: 'SB Dunk Low', cat: 'Nike SB', sec: 'SB Dunk Low', chart: 'nike', retail: 125, w: 2 },
  { brand: 'Nike', bBrand: 'Nike', model: 'Blazer Mid 77', prim: "Nike Blazer Mid '77 Vintage", bName: "Blazer Mid '77 Vintage", cat: 'Nike', sec: 'Blazer', chart: 'nike', retail: 105, w: 1 },
  { brand: 'Jordan', bBrand: 'Air Jordan', model: 'Air Jordan 1 High', prim: 'Jordan 1 Retro High OG', bName: 'Air Jordan 1 Retro High OG', cat: 'Air Jordan', sec: 'One', chart: 'nike', retail: 180, w: 2 },
  { brand: 'Jordan', bBrand: 'Air Jordan', model: 'Air Jordan 1 Low', prim: 'Jordan 1 Low', bName: 'Air Jordan 1 Low', cat: 'Air Jordan', sec: 'One', chart: 'nike', retail: 115, w: 1 },
  { brand: 'Jordan', bBrand: 'Air Jordan', model: 'Air Jordan 4', prim: 'Jordan 4 Retro', bName: 'Air Jordan 4 Retro', cat: 'Air Jordan', sec: 'Four', chart: 'nike', retail: 210, w: 1 },
  { brand: 'Jordan', bBrand: 'Air Jordan', model: 'Air Jordan 3', prim: 'Jordan 3 Retro', bName: 'Air Jordan 3 Retro', cat: 'Air Jordan', sec: 'Three', chart: 'nike', retail: 200, w: 1 },
  { brand: 'Jordan', bBrand: 'Air Jordan', model: 'Air Jordan 11', prim: 'Jordan 11 Retro', bName: 'Air Jordan 11 Retro', cat: 'Air Jordan', sec: 'Eleven', chart: 'nike', retail: 230, w: 1 },
  { brand: 'adidas', bBrand: 'adidas', model: 'Yeezy Boost 350 V2', prim: 'adidas Yeezy Boost 350 V2', bName: 'Yeezy Boost 350 V2', cat: 'adidas', sec: 'Yeezy', chart: 'adidas', retail: 230, w: 1 },
  { brand: 'adidas', bBrand: 'adidas', model: 'Samba OG', prim: 'adidas Samba OG', bName: 'Samba OG', cat: 'adidas', sec: 'Samba', chart: 'adidas', retail: 100, w: 1 },
  { brand: 'adidas', bBrand: 'adidas', model: 'Gazelle', prim: 'adidas Gazelle Indoor', bName: 'Gazelle Indoor', cat: 'adidas', sec: 'Gazelle', chart: 'adidas', retail: 120, w: 1 },
  { brand: 'adidas', bBrand: 'adidas', model: 'Campus 00s', prim: 'adidas Campus 00s', bName: 'Campus 00s', cat: 'adidas', sec: 'Campus', chart: 'adidas', retail: 110, w: 1 },
  { brand: 'New Balance', bBrand: 'New Balance', model: '550', prim: 'New Balance 550', bName: '550', cat: 'New Balance', sec: '550', chart: 'nb', retail: 110, w: 1 },
  { brand: 'New Balance', bBrand: 'New Balance', model: '990v6', prim: 'New Balance 990v6 MiUSA', bName: '990v6 Made in USA', cat: 'New Balance', sec: '990', chart: 'nb', retail: 200, w: 1 },
  { brand: 'New Balance', bBrand: 'New Balance', model: '2002R', prim: 'New Balance 2002R', bName: '2002R', cat: 'New Balance', sec: '2002R', chart: 'nb', retail: 150, w: 1 },
  { brand: 'New Balance', bBrand: 'New Balance', model: '9060', prim: 'New Balance 9060', bName: '9060', cat: 'New Balance', sec: '9060', chart: 'nb', retail: 150, w: 1 },
];
const COLORS = ['White', 'Black', 'Grey', 'University Blue', 'Red', 'Green', 'Sail', 'Navy', 'Orange', 'Pink', 'Olive', 'Cream', 'Royal', 'Brown', 'Volt', 'Purple', 'Gum', 'Sand', 'Burgundy', 'Teal', 'Yellow', 'Silver', 'Bone', 'Obsidian'];
const NIKE_PFX = ['DD', 'DZ', 'FQ', 'HF', 'CW', 'DV', 'FB', 'DM'];
const NIKE_SFX = ['100', '001', '101', '600', '400', '002', '700', '061'];
const AD_PFX = ['GZ', 'HQ', 'IE', 'ID', 'IF', 'JH'];
const COO = ['CN', 'VN', 'ID'];
const HEROES = [
  { m: 0, c1: 'White', c2: 'Black', sku: 'DD1391-100', nick: 'Panda' },
  { m: 6, c1: 'Chicago', c2: 'Lost and Found', sku: 'DZ5485-612', nick: 'Lost and Found' },
  { m: 11, c1: 'Zebra', c2: '', sku: 'CP9654', nick: 'Zebra' },
  { m: 15, c1: 'White', c2: 'Green', sku: 'BB550WT1', nick: 'White Green' },
];
const N = 3000;
const WEIGHTED = MODELS.flatMap((m, i) => Array(m.w).fill(i));
const letters = (n) => {
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
};

const CAT = []; // base records
{
  const comboCount = new Map();
  for (let i = 0; i < N; i++) {
    const h = h32('p' + i);
    let mi, c1, c2, sku, nick;
    if (i < HEROES.length) ({ m: mi, c1, c2, sku, nick } = HEROES[i]);
    else {
      mi = WEIGHTED[h % WEIGHTED.length];
      const k = comboCount.get(mi) || 0;
      comboCount.set(mi, k + 1);
      const a = (k * 7 + mi) % COLORS.length;
      let b = Math.floor(k / COLORS.length) % (COLORS.length - 1);
      if (b >= a) b++;
      c1 = COLORS[a];
      c2 = COLORS[b];
      if (k >= COLORS.length * (COLORS.length - 1)) c2 += ` ${Math.floor(k / (COLORS.length * (COLORS.length - 1))) + 2010}`;
      nick = `${c1} ${c2}`;
      const M = MODELS[mi];
      if (M.chart === 'nike') sku = `${NIKE_PFX[h % 8]}${1000 + i}-${NIKE_SFX[(h >>> 3) % 8]}`;
      else if (M.chart === 'adidas') sku = `${AD_PFX[h % 6]}${1000 + i}`;
      else sku = `${M.model === '550' ? 'BB550' : 'U' + M.model.replace(/v6/, '')}${letters(i)}${(h >>> 5) % 10}`;
    }
    const M = MODELS[mi];
    const secondary = [c1, c2].filter(Boolean).join(' ');
    const title = `${M.prim} ${secondary}`;
    const rank = i < HEROES.length ? i + 1 : 1 + i * 53 + (h % 50);
    const weekly = Math.floor(4000 / (1 + (rank - 1) / 40));
    const created = NOW - (30 + (h % 1500)) * DAY - (h % 86400) * 1000;
    const updated = NOW - ((h >>> 4) % 20) * DAY - ((h >>> 2) % 86400) * 1000;
    const release = created + ((h >>> 6) % 60) * DAY;
    const upcoming = i >= 4 && h % 97 === 0;
    const releaseMs = upcoming ? NOW + (5 + (h % 40)) * DAY : Math.min(release, NOW - 10 * DAY);
    CAT.push({
      i,
      h,
      M,
      title,
      primary: M.prim,
      secondary,
      sku,
      nick,
      rank,
      weekly,
      aId: i % 3 === 0 ? uuid('a' + i, 7, created) : uuid('a' + i, 4),
      bId: 500000 + i * 17 + (h % 17),
      onB: i < HEROES.length || h % 10 !== 0,
      created,
      updated,
      releaseMs,
      upcoming,
      pf: i < HEROES.length ? 1.6 + i * 0.3 : 0.7 + ((h >>> 8) % 200) / 100,
      colorway: [c1, c2].filter(Boolean).join('/'),
    });
  }
  // unique slugs
  const seen = new Map();
  for (const p of CAT) {
    let s = slugify(p.title);
    const k = seen.get(s) || 0;
    seen.set(s, k + 1);
    if (k) s += `-${k + 1}`;
    p.aSlug = s;
    p.bSlug = slugify(`${p.M.bName} ${p.nick} ${p.sku.replace(/ /g, '-')}`);
  }
}
const byAId = new Map(CAT.map((p) => [p.aId, p]));
const byASlug = new Map(CAT.map((p) => [p.aSlug, p]));
const byBId = new Map(CAT.filter((p) => p.onB).map((p) => [p.bId, p]));
const byBSlug = new Map(CAT.filter((p) => p.onB).map((p) => [p.bSlug, p]));

function aSku(p) {
  return has('a-sku-space') ? p.sku.replace('-', ' ') : p.sku;
}
function bSku(p) {
  let s = has('b-sku-dash') ? p.sku : p.sku.replace('-', ' ');
  if (has('ab-sku-mismatch')) s = s.replace(/\d/, (d) => String((Number(d) + 1) % 10));
  return s;
}

// ---------------------------------------------------------------- sizes
const US_SIZES = [7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 13];
const EU = {
  nike: { 7: '40', 7.5: '40.5', 8: '41', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44', 10.5: '44.5', 11: '45', 11.5: '45.5', 12: '46', 13: '47.5', 14: '48.5' },
  adidas: { 7: '40', 7.5: '40 2/3', 8: '41 1/3', 8.5: '42', 9: '42 2/3', 9.5: '43 1/3', 10: '44', 10.5: '44 2/3', 11: '45 1/3', 11.5: '46', 12: '46 2/3', 13: '48', 14: '49 1/3' },
  nb: { 7: '40', 7.5: '40.5', 8: '41.5', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44', 10.5: '44.5', 11: '45', 11.5: '45.5', 12: '46.5', 13: '47.5', 14: '49' },
};
function conv(chart, us) {
  const uk = chart === 'nike' ? us - 1 : us - 0.5;
  const cm = us + 18;
  const usw = chart === 'adidas' ? us + 1 : us + 1.5;
  let eu = EU[chart][us];
  if (has('adidas-eu-decimal') && chart === 'adidas') eu = String(Math.round(eval(eu.replace(/ (\d)\/3/, '+$1/3')) * 10) / 10);
  const tt = (t) => (has('sizes-type-unknown') && t === 'eu' ? 'eur' : t);
  return [
    { size: `US M ${fmt(us)}`, type: 'us m' },
    { size: `UK ${fmt(uk)}`, type: 'uk' },
    { size: `CM ${fmt(cm)}`, type: 'cm' },
    { size: `KR ${fmt(cm * 10)}`, type: 'kr' },
    { size: `EU ${eu}`, type: tt('eu') },
    { size: `US W ${fmt(usw)}`, type: 'us w' },
  ];
}

// ---------------------------------------------------------------- markets
const MARKETS = { US: 'USD', UK: 'GBP', DE: 'EUR', FR: 'EUR', IT: 'EUR', ES: 'EUR', NL: 'EUR', CH: 'CHF' };
const FX = { USD: 1, GBP: 0.79, EUR: 0.92, CHF: 0.88 };

// base USD variant data (market independent)
const varCache = new Map();
function baseVariants(p) {
  if (varCache.has(p.i)) return varCache.get(p.i);
  const r = rng('v' + p.i);
  const list = US_SIZES.map((us, pos) => {
    const sizeF = 1 + Math.abs(us - 10) * 0.04 + (us >= 12 ? 0.15 : 0);
    const base = Math.max(40, Math.round(p.M.retail * p.pf * sizeF * (0.9 + r() * 0.2)));
    const stdAsks = r() < 0.1 ? 0 : 1 + Math.floor(r() * 14);
    const esAsks = r() < 0.45 ? 1 + Math.floor(r() * 3) : 0;
    const eeAsks = r() < 0.25 ? 1 + Math.floor(r() * 2) : 0;
    const esPrice = esAsks ? base + (r() < 0.2 ? -5 : 10 + Math.floor(r() * 30)) : 0;
    const eePrice = eeAsks ? base + 30 + Math.floor(r() * 30) : 0;
    const vid = uuid(`${p.aId}/${us}`, 4);
    const upc = '19' + String(h32(vid) % 1e9).padStart(9, '0');
    return {
      us,
      pos,
      vid,
      base,
      stdAsks,
      esAsks,
      eeAsks,
      esPrice,
      eePrice,
      upc: upc + checkDigit(upc),
      updated: Math.min(NOW, p.updated + Math.floor(r() * 3 * DAY)),
      bAsk: r() < 0.12 ? 0 : Math.round(base * 1.05),
    };
  });
  varCache.set(p.i, list);
  return list;
}

// ---------------------------------------------------------------- sales
const salesCache = new Map();
function aSales(p) {
  if (salesCache.has('a' + p.i)) return salesCache.get('a' + p.i);
  const r = rng('s' + p.i);
  const vs = baseVariants(p);
  const n = Math.min(400, Math.round(((p.weekly * 120) / 7) * 0.02) + (p.h % 6));
  const out = [];
  for (let k = 0; k < n; k++) {
    const v = vs[Math.min(vs.length - 1, Math.floor(Math.pow(r(), 1.3) * vs.length))];
    const t = NOW - Math.floor(Math.pow(r(), 1.2) * 120 * DAY);
    out.push({ v, amount: Math.round(v.base * (0.88 + r() * 0.24)), t });
  }
  out.sort((a, b) => b.t - a.t);
  salesCache.set('a' + p.i, out);
  return out;
}
const CITIES = ['New York, US', 'Los Angeles, US', 'Chicago, US', 'Houston, US', 'Miami, US', 'Toronto, CA', 'London, GB', 'Paris, FR', 'Berlin, DE', 'Tokyo, JP', 'Seoul, KR', 'Sydney, AU'];
function bSales(p) {
  if (salesCache.has('b' + p.i)) return salesCache.get('b' + p.i);
  const r = rng('bs' + p.i);
  const vs = baseVariants(p);
  const n = Math.min(400, Math.round(((p.weekly * 120) / 7) * 0.012) + (p.h % 5));
  const out = [];
  for (let k = 0; k < n; k++) {
    const v = vs[Math.min(vs.length - 1, Math.floor(Math.pow(r(), 1.3) * vs.length))];
    const t = NOW - Math.floor(Math.pow(r(), 1.2) * 120 * DAY);
    const buyNow = Math.round(v.base * (0.95 + r() * 0.15));
    const offer = r() < (has('b3-mostly-offers') ? 0.8 : 0.1);
    out.push({ v, type: offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE', amount: offer ? buyNow - 5 - Math.floor(r() * 25) : buyNow, t, loc: CITIES[Math.floor(r() * CITIES.length)] });
  }
  out.sort((a, b) => b.t - a.t);
  salesCache.set('b' + p.i, out);
  return out;
}
function daily(sales, amountOf = (s) => s.amount) {
  const m = new Map();
  for (const s of sales) {
    const d = Math.floor(s.t / DAY) * DAY;
    const e = m.get(d) || { n: 0, sum: 0 };
    e.n++;
    e.sum += amountOf(s);
    m.set(d, e);
  }
  return [...m.entries()].sort((a, b) => b[0] - a[0]).map(([d, e]) => ({ d, orders: e.n, avg: e.sum / e.n }));
}

// ---------------------------------------------------------------- renderers
let HOST = '127.0.0.1';
const schemaUrl = (name) => (has('schema-relative') ? `/schemas/${name}.json` : `http://${HOST}/schemas/${name}.json`);
const ts = (ms) => (has('timestamp-no-zone') ? iso(ms).replace('Z', '') : iso(ms));

function aVariant(p, v, market, opt) {
  const cur = MARKETS[market];
  const conv$ = (x) => (x ? Math.round(x * FX[cur]) : 0);
  const std = v.stdAsks ? conv$(v.base) : 0;
  const prices = [
    { price: std, asks: v.stdAsks, type: 'standard' },
    { price: conv$(v.esPrice), asks: v.esAsks, type: has('price-type-invalid') ? 'express' : 'express_standard' },
    { price: conv$(v.eePrice), asks: v.eeAsks, type: 'express_expedited' },
  ];
  const nz = prices.map((x) => x.price).filter((x) => x > 0);
  let lowest = nz.length ? Math.min(...nz) : 0;
  if (has('lowest-ask-not-min') && nz.length) lowest = Math.max(...nz);
  let total = prices.reduce((a, x) => a + x.asks, 0);
  if (has('total-asks-mismatch')) total += 1;
  const sales = aSales(p).filter((s) => s.v === v);
  const cnt = (d) => sales.filter((s) => s.t > NOW - d * DAY).length;
  const sizeUs = has('sizes-wrong-size') ? US_SIZES[Math.min(US_SIZES.length - 1, US_SIZES.indexOf(v.us) + 1)] + (v.us === 13 ? 1 : 0) : v.us;
  const c15 = cnt(15),
    c60 = cnt(60);
  return {
    id: v.vid,
    size: fmt(v.us),
    size_type: has('size-type-upper') ? 'US M' : 'us m',
    sizes: conv(p.M.chart, sizeUs),
    lowest_ask: has('no-ask-null') && !lowest ? null : lowest,
    total_asks: total,
    position: v.pos + (has('position-from-1') ? 1 : 0),
    hidden: false,
    updated_at: iso(v.updated),
    identifiers: opt.identifiers
      ? [
          { identifier: has('upc-11-digits') ? v.upc.slice(1) : v.upc, identifier_type: 'UPC' },
          { identifier: '0' + v.upc, identifier_type: 'EAN-13' },
        ]
      : null,
    prices: opt.prices ? (has('prices-standard-only') ? prices.slice(0, 1) : prices) : null,
    currency: has('currency-market-mismatch') && market === 'US' ? 'EUR' : cur,
    market,
    sales_count_15_days: (has('sales-count-nonmonotonic') ? c60 + 1 : c15) * (has('sales-count-inflated') ? 2 : 1),
    sales_count_30_days: cnt(30) * (has('sales-count-inflated') ? 2 : 1),
    sales_count_60_days: c60 * (has('sales-count-inflated') ? 2 : 1),
  };
}
function aProduct(p, market, opt) {
  const vs = baseVariants(p);
  const cur = MARKETS[market];
  const lows = vs
    .map((v) => {
      const ps = [v.stdAsks ? v.base : 0, v.esPrice, v.eePrice].map((x) => (x ? Math.round(x * FX[cur]) : 0)).filter((x) => x > 0);
      return ps.length ? Math.min(...ps) : 0;
    })
    .filter((x) => x > 0);
  const img = `https://images.market-a.example/products/${p.aSlug}/main.jpg`;
  const gal = [1, 2, 3].map((k) => (has('gallery-relative') ? `products/${p.aSlug}/${k}.jpg` : `https://images.market-a.example/products/${p.aSlug}/${k}.jpg`));
  const lvl = has('breadcrumb-level-0') ? 0 : 1;
  const o = {
    id: has('a-id-not-uuid') ? `prd_${p.i}` : p.aId,
    title: p.title,
    brand: p.M.brand,
    model: p.M.model,
    gender: p.h % 5 === 0 ? 'unisex' : 'men',
    description: `The ${p.title} pairs a ${p.colorway.replace('/', ' and ')} colour scheme with the classic ${p.M.model} silhouette.`,
    image: has('image-not-url') ? `products/${p.aSlug}/main.jpg` : img,
    sku: aSku(p),
    slug: p.aSlug,
    product_type: 'sneakers',
    category: p.M.cat,
    secondary_category: p.M.sec,
    categories: ['sneakers'],
    breadcrumbs: [
      { value: 'Sneakers', alias: 'sneakers', level: lvl },
      { value: 'Lifestyle', alias: 'lifestyle', level: lvl + 1 },
    ],
    gallery: gal,
    gallery_360: p.i % 4 === 0 ? [1, 2, 3, 4].map((k) => `https://images.market-a.example/360/${p.aSlug}/img${String(k).padStart(2, '0')}.jpg`) : [],
    updated_at: ts(p.updated),
    created_at: ts(p.created),
    link: `https://market-a.example/${p.aSlug}`,
    rank: p.rank - (has('rank-zero-based') ? 1 : 0),
    weekly_orders: has('weekly-orders-negative') && p.i % 2 === 1 ? -p.weekly : p.weekly,
    country_of_manufacture: has('country-name') ? { CN: 'China', VN: 'Vietnam', ID: 'Indonesia' }[COO[p.h % 3]] : COO[p.h % 3],
    primary_title: p.primary,
    secondary_title: p.secondary,
    min_price: lows.length ? Math.min(...lows) + (has('min-price-inconsistent') ? 10 : 0) : 0,
    max_price: lows.length ? Math.max(...lows) : 0,
    avg_price: lows.length ? lows.reduce((a, b) => a + b, 0) / lows.length : 0,
    short_description: p.i % 3 === 1 ? '' : `${p.M.model} in ${p.colorway}.`,
    upcoming: has('upcoming-string') ? String(p.upcoming) : p.upcoming,
  };
  if (has('avg-price-string')) o.avg_price = String(o.avg_price);
  if (has('short-description-null') && o.short_description === '') o.short_description = null;
  if (opt.variants) o.variants = vs.map((v) => aVariant(p, v, market, opt));
  return o;
}
function bProduct(p, full) {
  const vs = baseVariants(p);
  const year = new Date(p.releaseMs).getUTCFullYear();
  const o = {
    id: has('b-id-string') ? String(p.bId) : p.bId,
    sku: bSku(p),
    slug: p.bSlug,
    name: `${p.M.bName} '${p.nick}'`,
    nickname: p.nick,
    brand: p.M.bBrand,
    model: p.M.model,
    description: `${p.M.bName} in a ${p.colorway} colourway.`,
    colorway: p.colorway,
    season: has('b-season-number') ? year : ` ${year}`,
    category: 'shoes',
    product_type: 'sneakers',
    image_url: `https://images.market-b.example/${p.bId}/original.png`,
    images: (full && !has('b2-images-null')) || (!full && has('b1-images-filled')) ? [1, 2, 3].map((k) => `https://images.market-b.example/${p.bId}/${k}.png`) : null,
    release_date: iso(Math.floor(p.releaseMs / DAY) * DAY),
    release_date_year: has('b-release-year-int') ? year : String(year),
    retail_prices: has('b-retail-prices-array') ? [] : null,
    link: `https://market-b.example/sneakers/${p.bSlug}`,
    sizes: vs.map((v) => ({ presentation: fmt(v.us), value: has('b-sizes-value-string') ? fmt(v.us) : v.us })),
    rank: p.rank - (has('rank-zero-based') ? 1 : 0),
    weekly_orders: (has('weekly-orders-negative') && p.i % 2 === 1 ? -1 : 1) * Math.max(0, Math.round(p.weekly * 0.6)),
    updated_at: iso(p.updated),
    variants: null,
  };
  if ((full && !has('b2-variants-null')) || (!full && has('b1-variants-filled'))) {
    o.variants = vs.map((v) => ({
      product_id: has('b-variant-product-id-mismatch') ? p.bId + 1 : p.bId,
      size: fmt(v.us),
      lowest_ask: v.bAsk,
      currency: 'USD',
      available: has('b-available-inconsistent') ? !(v.bAsk > 0) : v.bAsk > 0,
      updated_at: iso(v.updated),
      market: 'US',
    }));
  }
  return o;
}

// ---------------------------------------------------------------- search
function search(list, q, skuOf, titleOf = (p) => p.title) {
  const norm = (s) => s.toLowerCase().replace(/[\s-]+/g, '');
  const cs = has('search-case-sensitive');
  const lc = (s) => (cs ? s : s.toLowerCase()).replace(/['"‘’“”()]/g, '');
  const tokens = lc(q || '')
    .split(/\s+/)
    .filter(Boolean);
  const out = [];
  for (const p of list) {
    let tier;
    if (!tokens.length) tier = 1;
    else if (!has('sku-search-fails') && norm(q) === norm(p.sku)) tier = 3;
    else {
      const title = lc(titleOf(p));
      const hay = lc(`${titleOf(p)} ${p.title} ${p.M.brand} ${p.M.bBrand} ${p.M.model} ${p.colorway} ${has('sku-search-fails') ? '' : skuOf(p)}`);
      if (tokens.every((t) => title.includes(t))) tier = 2;
      else if (tokens.every((t) => hay.includes(t))) tier = 1;
      else continue;
    }
    out.push({ p, tier });
  }
  out.sort((a, b) => b.tier - a.tier || a.p.rank - b.p.rank);
  return out.map((x) => x.p);
}

// ---------------------------------------------------------------- schemas
const S = { str: { type: 'string' }, int: { type: 'integer' }, num: { type: 'number' }, bool: { type: 'boolean' } };
const arr = (x) => ({ type: 'array', items: x });
const nul = (x) => ({ anyOf: [x, { type: 'null' }] });
const obj = (props, req = Object.keys(props)) => ({ type: 'object', properties: props, required: req, additionalProperties: true });
const url = { type: 'string', format: 'uri' };
const dt = { type: 'string', format: 'date-time' };
const uuidS = { type: 'string', format: 'uuid' };
const priceS = obj({ price: S.num, asks: S.int, type: { type: 'string', enum: ['standard', 'express_standard', 'express_expedited'] } });
const aVarS = obj({
  id: uuidS,
  size: S.str,
  size_type: S.str,
  sizes: arr(obj({ size: S.str, type: S.str })),
  lowest_ask: S.num,
  total_asks: S.int,
  position: S.int,
  hidden: S.bool,
  updated_at: dt,
  identifiers: nul(arr(obj({ identifier: S.str, identifier_type: S.str }))),
  prices: nul(arr(priceS)),
  currency: S.str,
  market: S.str,
  sales_count_15_days: S.int,
  sales_count_30_days: S.int,
  sales_count_60_days: S.int,
});
const aProdProps = {
  id: uuidS,
  title: S.str,
  brand: S.str,
  model: S.str,
  gender: S.str,
  description: S.str,
  image: url,
  sku: S.str,
  slug: S.str,
  product_type: S.str,
  category: S.str,
  secondary_category: S.str,
  categories: arr(S.str),
  breadcrumbs: arr(obj({ value: S.str, alias: S.str, level: { type: 'integer', minimum: 1 } })),
  gallery: arr(url),
  gallery_360: arr(url),
  updated_at: dt,
  created_at: dt,
  link: url,
  rank: S.int,
  weekly_orders: S.int,
  country_of_manufacture: { type: 'string', pattern: '^[A-Z]{2}$' },
  primary_title: S.str,
  secondary_title: S.str,
  min_price: S.num,
  max_price: S.num,
  avg_price: S.num,
  short_description: S.str,
  upcoming: S.bool,
};
const aProdS = obj({ ...aProdProps, variants: arr(aVarS) }, Object.keys(aProdProps));
const bVarS = obj({ product_id: S.int, size: S.str, lowest_ask: S.num, currency: S.str, available: S.bool, updated_at: dt });
const bProdProps = {
  id: S.int,
  sku: S.str,
  slug: S.str,
  name: S.str,
  brand: S.str,
  model: S.str,
  description: S.str,
  colorway: S.str,
  season: S.str,
  category: S.str,
  product_type: S.str,
  image_url: url,
  images: nul(arr(url)),
  release_date: S.str,
  release_date_year: S.str,
  retail_prices: { type: 'null' },
  link: url,
  sizes: arr(obj({ presentation: S.str, value: S.num })),
  rank: S.int,
  weekly_orders: S.int,
  updated_at: dt,
  variants: nul(arr(bVarS)),
};
const bProdS = obj(bProdProps);
const env = (name, data, meta) => {
  const props = { $schema: { type: 'string', format: 'uri', readOnly: true }, data };
  if (meta !== undefined) props.meta = meta;
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `/schemas/${name}.json`, title: name, ...obj(props, meta !== undefined ? ['data', 'meta'] : ['data']) };
};
const SCHEMAS = {
  MarketAProductSearchResponse: env('MarketAProductSearchResponse', arr(aProdS), obj({ current_page: S.int, per_page: S.int, total: S.int })),
  MarketAProductResponse: env('MarketAProductResponse', aProdS, { type: 'null' }),
  MarketASalesResponse: env('MarketASalesResponse', arr(obj({ product_id: uuidS, variant_id: uuidS, amount: S.num, created_at: dt }))),
  MarketADailySalesResponse: env('MarketADailySalesResponse', arr(obj({ product_id: uuidS, avg_amount: S.num, orders: S.int, date: dt }))),
  MarketBProductSearchResponse: env('MarketBProductSearchResponse', arr(bProdS)),
  MarketBProductResponse: env('MarketBProductResponse', bProdS, { type: 'null' }),
  MarketBSalesResponse: env(
    'MarketBSalesResponse',
    arr(
      obj({
        product_id: S.int,
        type: { type: 'string', enum: ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'] },
        size_us: S.str,
        currency: S.str,
        amount: S.num,
        location: S.str,
        purchased_at: dt,
      }),
    ),
    obj({ page: S.int, per_page: S.int }),
  ),
  MarketBDailySalesResponse: env('MarketBDailySalesResponse', arr(obj({ product_id: S.int, avg_amount: S.num, orders: S.int, date: dt }))),
  ErrorModel: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: '/schemas/ErrorModel.json',
    title: 'ErrorModel',
    ...obj(
      {
        $schema: { type: 'string', format: 'uri' },
        type: { type: 'string', format: 'uri', default: 'about:blank' },
        title: S.str,
        status: S.int,
        detail: S.str,
        instance: { type: 'string', format: 'uri' },
        errors: arr(obj({ message: S.str, location: S.str, value: {} }, ['message'])),
      },
      ['title', 'status', 'detail'],
    ),
  },
};

// ---------------------------------------------------------------- http plumbing
class HttpError extends Error {
  constructor(status, detail, errors) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}
const TITLES = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error' };
const quota = new Map();
const rate = new Map();
let etagSalt = 0;

function loc(l) {
  return has('error-location-bare') ? l.replace(/^(query|path)\./, '') : l;
}
function v422(message, location, value) {
  return new HttpError(422, 'validation failed', [{ message, location: loc(location), value }]);
}
function intParam(q, name, def, min, max) {
  const raw = q.get(name);
  if (raw === null || raw === '') return def;
  if (!/^-?\d+$/.test(raw)) {
    if (has('page-nonnumeric-500') && name === 'page') throw new HttpError(500, 'internal error');
    throw v422('expected integer', `query.${name}`, raw);
  }
  let n = Number(raw);
  if (n < min) {
    if (has('page0-accepted') && name === 'page') return 1;
    throw v422(`expected number >= ${min}`, `query.${name}`, n);
  }
  if (n > max) {
    if (has('limit-500-clamped') && name === 'limit') return max;
    throw v422(`expected number <= ${max}`, `query.${name}`, n);
  }
  return n;
}
const BOOLS = { 1: true, t: true, T: true, TRUE: true, true: true, True: true, 0: false, f: false, F: false, FALSE: false, false: false, False: false };
function boolParam(q, name) {
  const raw = q.get(name);
  if (raw === null || raw === '') return false;
  if (!(raw in BOOLS)) throw v422('expected boolean', `query.${name}`, raw);
  return BOOLS[raw];
}
const KNOWN = {
  A1: ['query', 'page', 'limit', 'market'],
  A2: ['display[variants]', 'display[prices]', 'display[identifiers]', 'market'],
  A3: ['variant_id', 'page', 'limit'],
  A4: ['page', 'limit'],
  B1: ['query', 'page', 'limit'],
  B2: [],
  B3: ['page', 'limit'],
  B4: ['page', 'limit'],
};
function paginate(list, page, limit) {
  return list.slice((page - 1) * limit, page * limit);
}

function findA(idOrSlug, viaSlugOk = true) {
  let p = UUID_RE.test(idOrSlug) ? byAId.get(idOrSlug.toLowerCase()) : undefined;
  if (has('a-id-not-uuid') && /^prd_\d+$/.test(idOrSlug)) p = CAT[Number(idOrSlug.slice(4))];
  let slug = false;
  if (!p && viaSlugOk) {
    p = byASlug.get(idOrSlug);
    slug = !!p;
  }
  if (!p) throw new HttpError(404, has('404-detail-wrong') ? 'Not found' : 'Product not found');
  return { p, slug };
}
function findB(idOrSlug, slugOk = true) {
  let p;
  if (/^\d+$/.test(idOrSlug)) p = byBId.get(Number(idOrSlug));
  else if (slugOk) p = byBSlug.get(idOrSlug);
  if (!p) throw new HttpError(404, has('404-detail-wrong') ? 'Not found' : 'Product not found');
  return p;
}

function route(path) {
  let m;
  if (path === '/v3/market_a/products') return ['A1', {}];
  if ((m = path.match(/^\/v3\/market_a\/products\/([^/]+)$/))) return ['A2', { id: m[1] }];
  if ((m = path.match(/^\/v3\/market_a\/products\/([^/]+)\/sales$/))) return ['A3', { id: m[1] }];
  if ((m = path.match(/^\/v3\/market_a\/products\/([^/]+)\/sales\/daily$/))) return ['A4', { id: m[1] }];
  if (path === '/v3/market_b/products') return ['B1', {}];
  if ((m = path.match(/^\/v3\/market_b\/products\/([^/]+)$/))) return ['B2', { id: m[1] }];
  if ((m = path.match(/^\/v3\/market_b\/products\/([^/]+)\/sales$/))) return ['B3', { id: m[1] }];
  if ((m = path.match(/^\/v3\/market_b\/products\/([^/]+)\/sales\/daily$/))) return ['B4', { id: m[1] }];
  return [null, null];
}
const PREMIUM = new Set(['A3', 'A4', 'B3', 'B4']);

function authenticate(req) {
  const raw = (req.headers.authorization || '').trim();
  let key = null,
    form = null;
  if (/^bearer\s+/i.test(raw)) {
    key = raw.replace(/^bearer\s+/i, '').trim();
    form = 'bearer';
  } else if (raw) {
    key = raw;
    form = 'bare';
  }
  let tier = key ? KEYS[key] : undefined;
  if (tier && has('bearer-rejected') && form === 'bearer') tier = undefined;
  if (tier && has('bare-rejected') && form === 'bare') tier = undefined;
  if (tier === 'Free' && has('free-key-rejected')) tier = undefined;
  return { key, tier };
}

function handle(op, params, q, auth) {
  if (has('unknown-param-422')) {
    for (const k of q.keys()) if (!KNOWN[op].includes(k)) throw v422('unexpected property', `query.${k}`, q.get(k));
  }
  const paid = auth.tier && auth.tier !== 'Free';
  const market = (() => {
    if (!['A1', 'A2'].includes(op)) return 'US';
    const raw = q.get('market');
    if (raw === null || raw === '') return 'US';
    const m = raw.toUpperCase() === 'GB' ? 'UK' : raw.toUpperCase();
    if (!(m in MARKETS)) throw v422(`expected value to be one of "${Object.keys(MARKETS).join(', ')}"`, 'query.market', raw);
    return has('market-param-ignored') ? 'US' : m;
  })();
  const searchDefault = has('limit-default-10') ? 10 : 20;
  const salesDefault = has('a3-default-limit-20') ? 20 : 50;
  const dailyMax = has('daily-limit-365-rejected') ? 100 : 365;
  switch (op) {
    case 'A1': {
      const page = intParam(q, 'page', 1, 1, 1e9);
      let limit = intParam(q, 'limit', searchDefault, 1, 100);
      if (has('limit-ignored')) limit = 20;
      const all = search(CAT, q.get('query'), aSku);
      if (has('a1-order-unpopular')) all.reverse();
      const total = has('a1-total-uncapped') ? all.length : Math.min(all.length, 1000);
      const capped = all.slice(0, total);
      let start = (page - 1) * limit;
      if (has('a1-page-overlap') && page > 1) start -= 1;
      let items = capped.slice(start, start + limit + (has('a1-overfill') ? 1 : 0));
      if (!items.length && has('search-empty-404') && page === 1) throw new HttpError(404, 'No products found');
      let data = items.map((p) => aProduct(p, market, {}));
      if (has('search-lookup-drift')) data = data.map((o) => ({ ...o, title: o.title + ' (Search)', min_price: o.min_price + 5 }));
      if (has('a1-data-object') && data.length === 1) data = data[0];
      const meta = { current_page: has('a1-current-page-wrong') ? 1 : page, per_page: limit, total: has('a1-total-page-count') ? items.length : total };
      if (has('a1-meta-missing-total')) delete meta.total;
      if (has('a1-meta-string')) meta.current_page = String(meta.current_page);
      return ['MarketAProductSearchResponse', { data, meta }];
    }
    case 'A2': {
      const dv = boolParam(q, 'display[variants]'),
        dp = boolParam(q, 'display[prices]'),
        di = boolParam(q, 'display[identifiers]');
      if (di && !paid && !has('free-identifiers-filled') && !has('free-identifiers-null-200')) throw new HttpError(403, 'The display[identifiers] option requires a paid plan');
      const { p, slug } = findA(decodeURIComponent(params.id));
      const rawDv = q.get('display[variants]');
      const opt = {
        variants: dv || has('a2-variants-always') || (has('display-false-variants') && rawDv !== null),
        prices: has('a2-prices-null') ? false : dp || has('a2-prices-always'),
        identifiers: has('a2-identifiers-null') ? false : (di && (paid || has('free-identifiers-filled'))) || (has('a2-identifiers-always') && paid),
      };
      const data = aProduct(p, market, opt);
      if (slug && has('a2-slug-drift')) {
        data.weekly_orders += 1;
        data.updated_at = iso(p.updated + 3600000);
      }
      if (has('no-data-envelope')) return [has('schema-wrong-name') ? 'MarketAProductSearchResponse' : 'MarketAProductResponse', data, true];
      const body = { data, meta: null };
      if (has('a2-meta-missing')) delete body.meta;
      return [has('schema-wrong-name') ? 'MarketAProductSearchResponse' : 'MarketAProductResponse', body];
    }
    case 'A3': {
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', salesDefault, 1, 100);
      const vid = q.get('variant_id');
      if (vid !== null && vid !== '' && !UUID_RE.test(vid)) {
        if (has('bad-variant-500')) throw new HttpError(500, 'internal error');
        throw v422('expected string to be RFC 4122 uuid', 'query.variant_id', vid);
      }
      const { p } = findA(decodeURIComponent(params.id));
      let sales = aSales(p);
      if (vid && !has('a3-variant-filter-ignored')) sales = sales.filter((s) => s.v.vid === vid.toLowerCase());
      if (has('a3-single-variant') && !vid) {
        const first = sales[0]?.v;
        sales = sales.filter((s) => s.v === first);
      }
      if (has('a3-oldest-first')) sales = [...sales].reverse();
      const other = CAT[(p.i + 1) % N];
      const data = paginate(sales, page, limit).map((s) => ({
        product_id: has('a3-product-id-wrong') ? other.aId : p.aId,
        variant_id: has('a3-variant-foreign') ? uuid('foreign' + s.v.vid, 4) : s.v.vid,
        amount: s.amount,
        created_at: has('timestamp-offset') ? iso(s.t + 3600000).replace('Z', '+01:00') : iso(s.t),
      }));
      const body = { data };
      if (has('a3-has-meta')) body.meta = { current_page: page, per_page: limit, total: sales.length };
      return ['MarketASalesResponse', body];
    }
    case 'A4': {
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', 20, 1, dailyMax);
      const { p } = findA(decodeURIComponent(params.id));
      let rows = daily(aSales(p));
      if (has('daily-zero-orders') && rows.length) {
        const full = [];
        for (let d = rows[0].d; d >= rows[rows.length - 1].d; d -= DAY) full.push(rows.find((r) => r.d === d) || { d, orders: 0, avg: 0 });
        rows = full;
      }
      if (has('daily-duplicate-day'))
        rows = rows.flatMap((r) =>
          r.orders >= 2
            ? [
                { ...r, orders: Math.floor(r.orders / 2) },
                { ...r, orders: r.orders - Math.floor(r.orders / 2) },
              ]
            : [r],
        );
      if (has('daily-inconsistent')) rows = rows.map((r) => ({ ...r, orders: r.orders + 1 }));
      if (has('a4-oldest-first')) rows = [...rows].reverse();
      const other = CAT[(p.i + 1) % N];
      const data = paginate(rows, page, limit).map((r) => ({
        product_id: has('a4-product-id-wrong') ? other.aId : p.aId,
        avg_amount: r.avg + (has('daily-avg-wrong') ? 7.25 : 0),
        orders: has('daily-orders-fractional') ? r.orders + 0.5 : r.orders,
        date: iso(r.d + (has('daily-not-midnight') ? 12 * 3600000 : 0)),
      }));
      return ['MarketADailySalesResponse', { data }];
    }
    case 'B1': {
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', searchDefault, 1, 100);
      const all = search(
        CAT.filter((p) => p.onB),
        q.get('query'),
        bSku,
        (p) => `${p.M.bName} '${p.nick}'`,
      );
      if (has('b1-order-unpopular')) all.reverse();
      const items = paginate(all.slice(0, 1000), page, limit);
      if (!items.length && has('search-empty-404') && page === 1) throw new HttpError(404, 'No products found');
      const body = { data: items.map((p) => bProduct(p, false)) };
      if (has('b1-has-meta')) body.meta = { page, per_page: limit };
      return ['MarketBProductSearchResponse', body];
    }
    case 'B2': {
      const id = decodeURIComponent(params.id);
      const p = has('b2-slug-404') ? findB(id, false) : findB(id);
      const body = { data: bProduct(p, true), meta: has('b2-meta-object') ? { page: 1, per_page: 1 } : null };
      return ['MarketBProductResponse', body];
    }
    case 'B3': {
      const id = decodeURIComponent(params.id);
      if (!/^\d+$/.test(id) && !has('b3-slug-accepted')) {
        if (has('b3-slug-404')) throw new HttpError(404, has('404-detail-wrong') ? 'Not found' : 'Product not found');
        throw v422('expected integer', 'path.id', id);
      }
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', salesDefault, 1, 100);
      const p = findB(id);
      const sales = bSales(p);
      const data = paginate(sales, has('b3-page-ignored') ? 1 : page, limit).map((s, k) => ({
        product_id: p.bId,
        type: has('b3-type-invalid') && k % 3 === 0 ? 'PURCHASE_TYPE_BID' : s.type,
        size_us: has('b3-size-foreign') ? '15.5' : fmt(s.v.us),
        currency: has('b3-currency-mismatch') ? 'EUR' : 'USD',
        amount: s.amount,
        location: has('b3-location-city-only') ? s.loc.split(',')[0] : s.loc,
        purchased_at: iso(s.t),
      }));
      const body = { data };
      if (has('b3-meta-wrong-keys')) body.meta = { current_page: page, per_page: limit, total: sales.length };
      else if (!has('b3-meta-missing')) body.meta = { page, per_page: has('b3-per-page-wrong') ? 100 : limit };
      return ['MarketBSalesResponse', body];
    }
    case 'B4': {
      const id = decodeURIComponent(params.id);
      if (has('b4-slug-rejected') && !/^\d+$/.test(id)) throw v422('expected integer', 'path.id', id);
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', 20, 1, dailyMax);
      const p = findB(id);
      let rows = daily(bSales(p));
      if (has('daily-zero-orders') && rows.length) {
        const full = [];
        for (let d = rows[0].d; d >= rows[rows.length - 1].d; d -= DAY) full.push(rows.find((r) => r.d === d) || { d, orders: 0, avg: 0 });
        rows = full;
      }
      if (has('b4-oldest-first')) rows = [...rows].reverse();
      const data = paginate(rows, page, limit).map((r) => ({
        product_id: p.bId,
        avg_amount: r.avg,
        orders: (has('daily-orders-fractional') ? r.orders + 0.5 : r.orders) + (has('b4-inconsistent') ? 1 : 0),
        date: iso(r.d + (has('daily-not-midnight') ? 12 * 3600000 : 0)),
      }));
      if (has('b4-bare-array')) return ['MarketBDailySalesResponse', data, true];
      return ['MarketBDailySalesResponse', { data }];
    }
  }
  throw new HttpError(404, 'Not Found');
}

function keyTypeHeader(auth) {
  if (!auth.tier) return 'None';
  if (has('key-type-wrong')) return 'Free';
  if (has('key-type-generic-paid') && auth.tier !== 'Free') return 'Paid';
  return auth.tier;
}

function send(req, res, status, headers, bodyObj, ok) {
  let body = bodyObj === undefined ? '' : JSON.stringify(bodyObj);
  const h = { ...headers };
  if (bodyObj !== undefined) h['Content-Length'] = Buffer.byteLength(body);
  if (!(has('headers-missing-on-errors') && !ok) && !has('x-key-type-missing')) h['X-Key-Type'] = headers['X-Key-Type'];
  else delete h['X-Key-Type'];
  if (has('headers-missing-on-errors') && !ok) delete h['X-Quota-Current'];
  if (req.method === 'HEAD') {
    res.writeHead(status, h);
    res.end();
    return;
  }
  res.writeHead(status, h);
  res.end(body);
}

function problem(req, res, err, common) {
  const status = err.status;
  const body = {};
  if (!has('schema-missing')) body.$schema = schemaUrl('ErrorModel');
  body.title = TITLES[status] || 'Error';
  body.status = has('problem-status-mismatch') && status === 404 ? 400 : status;
  body.detail = err.detail;
  if (err.errors && !has('422-no-errors')) body.errors = err.errors;
  const h = { ...common, 'Content-Type': has('error-json-content-type') ? 'application/json' : 'application/problem+json' };
  if (err.headers) Object.assign(h, err.headers);
  send(req, res, status, h, body, false);
}

const server = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  HOST = req.headers.host || `127.0.0.1:${server.address().port}`;
  const auth = authenticate(req);
  const qkey = auth.tier ? auth.key : 'anon';
  const used = (quota.get(qkey) || 0) + 1;
  if (auth.tier) quota.set(qkey, used);
  const common = {
    'X-Key-Type': keyTypeHeader(auth),
    'X-Quota-Current': String(has('quota-not-incrementing') || !auth.tier ? 0 : used),
  };
  try {
    // schemas (public)
    const sm = u.pathname.match(/^\/schemas\/([A-Za-z]+)\.json$/);
    if (sm && !has('schema-unserved')) {
      if (!['GET', 'HEAD'].includes(req.method)) throw Object.assign(new HttpError(405, `method ${req.method} not allowed`), { headers: has('405-no-allow') ? {} : { Allow: 'GET, HEAD' } });
      const s = SCHEMAS[sm[1]];
      if (!s) throw new HttpError(404, 'schema not found');
      return send(req, res, 200, { ...common, 'Content-Type': 'application/schema+json' }, { ...s, $id: `http://${HOST}/schemas/${sm[1]}.json` }, true);
    }
    const [op, params] = route(u.pathname);
    if (!op) throw new HttpError(404, 'Not Found');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...common, Allow: 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    if (has('post-allowed') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method)) {
      return send(req, res, req.method === 'POST' ? 201 : 200, { ...common, 'Content-Type': 'application/json; charset=utf-8' }, { data: { id: params.id || null, accepted: true }, meta: null }, true);
    }
    const methodOk = req.method === 'GET' || (req.method === 'HEAD' && !has('head-unsupported'));
    if (!methodOk && !(has('post-allowed') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method))) {
      throw Object.assign(new HttpError(405, `method ${req.method} not allowed`), { headers: has('405-no-allow') ? {} : { Allow: has('head-unsupported') ? 'GET' : 'GET, HEAD' } });
    }
    // authentication
    if (!auth.tier) {
      if (has('no-auth-allowed') && !auth.key) auth.tier = 'Free';
      else if (has('unknown-key-403') && auth.key) throw new HttpError(403, 'Forbidden');
      else throw new HttpError(401, has('401-detail-wrong') ? 'Unauthorized' : 'Invalid key');
    }
    // rate limit
    const now = Date.now();
    const win = (rate.get(auth.key || 'anon') || []).filter((t) => t > now - 60000);
    win.push(now);
    rate.set(auth.key || 'anon', win);
    const cap = has('rate-limit-low') ? 120 : 640;
    if (win.length > cap) throw Object.assign(new HttpError(429, 'rate limit exceeded'), { headers: { 'Retry-After': '1' } });
    // tier
    if (PREMIUM.has(op) && auth.tier === 'Free') {
      const allowed = (op === 'A3' && has('a3-free-allowed')) || (op === 'A4' && has('a4-free-allowed')) || (op === 'B3' && has('b3-free-allowed')) || (op === 'B4' && has('b4-free-allowed'));
      if (!allowed) {
        if (has('premium-free-401')) throw new HttpError(401, 'Invalid key');
        throw new HttpError(403, 'This endpoint requires a paid plan');
      }
    }
    if (op === 'A3' && has('a3-slug-rejected') && !UUID_RE.test(decodeURIComponent(params.id))) throw new HttpError(404, 'Product not found');
    if (op === 'A2' && has('a2-slug-404') && !UUID_RE.test(decodeURIComponent(params.id))) throw new HttpError(404, 'Product not found');
    let name, body, bare;
    try {
      [name, body, bare] = handle(op, params, u.searchParams, auth);
    } catch (e) {
      if (e instanceof HttpError && e.status === 404 && has('unknown-product-200-null') && /Product not found|Not found/.test(e.detail)) {
        [name, body] = [`Market${op[0]}ProductResponse`, { data: null, meta: null }];
      } else throw e;
    }
    if (!bare && !has('schema-missing')) body = { $schema: schemaUrl(name), ...body };
    const json = JSON.stringify(body);
    const etag = `"${crypto
      .createHash('sha1')
      .update(json + (has('etag-unstable') ? etagSalt++ : ''))
      .digest('hex')
      .slice(0, 20)}"`;
    const headers = {
      ...common,
      'Content-Type': has('content-type-text') ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      ETag: etag,
      'Cache-Control': 'private, max-age=0',
    };
    if (!bare && !has('schema-missing')) headers.Link = `<${schemaUrl(name)}>; rel="describedBy"`;
    const inm = req.headers['if-none-match'];
    if (
      inm &&
      !has('conditional-ignored') &&
      (inm.trim() === '*' ||
        inm
          .split(',')
          .map((s) => s.trim().replace(/^W\//, ''))
          .includes(etag))
    ) {
      const h = { ...headers };
      delete h['Content-Type'];
      return send({ method: 'HEAD' }, res, 304, h, undefined, true);
    }
    return send(req, res, 200, headers, body, true);
  } catch (e) {
    if (e instanceof HttpError) return problem(req, res, e, common);
    console.error(e);
    return problem(req, res, new HttpError(500, 'internal error'), common);
  }
});
server.listen(PORT, '127.0.0.1', () => {
  const port = server.address().port;
  console.log(`listening on http://127.0.0.1:${port} paid-key=${PAID_KEY} free-key=${FREE_KEY}${DEFECT ? ` defect=${DEFECT}` : ''}`);
});
