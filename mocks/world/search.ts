/**
 * Product search (§1, §4.1 A1, §4.2 B1): by SKU, name, brand, model or colourway, "ordered by
 * relevance and product popularity". Production runs on Meilisearch, so this search behaves
 * like it for what shoppers type:
 *
 * - case and diacritics are folded (`pokemon` finds `Pokémon`);
 * - a word of 5 or more letters that the catalog does not have may carry one typo: an
 *   insertion, a deletion, a substitution or two letters swapped (`jordna` finds `jordan`,
 *   `addidas` finds `adidas`); shorter words and words with digits must be exact;
 * - the last word also matches as a prefix (`samb` finds `samba`, `jordan 1` finds `1` and `11`);
 * - a word that is two indexed words run together is split (`newbalance`);
 * - style codes match with or without separators and with or without the colour code
 *   (`dd1391100`, `DD1391-100`, `dd1391 100`, `dd1391`), and as a prefix of 5 or more characters.
 *
 * Order (decision, contract `x-source: decision`): (1) SKU matches, the full code before a
 * shorter one; (2) products whose title is exactly the query's words; (3) the rest by relevance:
 * fewest query words missing, then the closest match (per word: exact in the title, exact in
 * another field, prefix, typo), then popularity (rank). When some product has every query word,
 * products missing a word are left out. Served from the start-up index: no scan of the catalog.
 */
import { COLORWAYS } from './catalog-data.js';
import { tokenize, type Catalog, type MarketIndex } from './catalog.js';
import { normaliseSku } from './sku.js';

/** Production's search index cap: `meta.total` and the reachable results stop at 1000. */
export const SEARCH_CAP = 1000;
const COLOR_CODES = [...new Set(COLORWAYS.map((c) => c.code))];
/** Query words considered (the rest of a very long query is ignored). */
const MAX_WORDS = 8;
/** Shortest word that may carry a typo (Meilisearch's default: one typo from 5 letters). */
const TYPO_MIN = 5;
/** Style codes a SKU prefix may match at most. */
const SKU_PREFIX_CAP = 50;

/** What one query word matched, cheapest first: the cost of a match of each kind. */
const COST = { titleExact: 0, fieldExact: 1, titlePrefix: 2, fieldPrefix: 3, titleTypo: 4, fieldTypo: 5 } as const;
/**
 * A result's sort key in 32 bits (a `Uint32Array` sorts several times faster than a
 * `Float64Array`): not an exact title (1 bit), words missing (3 bits), cost (6 bits), rank
 * position (22 bits: catalogs up to 4 194 304 products per marketplace).
 */
const RANK_BITS = 22;
const RANK_MASK = (1 << RANK_BITS) - 1;

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
  const words = [...new Set(tokenize(text))].slice(0, MAX_WORDS);
  const skus = skuMatches(catalog, index, text, words);
  const ranked = words.length === 0 ? [] : relevance(index, words);
  if (skus.length === 0) return ranked.length > SEARCH_CAP ? ranked.slice(0, SEARCH_CAP) : ranked;
  skus.forEach(add);
  for (const p of ranked) {
    add(p);
    if (out.length >= SEARCH_CAP) break;
  }
  return out;
}

/** One way a query word matches: an indexed term, whether it is in the title postings, and its cost. */
interface Candidate {
  postings: Uint32Array;
  cost: number;
}

/** The terms a query word matches, cheapest first; `last` allows prefixes. */
function candidates(index: MarketIndex, word: string, last: boolean): Candidate[] {
  const out: Candidate[] = [];
  const push = (term: string, title: number, field: number): void => {
    const t = index.postings.get(term);
    if (t) out.push({ postings: t, cost: title });
    const f = index.fieldPostings.get(term);
    if (f) out.push({ postings: f, cost: field });
  };
  push(word, COST.titleExact, COST.fieldExact);
  const typo = out.length === 0 && word.length >= TYPO_MIN && !/[0-9]/.test(word);
  if (!last && !typo) return out;
  if (last) {
    // `terms` is sorted: the words starting with this one are one run of it.
    const terms = index.terms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((terms[mid] as string) < word) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < terms.length && (terms[i] as string).startsWith(word); i++) if (terms[i] !== word) push(terms[i] as string, COST.titlePrefix, COST.fieldPrefix);
  }
  if (typo) for (const term of index.terms) if (Math.abs(term.length - word.length) <= 1 && oneEdit(word, term) && !(last && term.startsWith(word))) push(term, COST.titleTypo, COST.fieldTypo);
  return out.sort((x, y) => x.cost - y.cost);
}

/**
 * The query's words as groups of candidates: a word nothing matches that is two indexed words
 * run together (`newbalance`) becomes those two words.
 */
