/**
 * The search of marketplace A as it was before issue 24 (main at c234e91, mocks/world/search.ts
 * and the postings of mocks/world/catalog.ts), rebuilt over a world of today for the relevance
 * test: lower-case ASCII words only (no folding: `Pokémon` was the words `pok` and `mon`), exact
 * words only, no prefixes, no typos; the product whose style code the query is first, then
 * products having every word by rank, else those with the most words. Test code only.
 */
import { COLORWAYS, EDITIONS, GENDERS, MODEL_LINES } from '../../mocks/world/catalog-data.js';
import type { MockCore } from '../../mocks/index.js';

const GENDER_TOKENS: Record<string, string[]> = {
  women: ['women', 'womens', 'w', 'wmns'],
  child: ['gs', 'kids', 'grade', 'school', 'youth'],
  preschool: ['ps', 'kids', 'preschool', 'little'],
  toddler: ['td', 'kids', 'toddler', 'baby'],
};
const COLOR_CODES = [...new Set(COLORWAYS.map((c) => c.code))];

/** The tokenizer before issue 24. */
const tokenize = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
const normaliseSku = (sku: string): string => sku.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The search before issue 24 over marketplace A of a mock core: query → product indices, best first. */
export function searchBefore(core: MockCore): (query: string) => number[] {
  const a = core.world.a;
  const n = a.size;
  const ranked = Array.from({ length: n }, (_, p) => ({ p, rank: a.product(p).rank })).sort((x, y) => x.rank - y.rank);
  const rankOf = new Map(ranked.map((x, r) => [x.p, r]));
  const postings = new Map<string, number[]>();
  const skus = new Map<string, number>();
  const lineTokens = MODEL_LINES.map((l) => tokenize(`${l.primaryTitle} ${l.nameB} ${l.brand} ${l.brandB} ${l.model} ${l.category} ${l.secondaryCategory}`));
  const cwTokens = COLORWAYS.map((c) => tokenize(`${c.nickname} ${c.colors}`));
  const edTokens = EDITIONS.map((e) => tokenize(e));
  const gTokens = GENDERS.map((g) => GENDER_TOKENS[g.gender] ?? []);
  for (const { p } of ranked) {
    const id = a.identity(p);
    const words = new Set([...(lineTokens[id.line] ?? []), ...(cwTokens[id.colorway] ?? []), ...(id.edition >= 0 ? (edTokens[id.edition] ?? []) : []), ...(gTokens[id.gender] ?? [])]);
    for (const w of words) postings.set(w, [...(postings.get(w) ?? []), p]);
    skus.set(normaliseSku(a.product(p).sku), p);
  }
  return (query) => {
    const text = query.trim();
    const out: number[] = [];
    const add = (p: number): void => {
      if (!out.includes(p)) out.push(p);
    };
    const norm = normaliseSku(text);
    if (norm.length >= 5 && /[0-9]/.test(norm)) {
      const found = [norm, ...COLOR_CODES.map((c) => norm + c)].map((c) => skus.get(c)).filter((p): p is number => p !== undefined);
      found.sort((x, y) => (rankOf.get(x) as number) - (rankOf.get(y) as number)).forEach(add);
    }
    const tokens = [...new Set(tokenize(text))];
    const lists = tokens.map((t) => postings.get(t)).filter((l): l is number[] => l !== undefined);
    if (lists.length === 0) return out;
    if (lists.length === tokens.length) {
      const all = (lists[0] as number[]).filter((p) => lists.every((l) => l.includes(p)));
      all.forEach(add);
      if (all.length > 0) return out;
    }
    const score = new Map<number, number>();
    for (const l of lists) for (const p of l) score.set(p, (score.get(p) ?? 0) + 1);
    [...score.entries()].sort((x, y) => y[1] - x[1] || (rankOf.get(x[0]) as number) - (rankOf.get(y[0]) as number)).forEach(([p]) => add(p));
    return out;
  };
}
