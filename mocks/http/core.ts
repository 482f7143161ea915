/**
 * The mock's core, with no HTTP server in it (Prism's layering): route → authenticate →
 * validate parameters against the contract → answer from the data world. One function,
 * `respond`, turns a {@link MockRequest} into a {@link MockResponse}; the node:http adapter
 * and any other transport call it. It never throws: anything unexpected is a 500 problem.
 */
import { bundleSchema, ContractValidator, contractText, matchPath, printableUrl, type ContractOperation, type ProblemKind } from '../../contract/index.js';
import { checkedPublicUrl, keyTable, OptionError, resolveMockOptions, shownKey, type MockOptions, type Tier } from '../options.js';
import { worldWithData } from '../data/products-file.js';
import { mutantNamed, withMutant } from '../mutants.js';
import { createWorld, type World } from '../world/world.js';
import { isPaid, keyFrom } from './auth.js';
import { OPERATIONS } from './operations.js';
import { ResponseCache, type CachedResponse, type FinishedHeaders } from './cache.js';
import { productImage } from './images.js';
import { parsePrefer, Scenarios, withScenarios } from './scenarios.js';
import { EDGE_EXAMPLES, isEdgeExample } from '../world/edge-answers.js';
import type { ApiCall, AuthenticatedCall, Stages } from './stages.js';
import { problem } from './problems.js';
import { ANONYMOUS } from './rate-limit.js';
import type { MockRequest, MockResponse } from './response.js';

/** A built mock: its resolved options, its data world, and `respond`. */
export interface MockCore {
  readonly options: MockOptions;
  readonly world: World;
  /** Answers one request. Never throws. */
  respond(request: MockRequest): MockResponse;
  /** Changes the origin written into `$schema` and image URLs (used once the real port is known). */
  setPublicUrl(url: string): void;
  /**
   * The rate-limit caller of a request when it is an API call the limiter counts (a GET or
   * HEAD of an operation): its configured key, or `ANONYMOUS` for any other credential.
   * Undefined for requests the limiter does not count (index, schemas, images, preflight).
   */
  limitCaller(request: MockRequest): string | undefined;
  /**
   * A problem-details answer (RFC 9457) with this mock's CORS headers, for transports that must
   * answer before the core sees a request (malformed request line, oversized headers, timeout).
   * @param kind the problem type ({@link PROBLEM_TYPES}); detail: a sentence saying what was wrong and what to do.
   */
  problem(kind: ProblemKind, detail: string, extra?: { headers?: Record<string, string> }): MockResponse;
}

const JSON_TYPE = 'application/json';
const encoder = new TextEncoder();

/**
 * `Cache-Control` of every successful API answer: `private` (the answer depends on the caller's
 * key and tier, so shared caches must not keep it) and `no-cache` (a client may keep it but
 * revalidates with `If-None-Match` each time; the answer is then 304 without a body).
 */
export const API_CACHE_CONTROL = 'private, no-cache';

/**
 * A strong entity tag of a body (RFC 9110 §8.8.3): FNV-1a over its bytes, twice with two offsets
 * (64 bits), and its length. The same bytes always give the same tag, in Node and in a browser.
 */
export function entityTag(bytes: Uint8Array): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    a = Math.imul(a ^ (bytes[i] as number), 0x01000193) >>> 0;
    b = Math.imul(b ^ (bytes[i] as number), 0x5bd1e995) >>> 0;
  }
  return `"${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}-${bytes.length.toString(36)}"`;
}

/**
 * True when `If-None-Match` (RFC 9110 §13.1.2) matches `etag`: `*`, or a listed tag equal to it
 * by weak comparison (a `W/` prefix ignored). Bounded: at most 64 tags are read.
 */
