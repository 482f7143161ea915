/**
 * What the suite knows about each operation beyond the contract: which of the description's
 * four kinds of answer it is (§4.1, §4.2), and where a sale keeps its time. Typed by the
 * generated `operations`: an operation added to `openapi.yaml` (then `npm run generate`) is a
 * `tsc` error here until it has its facts. Everything the contract says (premium, marketplace,
 * list or lookup, `meta`, id members, parameters) is read from the contract instead.
 */
import type { ContractOperation, ContractValidator, OperationId } from '../contract/index.js';
import type { Discovery, Found } from './found.js';

/** The kind of answer an operation gives (§4): search results, one product, per-sale history, daily aggregates. */
export type OperationKind = 'search' | 'lookup' | 'sales' | 'daily';

/** The suite's facts about one operation. */
export interface OperationFacts {
  kind: OperationKind;
  /** The member of a sale holding when it happened (sales only): `created_at` (§2.4) or `purchased_at` (§2.8), UTC. */
  saleTime?: string;
}

/** Facts by `operationId` (§4.1 A1–A4, §4.2 B1–B4). */
export const OPERATION_FACTS: Readonly<Record<OperationId, OperationFacts>> = {
  searchMarketAProducts: { kind: 'search' },
  getMarketAProduct: { kind: 'lookup' },
  listMarketAProductSales: { kind: 'sales', saleTime: 'created_at' },
  listMarketAProductDailySales: { kind: 'daily' },
  searchMarketBProducts: { kind: 'search' },
  getMarketBProduct: { kind: 'lookup' },
  listMarketBProductSales: { kind: 'sales', saleTime: 'purchased_at' },
  listMarketBProductDailySales: { kind: 'daily' },
};

/** The facts of an operation id from a request or a report (`''` and unknown text: undefined). */
export function factsOf(operationId: string): OperationFacts | undefined {
  return Object.hasOwn(OPERATION_FACTS, operationId) ? OPERATION_FACTS[operationId as OperationId] : undefined;
}

/** True when the exchange's operation is of this kind. */
export const isKind = (operationId: string, kind: OperationKind): boolean => factsOf(operationId)?.kind === kind;

/**
 * The contract's operations of a kind, in contract order, optionally of one marketplace
 * (`market_a`, `market_b`: the path segment).
 */
export function operationsOf(validator: ContractValidator, kind: OperationKind, marketplace?: string): ContractOperation[] {
  return validator.operations.filter((op) => OPERATION_FACTS[op.operationId].kind === kind && (marketplace === undefined || op.marketplace === marketplace));
}

/**
 * The path parameters that address one product in an operation: its one path parameter
 * (`id_or_slug` or `id`, as the contract names it) set to the product's id or slug.
 * @throws Error when the operation has no path parameter (search).
 */
export function productPath(op: ContractOperation, idOrSlug: string | number): Record<string, string | number> {
  const param = op.parameters.find((p) => p.in === 'path');
  if (!param) throw new Error(`${op.operationId} has no path parameter`);
  return { [param.name]: idOrSlug };
}

/** The marketplaces of the contract (path segments), in contract order. */
export function marketplaces(validator: ContractValidator): string[] {
  return [...new Set(validator.operations.map((op) => op.marketplace))];
}

/**
 * What discovery found on a marketplace: its products, the one with the most sales, and why
 * nothing was found when nothing was.
 */
export function foundOn(d: Discovery, marketplace: string): { all: Found[]; withSales: Found | undefined; note: string | undefined } {
  const m = d.markets.get(marketplace);
  return m ? { all: m.products, withSales: m.withSales, note: m.note } : { all: [], withSales: undefined, note: `discovery did not run on ${marketplace}` };
}
