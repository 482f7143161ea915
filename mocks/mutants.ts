/**
 * Mutants: the mock with exactly one rule broken each, to prove that the conformance suite
 * catches every kind of bug it claims to (issue 4). `--mutant NAME` runs one, so users can see
 * what a failing run looks like. Each names the conformance checks that must fail against it.
 */
import type { MockResponse } from './http/response.js';
import type { Stages } from './http/stages.js';
import { OptionError, type Tier } from './options.js';
import type { World } from './world/world.js';

/** What a request hook may change: the raw path and query parameters, before validation. */
export interface MutantRequest {
  op: string;
  path: Record<string, string>;
  query: Record<string, string[]>;
  world: World;
}
/** What a body hook may change: the JSON body before it is written. */
export interface MutantBody {
  op: string;
  body: Record<string, any>;
  query: Record<string, string[]>;
  world: World;
}

/** One broken rule. */
export interface Mutant {
  name: string;
  /** The rule it breaks, in a sentence. */
  description: string;
  /** Conformance check ids that must report a failure against it. */
  kills: string[];
  request?(x: MutantRequest): void;
  /** Overrides the caller's tier for an operation (undefined: no key); `rawQuery` is the query string as sent (no `?`). */
  tier?(op: string, premium: boolean, tier: Tier | undefined, rawQuery: string): Tier | undefined;
  /** Overrides whether the caller is entitled to identifiers. */
  entitled?(entitled: boolean): boolean;
  body?(x: MutantBody): void;
  response?(op: string, res: MockResponse): MockResponse;
  /** Sends ETags but never answers 304 to a matching If-None-Match. */
  ignoreConditional?: boolean;
  /** Answers a request by its method before the core's method rules (405, HEAD, OPTIONS), or undefined to leave it to them. */
  method?(method: string, path: string): MockResponse | undefined;
}

