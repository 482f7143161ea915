/**
 * An independent reference implementation of the Resale Market Data API, written only from
 * `shared/api/resale-market-data-api.md` (the description) and
 * `shared/notes/production-behaviour.md` (production behaviour), as a vendor would write one.
 * It imports nothing from `mocks/` or `conformance/`: node:http and a small deterministic data
 * set of its own (a few dozen products per marketplace, sales over several UTC days with many
 * near midnight UTC, the same facts in all eight operations).
 *
 * Keys (§5, production note "Credentials and tiers"): `ref-paid` (a paid tier) and `ref-free`
 * (Free), sent bare or as `Bearer <key>`.
 *
 * `defects` seed realistic bugs, each breaking one written rule ({@link REFERENCE_DEFECTS});
 * `variations` are legal choices a server may make ({@link REFERENCE_VARIATIONS}); `stub`
 * replaces the whole server by one that answers random JSON or `400 text/plain` to everything.
 * Time is fixed ({@link REFERENCE_NOW}), never the wall clock.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** The reference server's "now": 2026-03-01T12:00:00Z (ms since epoch, UTC). */
export const REFERENCE_NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const DAY = 86_400_000;

/** A seeded defect: its name, the rule it breaks, the check that must report it, and at which level. */
export interface ReferenceDefect {
  name: string;
  /** The rule broken, with its source (a section of the description or a production note). */
  rule: string;
  /** The conformance check id that must fail. */
  check: string;
  /** The level the failure is reported at (the provenance of the rule). */
  level: 'must' | 'should' | 'info';
}

/** Every seeded defect, by category of issue 20. */
export const REFERENCE_DEFECTS: readonly ReferenceDefect[] = [
  { name: 'offset-timestamps', rule: '§2.2: marketplace A product timestamps are ISO 8601 UTC; this server writes +01:00 (everywhere)', check: 'response-schema', level: 'must' },
  { name: 'daily-local-day', rule: '§4.1 A4 rule, §4.2 rule 3: daily rows are UTC days; this server groups by a UTC-5 day', check: 'daily-matches-sales', level: 'must' },
  { name: 'daily-mismatch', rule: '§2.5, §2.9: orders and avg_amount of a day follow from its sales; two rows are off', check: 'daily-matches-sales', level: 'must' },
  { name: 'filter-page2', rule: '§4.1 A3 rule 2: only sales of that variant; page 2 ignores variant_id', check: 'a3-variant-filter', level: 'must' },
  { name: 'foreign-variant-unfiltered', rule: '§4.1 A3 rule 2: a variant id of another product gives the unfiltered list', check: 'a3-variant-filter', level: 'must' },
  { name: 'identifiers-leak-free', rule: '§4.1 A2 rule 3, §5: identifiers for paying users only; leaked to Free with all three flags', check: 'identifiers-not-entitled', level: 'must' },
  { name: 'sizes-own-mismatch', rule: "§2.3: sizes is the same size in several systems; the entry of the variant's own size_type differs from size", check: 'variant-sizes-agree', level: 'must' },
  { name: 'kr-cm', rule: 'decision: KR = CM x 10', check: 'variant-kr-cm', level: 'info' },
  { name: 'lowest-ask-not-lowest', rule: 'production note: lowest_ask is the lowest non-zero price', check: 'variant-asks-agree', level: 'should' },
  { name: 'total-asks-not-sum', rule: 'production note: total_asks is the sum of asks over prices', check: 'variant-asks-agree', level: 'should' },
  { name: 'sales-count-order', rule: '§2.3: sales_count_15_days <= sales_count_30_days <= sales_count_60_days', check: 'variant-sales-counts', level: 'must' },
  { name: 'schema-other-op', rule: "§1: $schema names this response's schema; A3 names the A4 schema", check: 'envelope-schema-names', level: 'must' },
  { name: 'slug-prefix', rule: '§4: <id_or_slug> is an id or a slug; a slug prefix resolves to a product', check: 'lookup-exact-identity', level: 'must' },
  { name: 'slug-case', rule: '§4: <id_or_slug> is an id or a slug; a slug with a changed case resolves', check: 'lookup-exact-identity', level: 'must' },
  { name: 'slug-trailing', rule: '§4: <id_or_slug> is an id or a slug; a slug with a trailing character resolves', check: 'lookup-exact-identity', level: 'must' },
  { name: 'sales-slug-prefix', rule: '§4: <id_or_slug> is an id or a slug; the sales and daily routes (not the lookup) resolve a slug prefix', check: 'lookup-exact-identity', level: 'must' },
  { name: 'schema-document-mismatch', rule: 'production note: the JSON Schema served at the $schema URL validates the body; the A3 one requires a member A3 never sends', check: 'envelope-schema-document', level: 'should' },
  { name: 'bearer-only', rule: 'production note: Authorization: <key> and Authorization: Bearer <key> both work; the bare key is refused', check: 'auth-forms', level: 'should' },
  { name: 'bare-only', rule: 'production note: Authorization: <key> and Authorization: Bearer <key> both work; Bearer is refused', check: 'auth-forms', level: 'should' },
  { name: 'daily-zero-rows', rule: 'production note: daily series hold rows only for days with sales', check: 'daily-only-sale-days', level: 'should' },
  { name: 'unknown-not-404', rule: 'production note: an unknown product is 404; this server answers 400', check: 'not-found', level: 'should' },
  { name: 'daily-free-open', rule: '§5: per-sale history and daily sales are for paying users only; B4 answers the Free key', check: 'premium-not-entitled', level: 'must' },
  { name: 'b3-default-page', rule: 'production note: per-sale history defaults to limit=50; B3 gives 20', check: 'b3-default-page', level: 'should' },
];