export function noneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return text
    .split(',', 64)
    .map((t) => t.trim().replace(/^W\//, ''))
    .includes(bare);
}

/** A 200 answer, or 304 without a body when the request's `If-None-Match` matches its ETag (RFC 9110 §15.4.5). */
function conditional(req: MockRequest, res: MockResponse): MockResponse {
  const etag = res.headers.etag;
  if (res.status !== 200 || etag === undefined || !noneMatch(req.headers['if-none-match'], etag)) return res;
  const { 'content-length': _length, 'content-type': _type, ...headers } = res.headers;
  return { status: 304, headers, body: '' };
}

/** Switches of the core that are not user options (tests compare the core with and without them). */
export interface CoreInternals {
  /**
   * The fast path of a response-cache hit (issue 33): the cache is looked up first, by the tier's
   * paid-ness and the raw request target, and a hit is answered from the entry's finished headers
   * without routing or parsing. Default true; it is used only when no mutant, no `--error-rate` and
   * no `--latency` are set (they act on every request) and the request is a GET or HEAD of an
   * origin-form target with no `Prefer` header and a configured key.
   */
  fastPath?: boolean;
  /** Called once per request the fast path answers (tests count them). */
  onFastHit?: () => void;
  /** Wall clock of the rate limiter, in ms since the epoch (UTC); default `Date.now`. */
  clock?: () => number;
  /**
   * UTF-8 encoding of the bodies the response cache keeps (`MockResponse.bytes`); default
   * `TextEncoder`. The node:http adapter gives one that makes Node `Buffer`s (the core stays Node-free).
   */
  encode?: (text: string) => Uint8Array;
}

/**
 * Builds the data world and the contract validators for these options.
 * @param internals switches for tests ({@link CoreInternals}); users leave them out.
 * @throws OptionError when an option is invalid (see {@link resolveMockOptions}).
 */
export function createMockCore(partial: Partial<MockOptions> = {}, internals: CoreInternals = {}): MockCore {
  const { respondToWrite: _internal, ...core } = createWritingCore(partial, internals);
  return core;
}

/**
 * The core as a transport that writes each answer at once uses it (the node:http adapter; not
 * exported from the package): {@link MockCore} and `respondToWrite`.
 */
export interface WritingCore extends MockCore {
  /**
   * `respond` for a caller that writes the answer's headers out before it calls again and never
   * keeps them (node:http `writeHead` renders them at once). A fast hit then returns its cache
   * entry's own header object, with `x-key-type` and `x-quota-current` set in place, instead of a
   * copy per request (issue 33). Every other answer is `respond`'s. Never throws.
   */
  respondToWrite(request: MockRequest): MockResponse;
}

/** How many cores serve from each world (`options.world`): a shared world serves one public URL. */
const coresOf = new WeakMap<World, number>();

/**
 * {@link createMockCore} with `respondToWrite`, for the node:http adapter.
 * @throws OptionError when an option is invalid (see {@link resolveMockOptions}).
 */
export function createWritingCore(partial: Partial<MockOptions> = {}, internals: CoreInternals = {}): WritingCore {
  const options = resolveMockOptions(partial);
  const keys = keyTable(options.keys);
  const validator = new ContractValidator();
  const worldOptions = { seed: options.seed, now: options.now, products: options.products, publicUrl: options.publicUrl };
  if (typeof options.data === 'string') throw new OptionError(`data ${JSON.stringify(options.data)} is a file path: createMockServer and the CLI read files; here give { name, text } or { name, value }`);
  const world = options.world ?? (options.data ? worldWithData(worldOptions, options.data, validator) : createWorld(worldOptions));
  // A world writes one origin into every $schema and image URL: cores sharing it must serve one public URL (attacker probe 7).
  const sharing = coresOf.get(world) ?? 0;
  if (sharing > 0 && world.origin.url !== options.publicUrl) {
    throw new OptionError(
      `world already serves ${printableUrl(world.origin.url)} for another core, and this one's public URL is ${printableUrl(options.publicUrl)}: a world writes one origin into every URL it serves; build a world per public URL, or give both cores the same publicUrl`,
    );
  }
  coresOf.set(world, sharing + 1);
  world.origin.url = options.publicUrl;
  const operations = validator.operations;
  const schemaCache = new Map<string, string>();
  const quota = new Map<string, number>();
  const mutant = mutantNamed(options.mutant);
  const cache = new ResponseCache(options.responseCache);
  // Deprecation headers per operationId (issue 32): every answer of a deprecated operation, errors included.
  const deprecations = new Map((options.deprecations ?? []).map((d) => [d.operationId, d.headers] as const));
  const scenarios = new Scenarios(options, internals.clock);
  const cors: Record<string, string> = {
    'access-control-allow-origin': options.corsOrigin,
    'access-control-expose-headers': 'x-key-type, x-quota-current, retry-after, content-length, etag',
    ...(options.corsOrigin === '*' ? {} : { vary: 'origin' }),
  };
  const encode = internals.encode ?? ((text: string): Uint8Array => encoder.encode(text));
  // Mutants, drawn errors and drawn latency act on every request: with any of them, every request takes the full path.
  const fast = internals.fastPath !== false && mutant === undefined && options.errorRate === 0 && options.latency === undefined;

  let base = options.publicUrl;
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): MockResponse => ({
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
    body: JSON.stringify(body),
  });

  function serveSchema(name: string, path: string): MockResponse {
    let text = schemaCache.get(name);
    if (text === undefined) {
      const doc = /^[A-Za-z0-9]+$/.test(name) ? bundleSchema(validator.doc, name, `${base}/schemas/${name}.json`) : undefined;
      if (!doc) return problem(base, 'not-found', `No schema named ${name}; schemas are listed at ${base}/`, path);
      text = JSON.stringify(doc);
      schemaCache.set(name, text);
    }
    return { status: 200, headers: { 'content-type': 'application/schema+json', 'cache-control': 'public, max-age=3600' }, body: text };
  }

  function index(): MockResponse {
    return json(200, {
      name: 'resale-kit mock of the Resale Market Data API',
      seed: options.seed,
      now: new Date(options.now).toISOString(),
      products_per_marketplace: options.products,
      // Only the public demo keys are shown whole; a key given to the mock is masked as the start-up banner masks it (it may be a real secret).
      keys: [...keys].map(([key, tier]) => ({ key: shownKey(key), tier })),
      operations: operations.map((o) => ({ operationId: o.operationId, method: 'GET', path: o.path, premium: o.premium })),
      schemas: validator.schemaNames().map((n) => `${base}/schemas/${n}.json`),
      fixtures: `${base}/fixtures`,
      examples: EDGE_EXAMPLES.map((e) => ({ name: e.name, description: e.description, prefer: `example=${e.name}` })),
    });
  }

  /**
   * The stages of an API call, each a small function; the scenarios and a mutant wrap stages
   * ({@link withScenarios}, {@link withMutant}) instead of reaching into them.
   */
  const baseStages: Stages = {
    admit: () => undefined,
    authenticate: (call) => {
      const key = keyFrom(call.req.headers.authorization);
      return key === undefined ? undefined : keys.get(key);
    },
    validate: (call) => {
      if (call.op.premium && !call.paid) {
        return problem(base, 'not-entitled', `${call.op.operationId} is a premium operation (§5); the key's plan is ${call.tier}, it needs Starter, Pro or Enterprise`, call.path);
      }
      if (call.example !== undefined && !isEdgeExample(call.example)) {
        const names = EDGE_EXAMPLES.map((e) => e.name).join(', ');
        return problem(base, 'invalid-parameters', `example ${JSON.stringify(call.example.slice(0, 64))} is not an edge answer of this mock; examples: ${names} (listed at ${base}/fixtures)`, call.path, {
          errors: [{ message: `must be one of ${names}`, location: 'header.prefer', value: `example=${call.example.slice(0, 64)}` }],
        });
      }
      const { values, violations } = validator.checkParameters(call.op, call.pathParams, call.query);
      if (violations.length === 0) return { values };
      const detail = `Invalid parameters: ${violations.map((v) => `${v.location} ${v.message}`).join('; ')}`;
      const errors = violations.map((v) => ({ message: v.message, location: v.location, value: v.value }));
      return problem(base, 'invalid-parameters', detail, call.path, { errors });
    },
    handle: (call) => {
      const example = call.example !== undefined && isEdgeExample(call.example) ? call.example : undefined;
      const out = OPERATIONS[call.op.operationId]({ world, params: call.values, entitled: call.entitled, ...(example ? { example } : {}) });
      if (!out) return problem(base, 'product-not-found', 'Product not found', call.path);
      const body: Record<string, any> = { $schema: `${base}/schemas/${call.op.successSchema}.json`, data: out.data };
      if (out.meta !== undefined) body.meta = out.meta;
      return { json: body };
    },
    finish: (_call, res) => res,
  };
  const stages = withMutant(withScenarios(baseStages, scenarios, callerOf), mutant, world);

  /** An API call through the stages: admit → authenticate → (cache) → validate → handle → finish. */
  /**
   * `GET /fixtures`: the edge-case products of this world (issue 13), each with its id, slug
   * and lookup URL on every marketplace, so a developer opens "a product with no sales" in one
   * request. Needs no key; the URLs do.
   */
  function fixtures(): MockResponse {
    const top = world.searchA(undefined)[0];
    const topB = world.searchB(undefined)[0];
    return json(200, {
      seed: options.seed,
      products_per_marketplace: options.products,
      cases: world.edgeCases.map((e) => ({
        case: e.name,
        description: e.description,
        market_a: { id: world.a.uuidOf(e.product), slug: world.a.slugOf(e.product), title: world.a.titlesOf(e.product).title, url: `${base}/v3/market_a/products/${world.a.uuidOf(e.product)}` },
        market_b: { id: world.b.idOf(e.product), slug: world.b.slugOf(e.product), name: world.b.nameOf(e.product), url: `${base}/v3/market_b/products/${world.b.idOf(e.product)}` },
      })),
      // Edge answers (issue 24): any product, any operation, asked for per request.
      examples: EDGE_EXAMPLES.map((e) => ({
        example: e.name,
        description: e.description,
        prefer: `example=${e.name}`,
        ...(top === undefined
          ? {}
          : {
              market_a: { slug: world.a.slugOf(top), url: `${base}/v3/market_a/products/${world.a.slugOf(top)}?__example=${e.name}` },
              market_b: { id: world.b.idOf(topB ?? 0), url: `${base}/v3/market_b/products/${world.b.idOf(topB ?? 0)}?__example=${e.name}` },
            }),
      })),
    });
  }

  function apiCall(op: ContractOperation, pathParams: Record<string, string>, rawQuery: string, req: MockRequest, path: string): MockResponse {
    const call: ApiCall = { req, op, pathParams, rawQuery, path };
    const res = stages.finish(call, stages.admit(call) ?? authenticated(call));
    const deprecated = deprecations.get(op.operationId);
    return deprecated === undefined ? res : { ...res, headers: { ...res.headers, ...deprecated } };
  }

  function authenticated(call: ApiCall): MockResponse {
    const key = keyFrom(call.req.headers.authorization);
    const tier = stages.authenticate(call);
    if (tier === undefined) {
      return problem(base, 'invalid-key', key === undefined ? 'Invalid key: send your API key in the Authorization header, bare or as "Bearer <key>"' : 'Invalid key', call.path);
    }
    const used = (quota.get(key ?? '') ?? 0) + 1;
    quota.set(key ?? '', used);
    const keyHeaders = { 'x-key-type': tier, 'x-quota-current': String(used) };
    const paid = isPaid(tier);
    // The answer depends only on the URL, on whether the caller is paid and on the example asked for: replay it if built before.
    const query = parseQuery(call.rawQuery);
    const example = parsePrefer(call.req.headers.prefer).example ?? query.__example?.[0];
    // The query, when there is one, after a '?' (`/x` and `/x?` are the same request and share an entry).
    const cacheKey = `${paid ? 'P' : 'F'}${example === undefined ? '' : `${example.length}:${example}`}${call.path}${call.rawQuery === '' ? '' : `?${call.rawQuery}`}`;
    const hit = cache.get(cacheKey);
    const revalidate = (res: MockResponse): MockResponse => (mutant?.ignoreConditional ? res : conditional(call.req, res));
    if (hit) return revalidate({ status: hit.status, headers: { ...hit.headers, ...keyHeaders }, body: hit.body, bytes: hit.bytes });
    const res = build({ ...call, tier, paid, query, ...(example === undefined ? {} : { example }) });
    const bytes = encode(res.body);
    const headers = { ...res.headers, 'content-length': String(bytes.length), ...(res.status === 200 ? { etag: entityTag(bytes), 'cache-control': API_CACHE_CONTROL } : {}) };
    const entry: CachedResponse = { status: res.status, headers, body: res.body, bytes };
    // The fast path looks up only entries without an example (its requests carry no Prefer; __example is in the target, so it misses).
    if (fast && example === undefined) entry.finished = finishedHeaders(entry, deprecations.get(call.op.operationId));
    cache.set(cacheKey, entry);
    return revalidate({ ...res, bytes, headers: { ...headers, ...keyHeaders } });
  }

  /**
   * The headers of a hit on `entry` exactly as the full path writes them ({@link FinishedHeaders}):
   * the entry's headers, the key headers (set per request), then deprecation, then CORS, in the
   * order and with the overrides of the spreads in `authenticated`, `conditional`, `apiCall` and `withCors`.
   */
  function finishedHeaders(entry: CachedResponse, deprecated: Record<string, string> | undefined): FinishedHeaders {
    const keyed: Record<string, string> = { ...entry.headers, 'x-key-type': '', 'x-quota-current': '' };
    const ok = sameShape({ ...keyed, ...deprecated, ...cors });
    if (entry.status !== 200 || entry.headers.etag === undefined) return { ok };
    const { 'content-length': _length, 'content-type': _type, ...rest } = keyed;
    return { ok, notModified: sameShape({ ...rest, ...deprecated, ...cors }) };
  }

  // The last Authorization value the fast path read, and its key and tier (most clients send one key).
  let lastAuthorization: string | undefined;
  let lastKey: string | undefined;
  let lastTier: Tier | undefined;
  /**
   * A response-cache hit answered with the least work (issue 33; {@link CoreInternals.fastPath}),
   * or undefined to take the full path. Per request it reads the key, counts the rate limit and the
   * quota as the full path does, and sets `x-key-type`, `x-quota-current` and the 304 choice; the
   * answer is the full path's, byte for byte. A refused rate-limit decision goes to the full path
   * with the decision already taken, so the request is counted once.
   * @param transient true for {@link WritingCore.respondToWrite}: the answer's headers are the
   *   entry's own object (never a delayed answer: the fast path sets no `delayMs`).
   */
  function fastHit(req: MockRequest, transient: boolean): MockResponse | undefined {
    const url = req.url;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.charCodeAt(0) !== 47 /* '/' */ || url.charCodeAt(url.length - 1) === 63 /* '?' */ || req.headers.prefer !== undefined) return undefined;
    const authorization = req.headers.authorization;
    if (typeof authorization !== 'string' || authorization !== lastAuthorization) {
      lastKey = keyFrom(authorization);
      lastTier = lastKey === undefined ? undefined : keys.get(lastKey);
      lastAuthorization = typeof authorization === 'string' ? authorization : undefined;
    }
    const key = lastKey;
    const tier = lastTier;
    if (key === undefined || tier === undefined) return undefined;
    // The full path's key for this target without an example: tier's paid-ness, then the target as sent (path, and '?' query when there is one).
    const hit = cache.get(`${isPaid(tier) ? 'P' : 'F'}${url}`);
    const finished = hit?.finished;
    if (hit === undefined || finished === undefined) return undefined;
    if (options.rateLimit) {
      const decision = req.limit ?? scenarios.limiter?.take(key);
      if (decision && !decision.allowed) return withCors(route({ ...req, limit: decision }));
    }
    const used = (quota.get(key) ?? 0) + 1;
    quota.set(key, used);
    const ifNoneMatch = req.headers['if-none-match'];
    const etag = hit.headers.etag;
    if (finished.notModified && ifNoneMatch !== undefined && etag !== undefined && noneMatch(ifNoneMatch, etag)) {
      const headers = transient ? finished.notModified : { ...finished.notModified };
      headers['x-key-type'] = tier;
      headers['x-quota-current'] = String(used);
      internals.onFastHit?.();
      return { status: 304, headers, body: '' };
    }
    const headers = transient ? finished.ok : { ...finished.ok };
    headers['x-key-type'] = tier;
    headers['x-quota-current'] = String(used);
    internals.onFastHit?.();
    return { status: hit.status, headers, body: hit.body, bytes: hit.bytes };
  }

  /** Validates and handles an authenticated call: a problem, or the 200 envelope as JSON text. */
  function build(call: AuthenticatedCall): MockResponse {
    const valid = stages.validate(call);
    if ('status' in valid) return valid;
    const out = stages.handle({ ...call, values: valid.values, entitled: call.paid });
    return 'json' in out ? json(200, out.json) : out;
  }

  /** The rate-limit identity of a request: a configured key, else the one anonymous bucket. */
  function callerOf(req: MockRequest): string {
    const key = keyFrom(req.headers.authorization);
    return key !== undefined && keys.has(key) ? key : ANONYMOUS;
  }

  /** The request target split into path and raw query (absolute-form targets lose their origin). */
  function target(req: MockRequest): { path: string; rawQuery: string } {
    let t = req.url || '/';
    const origin = /^https?:\/\/[^/]*/i.exec(t);
    if (origin) t = t.slice(origin[0].length) || '/';
    const q = t.indexOf('?');
    return { path: q < 0 ? t : t.slice(0, q), rawQuery: q < 0 ? '' : t.slice(q + 1) };
  }

  function route(req: MockRequest): MockResponse {
    const { path, rawQuery } = target(req);
    const method = req.method.toUpperCase();
    const forced = mutant?.method?.(method, path);
    if (forced) return forced;
    if (method === 'OPTIONS') {
      // CORS preflight (or a plain OPTIONS): what a browser page on another origin may send.
      const asked = req.headers['access-control-request-headers'];
      return {
        status: 204,
        headers: {
          allow: 'GET, HEAD, OPTIONS',
          'access-control-allow-methods': 'GET, HEAD, OPTIONS',
          // Echo what the browser asks for only when it is a plain list of header names.
          'access-control-allow-headers':
            typeof asked === 'string' && asked.length <= 1024 && /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/.test(asked.trim()) ? asked.trim() : 'authorization, prefer, content-type, if-none-match',
          'access-control-max-age': '600',
        },
        body: '',
      };
    }
    if (method !== 'GET' && method !== 'HEAD') {
      // Production note (Credentials): every response carries X-Key-Type and X-Quota-Current, a 405 to a known key too (not counted against the quota).
      const key = keyFrom(req.headers.authorization);
      const tier = key === undefined ? undefined : keys.get(key);
      const keyed: Record<string, string> = tier === undefined || key === undefined ? {} : { 'x-key-type': tier, 'x-quota-current': String(quota.get(key) ?? 0) };
      return problem(base, 'method-not-allowed', `${method.slice(0, 40)} is not allowed: the API is read-only (§1), use GET`, path, { headers: { allow: 'GET, HEAD', ...keyed } });
    }
    if (path === '/' || path === '') return index();
    if (path === '/fixtures') return fixtures();
    if (path === '/openapi.yaml') return { status: 200, headers: { 'content-type': 'application/yaml' }, body: contractText() };
    const schema = /^\/schemas\/([^/]+)\.json$/.exec(path);
    if (schema) return serveSchema(schema[1] as string, path);
    const image = /^\/images\/([^/]+)\/([^/]+)\/([^/]+)\.svg$/.exec(path);
    if (image) {
      const svg = productImage(world, image[1] as string, image[2] as string, image[3] as string);
      return svg === undefined ? problem(base, 'not-found', 'No such product image', path) : { status: 200, headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400, immutable' }, body: svg };
    }
    const segments = path.split('/');
    for (const op of operations) {
      const params = matchPath(op.path, segments);
      if (params) return apiCall(op, params, rawQuery, req, path);
    }
    return problem(base, 'not-found', `No operation at ${path}; see ${base}/ for the list`, path);
  }

  const withCors = (res: MockResponse): MockResponse => {
    res.headers = { ...res.headers, ...cors };
    return res;
  };

  /** An answer to one request; `transient`: a fast hit may return its entry's own headers ({@link WritingCore}). Never throws. */
  function answer(req: MockRequest, transient: boolean): MockResponse {
    // A request built in code by a JavaScript caller may be anything (attacker probe 7: wrong types were 500s quoting a
    // TypeError). The node:http adapter's (`transient`) are built by pickHeaders and are not checked again.
    if (!transient && !isMockRequest(req))
      return withCors(problem(base, 'malformed-request', 'The request is not a MockRequest: give { method, url, headers } with method and url strings and headers an object of string values (or lists of strings)', undefined));
    let res: MockResponse;
    try {
      const hit = fast ? fastHit(req, transient) : undefined;
      if (hit) return hit;
      res = route(req);
    } catch (err) {
      res = problem(base, 'internal-error', `The mock failed on this request: ${(err as Error).message}`, '/');
    }
    return withCors(res);
  }

  return {
    options,
    world,
    limitCaller(req) {
      const method = req.method.toUpperCase();
      if (!options.rateLimit || (method !== 'GET' && method !== 'HEAD')) return undefined;
      const segments = target(req).path.split('/');
      return operations.some((op) => matchPath(op.path, segments)) ? callerOf(req) : undefined;
    },
    problem: (kind, detail, extra = {}) => withCors(problem(base, kind, detail, undefined, extra)),
    setPublicUrl(url) {
      const next = checkedPublicUrl(url);
      if (next !== world.origin.url && (coresOf.get(world) ?? 0) > 1) throw new OptionError(`setPublicUrl: this core's world is shared with another core, whose URLs would change too; build a world per core to serve ${printableUrl(next)}`);
      base = next;
      options.publicUrl = base;
      world.origin.url = base;
      schemaCache.clear();
      cache.clear();
    },
    respond: (req) => answer(req, false),
    respondToWrite: (req) => answer(req, true),
  };
}