const A_PRODUCT_OPS = ['searchMarketAProducts', 'getMarketAProduct'];
const B_PRODUCT_OPS = ['searchMarketBProducts', 'getMarketBProduct'];
const DAILY = ['listMarketAProductDailySales', 'listMarketBProductDailySales'];
const SEARCH = ['searchMarketAProducts', 'searchMarketBProducts'];
const items = (data: unknown): Record<string, any>[] => (Array.isArray(data) ? data : data && typeof data === 'object' ? [data as Record<string, any>] : []);
/** Every query parameter some operation declares (the contract's, §4). */
const KNOWN_QUERY = new Set(['query', 'page', 'limit', 'variant_id', 'display[variants]', 'display[prices]', 'display[identifiers]']);
const isUuid = (s: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(s);

/** The `detail` of a problem answer's JSON body, or undefined. */
function problemDetail(res: MockResponse): string | undefined {
  try {
    const detail = (JSON.parse(res.body) as { detail?: unknown }).detail;
    return typeof detail === 'string' ? detail : undefined;
  } catch {
    return undefined;
  }
}

/** Every mutant, by name. */
export const MUTANTS: readonly Mutant[] = [
  {
    name: 'write-accepted',
    description: 'DELETE answers 200 (the API is read-only, §1)',
    kills: ['read-only-methods'],
    method: (method) => (method === 'DELETE' ? { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":null}' } : undefined),
  },
  {
    name: 'write-refused-404',
    description: 'write methods answer 404 without Allow, not 405',
    kills: ['method-not-allowed'],
    method: (method) => (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? { status: 404, headers: { 'content-type': 'application/problem+json' }, body: '{"title":"Not Found","status":404,"detail":"Not found"}' } : undefined),
  },
  {
    name: 'etag-ignored',
    description: 'answers carry an ETag, but If-None-Match still gets 200 with the body',
    kills: ['conditional-get'],
    ignoreConditional: true,
  },
  {
    name: 'head-refused',
    description: 'HEAD answers 405 where GET answers 200',
    kills: ['head-like-get'],
    method: (method) => (method === 'HEAD' ? { status: 405, headers: { allow: 'GET', 'content-type': 'application/problem+json' }, body: '' } : undefined),
  },
  {
    name: 'rank-as-string',
    description: 'marketplace A rank is a string',
    kills: ['response-schema'],
    body: ({ op, body }) => {
      if (A_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) p.rank = String(p.rank);
    },
  },
  {
    name: 'missing-slug',
    description: 'marketplace A products have no slug',
    kills: ['response-schema'],
    body: ({ op, body }) => {
      if (A_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) delete p.slug;
    },
  },
  {
    name: 'b-id-as-string',
    description: 'marketplace B ids are strings',
    kills: ['response-schema', 'id-types'],
    body: ({ op, body }) => {
      if (B_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) p.id = String(p.id);
    },
  },
  {
    name: 'a-id-not-uuid',
    description: 'marketplace A product ids are not UUIDs',
    kills: ['id-types', 'response-schema'],
    body: ({ op, body }) => {
      if (A_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) p.id = `prod_${String(p.id).slice(0, 8)}`;
    },
  },
  {
    name: 'variants-without-flag',
    description: 'A2 returns variants without display[variants]',
    kills: ['a2-no-variants-without-flag'],
    request: ({ op, query }) => {
      if (op === 'getMarketAProduct') query['display[variants]'] = ['true'];
    },
  },
  {
    name: 'variants-flag-ignored',
    description: 'A2 ignores display[variants]',
    kills: ['a2-variants-flag'],
    request: ({ op, query }) => {
      if (op === 'getMarketAProduct') delete query['display[variants]'];
    },
  },
  {
    name: 'prices-not-filled',
    description: 'A2 ignores display[prices]',
    kills: ['a2-prices-flag'],
    request: ({ op, query }) => {
      if (op === 'getMarketAProduct') delete query['display[prices]'];
    },
  },
  {
    name: 'prices-empty',
    description: 'A2 with display[prices] gives every variant an empty prices array',
    kills: ['a2-prices-flag'],
    body: ({ op, body, query }) => {
      if (op === 'getMarketAProduct' && Object.hasOwn(query, 'display[prices]')) for (const v of items(body.data?.variants)) v.prices = [];
    },
  },
  {
    name: 'free-lookup-refused',
    description: 'a Free key is refused (as if it sent none) on the lookups A2 and B2, which are not premium',
    kills: ['free-tier-open'],
    tier: (op, premium, tier) => (!premium && tier === 'Free' && (op === 'getMarketAProduct' || op === 'getMarketBProduct') ? undefined : tier),
  },
  {
    name: 'free-variants-refused',
    description: 'a Free key is refused on A2 with display[variants], which is not a paid option (only display[identifiers] is)',
    kills: ['free-tier-open'],
    tier: (op, _premium, tier, rawQuery) => (op === 'getMarketAProduct' && tier === 'Free' && new URLSearchParams(rawQuery).has('display[variants]') ? undefined : tier),
  },
  {
    name: 'v3-redirect',
    description: 'every /v3/ answer is a permanent redirect to /v4/',
    kills: ['versioned-paths'],
    response: (_op, res) => (res.status === 200 ? { status: 308, headers: { location: 'http://127.0.0.1:1/v4/moved', 'content-type': 'text/plain' }, body: '' } : res),
  },
  {
    name: 'sale-times-offset',
    description: 'per-sale records (A3, B3) carry their times at +01:00, not UTC (production sends Z)',
    kills: ['utc-timestamps'],
    body: ({ op, body }) => {
      const field = op === 'listMarketAProductSales' ? 'created_at' : op === 'listMarketBProductSales' ? 'purchased_at' : undefined;
      if (field === undefined) return;
      for (const sale of items(body.data)) {
        const ms = Date.parse(String(sale[field]));
        if (Number.isFinite(ms)) sale[field] = `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`;
      }
    },
  },
  { name: 'identifiers-leak', description: 'identifiers are filled for a Free key', kills: ['identifiers-not-entitled'], entitled: () => true },
  { name: 'identifiers-never-filled', description: 'identifiers stay null even for a paid key', kills: ['a2-identifiers-flag'], entitled: () => false },
  {
    name: 'variant-id-ignored',
    description: 'A3 ignores variant_id',
    kills: ['a3-variant-filter'],
    request: ({ op, query }) => {
      if (op === 'listMarketAProductSales') delete query.variant_id;
    },
  },
  {
    name: 'a3-one-variant',
    description: "A3 without variant_id returns one variant's sales only",
    kills: ['a3-all-variants'],
    body: ({ op, body, query }) => {
      if (op === 'listMarketAProductSales' && !query.variant_id) {
        const v = body.data[0]?.variant_id;
        body.data = body.data.filter((s: { variant_id: string }) => s.variant_id === v);
      }
    },
  },
  {
    name: 'daily-not-midnight',
    description: 'daily dates are at noon',
    kills: ['daily-one-per-day', 'response-schema'],
    body: ({ op, body }) => {
      if (DAILY.includes(op)) for (const d of body.data) d.date = String(d.date).replace('T00:00:00', 'T12:00:00');
    },
  },
  {
    name: 'daily-duplicate-day',
    description: 'a daily series has two elements for one day',
    kills: ['daily-one-per-day'],
    body: ({ op, body }) => {
      if (DAILY.includes(op) && body.data.length > 0) body.data.splice(1, 0, { ...body.data[0], orders: 1 });
    },
  },
  {
    name: 'daily-oldest-first',
    description: 'daily series are oldest first',
    kills: ['daily-newest-first'],
    body: ({ op, body }) => {
      if (DAILY.includes(op)) body.data.reverse();
    },
  },
  {
    name: 'daily-mismatch',
    description: 'A4 orders are one more than the sales that day',
    kills: ['daily-matches-sales'],
    body: ({ op, body }) => {
      if (op === 'listMarketAProductDailySales') for (const d of body.data) d.orders += 1;
    },
  },
  {
    name: 'b3-accepts-slug',
    description: 'B3 takes a slug as its id',
    kills: ['b3-numeric-id'],
    request: ({ op, path, world }) => {
      if (op === 'listMarketBProductSales' && path.id && !/^\d+$/.test(path.id)) {
        const p = world.b.resolve(path.id);
        if (p !== undefined) path.id = String(world.b.idOf(p));
      }
    },
  },
  {
    name: 'slug-lookup-other-product',
    description: 'A2 by slug returns another product',
    kills: ['lookup-slug-id-same'],
    request: ({ op, path, world }) => {
      const s = path.id_or_slug;
      if (op === 'getMarketAProduct' && s && !isUuid(s)) {
        const p = world.a.resolve(s);
        if (p !== undefined) path.id_or_slug = world.a.uuidOf((p + 1) % world.a.size);
      }
    },
  },
  { name: 'premium-open', description: 'premium operations answer without a key', kills: ['auth-required', 'premium-not-entitled'], tier: (_op, premium, tier) => (premium && tier === undefined ? 'Pro' : tier) },
  { name: 'free-key-premium', description: 'a Free key may call premium operations', kills: ['auth-required', 'premium-not-entitled'], tier: (_op, premium, tier) => (premium && tier === 'Free' ? 'Pro' : tier) },
  {
    name: 'free-key-variant-filter',
    description: 'a Free key may call A3 when it sends variant_id (§5: per-sale history is for paying users only)',
    kills: ['premium-not-entitled'],
    tier: (_op, premium, tier, rawQuery) => (premium && tier === 'Free' && /(^|&)variant_id=/.test(rawQuery) ? 'Pro' : tier),
  },
  { name: 'premium-closed', description: 'premium operations refuse the paid key', kills: ['premium-entitled'], tier: (_op, premium, tier) => (premium && tier !== undefined ? 'Free' : tier) },
  {
    name: 'sales-out-of-order',
    description: 'A3 lists sales oldest first',
    kills: ['sales-newest-first'],
    body: ({ op, body }) => {
      if (op === 'listMarketAProductSales') body.data.reverse();
    },
  },
  {
    name: 'unknown-query-refused',
    description: 'a query parameter the operation does not declare makes the request a 422 (production: unknown query parameters are ignored)',
    kills: ['unknown-query-ignored'],
    request: ({ query }) => {
      if (Object.keys(query).some((k) => !KNOWN_QUERY.has(k))) query.page = ['0'];
    },
  },
  {
    name: 'unknown-display-refused',
    description: 'a display option A2 does not declare (display[foo]=true) makes the request a 422 (production: unknown query parameters are ignored)',
    kills: ['unknown-query-ignored'],
    request: ({ query }) => {
      // A display value that is no boolean: the mock's own 422 for the request.
      if (Object.keys(query).some((k) => k.startsWith('display[') && !KNOWN_QUERY.has(k))) query['display[variants]'] = ['not-a-boolean'];
    },
  },
  {
    name: 'limit-max-refused',
    description: 'limit=100, the largest page the contract allows, is refused with a 422 (production: limit 1..100)',
    kills: ['parameter-bounds'],
    request: ({ query }) => {
      if (query.limit?.[0] === '100') query.limit = ['101'];
    },
  },
  {
    name: 'display-order-matters',
    description: 'display[prices] is ignored when it comes before display[variants] in the query string (§4.1 A2 rule 2: each variant gains prices whatever the order)',
    kills: ['display-flag-combinations'],
    request: ({ op, query }) => {
      const keys = Object.keys(query);
      if (op === 'getMarketAProduct' && keys.includes('display[variants]') && keys.indexOf('display[prices]') > -1 && keys.indexOf('display[prices]') < keys.indexOf('display[variants]')) delete query['display[prices]'];
    },
  },
  {
    name: 'slug-ignores-display',
    description: 'A2 named by its slug ignores the display flags (§4: the path names the product by ID or slug alike)',
    kills: ['slug-addressed-same'],
    request: ({ op, path, query }) => {
      if (op === 'getMarketAProduct' && !isUuid(path.id_or_slug ?? '')) for (const k of Object.keys(query)) if (k.startsWith('display[')) delete query[k];
    },
  },
  {
    name: 'positions-from-one',
    description: 'variant positions start at 1 (production: position starts at 0)',
    kills: ['variant-positions'],
    body: ({ body }) => {
      for (const p of items(body.data)) if (Array.isArray(p.variants)) for (const v of p.variants) if (typeof v?.position === 'number') v.position += 1;
    },
  },
  {
    name: 'no-key-type-on-errors',
    description: 'error answers lack X-Key-Type and X-Quota-Current (production: every response carries them)',
    kills: ['key-type-headers'],
    response: (_op, res) => {
      if (res.status < 400) return res;
      const headers = { ...res.headers };
      delete headers['x-key-type'];
      delete headers['x-quota-current'];
      return { ...res, headers };
    },
  },
  {
    name: 'sku-not-first',
    description: 'a search by a full style code lists that product after the others (§1: results are ordered by relevance)',
    kills: ['search-by-sku-name-brand'],
    body: ({ op, body, query }) => {
      const q = query.query?.[0] ?? '';
      // A product of another style code first (the one found, with its code's last character changed), then the real results.
      if (SEARCH.includes(op) && Array.isArray(body.data) && body.data.length > 0 && /\d/.test(q) && /^[A-Z0-9]+[- ]?[A-Z0-9]*$/i.test(q.trim())) {
        const first = body.data[0] as Record<string, any>;
        if (typeof first.sku === 'string') body.data.unshift({ ...first, sku: `${first.sku.slice(0, -1)}${first.sku.endsWith('9') ? '8' : '9'}` });
      }
    },
  },
  {
    name: 'empty-list-204',
    description: 'a sales list with nothing in it answers 204 without a body (§1: every successful response is a JSON object with data)',
    kills: ['empty-lists-are-envelopes', 'envelope-data'],
    response: (op, res) => {
      if (!['listMarketAProductSales', 'listMarketAProductDailySales'].includes(op) || res.status !== 200 || !/"data":\[\]/.test(String(res.body))) return res;
      const headers = { ...res.headers };
      delete headers['content-type'];
      delete headers['content-length'];
      return { status: 204, headers, body: '' };
    },
  },
  {
    name: 'deprecated-search',
    description: 'the searches announce their deprecation (Deprecation and Sunset headers): not a defect, reported at info level',
    kills: ['deprecation-headers'],
    response: (op, res) => (SEARCH.includes(op) ? { ...res, headers: { ...res.headers, deprecation: '@1767225600', sunset: 'Thu, 01 Jul 2027 00:00:00 GMT' } } : res),
  },
  {
    name: 'search-no-sku',
    description: 'search finds nothing by a style code (§1: search is by SKU)',
    kills: ['search-by-sku-name-brand', 'search-relevance'],
    request: ({ op, query }) => {
      const q = query.query?.[0] ?? '';
      if ((op === 'searchMarketAProducts' || op === 'searchMarketBProducts') && /\d/.test(q) && /^[A-Z0-9]+[- ][A-Z0-9]+$/i.test(q.trim())) query.query = ['no-such-product-anywhere'];
    },
  },
  {
    name: 'search-ignores-query',
    description: 'searches ignore their query',
    kills: ['search-relevance'],
    request: ({ op, query }) => {
      if (op === 'searchMarketAProducts' || op === 'searchMarketBProducts') delete query.query;
    },
  },
  {
    name: 'pagination-ignored',
    description: 'searches ignore page',
    kills: ['search-pagination'],
    request: ({ op, query }) => {
      if (op === 'searchMarketAProducts' || op === 'searchMarketBProducts') delete query.page;
    },
  },
  {
    name: 'meta-on-lookup',
    description: 'A2 carries a pagination meta',
    kills: ['envelope-meta', 'response-schema'],
    body: ({ op, body }) => {
      if (op === 'getMarketAProduct') body.meta = { current_page: 1, per_page: 1, total: 1 };
    },
  },
  {
    name: 'no-meta-on-search',
    description: 'A1 has no meta',
    kills: ['envelope-meta', 'response-schema'],
    body: ({ op, body }) => {
      if (op === 'searchMarketAProducts') delete body.meta;
    },
  },
  {
    name: 'meta-on-sales',
    description: 'A3 carries a meta',
    kills: ['envelope-meta', 'response-schema'],
    body: ({ op, body }) => {
      if (op === 'listMarketAProductSales') body.meta = { page: 1, per_page: 50 };
    },
  },
  {
    name: 'b-search-images-filled',
    description: 'B1 fills images in search results',
    kills: ['response-schema'],
    body: ({ op, body }) => {
      if (op === 'searchMarketBProducts') for (const p of body.data) p.images = [p.image_url];
    },
  },
  {
    name: 'b2-no-variants',
    description: 'B2 returns variants null',
    kills: ['b2-variants', 'response-schema'],
    body: ({ op, body }) => {
      if (op === 'getMarketBProduct') body.data.variants = null;
    },
  },
  {
    name: 'b3-wrong-type',
    description: 'B3 sale types are not the two of §2.8',
    kills: ['b3-sale-type', 'response-schema'],
    body: ({ op, body }) => {
      if (op === 'listMarketBProductSales') for (const s of body.data) s.type = 'SALE';
    },
  },
  {
    name: 'b3-location-city-only',
    description: 'B3 sale locations name the city only, not "City, CC" (§2.8: city and country form)',
    kills: ['b3-sale-location'],
    body: ({ op, body }) => {
      if (op === 'listMarketBProductSales') for (const s of body.data) s.location = String(s.location).split(',')[0];
    },
  },
  {
    name: 'no-key-headers',
    description: 'successful answers carry neither X-Key-Type nor X-Quota-Current',
    kills: ['key-type-headers'],
    response: (_op, res) => {
      if (res.status !== 200) return res;
      const { 'x-key-type': _type, 'x-quota-current': _quota, ...headers } = res.headers;
      return { ...res, headers };
    },
  },
  {
    name: 'min-max-swapped',
    description: "a marketplace A product's min_price and max_price are swapped (§2.2: the lowest and the highest)",
    kills: ['price-summary-order'],
    body: ({ op, body }) => {
      if (!A_PRODUCT_OPS.includes(op)) return;
      for (const p of items(body.data)) if (typeof p.min_price === 'number' && typeof p.max_price === 'number' && p.min_price < p.max_price) [p.min_price, p.max_price] = [p.max_price, p.min_price];
    },
  },
  {
    name: 'currency-not-market',
    description: 'marketplace A variants on the US market are priced in EUR (production: currency follows the market)',
    kills: ['currency-follows-market'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct') return;
      for (const p of items(body.data)) if (Array.isArray(p.variants)) for (const v of p.variants) if (v?.market === 'US') v.currency = 'EUR';
    },
  },
  {
    name: 'upc-short',
    description: 'UPC identifiers lose their last digit (production: a UPC is 12 digits)',
    kills: ['identifier-digits'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct') return;
      for (const p of items(body.data))
        if (Array.isArray(p.variants))
          for (const v of p.variants) if (Array.isArray(v?.identifiers)) for (const id of v.identifiers) if (id?.identifier_type === 'UPC' && typeof id.identifier === 'string') id.identifier = id.identifier.slice(0, -1);
    },
  },
  {
    name: 'prices-in-cents-fraction',
    description: 'variant lowest asks carry cents (.99; production: prices are whole numbers)',
    kills: ['whole-prices'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct' && op !== 'getMarketBProduct') return;
      for (const p of items(body.data)) if (Array.isArray(p.variants)) for (const v of p.variants) if (typeof v?.lowest_ask === 'number' && v.lowest_ask > 0) v.lowest_ask -= 0.01;
    },
  },
  {
    name: 'tier-unnamed',
    description: 'X-Key-Type names a tier production does not have (Gold; production: Free, Starter, Pro, Enterprise)',
    kills: ['key-type-headers'],
    response: (_op, res) => (res.headers['x-key-type'] !== undefined ? { ...res, headers: { ...res.headers, 'x-key-type': 'Gold' } } : res),
  },
  // Round 4 vendor probe 7: production-note rules no check judged.
  {
    name: 'unknown-key-403',
    description: 'a key no one issued gets 403 (production: a missing or unknown key is 401); a missing key still gets 401',
    kills: ['auth-required'],
    // The core words the two 401s apart: a key sent that is unknown is answered "Invalid key" alone.
    response: (_op, res) => (res.status === 401 && problemDetail(res) === 'Invalid key' ? { ...res, status: 403, body: res.body.replace('"status":401', '"status":403').replace('"title":"Unauthorized"', '"title":"Forbidden"') } : res),
  },
  {
    name: 'problem-details-reworded',
    description: 'the 404 and 401 problems say "No such item" and "Access denied" (production: "Product not found", "Invalid key")',
    kills: ['not-found', 'auth-required'],
    response: (_op, res) => {
      const detail = problemDetail(res);
      if (res.status === 404 && detail?.startsWith('Product not found')) return { ...res, body: res.body.replace(JSON.stringify(detail), '"No such item"') };
      if (res.status === 401 && detail?.startsWith('Invalid key')) return { ...res, body: res.body.replace(JSON.stringify(detail), '"Access denied"') };
      return res;
    },
  },
  {
    name: 'errors-location-bare',
    description: '422 problems name the parameter bare in errors[].location (limit, id; production: query.limit, path.id)',
    kills: ['bad-parameters-422', 'b3-numeric-id'],
    response: (_op, res) => (res.status === 422 ? { ...res, body: res.body.replace(/"location":"(?:query|path)\./g, '"location":"') } : res),
  },
  {
    name: 'paid-key-named-free',
    description: 'X-Key-Type is Free for every key, the paid key served premium operations too (production: premium routes need a paid tier)',
    kills: ['key-type-headers'],
    response: (_op, res) => (res.headers['x-key-type'] !== undefined ? { ...res, headers: { ...res.headers, 'x-key-type': 'Free' } } : res),
  },
  {
    name: 'search-default-limit-10',
    description: 'searches without limit answer pages of 10 (production: limit defaults to 20)',
    kills: ['search-pagination'],
    request: ({ op, query }) => {
      if (SEARCH.includes(op) && query.limit === undefined) query.limit = ['10'];
    },
  },
  {
    name: 'schema-omitted',
    description: 'no answer carries $schema (production: every answer names its response schema)',
    kills: ['envelope-schema-document'],
    body: ({ body }) => {
      delete body.$schema;
    },
  },
  {
    name: 'prices-standard-only',
    description: 'A2 prices hold the standard option alone (§4.1 A2 rule 2: the lowest ask and the ask count per delivery option)',
    kills: ['a2-prices-flag'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct' || !Array.isArray(body.data?.variants)) return;
      for (const v of body.data.variants) if (Array.isArray(v.prices)) v.prices = v.prices.filter((p: { type?: unknown }) => p.type === 'standard');
    },
  },
  {
    name: 'adidas-eu-decimal',
    description: 'adidas EU sizes are written as decimals, EU 42.7 (production: in thirds, EU 42 2/3)',
    kills: ['adidas-eu-thirds'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct' || !Array.isArray(body.data?.variants)) return;
      // The size lists are shared and frozen: each variant gets its own copy.
      for (const v of body.data.variants)
        if (Array.isArray(v.sizes)) v.sizes = v.sizes.map((s: Record<string, unknown>) => (s.type === 'eu' ? { ...s, size: String(s.size).replace(/ ([12])\/3$/, (_m: string, n: string) => (n === '1' ? '.3' : '.7')) } : s));
    },
  },
  {
    name: 'rank-zero',
    description: 'every rank is 0 (production: ranks run from 1, the most popular product)',
    kills: ['rank-from-one'],
    body: ({ op, body }) => {
      if ([...A_PRODUCT_OPS, ...B_PRODUCT_OPS].includes(op)) for (const p of items(body.data)) if (typeof p.rank === 'number') p.rank = 0;
    },
  },
  {
    name: 'b-sku-hyphen',
    description: 'marketplace B writes a style code with a hyphen, DD1391-100 (production: with a space, DD1391 100)',
    kills: ['sku-spelling'],
    body: ({ op, body }) => {
      if (B_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) if (typeof p.sku === 'string') p.sku = p.sku.replace(/^([A-Z0-9]+) (\d{3})$/, '$1-$2');
    },
  },
  {
    name: 'b3-offers-majority',
    description: 'four in five B3 records are negotiated offers (production: buy-now sales are the large majority)',
    kills: ['buy-now-majority'],
    body: ({ op, body }) => {
      if (op === 'listMarketBProductSales' && Array.isArray(body.data)) body.data.forEach((s: Record<string, unknown>, i: number) => (s.type = i % 5 === 0 ? 'PURCHASE_TYPE_SALE' : 'PURCHASE_TYPE_OFFER_CLOSED'));
    },
  },
  {
    name: 'b-available-inverted',
    description: 'every B size says available exactly when it has no ask (production: no asks is lowest_ask 0; a size is available when lowest_ask > 0)',
    kills: ['b-available-agrees'],
    body: ({ op, body }) => {
      if (op === 'getMarketBProduct' && Array.isArray(body.data?.variants)) for (const v of items(body.data.variants)) if (typeof v.lowest_ask === 'number') v.available = !(v.lowest_ask > 0);
    },
  },
  {
    name: 'nike-chart-shifted',
    description: "Nike and Jordan UK sizes half a size off Nike's chart, UK = US M - 0.5 (production: each brand's own chart; Nike US M 9.5 = UK 8.5)",
    kills: ['nike-size-chart'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct' || !/^(nike|jordan)$/i.test(String(body.data?.brand ?? ''))) return;
      // The world's size rows are shared and frozen: each variant gets new ones.
      for (const v of items(body.data.variants)) if (v.size_type === 'us m' && typeof v.size === 'string') v.sizes = items(v.sizes).map((s) => (s.type === 'uk' ? { ...s, size: `UK ${Number(v.size) - 0.5}` } : s));
    },
  },
  {
    name: 'b-release-year-later',
    description: "a B product's release_date_year is the year after its release_date (§2.6)",
    kills: ['b-release-year'],
    body: ({ op, body }) => {
      if (B_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) if (typeof p.release_date_year === 'string' && /^\d{4}$/.test(p.release_date_year)) p.release_date_year = String(Number(p.release_date_year) + 1);
    },
  },
  {
    name: 'b-size-number-floored',
    description: 'B sizes give value as the whole size below the presentation, 10 for "10.5" (§2.6: the same size as a number)',
    kills: ['b-size-numbers'],
    body: ({ op, body }) => {
      if (op === 'getMarketBProduct' && Array.isArray(body.data?.sizes)) body.data.sizes = items(body.data.sizes).map((x) => (typeof x.value === 'number' ? { ...x, value: Math.floor(x.value) } : x));
    },
  },
  {
    name: 'variant-id-repeated',
    description: "an A product's second variant carries the first one's id (§2.3: a variant's id identifies it)",
    kills: ['variant-ids-unique'],
    body: ({ op, body }) => {
      const variants = op === 'getMarketAProduct' ? body.data?.variants : undefined;
      if (Array.isArray(variants) && variants.length > 1) variants[1] = { ...variants[1], id: variants[0].id };
    },
  },
  {
    name: 'breadcrumb-level-skipped',
    description: 'A breadcrumb trails skip level 2, as 1, 3, 4 (§2.2: level starting at 1)',
    kills: ['breadcrumb-levels'],
    body: ({ op, body }) => {
      if (A_PRODUCT_OPS.includes(op)) for (const p of items(body.data)) if (Array.isArray(p.breadcrumbs) && p.breadcrumbs.length > 1) p.breadcrumbs = items(p.breadcrumbs).map((c, i) => (i === 0 ? c : { ...c, level: i + 2 }));
    },
  },
  {
    name: 'sizes-types-swapped',
    description: 'each A variant types its UK size eu and its EU size uk (§2.3: the type names the system)',
    kills: ['size-labels'],
    body: ({ op, body }) => {
      if (op !== 'getMarketAProduct') return;
      for (const v of items(body.data?.variants)) v.sizes = items(v.sizes).map((x) => (x.type === 'uk' ? { ...x, type: 'eu' } : x.type === 'eu' ? { ...x, type: 'uk' } : x));
    },
  },
  {
    name: 'counts-negative',
    description: "each A product's last size counts -1 sales in 15 days (a count is never negative)",
    kills: ['counts-not-negative'],
    body: ({ op, body }) => {
      const variants = op === 'getMarketAProduct' ? body.data?.variants : undefined;
      if (Array.isArray(variants) && variants.length > 0) variants[variants.length - 1] = { ...variants[variants.length - 1], sales_count_15_days: -1 };
    },
  },
  {
    name: 'weekly-orders-huge',
    description: 'weekly_orders runs into the hundreds of thousands (production: 0 to a few thousand)',
    kills: ['weekly-orders-range'],
    body: ({ op, body }) => {
      if ([...A_PRODUCT_OPS, ...B_PRODUCT_OPS].includes(op)) for (const p of items(body.data)) if (typeof p.weekly_orders === 'number') p.weekly_orders = p.weekly_orders * 100 + 250_000;
    },
  },
  {
    name: 'b3-location-reversed',
    description: 'B3 sale locations put the country first, "US, Chicago" (§2.8: city and country form)',
    kills: ['b3-sale-location'],
    body: ({ op, body }) => {
      if (op === 'listMarketBProductSales')
        for (const x of items(body.data))
          if (typeof x.location === 'string' && x.location.includes(','))
            x.location = x.location
              .split(',')
              .map((t: string) => t.trim())
              .reverse()
              .join(', ');
    },
  },
  {
    name: 'sales-counts-inflated',
    description: "an A variant's 15, 30 and 60-day sales counts take in 500 sales more than their windows hold (§2.3: sales of the last 15, 30, 60 days)",
    kills: ['sales-counts-within-history'],
    body: ({ op, body }) => {
      const variants = op === 'getMarketAProduct' ? body.data?.variants : undefined;
      const more = (n: unknown): unknown => (typeof n === 'number' ? n + 500 : n);
      if (Array.isArray(variants))
        body.data.variants = variants.map((v: Record<string, any>) => ({ ...v, sales_count_15_days: more(v.sales_count_15_days), sales_count_30_days: more(v.sales_count_30_days), sales_count_60_days: more(v.sales_count_60_days) }));
    },
  },
  {
    name: 'search-least-popular-first',
    description: 'search pages are sorted least popular first, the largest rank first (§1: ordered by relevance and popularity; production: rank 1 is the most popular)',
    kills: ['search-popularity-order'],
    body: ({ op, body }) => {
      if (SEARCH.includes(op) && Array.isArray(body.data)) body.data.sort((x: { rank?: unknown }, y: { rank?: unknown }) => Number(y?.rank ?? 0) - Number(x?.rank ?? 0));
    },
  },
  {
    name: 'search-total-uncapped',
    description: "A1 meta.total runs past production's cap of 1000 (here 1000 above the results)",
    kills: ['search-total-cap'],
    body: ({ op, body }) => {
      if (op === 'searchMarketAProducts' && typeof body.meta?.total === 'number') body.meta.total += 1000;
    },
  },
  {
    name: 'quota-frozen',
    description: 'X-Quota-Current is always 0 (production: it counts the requests used this month)',
    kills: ['key-type-headers'],
    response: (_op, res) => (res.headers['x-quota-current'] !== undefined ? { ...res, headers: { ...res.headers, 'x-quota-current': '0' } } : res),
  },
  {
    name: 'quota-negative',
    description: 'X-Quota-Current is -1 on successful answers',
    kills: ['key-type-headers'],
    response: (_op, res) => (res.status === 200 ? { ...res, headers: { ...res.headers, 'x-quota-current': '-1' } } : res),
  },
  {
    name: 'position-negative',
    description: 'variant positions start at -1 (production: from 0)',
    kills: ['variant-positions'],
    body: ({ op, body }) => {
      if (op === 'getMarketAProduct' && Array.isArray(body.data?.variants)) for (const v of body.data.variants) if (typeof v.position === 'number') v.position -= 1;
    },
  },
  {
    name: 'schema-url-not-url',
    description: '$schema is a bare name, not a URL',
    kills: ['envelope-schema-url', 'response-schema'],
    body: ({ body }) => {
      if (typeof body.$schema === 'string') body.$schema = body.$schema.replace(/^.*\/schemas\//, '').replace('.json', '');
    },
  },
  {
    name: 'no-data',
    description: 'the envelope calls data "items"',
    kills: ['envelope-data', 'response-schema'],
    body: ({ body }) => {
      body.items = body.data;
      delete body.data;
    },
  },
  {
    name: 'sale-foreign-variant',
    description: 'A3 records carry a variant of another product',
    kills: ['sale-belongs'],
    body: ({ op, body, world }) => {
      if (op === 'listMarketAProductSales' && body.data[0]) body.data[0].variant_id = world.a.variantUuidOf(world.a.size - 1, 0);
    },
  },
  {
    name: 'not-found-500',
    description: 'an unknown product is a 500',
    kills: ['not-found', 'no-server-error'],
    response: (_op, res) => (res.status === 404 ? { ...res, status: 500, body: res.body.replace('"status":404', '"status":500') } : res),
  },
  {
    name: 'errors-not-problem',
    description: 'errors are plain JSON, not problem details',
    kills: ['problem-details'],
    response: (_op, res) => (res.status >= 400 ? { status: res.status, headers: { ...res.headers, 'content-type': 'application/json' }, body: JSON.stringify({ error: (JSON.parse(res.body) as { detail?: string }).detail }) } : res),
  },
  {
    name: 'problem-status-wrong',
    description: 'problem details carry status 200 whatever the HTTP status',
    kills: ['problem-details'],
    response: (_op, res) => (res.status >= 400 && res.status < 500 ? { ...res, body: res.body.replace(/"status":\d+/, '"status":200') } : res),
  },
  {
    name: 'problem-uris-broken',
    description: 'problem details carry a type and an instance that are not URI references',
    kills: ['problem-details'],
    response: (_op, res) => (res.status >= 400 && res.status < 500 ? { ...res, body: JSON.stringify({ ...(JSON.parse(res.body) as object), type: 'not a uri', instance: 'not a uri either' }) } : res),
  },
  {
    name: 'unknown-parameter-422',
    description: 'a query parameter the contract does not declare is refused with 422 (production ignores it)',
    kills: ['unknown-query-ignored'],
    // An out-of-range limit (lists) or a path id no product can have (lookups) makes the core answer 422.
    request: ({ path, query }) => {
      if (!Object.keys(query).some((k) => !/^(query|page|limit|variant_id|display\[(variants|prices|identifiers)\])$/.test(k))) return;
      query.limit = ['0'];
      for (const k of Object.keys(path)) path[k] = '!';
    },
  },
  {
    name: 'limit-unbounded',
    description: 'out-of-range page and limit are clamped instead of refused',
    kills: ['bad-parameters-422'],
    request: ({ query }) => {
      const clamp = (k: string, lo: number, hi: number): void => {
        const v = Number(query[k]?.[0]);
        if (query[k] && Number.isFinite(v)) query[k] = [String(Math.min(hi, Math.max(lo, Math.trunc(v))))];
      };
      clamp('limit', 1, 100);
      clamp('page', 1, 10_000);
    },
  },
  {
    name: 'search-not-lookup',
    description: 'A1 titles differ from the lookup',
    kills: ['search-matches-lookup'],
    body: ({ op, body }) => {
      if (op === 'searchMarketAProducts') for (const p of body.data) p.title = `${p.title} (search)`;
    },
  },
  { name: 'text-content-type', description: 'successful answers are text/plain', kills: ['content-type'], response: (_op, res) => (res.status === 200 ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } } : res) },
  {
    name: 'b4-slug-404',
    description: 'B4 refuses a slug (404) and takes only the numeric id',
    kills: ['b4-id-or-slug'],
    request: ({ op, path }) => {
      if (op === 'listMarketBProductDailySales' && path.id_or_slug !== undefined && !/^\d+$/.test(path.id_or_slug)) path.id_or_slug = 'resale-kit-slug-refused';
    },
  },
  { name: 'bom-before-json', description: 'B2 bodies start with a UTF-8 byte order mark', kills: ['json-fidelity'], response: (op, res) => (op === 'getMarketBProduct' && res.status === 200 ? { ...res, body: `\ufeff${res.body}` } : res) },
  // Bugs only generated requests find (issue 10): a hook that throws is the mock's 500.
  {
    name: 'largest-limit-crashes',
    description: 'searches with the largest limit (100) fail with a 500',
    kills: ['coverage', 'no-server-error'],
    request: ({ op, query }) => {
      if (SEARCH.includes(op) && query.limit?.[0] === '100') throw new Error('limit too large for the index');
    },
  },
  {
    name: 'page-past-end-500',
    description: 'a search page past the last answers 500 instead of an empty list',
    kills: ['coverage', 'no-server-error'],
    body: ({ op, body, query }) => {
      if (SEARCH.includes(op) && Array.isArray(body.data) && body.data.length === 0 && Number(query.page?.[0] ?? 1) > 1) throw new Error('no such page');
    },
  },
  {
    name: 'page-3-repeats-page-2',
    description: 'page 3 of every paged list repeats page 2',
    kills: ['pagination-walk'],
    request: ({ query }) => {
      if (query.page?.[0] === '3') query.page = ['2'];
    },
  },
  {
    name: 'daily-limit-365-refused',
    description: 'daily series refuse a limit above 100 (the contract allows 365)',
    kills: ['coverage', 'pagination-walk'],
    request: ({ op, query }) => {
      if (DAILY.includes(op) && Number(query.limit?.[0]) > 100) query.limit = ['not-a-number'];
    },
  },
  {
    name: 'non-ascii-query-500',
    description: 'a search term with non-ASCII letters fails with a 500',
    kills: ['coverage', 'fuzz', 'no-server-error'],
    request: ({ op, query }) => {
      if (SEARCH.includes(op) && /[^\u0020-\u007e]/.test(query.query?.[0] ?? '')) throw new Error('ASCII only');
    },
  },
  {
    name: 'malformed-variant-id-500',
    description: 'A3 with a variant_id that is not a UUID fails with a 500',
    kills: ['coverage', 'no-server-error'],
    request: ({ op, query }) => {
      const v = query.variant_id?.[0];
      if (op === 'listMarketAProductSales' && v !== undefined && !isUuid(v)) throw new Error('bad uuid');
    },
  },
  {
    name: 'limit-ignored-on-sales',
    description: 'per-sale lists ignore limit (always 50 records)',
    kills: ['pagination-walk', 'coverage'],
    request: ({ op, query }) => {
      if (op === 'listMarketAProductSales' || op === 'listMarketBProductSales') delete query.limit;
    },
  },
  {
    name: 'b3-pagination-broken',
    description: 'B3 meta.page is always 1',
    kills: ['b3-pagination', 'pagination-walk'],
    body: ({ op, body }) => {
      if (op === 'listMarketBProductSales' && body.meta) body.meta.page = 1;
    },
  },
];

/** Names of every mutant. */
export const MUTANT_NAMES: readonly string[] = MUTANTS.map((m) => m.name);

/**
 * The mutant of this name, or undefined for none.
 * @throws OptionError when no mutant has this name (the message lists them).
 */
export function mutantNamed(name: string | undefined): Mutant | undefined {
  if (name === undefined) return undefined;
  const found = MUTANTS.find((m) => m.name === name);
  if (!found) throw new OptionError(`--mutant ${JSON.stringify(name)} is unknown; mutants are: ${MUTANT_NAMES.join(', ')}`);
  return found;
}

/**
 * The stages with a mutant's hooks around them, each at its stage: `tier` around
 * `authenticate`, `request` before `validate`, `entitled` and `body` around `handle`,
 * `response` around `finish`. No mutant: the stages as they are.
 */
export function withMutant(stages: Stages, mutant: Mutant | undefined, world: World): Stages {
  if (!mutant) return stages;
  const { tier, request, entitled, body, response } = mutant;
  return {
    admit: stages.admit,
    authenticate: tier ? (call) => tier(call.op.operationId, call.op.premium, stages.authenticate(call), call.rawQuery) : stages.authenticate,
    validate: request
      ? (call) => {
          request({ op: call.op.operationId, path: call.pathParams, query: call.query, world });
          return stages.validate(call);
        }
      : stages.validate,
    handle: (call) => {
      const out = stages.handle(entitled ? { ...call, entitled: entitled(call.entitled) } : call);
      if (body && 'json' in out) body({ op: call.op.operationId, body: out.json, query: call.query, world });
      return out;
    },
    finish: response
      ? (call, res) => {
          const inner = stages.finish(call, res);
          const changed = response(call.op.operationId, inner);
          if (changed === inner) return inner;
          // The mutant rewrote the answer: its cached bytes and length no longer describe the body.
          const { 'content-length': _length, ...headers } = changed.headers;
          return { status: changed.status, headers, body: changed.body };
        }
      : stages.finish,
  };
}