/** Legal choices a server may make; with any of them the suite must report no must-level finding. */
export const REFERENCE_VARIATIONS: readonly string[] = [
  'gzip', // gzip when the request's Accept-Encoding asks for it
  'chunked', // bodies in chunks, no Content-Length
  'connection-close', // Connection: close on every answer
  'extra-members', // members the description does not list
  'big-ids', // marketplace B ids above 2^31
  'fractional-seconds', // timestamps with milliseconds
  'plus-offset', // +00:00 instead of Z
  'slow', // 50 ms per answer
  'total-capped', // a catalogue over 1000 matches, meta.total capped at 1000
  'ties-reversed', // ties (rank, sale time) ordered the other way
  'no-schema', // no $schema member
  'release-date-empty', // marketplace B release_date "" (production note)
  'short-window', // per-sale lists keep 10 days; daily series a year
  'shared-slugs', // a product listed on both marketplaces has the same slug on each (its ids differ)
];

/** Options of {@link startReferenceServer}. */
export interface ReferenceOptions {
  /** Names from {@link REFERENCE_DEFECTS}. */
  defects?: string[];
  /** Names from {@link REFERENCE_VARIATIONS}. */
  variations?: string[];
  /** Seed of the data set (default 1). */
  seed?: number;
  /** Replace the server by a stub: `random` JSON, or `400 text/plain` to everything. */
  stub?: 'random' | 'text-400';
}

// ---------------------------------------------------------------------------------------------
// Data

type Obj = Record<string, unknown>;

