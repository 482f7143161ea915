/**
 * The typed client (`resale-kit/client`): the eight operations of the contract (§4.1 A1–A4,
 * §4.2 B1–B4) on openapi-fetch and the generated types. Parameters and results are typed
 * from openapi.yaml: a marketplace B id is a number, the display flags are the three of A2.
 * Errors (any non-2xx) throw an {@link ApiError} carrying the problem details (§7 decision).
 * The client trusts the server no further than the suite does: an answer is read up to
 * `maxBodyBytes` and `timeoutMs`, a redirect is not followed (the API has none: §9 serves every
 * operation at its `/v3/` path), and a 2xx body that is not a JSON object is an error, not data.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/api.js';

type Schemas = components['schemas'];
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** Options of a client. */
export interface ResaleClientOptions {
  /** Base URL of the API, such as `http://127.0.0.1:4010` (the `{base_url}` of §4). */
  baseUrl: string;
  /** API key, sent as `Authorization: Bearer <key>` (§5 decision). */
  apiKey: string;
  /** A fetch to use instead of the global one (tests, MSW, custom agents). */
  fetch?: typeof fetch;
  /** Extra headers on every request, such as `Prefer: code=404` for failure scenarios. */
  headers?: Record<string, string>;
  /**
   * The longest a call waits, in milliseconds, for the whole answer (headers and body): 1 to
   * 2147483647; default 30000. A call that takes longer rejects with an {@link ApiError} of
   * reason `timeout`.
   */
  timeoutMs?: number;
  /**
   * The largest answer body read, in bytes: 1 to 2147483647; default 16777216 (16 MiB). A larger
   * body is not read further and the call rejects with an {@link ApiError} of reason `too-large`.
   */
  maxBodyBytes?: number;
}

/** The default of {@link ResaleClientOptions.timeoutMs}: 30 s. */
export const CLIENT_TIMEOUT_MS = 30_000;
/** The default of {@link ResaleClientOptions.maxBodyBytes}: 16 MiB. */
export const CLIENT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Why a call gave no usable 200 body: `status` (a non-2xx answer), `redirect` (a 3xx, not
 * followed), `not-json` (a 2xx body that is not a JSON object), `too-large` (over
 * `maxBodyBytes`), `timeout` (over `timeoutMs`), `network` (no answer: refused, reset, DNS).
 */
export type ApiErrorReason = 'status' | 'redirect' | 'not-json' | 'too-large' | 'timeout' | 'network';

/** A2's `display` flags (§4.1 rules 1–3), each sent as `true` when set. */
export interface DisplayFlags {
  variants?: boolean;
  prices?: boolean;
  identifiers?: boolean;
}

/** A member of a server's problem as a message shows it: text only, at most `max` characters, control and direction characters as `\\uXXXX`. */
function shown(value: unknown, max: number): string {
  if (typeof value !== 'string') return value === undefined ? '' : `(${value === null ? 'null' : typeof value})`;
  return value.slice(0, max).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A body with the members of RFC 9457 problem details this client reads: a numeric `status`; `title` and `detail`, when present, text. */
function isProblem(body: unknown): body is Schemas['ProblemDetails'] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const p = body as Record<string, unknown>;
  return typeof p.status === 'number' && (p.title === undefined || typeof p.title === 'string') && (p.detail === undefined || typeof p.detail === 'string');
}

/**
 * A call that gave no usable 200 body: its HTTP status (0 when no answer came), the problem
 * details when the body is one, and the {@link ApiErrorReason}. The message never holds the API
 * key or a password (the options refuse a base URL with credentials).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly problem: Schemas['ProblemDetails'] | undefined;
  readonly reason: ApiErrorReason;

  constructor(status: number, problem: Schemas['ProblemDetails'] | undefined, reason: ApiErrorReason = 'status', message?: string) {
    // The server's words are data: only text members, cut, with control and direction characters escaped (attacker probe 7: a title object threw a TypeError, and escape sequences reached the message raw).
    super(message ?? (problem ? `${status} ${shown(problem.title, 200)}: ${shown(problem.detail, 500)}` : `HTTP ${status}`));
    this.status = status;
    this.problem = problem;
    this.reason = reason;
  }
}

/** A 1..2147483647 integer option, or its default. @throws TypeError naming the option. */
function bound(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw new TypeError(`createResaleClient: ${name} must be an integer from 1 to 2147483647`);
  return value;
}

/**
 * The options checked: `baseUrl` an absolute http(s) URL with no credentials, query or fragment
 * (its trailing slashes dropped), `apiKey` a non-empty header-safe string, the bounds in range.
 * @throws TypeError saying which option is wrong (never echoing the key or a password).
 */
