/**
 * Cross-exchange checks judged from the pairs a recording holds, with the suite's own check
 * functions: each scenario check runs against a context whose discovery is the recorded
 * product and whose requests are answered by the recorded exchanges of the pair (nothing is
 * sent). The pairs (issue 25):
 * - a search hit and the lookup of the same product (`search-matches-lookup`);
 * - a per-sale list and the daily series of the same product (`daily-matches-sales`);
 * - the lookup of a product by id and by slug (`lookup-slug-id-same`, and `b4-id-or-slug` for
 *   the daily series of §4.2 rule 1);
 * - the same request answered twice to the same caller ({@link sameRequestSameAnswer}).
 * A check whose pairs the recording lacks is "not judged", with what to record to judge it.
 */
import { fillPath, type Json, type OperationId } from '../../contract/index.js';
import { fail, isObject, okBody, okData, pass, type Check, type CheckContext, type Verdict } from '../../conformance/index.js';
import { NOT_RECORDED, type Auth } from '../../conformance/index.js';
import type { Discovery, Found, MarketFound } from '../../conformance/index.js';
import { isKind, marketplaces, operationsOf } from '../../conformance/index.js';
import type { Exchange } from '../../conformance/index.js';
import type { Recorded } from './recorded.js';

/** The discovery note of a marketplace a pair does not cover. */
export const NOT_IN_PAIR = 'not in this pair of the recording';

/** A product seen in the recording: by marketplace and id, with its slug and lookup document. */
interface Product {
  marketplace: string;
  id: string | number;
  slug?: string;
  sku?: string;
  /** A recorded 200 lookup of it (plain if recorded, else expanded). */
  doc?: Record<string, any>;
  /** Its variants, from an expanded lookup. */
  variants: Record<string, any>[];
}

const keyOf = (marketplace: string, id: unknown): string => `${marketplace} ${JSON.stringify(id)}`;
const flagsOf = (r: Recorded): string =>
  [...new URL(r.ex.request.url).searchParams]
    .filter(([k]) => k.startsWith('display['))
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');

/** Products the recording shows: every 200 lookup, and every search hit. */
function productsOf(recorded: readonly Recorded[]): Map<string, Product> {
  const out = new Map<string, Product>();
  const get = (marketplace: string, id: string | number): Product => {
    const k = keyOf(marketplace, id);
    let p = out.get(k);
    if (!p) out.set(k, (p = { marketplace, id, variants: [] }));
    return p;
  };
  for (const r of recorded) {
    if (!r.op || r.ex.status !== 200) continue;
    const data = okData(r.ex);
    if (isKind(r.op.operationId, 'lookup') && isObject(data) && (typeof data.id === 'string' || typeof data.id === 'number')) {
      const p = get(r.op.marketplace, data.id);
      if (typeof data.slug === 'string') p.slug = data.slug;
      if (typeof data.sku === 'string') p.sku ??= data.sku;
      if (!p.doc || flagsOf(r) === '') p.doc = data;
      if (Array.isArray(data.variants) && p.variants.length === 0) p.variants = data.variants.filter(isObject);
    }
    if (isKind(r.op.operationId, 'search') && Array.isArray(data)) {
      for (const hit of data.filter(isObject)) {
        if (typeof hit.id !== 'string' && typeof hit.id !== 'number') continue;
        const p = get(r.op.marketplace, hit.id);
        if (typeof hit.slug === 'string') p.slug ??= hit.slug;
        if (typeof hit.sku === 'string') p.sku ??= hit.sku;
      }
    }
  }
  return out;
}

/** Products by `marketplace id` and `marketplace slug`, built once per product table. */
const NAMES = new WeakMap<Map<string, Product>, Map<string, Product>>();
/** Product tables, built once per recording. */
const PRODUCTS = new WeakMap<readonly Recorded[], Map<string, Product>>();

/** The product a path value names (its id or its slug), if the recording shows it. */
function named(products: Map<string, Product>, marketplace: string, value: string): Product | undefined {
  let index = NAMES.get(products);
  if (!index) {
    index = new Map();
    for (const p of products.values()) {
      index.set(`${p.marketplace} ${String(p.id)}`, p);
      if (p.slug !== undefined && !index.has(`${p.marketplace} ${p.slug}`)) index.set(`${p.marketplace} ${p.slug}`, p);
    }
    NAMES.set(products, index);
  }
  return index.get(`${marketplace} ${value}`);
}