function rng(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (r: () => number, n: number): string => Array.from({ length: n }, () => Math.floor(r() * 16).toString(16)).join('');
const uuid = (r: () => number): string => `${hex(r, 8)}-${hex(r, 4)}-4${hex(r, 3)}-${'89ab'[Math.floor(r() * 4)]}${hex(r, 3)}-${hex(r, 12)}`;
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

interface Sale {
  at: number;
  variant: number;
  amount: number;
  offer: boolean;
  city: string;
}
interface VariantA {
  id: string;
  us: number;
  prices: { price: number; asks: number; type: string }[];
  upc: string;
}
interface Product {
  index: number;
  uuid: string;
  bId: number;
  sku: string;
  title: string;
  brand: string;
  model: string;
  colour: string;
  slugA: string;
  slugB: string;
  rank: number;
  created: number;
  variants: VariantA[];
  sales: Sale[];
  releaseEmpty: boolean;
}

const BRANDS = [
  ['Jordan', 'Air Jordan 1 Retro High OG'],
  ['Nike', 'Dunk Low'],
  ['adidas', 'Yeezy Boost 350 V2'],
  ['New Balance', '550'],
  ['Jordan', 'Air Jordan 4 Retro'],
  ['Nike', 'Air Force 1 Low'],
] as const;
const COLOURS = ['Chicago', 'Panda', 'Bred', 'Zebra', 'University Blue', 'White Green', 'Black Cement', 'Sail', 'Pine Green', 'Triple White'];
const CITIES = ['Los Angeles, US', 'New York, US', 'London, GB', 'Berlin, DE', 'Tokyo, JP'];
/** Times of day (ms after midnight UTC): many near midnight UTC on purpose. */
const TIMES = [5 * 60_000, 20 * 60_000, 47 * 60_000, 3 * 3_600_000, 9.5 * 3_600_000, 14 * 3_600_000, 19.25 * 3_600_000, 23 * 3_600_000 + 31 * 60_000, 23 * 3_600_000 + 58 * 60_000, 23 * 3_600_000 + 59 * 60_000 + 30_000];

const slugify = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function buildProducts(seed: number, variations: Set<string>): Product[] {
  const r = rng(seed * 7919 + 17);
  const count = variations.has('total-capped') ? 1100 : 36;
  const span = variations.has('short-window') ? 365 : 40;
  const out: Product[] = [];
  for (let i = 0; i < count; i++) {
    const filler = i >= 36;
    const [brand, model] = BRANDS[i % BRANDS.length] as readonly [string, string];
    const colour = filler ? `Filler ${i}` : (COLOURS[Math.floor(i / BRANDS.length) % COLOURS.length] as string);
    const letters = String.fromCharCode(65 + (i % 26), 65 + ((i * 7) % 26));
    const sku = `${letters}${String(1000 + ((i * 373) % 9000)).padStart(4, '0')}-${String(100 + ((i * 37) % 900))}`;
    const title = `${brand === 'Jordan' ? '' : `${brand} `}${model} ${colour}`.trim();
    const variants: VariantA[] = [];
    const nVariants = filler ? 2 : 6 + (i % 4);
    const base = 120 + ((i * 53) % 300);
    for (let v = 0; v < nVariants; v++) {
      const standard = base + Math.floor(r() * 60);
      const noAsks = i % 11 === 5 && v === 0;
      const expressStd = r() < 0.4 ? 0 : standard + 10 + Math.floor(r() * 40);
      const expressExp = r() < 0.5 ? 0 : Math.max(1, standard - 15 + Math.floor(r() * 60));
      variants.push({
        id: uuid(r),
        us: 7 + v * 0.5 + (i % 3 === 0 ? 1 : 0),
        prices: noAsks
          ? [
              { price: 0, asks: 0, type: 'standard' },
              { price: 0, asks: 0, type: 'express_standard' },
              { price: 0, asks: 0, type: 'express_expedited' },
            ]
          : [
              { price: standard, asks: 1 + Math.floor(r() * 9), type: 'standard' },
              { price: expressStd, asks: expressStd ? 1 + Math.floor(r() * 3) : 0, type: 'express_standard' },
              { price: expressExp, asks: expressExp ? 1 + Math.floor(r() * 3) : 0, type: 'express_expedited' },
            ],
        upc: String(100_000_000_000 + Math.floor(r() * 899_999_999_999)),
      });
    }
    // Sales: none for some products, up to 160 for others, over `span` days before now.
    const sales: Sale[] = [];
    const nSales = filler || i % 7 === 6 ? 0 : 12 + ((i * 29) % 150);
    for (let s = 0; s < nSales; s++) {
      const dayBack = Math.floor(r() * span);
      const day = Math.floor(REFERENCE_NOW / DAY) * DAY - dayBack * DAY;
      let at = day + (pick(r, TIMES) as number) + Math.floor(r() * 25) * 1000 + Math.floor(r() * 1000);
      if (at > REFERENCE_NOW) at -= DAY;
      sales.push({ at, variant: Math.floor(r() * nVariants), amount: base + Math.floor(r() * 80), offer: r() < 0.2, city: pick(r, CITIES) });
      // Every eighth sale has a twin at the same instant (a tie the server orders somehow).
      if (s % 8 === 7) sales.push({ at, variant: (Math.floor(r() * nVariants) + 1) % nVariants, amount: base + 5, offer: false, city: pick(r, CITIES) });
    }
    out.push({
      index: i,
      uuid: uuid(r),
      bId: (variations.has('big-ids') ? 3_000_000_000 : 700_000) + i * 37 + 1,
      sku,
      title,
      brand,
      model,
      colour,
      slugA: slugify(title),
      slugB: variations.has('shared-slugs') ? slugify(title) : slugify(`${title} ${sku}`),
      // Pairs share a rank: ties the server orders one way or the other.
      rank: filler ? 1000 + i : 1 + Math.floor(i / 2),
      created: REFERENCE_NOW - (400 + i * 3) * DAY + 3_723_000,
      variants,
      sales,
      releaseEmpty: i % 5 === 2,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server

/** A started reference server. */
export interface ReferenceServer {
  baseUrl: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly location?: string,
  ) {
    super(detail);
  }
}

/**
 * Starts the reference server on a free loopback port.
 * @throws Error for an unknown defect or variation name.
 */
export async function startReferenceServer(opts: ReferenceOptions = {}): Promise<ReferenceServer> {
  const defects = new Set(opts.defects ?? []);
  const variations = new Set(opts.variations ?? []);
  for (const d of defects) if (!REFERENCE_DEFECTS.some((x) => x.name === d)) throw new Error(`unknown defect ${d}`);
  for (const v of variations) if (!REFERENCE_VARIATIONS.includes(v)) throw new Error(`unknown variation ${v}`);
  const products = buildProducts(opts.seed ?? 1, variations);
  const app = new Reference(products, defects, variations);
  let n = 0;
  const server = createServer((req, res) => {
    if (opts.stub === 'text-400') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request');
      return;
    }
    if (opts.stub === 'random') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(randomJson(rng((opts.seed ?? 1) * 31 + n++)));
      return;
    }
    const answer = (): void => app.handle(req, res);
    if (variations.has('slow')) setTimeout(answer, 50);
    else answer();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Random JSON of random shapes, with an integer beyond 2^53 in its raw text. */
function randomJson(r: () => number): string {
  const value = (depth: number): string => {
    const k = Math.floor(r() * (depth > 3 ? 4 : 7));
    if (k === 0) return String(Math.floor(r() * 1e6));
    if (k === 1) return JSON.stringify(hex(r, 6));
    if (k === 2) return r() < 0.5 ? 'true' : 'null';
    if (k === 3) return '1912555325041607408';
    if (k === 4) return `[${Array.from({ length: Math.floor(r() * 4) }, () => value(depth + 1)).join(',')}]`;
    return `{${Array.from({ length: Math.floor(r() * 4) }, () => `${JSON.stringify(pick(r, ['id', 'data', 'slug', 'variants', 'sales', 'x']))}:${value(depth + 1)}`).join(',')}}`;
  };
  return `{"data":${r() < 0.5 ? `[${value(1)},{"id":1912555325041607408,"slug":"s"}]` : value(1)}}`;
}

class Reference {
  private readonly byUuid = new Map<string, Product>();
  private readonly byBId = new Map<number, Product>();

  constructor(
    private readonly products: Product[],
    private readonly defects: Set<string>,
    private readonly variations: Set<string>,
  ) {
    for (const p of products) {
      this.byUuid.set(p.uuid, p);
      this.byBId.set(p.bId, p);
    }
  }

  /** Requests answered per tier of a known key (one key per tier here), for `X-Quota-Current`. */
  private readonly quota = new Map<string, number>();

  handle(req: IncomingMessage, res: ServerResponse): void {
    let status = 200;
    let body: unknown;
    let type = 'application/json';
    let tier = '';
    try {
      const url = new URL(req.url ?? '/', 'http://reference.invalid');
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        // Production note: every response carries the key's tier, a 405 to a known key too.
        try {
          tier = this.tierOf(req.headers.authorization);
        } catch {
          tier = '';
        }
        throw new HttpError(405, 'Only GET and HEAD are supported');
      }
      const schema = /^\/schemas\/([A-Za-z]+)\.json$/.exec(url.pathname);
      if (schema) {
        body = this.schemaDocument(schema[1] as string, `http://${req.headers.host ?? 'localhost'}${url.pathname}`);
        tier = 'none';
      } else {
        tier = this.tierOf(req.headers.authorization);
        body = this.route(url, tier, `http://${req.headers.host ?? 'localhost'}`);
      }
    } catch (err) {
      const e = err instanceof HttpError ? err : new HttpError(500, 'Internal error');
      status = e.status;
      type = 'application/problem+json';
      body = { title: statusTitle(e.status), status: e.status, detail: e.detail, ...(e.location ? { errors: [{ message: e.detail, location: e.location, value: '' }] } : {}) };
    }
    let bytes: Buffer = Buffer.from(JSON.stringify(body));
    // X-Quota-Current counts the requests of each known key (production note: requests used this month).
    const used = tier === 'Pro' || tier === 'Free' ? (this.quota.get(tier) ?? 0) + 1 : 0;
    if (used > 0) this.quota.set(tier, used);
    const headers: Record<string, string> = { 'content-type': type, 'x-key-type': tier || 'none', 'x-quota-current': String(used) };
    if (this.variations.has('gzip')) {
      headers.vary = 'Accept-Encoding';
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        bytes = gzipSync(bytes);
        headers['content-encoding'] = 'gzip';
      }
    }
    if (status === 405) headers.allow = 'GET, HEAD';
    if (this.variations.has('connection-close')) headers.connection = 'close';
    if (this.variations.has('chunked')) {
      res.writeHead(status, headers);
      const half = Math.floor(bytes.length / 2);
      res.write(bytes.subarray(0, half));
      setImmediate(() => res.end(bytes.subarray(half)));
      return;
    }
    headers['content-length'] = String(bytes.length);
    res.writeHead(status, headers).end(bytes);
  }

  /**
   * This server's own JSON Schema of a response (production note "Envelope": served at the
   * `$schema` URL). Looser than the description, as a vendor's may be, but true of every body.
   * @throws HttpError 404 for a name it has no schema of.
   */
  private schemaDocument(name: string, id: string): Obj {
    const fields: Record<string, [boolean, string[]]> = {
      MarketAProductSearchResponse: [true, ['id', 'slug', 'sku', 'title']],
      MarketAProductResponse: [false, ['id', 'slug', 'sku', 'title']],
      MarketASalesResponse: [true, this.defects.has('schema-document-mismatch') ? ['product_id', 'variant_id', 'amount', 'created_at', 'sale_id'] : ['product_id', 'variant_id', 'amount', 'created_at']],
      MarketADailySalesResponse: [true, ['product_id', 'avg_amount', 'orders', 'date']],
      MarketBProductSearchResponse: [true, ['id', 'slug', 'sku', 'name']],
      MarketBProductResponse: [false, ['id', 'slug', 'sku', 'name', 'variants']],
      MarketBSalesResponse: [true, ['product_id', 'type', 'amount', 'purchased_at']],
      MarketBDailySalesResponse: [true, ['product_id', 'avg_amount', 'orders', 'date']],
    };
    const entry = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!entry) throw new HttpError(404, 'No such schema');
    const item = { type: 'object', required: entry[1] };
    return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: id, title: name, type: 'object', required: ['data'], properties: { $schema: { type: 'string' }, data: entry[0] ? { type: 'array', items: item } : item } };
  }

  /** `paid`, `Free`, or throws 401 (production note: bare key or Bearer). */
  private tierOf(header: string | undefined): string {
    const raw = (header ?? '').trim();
    const bearer = /^Bearer\s+(\S+)$/i.exec(raw);
    if (!bearer && this.defects.has('bearer-only')) throw new HttpError(401, 'Invalid key');
    if (bearer && this.defects.has('bare-only')) throw new HttpError(401, 'Invalid key');
    const key = bearer ? bearer[1] : raw;
    if (key === 'ref-paid') return 'Pro';
    if (key === 'ref-free') return 'Free';
    throw new HttpError(401, 'Invalid key');
  }

  private route(url: URL, tier: string, origin: string): Obj {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'v3' || (parts[1] !== 'market_a' && parts[1] !== 'market_b') || parts[2] !== 'products' || parts.length > 6) throw new HttpError(404, 'Not found');
    const a = parts[1] === 'market_a';
    const q = url.searchParams;
    const premium = parts.length >= 5;
    if (premium && tier === 'Free' && !(this.defects.has('daily-free-open') && url.pathname.startsWith('/v3/market_b/') && url.pathname.endsWith('/daily'))) throw new HttpError(403, 'This route needs a paid tier');
    let name: string;
    let out: Obj;
    if (parts.length === 3) {
      [name, out] = a ? ['MarketAProductSearchResponse', this.searchA(q)] : ['MarketBProductSearchResponse', this.searchB(q)];
    } else {
      const key = parts[3] as string;
      if (parts.length === 4) {
        const p = this.find(a, key);
        [name, out] = a ? ['MarketAProductResponse', { data: this.productA(p, q, tier), meta: null }] : ['MarketBProductResponse', { data: this.productB(p, false), meta: null }];
      } else if (parts[4] === 'sales' && parts.length === 5) {
        if (!a && !/^\d+$/.test(key)) throw new HttpError(422, 'path.id must be an integer', 'path.id');
        const p = this.find(a, key, true);
        [name, out] = a ? ['MarketASalesResponse', this.salesA(p, q)] : ['MarketBSalesResponse', this.salesB(p, q)];
      } else if (parts[4] === 'sales' && parts[5] === 'daily') {
        const p = this.find(a, key, true);
        [name, out] = [a ? 'MarketADailySalesResponse' : 'MarketBDailySalesResponse', this.daily(a, p, q)];
      } else throw new HttpError(404, 'Not found');
    }
    if (this.defects.has('schema-other-op') && name === 'MarketASalesResponse') name = 'MarketADailySalesResponse';
    return this.variations.has('no-schema') ? out : { $schema: `${origin}/schemas/${name}.json`, ...out };
  }

  // --- parameters ---

  private int(q: URLSearchParams, name: string, dflt: number, max: number): number {
    const raw = q.get(name);
    if (raw === null) return dflt;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new HttpError(422, `query.${name} must be an integer from 1 to ${max}`, `query.${name}`);
    return Number(raw);
  }

  private page<T>(items: T[], q: URLSearchParams, dflt: number, max: number): { slice: T[]; page: number; limit: number } {
    const limit = this.int(q, 'limit', dflt, max);
    const page = this.int(q, 'page', 1, 100_000);
    return { slice: items.slice((page - 1) * limit, page * limit), page, limit };
  }

  // --- lookup ---

  private find(a: boolean, key: string, lists = false): Product {
    const slugOf = (p: Product): string => (a ? p.slugA : p.slugB);
    let found: Product | undefined = a ? this.byUuid.get(key) : /^\d+$/.test(key) ? this.byBId.get(Number(key)) : undefined;
    found ??= this.products.find((p) => slugOf(p) === key);
    if (!found && (this.defects.has('slug-prefix') || (lists && this.defects.has('sales-slug-prefix'))) && key.length >= 3) found = this.products.find((p) => slugOf(p).startsWith(key));
    if (!found && this.defects.has('slug-case')) found = this.products.find((p) => slugOf(p) === key.toLowerCase());
    if (!found && this.defects.has('slug-trailing')) found = this.products.find((p) => key.startsWith(slugOf(p)) && key.length <= slugOf(p).length + 2);
    if (!found) throw this.defects.has('unknown-not-404') ? new HttpError(400, 'Invalid product') : new HttpError(404, 'Product not found');
    return found;
  }

  // --- formatting ---

  private ts(ms: number): string {
    if (this.defects.has('offset-timestamps')) return `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`;
    const iso = new Date(ms).toISOString();
    const text = this.variations.has('fractional-seconds') ? iso : `${iso.slice(0, 19)}Z`;
    return this.variations.has('plus-offset') ? text.replace(/Z$/, '+00:00') : text;
  }

  private midnight(day: number): string {
    const text = `${new Date(day).toISOString().slice(0, 10)}T00:00:00Z`;
    return this.variations.has('plus-offset') ? text.replace(/Z$/, '+00:00') : text;
  }

  private order<T>(items: T[], key: (x: T) => number, index: (x: T) => number): T[] {
    const flip = this.variations.has('ties-reversed') ? -1 : 1;
    return [...items].sort((x, y) => key(x) - key(y) || flip * (index(x) - index(y)));
  }

  // --- marketplace A ---

  private searchA(q: URLSearchParams): Obj {
    const hits = this.search(q.get('query'));
    const { slice, page, limit } = this.page(hits, q, 20, 100);
    const total = this.variations.has('total-capped') ? Math.min(hits.length, 1000) : hits.length;
    const meta: Obj = { current_page: page, per_page: limit, total };
    if (this.variations.has('extra-members')) meta.facets = { brand: { Jordan: 3 } };
    return { data: slice.map((p) => this.productA(p, new URLSearchParams(), '')), meta };
  }

  private search(query: string | null): Product[] {
    const terms = (query ?? '').toLowerCase().trim();
    const score = (p: Product): number => {
      if (!terms) return 1;
      const sku = p.sku.toLowerCase();
      if (terms === sku || terms === sku.replace('-', ' ')) return 4;
      if (sku.includes(terms) || sku.replace('-', ' ').includes(terms)) return 3;
      const text = `${p.brand} ${p.title}`.toLowerCase();
      return terms.split(/\s+/).every((t) => text.includes(t)) ? 1 : 0;
    };
    const scored = this.products.map((p) => ({ p, s: score(p) })).filter((x) => x.s > 0);
    return this.order(
      scored,
      (x) => -x.s * 1e7 + x.p.rank,
      (x) => x.p.index,
    ).map((x) => x.p);
  }

  private countSince(p: Product, v: number, days: number): number {
    return p.sales.filter((s) => s.variant === v && s.at > REFERENCE_NOW - days * DAY).length;
  }

  private variantA(p: Product, v: VariantA, i: number, flags: { prices: boolean; identifiers: boolean }): Obj {
    const nonZero = v.prices.filter((x) => x.price > 0).map((x) => x.price);
    let lowest = nonZero.length > 0 ? Math.min(...nonZero) : 0;
    if (this.defects.has('lowest-ask-not-lowest') && nonZero.length > 0) lowest = Math.max(...nonZero);
    let total = v.prices.reduce((n, x) => n + x.asks, 0);
    if (this.defects.has('total-asks-not-sum')) total = v.prices[0]?.asks ?? 0;
    const cm = v.us + 18;
    const own = this.defects.has('sizes-own-mismatch') ? v.us + 0.5 : v.us;
    const c15 = this.countSince(p, i, 15);
    const c30 = this.countSince(p, i, 30);
    const c60 = this.countSince(p, i, 60);
    const out: Obj = {
      id: v.id,
      size: String(v.us),
      size_type: 'us m',
      sizes: [
        { size: `US M ${own}`, type: 'us m' },
        { size: `UK ${v.us - 1}`, type: 'uk' },
        { size: `CM ${cm}`, type: 'cm' },
        { size: `KR ${this.defects.has('kr-cm') ? cm * 10 + 5 : cm * 10}`, type: 'kr' },
        { size: p.brand.toLowerCase() === 'adidas' ? adidasEu(v.us) : `EU ${NIKE_EU.get(v.us) ?? v.us + 33}`, type: 'eu' },
        { size: `US W ${v.us + 1.5}`, type: 'us w' },
      ],
      lowest_ask: lowest,
      total_asks: total,
      position: i,
      hidden: false,
      updated_at: this.ts(REFERENCE_NOW - 3_600_000 * (i + 1)),
      identifiers: flags.identifiers
        ? [
            { identifier: v.upc, identifier_type: 'UPC' },
            { identifier: `0${v.upc}`, identifier_type: 'EAN-13' },
          ]
        : null,
      prices: flags.prices ? v.prices.map((x) => (this.variations.has('extra-members') ? { ...x, ladder: [] } : { ...x })) : null,
      currency: 'USD',
      market: 'US',
      sales_count_15_days: this.defects.has('sales-count-order') ? c30 + 1 : c15,
      sales_count_30_days: c30,
      sales_count_60_days: c60,
    };
    return out;
  }

  private productA(p: Product, q: URLSearchParams, tier: string): Obj {
    const lows = p.variants.map((v) => Math.min(...v.prices.map((x) => x.price).filter((x) => x > 0), Infinity)).filter(Number.isFinite);
    const out: Obj = {
      id: p.uuid,
      title: p.title,
      brand: p.brand,
      model: p.model,
      gender: 'men',
      description: `${p.title}, a ${p.brand} sneaker.`,
      image: `https://images.reference.invalid/${p.slugA}.png`,
      sku: p.sku,
      slug: p.slugA,
      product_type: 'sneakers',
      category: p.brand,
      secondary_category: p.model,
      categories: ['sneakers'],
      breadcrumbs: [
        { value: 'Sneakers', alias: 'sneakers', level: 1 },
        { value: 'Lifestyle', alias: 'lifestyle', level: 2 },
      ],
      gallery: [`https://images.reference.invalid/${p.slugA}-1.png`],
      gallery_360: [],
      updated_at: this.ts(REFERENCE_NOW - 7_200_000),
      created_at: this.ts(p.created),
      link: `https://market-a.reference.invalid/${p.slugA}`,
      rank: p.rank,
      weekly_orders: p.sales.filter((s) => s.at > REFERENCE_NOW - 7 * DAY).length,
      country_of_manufacture: p.index % 2 ? 'CN' : 'VN',
      primary_title: p.brand,
      secondary_title: `${p.model} ${p.colour}`,
      min_price: lows.length ? Math.min(...lows) : 0,
      max_price: lows.length ? Math.max(...lows) : 0,
      avg_price: lows.length ? lows.reduce((x, y) => x + y, 0) / lows.length : 0,
      short_description: '',
      upcoming: false,
    };
    if (this.variations.has('extra-members')) out.traits = [{ name: 'Colorway', value: p.colour }];
    if (q.get('display[variants]') === 'true') {
      const prices = q.get('display[prices]') === 'true';
      const asked = q.get('display[identifiers]') === 'true';
      const leak = this.defects.has('identifiers-leak-free') && prices && asked;
      const identifiers = asked && (tier === 'Pro' || leak);
      out.variants = p.variants.map((v, i) => this.variantA(p, v, i, { prices, identifiers }));
    }
    return out;
  }

  private salesOf(p: Product): Sale[] {
    const window = this.variations.has('short-window') ? REFERENCE_NOW - 10 * DAY : -Infinity;
    return this.order(
      p.sales.filter((s) => s.at > window),
      (s) => -s.at,
      (s) => p.sales.indexOf(s),
    );
  }

  private salesA(p: Product, q: URLSearchParams): Obj {
    const variantId = q.get('variant_id');
    let list = this.salesOf(p);
    const page = Number(q.get('page') ?? '1');
    if (variantId !== null) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(variantId)) throw new HttpError(422, 'query.variant_id must be a UUID', 'query.variant_id');
      const v = p.variants.findIndex((x) => x.id === variantId);
      const ignore = (this.defects.has('filter-page2') && page >= 2) || (this.defects.has('foreign-variant-unfiltered') && v < 0);
      if (!ignore) list = list.filter((s) => s.variant === v);
    }
    const { slice } = this.page(list, q, 50, 100);
    return { data: slice.map((s) => ({ product_id: p.uuid, variant_id: p.variants[s.variant]?.id, amount: s.amount, created_at: this.ts(s.at) })) };
  }

  // --- marketplace B ---

  private productB(p: Product, inSearch: boolean): Obj {
    const sizes = p.variants.map((v) => ({ presentation: String(v.us), value: v.us }));
    const out: Obj = {
      id: p.bId,
      sku: p.sku.replace('-', ' '),
      slug: p.slugB,
      name: p.title,
      brand: p.brand,
      model: p.model,
      description: `${p.title}, a ${p.brand} sneaker.`,
      colorway: p.colour,
      season: ' 2021',
      category: 'shoes',
      product_type: 'sneakers',
      image_url: `https://images.reference.invalid/b/${p.slugB}.png`,
      images: inSearch ? null : [`https://images.reference.invalid/b/${p.slugB}-1.png`],
      release_date: this.variations.has('release-date-empty') && p.releaseEmpty ? '' : this.ts(p.created),
      release_date_year: new Date(p.created).toISOString().slice(0, 4),
      retail_prices: null,
      link: `https://market-b.reference.invalid/${p.slugB}`,
      sizes,
      rank: p.rank,
      weekly_orders: p.sales.filter((s) => s.at > REFERENCE_NOW - 7 * DAY).length,
      updated_at: this.ts(REFERENCE_NOW - 5_400_000),
      variants: inSearch
        ? null
        : p.variants.map((v) => {
            const nonZero = v.prices.filter((x) => x.price > 0).map((x) => x.price);
            return { product_id: p.bId, size: String(v.us), lowest_ask: nonZero.length ? Math.min(...nonZero) : 0, currency: 'USD', available: nonZero.length > 0, updated_at: this.ts(REFERENCE_NOW - 600_000) };
          }),
    };
    if (this.variations.has('extra-members')) out.nickname = p.colour;
    return out;
  }

  private searchB(q: URLSearchParams): Obj {
    const { slice } = this.page(this.search(q.get('query')), q, 20, 100);
    return { data: slice.map((p) => this.productB(p, true)) };
  }

  private salesB(p: Product, q: URLSearchParams): Obj {
    const { slice, page, limit } = this.page(this.salesOf(p), q, this.defects.has('b3-default-page') ? 20 : 50, 100);
    return {
      data: slice.map((s) => ({
        product_id: p.bId,
        type: s.offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE',
        size_us: String(p.variants[s.variant]?.us),
        currency: 'USD',
        amount: s.amount,
        location: s.city,
        purchased_at: this.ts(s.at),
      })),
      meta: { page, per_page: limit },
    };
  }

  // --- daily (A4, B4) ---

  private daily(a: boolean, p: Product, q: URLSearchParams): Obj {
    const shift = this.defects.has('daily-local-day') ? -5 * 3_600_000 : 0;
    const days = new Map<number, number[]>();
    for (const s of p.sales) {
      const day = Math.floor((s.at + shift) / DAY) * DAY;
      days.set(day, [...(days.get(day) ?? []), s.amount]);
    }
    if (this.defects.has('daily-zero-rows') && days.size > 0) {
      const first = Math.min(...days.keys());
      for (let d = first; d <= REFERENCE_NOW; d += DAY) if (!days.has(d)) days.set(d, []);
    }
    const rows = [...days.entries()].sort((x, y) => y[0] - x[0]).map(([day, amounts], i) => ({ day, amounts, i }));
    const { slice } = this.page(rows, q, 30, 365);
    return {
      data: slice.map(({ day, amounts, i }) => {
        let orders = amounts.length;
        let avg = orders ? amounts.reduce((x, y) => x + y, 0) / orders : 0;
        if (this.defects.has('daily-mismatch') && (i === 1 || i === 2)) {
          orders += i === 1 ? 1 : 0;
          avg = i === 2 ? avg + 7.5 : avg;
        }
        return { product_id: a ? p.uuid : p.bId, avg_amount: avg, orders, date: this.midnight(day) };
      }),
    };
  }
}

function statusTitle(status: number): string {
  return { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 422: 'Unprocessable Content' }[status] ?? 'Internal Server Error';
}

/** Nike's men's EU sizes by US M size (nike.com size guide; `nike-size-chart` judges them). */
const NIKE_EU: ReadonlyMap<number, number> = new Map([
  [7, 40],
  [7.5, 40.5],
  [8, 41],
  [8.5, 42],
  [9, 42.5],
  [9.5, 43],
  [10, 44],
  [10.5, 44.5],
  [11, 45],
  [11.5, 45.5],
  [12, 46],
  [12.5, 47],
  [13, 47.5],
]);

/** adidas EU sizes, in thirds (production note: `EU 42 2/3`): US M 7 is EU 40, each half size two thirds more. */
function adidasEu(us: number): string {
  const thirds = Math.round((us - 7) * 4) + 120;
  const rest = thirds % 3;
  return `EU ${Math.floor(thirds / 3)}${rest === 0 ? '' : ` ${rest}/3`}`;
}