function checkOptions(options: ResaleClientOptions): { baseUrl: string; timeoutMs: number; maxBodyBytes: number } {
  let url: URL;
  try {
    url = new URL(String(options.baseUrl));
  } catch {
    throw new TypeError('createResaleClient: baseUrl must be an absolute URL, such as http://127.0.0.1:4010');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('createResaleClient: baseUrl must be an http or https URL');
  if (url.username !== '' || url.password !== '') throw new TypeError('createResaleClient: baseUrl must not hold a user name or password: pass the key as apiKey');
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(String(options.baseUrl))) throw new TypeError('createResaleClient: baseUrl must not hold a query or fragment (the operation paths are appended to it)');
  // Visible ASCII without white space, as the mock's keys: a key fetch cannot send (non-ASCII) or that HTTP trims failed only at the first call (attacker probe 7).
  if (typeof options.apiKey !== 'string' || !/^[\x21-\x7e]+$/.test(options.apiKey)) throw new TypeError('createResaleClient: apiKey must be a non-empty string of visible ASCII characters without spaces');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError('createResaleClient: fetch must be a function (the fetch to call), or left out for globalThis.fetch');
  return { baseUrl: url.href.replace(/\/+$/, ''), timeoutMs: bound('timeoutMs', options.timeoutMs, CLIENT_TIMEOUT_MS), maxBodyBytes: bound('maxBodyBytes', options.maxBodyBytes, CLIENT_MAX_BODY_BYTES) };
}

/**
 * A path segment for `{id_or_slug}`: `''`, `.` and `..` are refused, since a URL parser removes
 * such a segment and the call would reach another operation (`sales/..` is A2, not A3).
 * @throws TypeError naming the operation's parameter.
 */
function segment(value: string | number): string {
  // NaN, null and the like would reach the server as "NaN" and "null" (attacker probe 7).
  if (typeof value === 'number' ? !Number.isSafeInteger(value) || value < 0 : typeof value !== 'string')
    throw new TypeError(`resale-kit client: an id must be a whole number or a text id or slug, got ${typeof value === 'number' ? String(value) : typeof value}`);
  const text = String(value);
  if (text === '' || text === '.' || text === '..') throw new TypeError(`resale-kit client: an id or slug of ${JSON.stringify(text)} would change the URL's path; pass a product's id or slug`);
  return text;
}