const found = (p: Product): Found => ({ id: p.id, slug: p.slug ?? String(p.id), sku: p.sku ?? '', doc: p.doc ?? {}, variants: p.variants }) as Found;

/** A discovery of these products (the first with sales standing for `withSales`). */
function discoveryOf(list: readonly Product[], withSales?: Product): Discovery {
  const markets = new Map<string, MarketFound>();
  for (const p of list) {
    const m = markets.get(p.marketplace) ?? { marketplace: p.marketplace, products: [] };
    m.products.push(found(p));
    markets.set(p.marketplace, m);
  }
  if (withSales) {
    const m = markets.get(withSales.marketplace) ?? { marketplace: withSales.marketplace, products: [found(withSales)] };
    m.withSales = m.products.find((f) => f.id === withSales.id) ?? found(withSales);
    markets.set(withSales.marketplace, m);
  }
  const a = markets.get('market_a');
  const b = markets.get('market_b');
  const note = NOT_IN_PAIR;
  return {
    markets,
    a: (a?.products ?? []) as Discovery['a'],
    b: (b?.products ?? []) as Discovery['b'],
    aSales: a?.withSales as Discovery['aSales'],
    bSales: b?.withSales as Discovery['bSales'],
    notes: { a: a ? undefined : note, b: b ? undefined : note },
  };
}

type Answer = (op: OperationId, path: Record<string, string | number>, query: Record<string, string | number | boolean>, auth: Auth) => Exchange | undefined;

/** A context that answers the check's requests from the recording (`answer`), never the network. */
function contextOf(base: CheckContext, d: Discovery, answer: Answer): CheckContext {
  // A marketplace the pair does not cover says so (checks skip it with this note, and the skip is dropped).
  const markets = d.markets as Map<string, MarketFound>;
  for (const mk of marketplaces(base.validator)) if (!markets.has(mk)) markets.set(mk, { marketplace: mk, products: [], note: NOT_IN_PAIR });
  return {
    options: base.options,
    client: base.client,
    validator: base.validator,
    discover: () => Promise.resolve(d),
    call: (op, path = {}, query = {}, auth = 'main') => {
      const got = answer(op, path, query, auth);
      if (got) return Promise.resolve(got);
      const url = `${base.options.baseUrl}${fillPath(base.validator.operation(op).path, (n) => String(path[n] ?? ''))}`;
      return Promise.resolve({ operationId: op, auth, request: { method: 'GET', url }, headers: {}, text: '', ms: 0, error: `${NOT_RECORDED} (no recorded answer pairs with it)` });
    },
  };
}

/** Runs a scenario check in a recorded context; verdicts about unrecorded requests become skips. */
async function runIn(check: Check, ctx: CheckContext): Promise<Verdict[]> {
  const list = await (check.scenario as NonNullable<Check['scenario']>)(ctx);
  return list.map((v) => (v.exchange?.error?.startsWith(NOT_RECORDED) ? { ...v, outcome: 'skip' as const, message: `${v.exchange.request.method} ${v.exchange.request.url} is ${NOT_RECORDED}` } : v));
}

const SUITE_RUN = 'record a suite run through the proxy (resale-kit proxy --record FILE, then resale-kit conformance --base-url PROXY)';