/** True for a {@link MockRequest}: `method` and `url` strings, `headers` an object whose values are strings, lists of strings or undefined. */
function isMockRequest(req: unknown): req is MockRequest {
  if (typeof req !== 'object' || req === null) return false;
  const r = req as Record<string, unknown>;
  if (typeof r.method !== 'string' || typeof r.url !== 'string' || typeof r.headers !== 'object' || r.headers === null) return false;
  for (const v of Object.values(r.headers)) if (v !== undefined && typeof v !== 'string' && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) return false;
  return true;
}

/**
 * A copy of `headers` built one property at a time from an empty object, in their order. Copies
 * of header lists with the same names in the same order then share one hidden class, and keep
 * sharing it when a value is set in place (issue 33: spread copies that the fast path then wrote
 * to fell into six classes among 18 cache entries, and the code that reads them went megamorphic).
 */
function sameShape(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) out[name] = headers[name] as string;
  return out;
}

/**
 * Query parameters by name; repeated names keep every value, in order. Never throws.
 * The result has no prototype and is filled through own properties only: a parameter named
 * `constructor`, `__proto__` or `toString` is just another unknown name.
 */
export function parseQuery(text: string): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>;
  for (const [k, v] of new URLSearchParams(text)) {
    const list = Object.hasOwn(out, k) ? out[k] : undefined;
    if (list) list.push(v);
    else Object.defineProperty(out, k, { value: [v], enumerable: true, writable: true, configurable: true });
  }
  return out;
}
