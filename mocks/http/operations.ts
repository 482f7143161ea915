/**
 * The eight operations (§4.1 A1–A4, §4.2 B1–B4) over the data world: each takes validated
 * parameters and answers with the body of its contract schema, or undefined when the product
 * is unknown (the core turns that into a 404).
 */
import { SEARCH_CAP } from '../world/search.js';
import type { World } from '../world/world.js';
import type { EdgeExample } from '../world/edge-answers.js';
import type { Json, OperationId } from '../../contract/index.js';

/** What an operation handler gets: validated, typed parameters and the caller's entitlement. */
export interface OperationInput {
  world: World;
  params: Record<string, Json>;
  /** True when the caller's tier is paid (§5): only then are identifiers filled (A2 rule 3). */
  entitled: boolean;
  /** The edge answer the request asks for (`Prefer: example=<name>`, mocks/world/edge-answers.ts), if any. */
  example?: EdgeExample;
}

/**
 * A handler's answer: the `data` and `meta` of the envelope (§2.1). The `$schema` URL comes from
 * the operation's 200 schema in the contract (`ContractOperation.successSchema`).
 */
export interface OperationOutput {
  data: unknown;
  /** `meta` of the envelope; `undefined` leaves the member out (A3, A4, B1, B4). */
  meta?: unknown;
}

/** Answers one operation, or undefined when the product is unknown (a 404 problem). */
export type Handler = (input: OperationInput) => OperationOutput | undefined;

const num = (v: Json | undefined, fallback: number): number => (typeof v === 'number' ? v : fallback);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

function page(params: Record<string, Json>, defaultLimit: number): { page: number; limit: number; offset: number } {
  const p = num(params.page, 1);
  const limit = num(params.limit, defaultLimit);
  return { page: p, limit, offset: (p - 1) * limit };
}

/**
 * Handlers by `operationId`, typed by the generated `operations`: an operation added to
 * `openapi.yaml` (then `npm run generate`) is a `tsc` error here until it has a handler.
 */
export const OPERATIONS: Readonly<Record<OperationId, Handler>> = {
  searchMarketAProducts({ world, params, example }) {
    const { page: current, limit, offset } = page(params, 20);
    const hits = world.searchA(str(params.query));
    return {
      data: hits.slice(offset, offset + limit).map((p) => world.a.product(p, undefined, example)),
      meta: { current_page: current, per_page: limit, total: Math.min(hits.length, SEARCH_CAP) },
    };
  },
  getMarketAProduct({ world, params, entitled, example }) {
    const p = world.a.resolve(String(params.id_or_slug));
    if (p === undefined) return undefined;
    const flags = {
      variants: params['display[variants]'] === true,
      prices: params['display[prices]'] === true,
      identifiers: params['display[identifiers]'] === true && entitled,
    };
    return { data: world.a.product(p, flags, example), meta: null };
  },
  listMarketAProductSales({ world, params, example }) {
    const p = world.a.resolve(String(params.id_or_slug));
    if (p === undefined) return undefined;
    const { limit, offset } = page(params, 50);
    return { data: world.a.sales(p, str(params.variant_id), offset, limit, example) };
  },
  listMarketAProductDailySales({ world, params, example }) {
    const p = world.a.resolve(String(params.id_or_slug));
    if (p === undefined) return undefined;
    const { limit, offset } = page(params, 30);
    return { data: world.a.daily(p, offset, limit, example) };
  },
  searchMarketBProducts({ world, params, example }) {
    const { limit, offset } = page(params, 20);
    const hits = world.searchB(str(params.query));
    return { data: hits.slice(offset, offset + limit).map((p) => world.b.product(p, false, example)) };
  },
  getMarketBProduct({ world, params, example }) {
    const p = world.b.resolve(String(params.id_or_slug));
    if (p === undefined) return undefined;
    return { data: world.b.product(p, true, example), meta: null };
  },
  listMarketBProductSales({ world, params, example }) {
    const p = world.b.resolve(String(params.id), true);
    if (p === undefined) return undefined;
    const { page: current, limit, offset } = page(params, 50);
    return { data: world.b.sales(p, offset, limit, example), meta: { page: current, per_page: limit } };
  },
  listMarketBProductDailySales({ world, params, example }) {
    const p = world.b.resolve(String(params.id_or_slug));
    if (p === undefined) return undefined;
    const { limit, offset } = page(params, 30);
    return { data: world.b.daily(p, offset, limit, example) };
  },
};