/** What each cross-exchange check needs from a recording, for "not judged: the recording holds no …" (what to record). */
export const PAIRS_NEEDED: Readonly<Record<string, string>> = {
  'lookup-slug-id-same': 'lookup of one product both by its id and by its slug (A2 or B2). Record: GET /v3/market_a/products/{id} and GET /v3/market_a/products/{slug} of the same product',
  'b4-id-or-slug': 'daily series of one marketplace B product asked both by id and by slug by a paid caller. Record: GET /v3/market_b/products/{id}/sales/daily and .../{slug}/sales/daily',
  'search-matches-lookup': 'search hit whose product was also looked up. Record a search (A1 or B1) and then GET the lookup (A2 or B2) of one of its hits',
  'daily-matches-sales': 'per-sale list and daily series of the same product. Record GET .../products/{id}/sales?limit=100 (every page, or a page shorter than its limit) and GET .../products/{id}/sales/daily',
  'envelope-schema-document': 'JSON Schema document a $schema URL names. Record: GET the $schema URL of an answer (for example .../schemas/MarketAProductResponse.json)',
  'same-request-same-answer': 'request answered twice to the same caller. Record the same GET twice (for example reload a page)',
  'a2-variants-flag': 'A2 lookup with display[variants]=true. Record: GET /v3/market_a/products/{id}?display[variants]=true (with and without display[prices]=true)',
  'a2-prices-flag': 'A2 lookup with display[variants]=true, with and without display[prices]=true. Record: GET /v3/market_a/products/{id}?display[variants]=true and ?display[variants]=true&display[prices]=true',
  'a2-identifiers-flag': 'A2 lookup with display[variants]=true&display[identifiers]=true by a paid caller. Record it, and the same without display[identifiers]',
  'a2-no-variants-without-flag': 'A2 lookup without display[variants]. Record: GET /v3/market_a/products/{id}',
  'identifiers-not-entitled': 'A2 lookup with display[variants]=true&display[identifiers]=true by a Free caller (X-Key-Type: Free, or --tier TAG=Free)',
  'a3-all-variants': 'A3 first page of a product with the variants of its A2. Record: GET /v3/market_a/products/{id}?display[variants]=true, .../sales?limit=100 and .../sales?variant_id=V&limit=1 for a variant missing from it',
  'a3-variant-filter': 'A3 first page and a page filtered by one of its variants. Record: GET /v3/market_a/products/{id}/sales?limit=100 and .../sales?variant_id=V&limit=100',
  'premium-entitled': 'premium request (A3, A4, B3, B4) of a looked-up product, without query parameters, by a paid caller. Record: GET /v3/market_a/products/{id}/sales',
  'auth-required': 'request without a key, and premium requests with a Free key. Record: GET /v3/market_a/products?query=TERM and GET /v3/market_a/products/{id}/sales without Authorization',
  'search-relevance': "search for a looked-up product's SKU. Record: GET /v3/market_a/products?query=SKU&limit=5",
  'search-pagination': 'two search pages of two. Record: GET /v3/market_a/products?query=TERM&limit=2&page=1 and &page=2',
  'sale-belongs': 'first sales page of a looked-up product. Record: GET /v3/market_a/products/{id}/sales?limit=100',
  'b3-numeric-id': 'B3 asked by slug. Record: GET /v3/market_b/products/{slug}/sales',
  'b3-pagination': 'B3 first page and page 2 of 5. Record: GET /v3/market_b/products/{id}/sales?limit=100 and ?page=2&limit=5',
  'not-found': `lookups of the unknown products the suite asks for; ${SUITE_RUN}`,
  'bad-parameters-422': `requests with out-of-range parameters the suite makes; ${SUITE_RUN}`,
  coverage: `requests the suite generates from the parameter schemas; ${SUITE_RUN}`,
  'pagination-walk': `page walks the suite makes; ${SUITE_RUN}`,
  fuzz: `requests the suite generates; ${SUITE_RUN}`,
};

/** The query of a URL as sorted `name=value` pairs (order-insensitive). */
const queryKey = (entries: Iterable<[string, string]>): string =>
  [...entries]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');

/**
 * Answers a check's request with the recorded exchange of the same operation, path value, query
 * (in any order) and kind of caller (paid, Free, no key), else nothing.
 */
function exactAnswer(recorded: readonly Recorded[]): Answer {
  const index = new Map<string, Exchange>();
  for (const r of recorded) {
    if (!r.op || r.ex.operationId === '' || r.tier === undefined) continue;
    const k = `${r.op.operationId} ${Object.values(r.params).join('/')} ${queryKey(new URL(r.ex.request.url).searchParams)} ${r.ex.auth}`;
    if (!index.has(k)) index.set(k, r.ex);
  }
  return (op, path, query, auth) => index.get(`${op} ${Object.values(path).map(String).join('/')} ${queryKey(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))} ${auth}`);
}

/**
 * A discovery of everything the recording shows: the looked-up products of each marketplace
 * (most looked up first), each with its first sales page (`limit=100`) when recorded, and the
 * one with the most sales standing for `withSales`.
 */