function wordGroups(index: MarketIndex, words: string[]): Candidate[][] {
  const groups: Candidate[][] = [];
  words.forEach((word, i) => {
    const last = i === words.length - 1;
    const found = candidates(index, word, last);
    if (found.length > 0 || word.length < 4) {
      groups.push(found);
      return;
    }
    for (let cut = 2; cut <= word.length - 2; cut++) {
      const head = word.slice(0, cut);
      const tail = word.slice(cut);
      if (indexed(index, head) && (indexed(index, tail) || (last && index.terms.some((t) => t.startsWith(tail))))) {
        groups.push(candidates(index, head, false), candidates(index, tail, last));
        return;
      }
    }
    groups.push(found);
  });
  return groups;
}

const indexed = (index: MarketIndex, term: string): boolean => index.postings.has(term) || index.fieldPostings.has(term);

/**
 * Products (indices) matching the query words, best first: fewest words missing, exact title
 * matches, lowest total cost, then rank. Uses the index's scratch arrays, stamped per query, so
 * a query costs the postings it reads, not the catalog size.
 */
function relevance(index: MarketIndex, words: string[]): number[] {
  const groups = wordGroups(index, words);
  const n = index.size;
  let s = index.scratch;
  if (!s || s.mark.length !== n || s.gen >= 0x0fffffff) s = index.scratch = { mark: new Uint32Array(n), cost: new Uint16Array(n), count: new Uint8Array(n), gen: 0 };
  s.gen++;
  const base = s.gen * 16;
  const { mark, cost, count } = s;
  let room = 0;
  for (const group of groups) for (const c of group) room += c.postings.length;
  const touched = new Uint32Array(room);
  let touches = 0;
  let best = 0;
  for (let i = 0; i < groups.length; i++) {
    const stampOf = base + i;
    for (const c of groups[i] as Candidate[]) {
      const list = c.postings;
      const add = c.cost;
      for (let j = 0; j < list.length; j++) {
        const r = list[j] as number;
        const m = mark[r] as number;
        if (m === stampOf) continue; // this word already matched r, more cheaply
        if (m < base) {
          touched[touches++] = r;
          cost[r] = add;
          count[r] = 1;
        } else {
          cost[r] = (cost[r] as number) + add;
          count[r] = (count[r] as number) + 1;
        }
        mark[r] = stampOf;
      }
    }
  }
  if (touches === 0) return [];
  for (let i = 0; i < touches; i++) if ((count[touched[i] as number] as number) > best) best = count[touched[i] as number] as number;
  const want = groups.length;
  const queryWords = words.length;
  // When some product has every word, products missing one are left out.
  const keys = new Uint32Array(touches);
  let kept = 0;
  for (let i = 0; i < touches; i++) {
    const r = touched[i] as number;
    const got = count[r] as number;
    if (got < best) continue;
    const exact = cost[r] === 0 && got === want && index.titleWords[index.byRank[r] as number] === queryWords ? 0 : 1;
    const bucket = (((exact << 3) | Math.min(7, want - got)) << 6) | Math.min(63, cost[r] as number);
    keys[kept++] = ((bucket << RANK_BITS) | r) >>> 0;
  }
  const sorted = keys.subarray(0, kept).sort();
  const out = new Array<number>(Math.min(kept, SEARCH_CAP));
  for (let i = 0; i < out.length; i++) out[i] = index.byRank[(sorted[i] as number) & RANK_MASK] as number;
  return out;
}

/**
 * True when `a` and `b` differ by exactly one edit: one letter inserted, deleted or replaced, or
 * two neighbours swapped (optimal string alignment distance 1).
 */
export function oneEdit(a: string, b: string): boolean {
  if (a === b) return false;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Products of this marketplace whose style code the query (or one of its words, or two words
 * together) is, written either marketplace's way: full codes first, then codes without their
 * colour code, then codes the text is a prefix of (5 characters or more); each group by rank.
 */
function skuMatches(catalog: Catalog, index: MarketIndex, text: string, words: string[]): number[] {
  const texts = new Set<string>([normaliseSku(text), ...words.map(normaliseSku)]);
  for (let i = 0; i + 1 < words.length; i++) texts.add(normaliseSku(`${words[i]}${words[i + 1]}`));
  const tiers: number[][] = [[], [], []];
  const found = new Set<number>();
  const take = (tier: number, key: number | undefined): void => {
    const p = key === undefined ? undefined : index.productOf(key);
    if (p !== undefined && !found.has(p)) {
      found.add(p);
      (tiers[tier] as number[]).push(p);
    }
  };
  for (const norm of texts) {
    if (norm.length < 5 || !/[0-9]/.test(norm)) continue;
    take(0, catalog.keyOfSku(norm));
    for (const c of COLOR_CODES) take(1, catalog.keyOfSku(norm + c));
  }
  const whole = normaliseSku(text);
  if (whole.length >= 5 && /[0-9]/.test(whole)) for (const key of catalog.keysOfSkuPrefix(whole, SKU_PREFIX_CAP)) take(2, key);
  const byRank = (x: number, y: number): number => (index.rankOf[x] as number) - (index.rankOf[y] as number);
  return tiers.flatMap((t) => t.sort(byRank));
}
