/**
 * Discovery, as a client must do it ("A product must be looked up first", §1): search (A1,
 * B1) with the configured terms, look the hits up (A2, B2), then find products that have
 * sales (A3, B3). Checks that need a product skip, with the reason, when none is found.
 */
import { isObject, okData, type CheckContext } from './check.js';
import { marketplacesOf, type OperationId } from '../contract/index.js';
import { operationsOf, productPath } from './operations.js';
import type { Discovery, Found, FoundA, FoundB, MarketFound } from './found.js';
import type { Exchange } from './types.js';

export type { Discovery, Found, FoundA, FoundB, MarketFound } from './found.js';

/**
 * Runs discovery on every marketplace of the contract (at most 3 products each), with its
 * search, lookup and sales operations ({@link operationsOf}): search hits whose `id` is of the
 * kind the contract declares, looked up plain and, where the lookup has `display[variants]`,
 * expanded; then the first page of their sales.
 */
export async function discover(ctx: CheckContext): Promise<Discovery> {
  const markets = new Map<string, MarketFound>();
  for (const marketplace of marketplacesOf(ctx.validator.operations)) markets.set(marketplace, await discoverOn(ctx, marketplace));
  const a = markets.get('market_a');
  const b = markets.get('market_b');
  return {
    markets,
    a: (a?.products ?? []) as FoundA[],
    b: (b?.products ?? []) as FoundB[],
    aSales: a?.withSales as FoundA | undefined,
    bSales: b?.withSales as FoundB | undefined,
    notes: { a: a?.note, b: b?.note },
  };
}

async function discoverOn(ctx: CheckContext, marketplace: string): Promise<MarketFound> {
  const out: MarketFound = { marketplace, products: [] };
  const [search, lookup, sales] = (['search', 'lookup', 'sales'] as const).map((kind) => operationsOf(ctx.validator, kind, marketplace)[0]);
  if (!search || !lookup) return { ...out, note: `the contract has no search and lookup operations for ${marketplace}` };
  const idKind = search.roles.ids.find((f) => f.at.join('/') === 'data/*/id')?.kind;
  // An integer id beyond 2^53 cannot be sent back exactly (JSON.parse rounds it): such a hit is not used (json-fidelity reports it).
  const usable = (p: Record<string, any>): boolean => (idKind === 'integer' ? Number.isSafeInteger(p.id) : typeof p.id === 'string' && typeof p.slug === 'string');
  const hits = await firstHits(ctx, search.operationId, usable);
  if (typeof hits === 'string') return { ...out, note: hits };
  const expandable = lookup.parameters.some((p) => p.name === 'display[variants]');
  for (const hit of hits) {
    const doc = okData(await ctx.call(lookup.operationId, productPath(lookup, hit.id)));
    if (!isObject(doc)) continue;
    const expanded = expandable ? okData(await ctx.call(lookup.operationId, productPath(lookup, hit.id), { 'display[variants]': true })) : doc;
    const variants = isObject(expanded) && Array.isArray(expanded.variants) ? expanded.variants.filter(isObject) : [];
    const firstSales = sales ? await ctx.call(sales.operationId, productPath(sales, hit.id), { limit: 100 }) : undefined;
    out.products.push({ id: hit.id, slug: String(doc.slug ?? hit.slug), sku: String(doc.sku ?? hit.sku ?? ''), doc, variants, sales: firstSales } as Found);
  }
  out.withSales = best(out.products);
  if (out.products.length === 0) out.note = `no ${marketplace} product could be looked up (${lookup.operationId})`;
  return out;
}

/**
 * Up to 3 distinct search hits, or why none was found. The terms are tried in order until 3
 * are found: a small catalogue may answer one hit per term, and checks that compare two
 * products (a variant of another product, `a3-variant-filter`) need more than one. The first hit
 * of each term is skipped while others are found, and taken last if three are still missing.
 */
async function firstHits(ctx: CheckContext, operationId: OperationId, usable: (p: Record<string, any>) => boolean): Promise<Record<string, any>[] | string> {
  const tried: string[] = [];
  const found: Record<string, any>[] = [];
  const skipped: Record<string, any>[] = [];
  for (const query of ctx.options.queries) {
    const ex = await ctx.call(operationId, {}, { query, limit: 10 });
    const data = okData(ex);
    if (Array.isArray(data)) {
      const hits = data.filter(isObject).filter(usable);
      // Skip the first hit when there are others: a search that ignores its query still
      // answers the most popular product first, and the relevance check must see that.
      for (const hit of hits.length > 1 ? hits.slice(1) : hits) {
        if (found.length < 3 && !found.some((f) => f.id === hit.id)) found.push(hit);
      }
      if (hits.length > 1 && hits[0]) skipped.push(hits[0]);
      if (found.length >= 3) return found;
    }
    tried.push(`${JSON.stringify(query)} (${ex.error ?? `status ${ex.status}, ${Array.isArray(data) ? data.length : 'no'} hits`})`);
  }
  // A small catalogue: the first hits skipped above make up the three.
  for (const hit of skipped) if (found.length < 3 && !found.some((f) => f.id === hit.id)) found.push(hit);
  return found.length > 0 ? found : `no search term found a product: ${tried.join(', ')}`;
}

function best<T extends { sales?: Exchange }>(found: T[]): T | undefined {
  let pick: T | undefined;
  let most = 1;
  for (const f of found) {
    const data = f.sales ? okData(f.sales) : undefined;
    const n = Array.isArray(data) ? data.length : 0;
    if (n > most) {
      most = n;
      pick = f;
    }
  }
  return pick;
}