function recordedDiscovery(recorded: readonly Recorded[], products: Map<string, Product>): Discovery {
  const lookups = new Map<string, number>();
  const firstPages = new Map<string, Exchange>();
  for (const r of recorded) {
    if (!r.op || r.ex.status !== 200) continue;
    const p = named(products, r.op.marketplace, Object.values(r.params)[0] ?? '');
    if (!p) continue;
    const k = keyOf(p.marketplace, p.id);
    if (isKind(r.op.operationId, 'lookup')) lookups.set(k, (lookups.get(k) ?? 0) + 1);
    const q = new URL(r.ex.request.url).searchParams;
    if (isKind(r.op.operationId, 'sales') && queryKey(q) === 'limit=100' && Object.values(r.params)[0] === String(p.id)) firstPages.set(k, r.ex);
  }
  const looked = [...products.values()].filter((p) => p.doc !== undefined).sort((x, y) => (lookups.get(keyOf(y.marketplace, y.id)) ?? 0) - (lookups.get(keyOf(x.marketplace, x.id)) ?? 0));
  const d = discoveryOf(looked);
  for (const m of d.markets.values()) {
    let most = 1;
    for (const f of m.products) {
      const sales = firstPages.get(keyOf(m.marketplace, f.id));
      if (sales) f.sales = sales;
      const n = sales ? ((okData(sales) as unknown[] | undefined)?.length ?? 0) : 0;
      if (n > most) {
        most = n;
        m.withSales = f;
      }
    }
  }
  d.aSales = d.markets.get('market_a')?.withSales as Discovery['aSales'];
  d.bSales = d.markets.get('market_b')?.withSales as Discovery['bSales'];
  for (const mk of ['market_a', 'market_b'] as const) if (!d.markets.has(mk)) d.notes[mk === 'market_a' ? 'a' : 'b'] = `the recording holds no 200 lookup on ${mk}`;
  return d;
}

/** The recording's requests by operation and path value, for answering. */
function byPathValue(recorded: readonly Recorded[], op: OperationId): Map<string, Recorded[]> {
  const out = new Map<string, Recorded[]>();
  for (const r of recorded) {
    if (r.op?.operationId !== op || r.ex.operationId !== op) continue;
    const value = Object.values(r.params)[0] ?? '';
    out.set(value, [...(out.get(value) ?? []), r]);
  }
  return out;
}

/**
 * Runs a check's scenario against everything the recording shows (its products as discovery, its
 * requests answered where it holds exactly them, nothing sent), for what the check learns there:
 * a response check such as lookup-exact-identity judges lists by the products discovery named.
 * The scenario's own verdicts are dropped (the suite's run or the pairs give them).
 */
export async function primeFromRecording(check: Check, recorded: readonly Recorded[], base: CheckContext): Promise<void> {
  if (!check.scenario) return;
  let products = PRODUCTS.get(recorded);
  if (!products) PRODUCTS.set(recorded, (products = productsOf(recorded)));
  await check.scenario(contextOf(base, recordedDiscovery(recorded, products), exactAnswer(recorded)));
}

