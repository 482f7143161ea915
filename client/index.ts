/**
 * The typed client (`resale-kit/client`): the eight operations of the contract (§4.1 A1–A4,
 * §4.2 B1–B4) on openapi-fetch and the generated types. Parameters and results are typed
 * from openapi.yaml: a marketplace B id is a number, the display flags are the three of A2.
 * Errors (any non-2xx) throw an {@link ApiError} carrying the problem details (§7 decision).
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
}

/** A2's `display` flags (§4.1 rules 1–3), each sent as `true` when set. */
export interface DisplayFlags {
  variants?: boolean;
  prices?: boolean;
  identifiers?: boolean;
}

/** A non-2xx answer: its HTTP status and, when the body is one, the problem details. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly problem: Schemas['ProblemDetails'] | undefined;

  constructor(status: number, problem: Schemas['ProblemDetails'] | undefined) {
    super(problem ? `${status} ${problem.title}: ${problem.detail}` : `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

/**
 * Resolves to the 200 body typed as the contract's response schema `T`. openapi-fetch checks
 * the path and parameters of each call; its own inferred body types drop members typed `null`
 * (such as A2's `meta: null`), so the result is typed from generated/api.ts instead.
 */
async function unwrap<T>(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) {
    const problem = typeof error === 'object' && error !== null && 'status' in error ? (error as Schemas['ProblemDetails']) : undefined;
    throw new ApiError(response.status, problem);
  }
  return data as T;
}

/**
 * Creates a client.
 * @returns the eight operations, each resolving to the operation's 200 body and rejecting
 *   with {@link ApiError}; `http` is the underlying openapi-fetch client for anything else.
 */
export function createResaleClient(options: ResaleClientOptions) {
  const http: Client<paths> = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${options.apiKey}`, ...options.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // One method per operation of the contract: `satisfies` makes tsc name an operation added to
  // openapi.yaml (after `npm run generate`) until it has its method here.
  const methods = {
    /** A1: search marketplace A (relevance, then popularity); `meta` pages it. */
    searchMarketAProducts: (query: Query<'searchMarketAProducts'> = {}): Promise<Schemas['MarketAProductSearchResponse']> => unwrap<Schemas['MarketAProductSearchResponse']>(http.GET('/v3/market_a/products', { params: { query } })),
    /** A2: one product by UUID or slug, expanded as `display` asks. */
    getMarketAProduct: (idOrSlug: string, display: DisplayFlags = {}): Promise<Schemas['MarketAProductResponse']> =>
      unwrap<Schemas['MarketAProductResponse']>(
        http.GET('/v3/market_a/products/{id_or_slug}', {
          params: {
            path: { id_or_slug: idOrSlug },
            query: {
              ...(display.variants ? { 'display[variants]': true } : {}),
              ...(display.prices ? { 'display[prices]': true } : {}),
              ...(display.identifiers ? { 'display[identifiers]': true } : {}),
            },
          },
        }),
      ),
    /** A3 (premium): per-sale history, newest first; `variant_id` narrows it to one size. */
    listMarketAProductSales: (idOrSlug: string, query: Query<'listMarketAProductSales'> = {}): Promise<Schemas['MarketASalesResponse']> =>
      unwrap<Schemas['MarketASalesResponse']>(http.GET('/v3/market_a/products/{id_or_slug}/sales', { params: { path: { id_or_slug: idOrSlug }, query } })),
    /** A4 (premium): one element per UTC day with sales, newest first. */
    listMarketAProductDailySales: (idOrSlug: string, query: Query<'listMarketAProductDailySales'> = {}): Promise<Schemas['MarketADailySalesResponse']> =>
      unwrap<Schemas['MarketADailySalesResponse']>(http.GET('/v3/market_a/products/{id_or_slug}/sales/daily', { params: { path: { id_or_slug: idOrSlug }, query } })),
    /** B1: search marketplace B. */
    searchMarketBProducts: (query: Query<'searchMarketBProducts'> = {}): Promise<Schemas['MarketBProductSearchResponse']> => unwrap<Schemas['MarketBProductSearchResponse']>(http.GET('/v3/market_b/products', { params: { query } })),
    /** B2: one product by integer id or slug, with its variants. */
    getMarketBProduct: (idOrSlug: number | string): Promise<Schemas['MarketBProductResponse']> =>
      unwrap<Schemas['MarketBProductResponse']>(http.GET('/v3/market_b/products/{id_or_slug}', { params: { path: { id_or_slug: String(idOrSlug) } } })),
    /** B3 (premium): per-sale history by numeric id only (§4.2 rule 1). */
    listMarketBProductSales: (id: number, query: Query<'listMarketBProductSales'> = {}): Promise<Schemas['MarketBSalesResponse']> =>
      unwrap<Schemas['MarketBSalesResponse']>(http.GET('/v3/market_b/products/{id}/sales', { params: { path: { id }, query } })),
    /** B4 (premium): one element per UTC day with sales, by id or slug. */
    listMarketBProductDailySales: (idOrSlug: number | string, query: Query<'listMarketBProductDailySales'> = {}): Promise<Schemas['MarketBDailySalesResponse']> =>
      unwrap<Schemas['MarketBDailySalesResponse']>(http.GET('/v3/market_b/products/{id_or_slug}/sales/daily', { params: { path: { id_or_slug: String(idOrSlug) }, query } })),
  } satisfies Record<keyof operations, (...args: never[]) => Promise<unknown>>;
  return { http, ...methods };
}

/** The client's type. */
export type ResaleClient = ReturnType<typeof createResaleClient>;
export type { components, operations, paths };