/** Reads `res`'s body up to `max` bytes. @throws ApiError `too-large` past it. */
async function readBounded(res: Response, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new ApiError(res.status, undefined, 'too-large', `HTTP ${res.status}: the answer declares ${declared} bytes, more than maxBodyBytes (${max})`);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(res.status, undefined, 'too-large', `HTTP ${res.status}: the answer is larger than maxBodyBytes (${max})`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * The `fetch` the client calls: the given one (or the global one), with the call's deadline, no
 * redirect followed, the body read within its bound, and a 2xx body checked to be a JSON object.
 * @throws ApiError of reason `timeout`, `network`, `redirect`, `too-large` or `not-json`.
 */
function guardedFetch(base: typeof fetch, timeoutMs: number, maxBodyBytes: number): typeof fetch {
  return async (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const request = new Request(input, init);
    const signal = AbortSignal.any([request.signal, deadline]);
    const fail = (err: unknown): never => {
      if (err instanceof ApiError) throw err;
      if (deadline.aborted) throw new ApiError(0, undefined, 'timeout', `no whole answer within timeoutMs (${timeoutMs} ms)`);
      if (request.signal.aborted) throw err;
      throw Object.assign(new ApiError(0, undefined, 'network', `no answer: ${err instanceof Error ? err.message.slice(0, 200) : 'the request failed'}`), { cause: err });
    };
    try {
      const res = await base(new Request(request, { signal, redirect: 'manual' }));
      if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400 && res.status !== 304)) {
        await res.body?.cancel().catch(() => undefined);
        throw new ApiError(res.status, undefined, 'redirect', `HTTP ${res.status}: a redirect, not followed (the API serves every operation at its /v3/ path)`);
      }
      const bytes = await readBounded(res, maxBodyBytes);
      if (res.ok) {
        let json: unknown;
        try {
          json = JSON.parse(new TextDecoder().decode(bytes));
        } catch {
          json = undefined;
        }
        if (json === null || typeof json !== 'object' || Array.isArray(json))
          throw new ApiError(res.status, undefined, 'not-json', `HTTP ${res.status}: the body is not a JSON object (content-type ${JSON.stringify((res.headers.get('content-type') ?? 'none').slice(0, 80))})`);
      }
      const nullBody = res.status === 204 || res.status === 205 || res.status === 304;
      return new Response(nullBody ? null : bytes, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (err) {
      return fail(err);
    }
  };
}

/**
 * Resolves to the 200 body typed as the contract's response schema `T`. openapi-fetch checks
 * the path and parameters of each call; its own inferred body types drop members typed `null`
 * (such as A2's `meta: null`), so the result is typed from generated/api.ts instead.
 */
async function unwrap<T>(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) {
    const problem = isProblem(error) ? error : undefined;
    throw new ApiError(response.status, problem);
  }
  return data as T;
}

/**
 * Creates a client.
 * @returns the eight operations, each resolving to the operation's 200 body and rejecting
 *   with {@link ApiError}; `http` is the underlying openapi-fetch client for anything else
 *   (bounded alike). A method given an id or slug of `''`, `.` or `..` rejects with a TypeError.
 * @throws TypeError when an option is wrong (see {@link ResaleClientOptions}).
 */
export function createResaleClient(options: ResaleClientOptions) {
  const { baseUrl, timeoutMs, maxBodyBytes } = checkOptions(options);
  const http: Client<paths> = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}`, ...options.headers },
    fetch: guardedFetch(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), timeoutMs, maxBodyBytes),
  });
  // One method per operation of the contract: `satisfies` makes tsc name an operation added to
  // openapi.yaml (after `npm run generate`) until it has its method here.
  const methods = {
    /** A1: search marketplace A (relevance, then popularity); `meta` pages it. */
    searchMarketAProducts: async (query: Query<'searchMarketAProducts'> = {}): Promise<Schemas['MarketAProductSearchResponse']> => unwrap<Schemas['MarketAProductSearchResponse']>(http.GET('/v3/market_a/products', { params: { query } })),
    /** A2: one product by UUID or slug, expanded as `display` asks. */
    getMarketAProduct: async (idOrSlug: string, display: DisplayFlags = {}): Promise<Schemas['MarketAProductResponse']> =>
      unwrap<Schemas['MarketAProductResponse']>(
        http.GET('/v3/market_a/products/{id_or_slug}', {
          params: {
            path: { id_or_slug: segment(idOrSlug) },
            query: {
              ...(display.variants ? { 'display[variants]': true } : {}),
              ...(display.prices ? { 'display[prices]': true } : {}),
              ...(display.identifiers ? { 'display[identifiers]': true } : {}),
            },
          },
        }),
      ),
    /** A3 (premium): per-sale history, newest first; `variant_id` narrows it to one size. */
    listMarketAProductSales: async (idOrSlug: string, query: Query<'listMarketAProductSales'> = {}): Promise<Schemas['MarketASalesResponse']> =>
      unwrap<Schemas['MarketASalesResponse']>(http.GET('/v3/market_a/products/{id_or_slug}/sales', { params: { path: { id_or_slug: segment(idOrSlug) }, query } })),
    /** A4 (premium): one element per UTC day with sales, newest first. */
    listMarketAProductDailySales: async (idOrSlug: string, query: Query<'listMarketAProductDailySales'> = {}): Promise<Schemas['MarketADailySalesResponse']> =>
      unwrap<Schemas['MarketADailySalesResponse']>(http.GET('/v3/market_a/products/{id_or_slug}/sales/daily', { params: { path: { id_or_slug: segment(idOrSlug) }, query } })),
    /** B1: search marketplace B. */
    searchMarketBProducts: async (query: Query<'searchMarketBProducts'> = {}): Promise<Schemas['MarketBProductSearchResponse']> => unwrap<Schemas['MarketBProductSearchResponse']>(http.GET('/v3/market_b/products', { params: { query } })),
    /** B2: one product by integer id or slug, with its variants. */
    getMarketBProduct: async (idOrSlug: number | string): Promise<Schemas['MarketBProductResponse']> =>
      unwrap<Schemas['MarketBProductResponse']>(http.GET('/v3/market_b/products/{id_or_slug}', { params: { path: { id_or_slug: segment(idOrSlug) } } })),
    /** B3 (premium): per-sale history by numeric id only (§4.2 rule 1). */
    listMarketBProductSales: async (id: number, query: Query<'listMarketBProductSales'> = {}): Promise<Schemas['MarketBSalesResponse']> =>
      unwrap<Schemas['MarketBSalesResponse']>(http.GET('/v3/market_b/products/{id}/sales', { params: { path: { id }, query } })),
    /** B4 (premium): one element per UTC day with sales, by id or slug. */
    listMarketBProductDailySales: async (idOrSlug: number | string, query: Query<'listMarketBProductDailySales'> = {}): Promise<Schemas['MarketBDailySalesResponse']> =>
      unwrap<Schemas['MarketBDailySalesResponse']>(http.GET('/v3/market_b/products/{id_or_slug}/sales/daily', { params: { path: { id_or_slug: segment(idOrSlug) }, query } })),
  } satisfies Record<keyof operations, (...args: never[]) => Promise<unknown>>;
  return { http, ...methods };
}

/** The client's type. */
export type ResaleClient = ReturnType<typeof createResaleClient>;
export type { components, operations, paths };