/** The verdicts of one cross-exchange check judged from the recording (its pairs, or exactly its requests where recorded). */
export async function judgePairs(check: Check, recorded: readonly Recorded[], base: CheckContext): Promise<Verdict[]> {
  let products = PRODUCTS.get(recorded);
  if (!products) PRODUCTS.set(recorded, (products = productsOf(recorded)));
  const v = base.validator;
  const out: Verdict[] = [];
  switch (check.id) {
    case 'lookup-slug-id-same': {
      for (const mk of marketplaces(v)) {
        const lookup = operationsOf(v, 'lookup', mk)[0];
        if (!lookup) continue;
        const calls = byPathValue(recorded, lookup.operationId);
        for (const p of products.values()) {
          if (p.marketplace !== mk || !p.slug || p.slug === String(p.id)) continue;
          const byId = calls.get(String(p.id))?.[0];
          const bySlug = calls.get(p.slug)?.[0];
          if (!byId || !bySlug) continue;
          const d = discoveryOf([p]);
          const ctx = contextOf(base, d, (op, path) => (op === lookup.operationId ? (String(Object.values(path)[0]) === String(p.id) ? byId.ex : String(Object.values(path)[0]) === p.slug ? bySlug.ex : undefined) : undefined));
          out.push(...(await runIn(check, ctx)));
        }
      }
      return out;
    }
    case 'b4-id-or-slug': {
      const daily = operationsOf(v, 'daily', 'market_b')[0];
      if (!daily) return out;
      const calls = byPathValue(
        recorded.filter((r) => r.tier !== undefined && r.ex.auth === 'main'),
        daily.operationId,
      );
      for (const p of products.values()) {
        if (p.marketplace !== 'market_b' || !p.slug) continue;
        const byId = calls.get(String(p.id))?.[0];
        const bySlug = calls.get(p.slug)?.[0];
        if (!byId || !bySlug) continue;
        const ctx = contextOf({ ...base, options: { ...base.options, apiKey: base.options.apiKey ?? 'recorded-paid-caller' } }, discoveryOf([p], p), (op, path) =>
          op === daily.operationId ? (String(Object.values(path)[0]) === String(p.id) ? byId.ex : String(Object.values(path)[0]) === p.slug ? bySlug.ex : undefined) : undefined,
        );
        out.push(...(await runIn(check, ctx)));
      }
      return out;
    }
    case 'search-matches-lookup': {
      for (const r of recorded) {
        if (!r.op || !isKind(r.op.operationId, 'search') || r.ex.status !== 200) continue;
        const hits = okData(r.ex);
        if (!Array.isArray(hits)) continue;
        const looked = hits
          .filter(isObject)
          .map((h) => products.get(keyOf(r.op?.marketplace ?? '', h.id)))
          .filter((p): p is Product => p?.doc !== undefined);
        if (looked.length === 0) continue;
        const search = r.op.operationId;
        const ctx = contextOf(base, discoveryOf(looked), (op) => (op === search ? r.ex : undefined));
        out.push(...(await runIn(check, ctx)));
      }
      return out;
    }
    case 'daily-matches-sales': {
      for (const mk of marketplaces(v)) {
        const daily = operationsOf(v, 'daily', mk)[0];
        const sales = operationsOf(v, 'sales', mk)[0];
        if (!daily || !sales) continue;
        const series = recorded.filter((r) => r.ex.operationId === daily.operationId && r.ex.status === 200);
        const lists = recorded.filter((r) => r.ex.operationId === sales.operationId && r.ex.status === 200);
        const judged = new Set<string>();
        for (const s of series) {
          const p = named(products, mk, Object.values(s.params)[0] ?? '') ?? { marketplace: mk, id: /^\d+$/.test(Object.values(s.params)[0] ?? '') ? Number(Object.values(s.params)[0]) : (Object.values(s.params)[0] ?? ''), variants: [] };
          if (judged.has(keyOf(mk, p.id))) continue;
          const mine = lists.filter((l) => {
            const value = Object.values(l.params)[0] ?? '';
            return value === String(p.id) || value === p.slug;
          });
          const page = (l: Recorded, n: number, limit: number): boolean => {
            const q = new URL(l.ex.request.url).searchParams;
            return Number(q.get('page') ?? 1) === n && q.get('limit') === String(limit) && [...q.keys()].every((k) => k === 'page' || k === 'limit');
          };
          // A page of 100 as the check asks, or a first page shorter than its own limit (the whole history).
          const complete = mine.find((l) => {
            const q = new URL(l.ex.request.url).searchParams;
            const data = okData(l.ex);
            return Number(q.get('page') ?? 1) === 1 && !q.has('variant_id') && Array.isArray(data) && data.length < Number(q.get('limit') ?? 50);
          });
          if (!mine.some((l) => page(l, 1, 100)) && !complete) continue;
          judged.add(keyOf(mk, p.id));
          const d = discoveryOf([p], p);
          // The check compares the products whose first sales page discovery holds: this pair's.
          const first = mine.find((l) => page(l, 1, 100))?.ex ?? complete?.ex;
          for (const f of d.markets.get(mk)?.products ?? []) if (first) f.sales = first;
          const ctx = contextOf(base, d, (op, _path, query) => {
            if (op === daily.operationId) return s.ex;
            if (op !== sales.operationId) return undefined;
            const n = Number(query.page ?? 1);
            const limit = Number(query.limit ?? 100);
            const got = mine.find((l) => page(l, n, limit))?.ex ?? (n === 1 ? complete?.ex : undefined);
            if (got || n === 1) return got;
            // The pages recorded stand for the history: the page after the last one recorded ends
            // it. The check compares only the days after the oldest record read, and consecutive
            // pages from the first cover those days whole, so nothing unrecorded is judged.
            const before = mine.find((l) => page(l, n - 1, limit))?.ex;
            const body = okBody(before);
            if (!before || !body || !Array.isArray(body.data)) return undefined;
            const url = new URL(before.request.url);
            url.searchParams.set('page', String(n));
            return { ...before, request: { ...before.request, url: url.href }, json: { ...body, data: [] }, text: '', scan: undefined };
          });
          out.push(...(await runIn(check, ctx)));
        }
      }
      return out;
    }
    case sameRequestSameAnswer.id:
      return judgeRepeats(recorded);
    case 'read-only-methods':
    case 'method-not-allowed':
    case 'head-like-get':
    case 'conditional-get':
      // HTTP semantics are judged against a live server: a recording answers by method, URL and caller only.
      return [{ outcome: 'skip', message: 'not judged: a recording answers by method, URL and caller only: other methods, HEAD and conditional requests are judged against a live server' }];
    default: {
      // Any other cross-exchange check: the requests it makes, answered where the recording
      // holds exactly them (same operation, product, query and kind of caller).
      const terms = [...new Set(recorded.filter((r) => r.op && isKind(r.op.operationId, 'search')).map((r) => new URL(r.ex.request.url).searchParams.get('query') ?? ''))].filter(Boolean);
      const options = terms.length > 0 ? { ...base.options, queries: terms.slice(0, 5) } : base.options;
      return runIn(check, contextOf({ ...base, options }, recordedDiscovery(recorded, products), exactAnswer(recorded)));
    }
  }
}

