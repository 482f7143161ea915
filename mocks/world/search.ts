/**
 * Product search (§1, §4.1 A1, §4.2 B1): by SKU, name, brand, model or colourway, relevance
 * first and popularity second. Relevance tiers: (1) the product whose style code the query is
 * (written either marketplace's way, with or without the colour code); (2) products that have
 * every query word; (3) when none has all, products with the most query words. Inside a tier,
 * by rank. Served from the start-up index: no scan of the catalog.
 */
import { COLORWAYS } from './catalog-data.js';
import { tokenize, type Catalog, type MarketIndex } from './catalog.js';
import { normaliseSku } from './sku.js';

/** Production's search index cap: `meta.total` and the reachable results stop at 1000. */
export const SEARCH_CAP = 1000;
const COLOR_CODES = [...new Set(COLORWAYS.map((c) => c.code))];

/** Ordered matches of a query: product indices, at most {@link SEARCH_CAP}. */
export function search(catalog: Catalog, index: MarketIndex, query: string | undefined): number[] {
  const text = (query ?? '').trim();
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (p: number): void => {
    if (!seen.has(p) && out.length < SEARCH_CAP) {
      seen.add(p);
      out.push(p);
    }
  };
  if (text === '') {
    for (let r = 0; r < Math.min(index.size, SEARCH_CAP); r++) add(index.byRank[r] as number);
    return out;
  }
  skuMatches(catalog, index, text).forEach(add);
  const lists: Uint32Array[] = [];
  const tokens = [...new Set(tokenize(text))];
  for (const t of tokens) {
    const list = index.postings.get(t);
    if (list) lists.push(list);
  }
  if (lists.length === 0) return out;
  if (lists.length === tokens.length) {
    lists.sort((x, y) => x.length - y.length);
    const [first, ...rest] = lists as [Uint32Array, ...Uint32Array[]];
    for (const r of first) {
      if (rest.every((l) => has(l, r))) add(index.byRank[r] as number);
      if (out.length >= SEARCH_CAP) return out;
    }
    if (out.length > 0) return out;
  }
  // No product has every word: rank by how many words match, then by popularity.
  const score = new Map<number, number>();
  for (const l of lists) for (const r of l) score.set(r, (score.get(r) ?? 0) + 1);
  [...score.entries()]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, SEARCH_CAP)
    .forEach(([r]) => {
      add(index.byRank[r] as number);
    });
  return out;
}

/** Products of this marketplace whose style code is the query, by rank. */
function skuMatches(catalog: Catalog, index: MarketIndex, text: string): number[] {
  const norm = normaliseSku(text);
  if (norm.length < 5 || !/[0-9]/.test(norm)) return [];
  const found: number[] = [];
  for (const candidate of [norm, ...COLOR_CODES.map((c) => norm + c)]) {
    const key = catalog.keyOfSku(candidate);
    const p = key === undefined ? undefined : index.productOf(key);
    if (p !== undefined && !found.includes(p)) found.push(p);
  }
  return found.sort((x, y) => (index.rankOf[x] as number) - (index.rankOf[y] as number));
}

/** Binary search in an ascending list. */
function has(list: Uint32Array, value: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = list[mid] as number;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
