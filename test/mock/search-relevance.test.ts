/**
 * Search finds what shoppers type (issue 24): the relevance set's recall@5 stays above the
 * threshold measured when the search was written (1.000 on the default world; the search before
 * issue 24, rebuilt in search-before.ts, scores 0.891 (0.870 before the expert findings moved popularity, 0.859 on the set before issue 30 rewrote it for its world) as bench/search-relevance.ts measured on
 * main's own code, so the threshold fails it), and each rule holds on cases outside the set:
 * folded case and diacritics, one typo in words of 5 letters or more (none in shorter words),
 * prefixes of the last word only, style codes with or without separators first.
 */
import { describe, expect, it } from 'vitest';
import { createMockCore, type MockCore } from '../../mocks/index.js';
import { oneEdit } from '../../mocks/world/search.js';
import { violations } from '../helpers/mock.js';
import { searchBefore } from './search-before.js';
import { RELEVANCE_CASES, RELEVANCE_NOW, RELEVANCE_WORLD, recallAt5 } from './relevance.js';

/** recall@5 measured on 2026-11-23 with this search: 1.000; the search before it: 0.891 (this test's run after the expert findings re-ranked famous releases; 0.870 before them; 0.859 before issue 30). */
const THRESHOLD = 0.95;

const core: MockCore = createMockCore({ ...RELEVANCE_WORLD, now: RELEVANCE_NOW, responseCache: 0 });
const titles = (q: string, n = 5): string[] =>
  core.world
    .searchA(q)
    .slice(0, n)
    .map((p) => core.world.a.titlesOf(p).title);

describe('search relevance (issue 24)', () => {
  it(`recall@5 of the relevance set (${RELEVANCE_CASES.length} queries) is above ${THRESHOLD}`, () => {
    const { recall, misses } = recallAt5((q) => titles(q));
    expect(misses).toEqual([]);
    expect(recall).toBeGreaterThan(THRESHOLD);
  });

  it('the threshold fails the search before issue 24 (rebuilt in test/mock/search-before.ts): it scores 0.891', () => {
    const before = searchBefore(core);
    const { recall } = recallAt5((q) =>
      before(q)
        .slice(0, 5)
        .map((p) => core.world.a.titlesOf(p).title),
    );
    expect(recall).toBeLessThan(THRESHOLD);
    expect(recall).toBeCloseTo(0.891, 3);
  });

  it('folds case and diacritics both ways', () => {
    const accented = titles('Pokémon', 50);
    expect(accented.length).toBeGreaterThan(5);
    expect(titles('POKEMON', 50)).toEqual(accented);
    expect(titles('pokemon', 50)).toEqual(accented);
    expect(titles('crème samba', 5)).toEqual(titles('CREME SAMBA', 5));
  });

  it('tolerates one typo (insertion, deletion, substitution, swap) in words of 5 letters or more, not two, not in shorter words', () => {
    for (const typo of ['gazele', 'gazzelle', 'gazeble', 'gaezlle']) expect(titles(typo)[0], typo).toMatch(/Gazelle/);
    expect(titles('gzaelel')).toEqual([]); // two edits
    expect(titles('dnuk')).toEqual([]); // a typo in a 4-letter word is not forgiven
    expect(oneEdit('jordna', 'jordan')).toBe(true);
    expect(oneEdit('jordan', 'jordan')).toBe(false);
    expect(oneEdit('jrodna', 'jordan')).toBe(false);
  });

  it('matches a prefix of the last word only', () => {
    expect(titles('kob')[0]).toMatch(/Kobe/);
    expect(titles('kob protro', 20)).toEqual(titles('protro', 20)); // `kob` is not the last word: it matches nothing, the other word decides
    // `9` as the last word is a prefix of `90` and `95`.
    const nines = titles('air max 9', 1000);
    expect(nines.some((t) => t.startsWith('Nike Air Max 90 '))).toBe(true);
    expect(nines.some((t) => t.startsWith('Nike Air Max 95 '))).toBe(true);
    expect(nines.some((t) => t.startsWith('Nike Air Max 1 '))).toBe(false);
    // Exact words before prefixes: `jordan 1` lists its Jordan 1s before any Jordan 11.
    const j1 = titles('jordan 1', 1000);
    const firstEleven = j1.findIndex((t) => t.startsWith('Jordan 11'));
    expect(j1.slice(0, firstEleven < 0 ? undefined : firstEleven).every((t) => /^Jordan 1 /.test(t))).toBe(true);
    expect(j1.slice(firstEleven < 0 ? j1.length : firstEleven).every((t) => /^Jordan 1/.test(t))).toBe(true);
  });

  it('finds a style code with or without separators, in either marketplace form, first', () => {
    const p = core.world.searchA('jordan 4')[3] as number;
    const sku = core.world.a.product(p).sku; // e.g. FL0850-200
    const plain = sku.replace(/[^A-Za-z0-9]/g, '');
    for (const q of [sku, sku.toLowerCase(), plain.toLowerCase(), sku.replace('-', ' '), `jordan ${sku}`]) expect(core.world.searchA(q)[0], q).toBe(p);
    if (sku.includes('-')) expect(core.world.searchA(sku.split('-')[0])[0]).toBe(p); // without the colour code
    // Marketplace B writes the code with a space and finds it too.
    const b = core.world.searchB(plain)[0] as number;
    expect(core.world.b.product(b, false).sku.replace(/[^A-Za-z0-9]/g, '')).toBe(plain);
  });

  it('ranks an exact title first, then relevance, then popularity', () => {
    const p = core.world.searchA('jordan 1 low')[40] as number;
    const title = core.world.a.titlesOf(p).title;
    expect(core.world.searchA(title.toLowerCase())[0]).toBe(p);
    // Within the same relevance, by rank.
    const ranks = core.world
      .searchA('samba')
      .slice(0, 30)
      .map((q) => core.world.a.product(q).rank);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
  });

  it('every answer is a schema-valid A1 and B1 page', () => {
    for (const q of ['jordna', 'samb', 'pokemon', 'dd1391100', '']) {
      for (const m of ['market_a', 'market_b']) {
        const res = core.respond({ method: 'GET', url: `/v3/${m}/products?query=${encodeURIComponent(q)}`, headers: { authorization: 'demo-free' } });
        expect(res.status).toBe(200);
        expect(violations(m === 'market_a' ? 'searchMarketAProducts' : 'searchMarketBProducts', 200, JSON.parse(res.body))).toEqual([]);
      }
    }
  });
});