/** Identity of a 200 answer: the product of a lookup, the ids of a list (first page of them). */
function identity(ex: Exchange): string {
  const data = okData(ex);
  if (isObject(data)) return `product ${JSON.stringify(data.id ?? null)}`;
  if (Array.isArray(data)) return `${data.length} items`;
  return JSON.stringify(data ?? null) as string;
}

/**
 * The same request answered twice to the same caller gives the same status, and for a lookup the
 * same product (§4: `<id_or_slug>` names one product; RFC 9110 §9.2.1: GET is safe). Judged only
 * offline, from recordings where a request was made twice (prices and sales may change between
 * the two, so only the status and the product are compared).
 */
export const sameRequestSameAnswer: Check = {
  id: 'same-request-same-answer',
  level: 'should',
  source: 'practice',
  requirement: '§4 (<id_or_slug> names one product) and RFC 9110 §9.2.1 (GET is safe): the same request gives the same status and product',
  title: 'the same request answered twice gives the same status and product',
};

/** The verdicts of {@link sameRequestSameAnswer} on a recording. */
export function judgeRepeats(recorded: readonly Recorded[]): Verdict[] {
  const groups = new Map<string, Recorded[]>();
  for (const r of recorded) {
    // An unknown caller may be several people: their answers may rightly differ.
    if (!r.op || r.tier === undefined || r.ex.request.method !== 'GET' || r.ex.status === 429 || (r.ex.status ?? 0) >= 500) continue;
    const k = `${r.caller} ${r.ex.request.url}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const out: Verdict[] = [];
  for (const list of groups.values()) {
    const [first, ...rest] = list;
    if (!first || rest.length === 0) continue;
    const other = rest.find((r) => r.ex.status !== first.ex.status || (r.ex.status === 200 && isKind(r.ex.operationId, 'lookup') && identity(r.ex) !== identity(first.ex)));
    if (other)
      out.push(
        fail(other.ex.status !== first.ex.status ? `answered ${first.ex.status} then ${other.ex.status} to the same request` : `answered ${identity(first.ex)} then ${identity(other.ex)} to the same request`, other.ex, '', {
          first: first.ex.status,
          then: other.ex.status,
        } as Json),
      );
    else out.push(pass(`answered ${list.length} times alike (${first.ex.status})`, first.ex));
  }
  return out;
}
