/**
 * Discovery, as a client must do it ("A product must be looked up first", §1): search (A1,
 * B1) with the configured terms, look the hits up (A2, B2), then find products that have
 * sales (A3, B3). Checks that need a product skip, with the reason, when none is found.
 */
import { isObject, okData, type CheckContext } from './check.js';
import type { OperationId } from '../contract/index.js';
import type { Exchange } from './types.js';

/** A discovered marketplace A product. */
export interface FoundA {
  id: string;
  slug: string;
  sku: string;
  /** A2 without display flags. */
  doc: Record<string, any>;
  /** Variants from A2 with `display[variants]=true` (empty when that failed). */
  variants: Record<string, any>[];
  /** Its A3 first page (limit 100). */
  sales?: Exchange;
}

/** A discovered marketplace B product. */
export interface FoundB {
  id: number;
  slug: string;
  sku: string;
  /** B2 document. */
  doc: Record<string, any>;
  /** Its B3 first page (limit 100). */
  sales?: Exchange;
}

/** What discovery found, and why not when it did not. */
export interface Discovery {
  a: FoundA[];
  b: FoundB[];
  /** The A product with the most sales on its first page (at least 2), if any. */
  aSales?: FoundA;
  bSales?: FoundB;
  /** Why a marketplace has no products, for skip messages. */
  notes: { a?: string; b?: string };
}

/** Runs discovery (at most 3 products per marketplace). */
export async function discover(ctx: CheckContext): Promise<Discovery> {
  const out: Discovery = { a: [], b: [], notes: {} };
  const hitsA = await firstHits(ctx, 'searchMarketAProducts', (p) => typeof p.id === 'string' && typeof p.slug === 'string');
  if (typeof hitsA === 'string') out.notes.a = hitsA;
  else {
    for (const hit of hitsA) {
      const plain = await ctx.call('getMarketAProduct', { id_or_slug: hit.id });
      const doc = okData(plain);
      if (!isObject(doc)) continue;
      const expanded = okData(await ctx.call('getMarketAProduct', { id_or_slug: hit.id }, { 'display[variants]': true }));
      const variants = isObject(expanded) && Array.isArray(expanded.variants) ? expanded.variants.filter(isObject) : [];
      const sales = await ctx.call('listMarketAProductSales', { id_or_slug: hit.id }, { limit: 100 });
      out.a.push({ id: hit.id, slug: String(doc.slug ?? hit.slug), sku: String(doc.sku ?? hit.sku ?? ''), doc, variants, sales });
    }
    out.aSales = best(out.a);
    if (out.a.length === 0) out.notes.a = 'no marketplace A product could be looked up (A2)';
  }
  const hitsB = await firstHits(ctx, 'searchMarketBProducts', (p) => Number.isInteger(p.id));
  if (typeof hitsB === 'string') out.notes.b = hitsB;
  else {
    for (const hit of hitsB) {
      const doc = okData(await ctx.call('getMarketBProduct', { id_or_slug: hit.id }));
      if (!isObject(doc)) continue;
      const sales = await ctx.call('listMarketBProductSales', { id: hit.id }, { limit: 100 });
      out.b.push({ id: hit.id, slug: String(doc.slug ?? hit.slug), sku: String(doc.sku ?? hit.sku ?? ''), doc, sales });
    }
    out.bSales = best(out.b);
    if (out.b.length === 0) out.notes.b = 'no marketplace B product could be looked up (B2)';
  }
  return out;
}

/** Up to 3 search hits of the first term that finds any, or why none was found. */
async function firstHits(ctx: CheckContext, operationId: OperationId, usable: (p: Record<string, any>) => boolean): Promise<Record<string, any>[] | string> {
  const tried: string[] = [];
  for (const query of ctx.options.queries) {
    const ex = await ctx.call(operationId, {}, { query, limit: 10 });
    const data = okData(ex);
    if (Array.isArray(data)) {
      const hits = data.filter(isObject).filter(usable);
      // Skip the first hit when there are others: a search that ignores its query still
      // answers the most popular product first, and the relevance check must see that.
      if (hits.length > 0) return hits.length > 1 ? hits.slice(1, 4) : hits;
    }
    tried.push(`${JSON.stringify(query)} (${ex.error ?? `status ${ex.status}, ${Array.isArray(data) ? data.length : 'no'} hits`})`);
  }
  return `no search term found a product: ${tried.join(', ')}`;
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
