/**
 * The sneaker-market expert's second report on the default mock (seed `resale-kit`, clock
 * 2026-11-21): style-code roots of the Jordan retros and the price levels of collectibles and
 * streetwear, each pinned as a rule over thousands of products of the real world builder, read
 * through the API. Each `it` names the finding it closes.
 */
import { describe, expect, it } from 'vitest';
import { COLORWAYS } from '../../mocks/world/catalog-data.js';
import { COLOURWAY_FACTS } from '../../mocks/world/facts/colourways.js';
import { MODEL_FACTS, SEALED_151_RESALE } from '../../mocks/world/facts/models.js';
import { lineOf, releaseYearOf } from '../../mocks/world/identity.js';
import { call, mock } from '../helpers/mock.js';
import { refs } from '../helpers/world.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const N = 20_000;
const m = mock({ seed: 'resale-kit', products: N, now: NOW });
const world = m.core.world;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? 0;
};
/** Median lowest ask of product p on marketplace A (0 when nobody asks). */
const medianAsk = (p: number): number => median((call(m, `/v3/market_a/products/${refs(m).a.id(p)}?display[variants]=true`).body.data.variants as { lowest_ask: number }[]).map((v) => v.lowest_ask).filter((x) => x > 0));

describe('expert findings, second report (20,000 products)', () => {
  /**
   * Finding A (high): Nike/Jordan six-digit style codes ignored model roots (2 of 96 Jordan 11s
   * on 378037, 4 of 139 Jordan 1 High OGs on 555088). A retro of a rooted line released before
   * 2017 carries its line's root and a colour suffix that starts with its colour's digit (a
   * grade-school pair its line's GS root where the facts give one, a PS or TD pair none: third
   * report, finding 1); no two products share a code; later releases keep letter-prefixed codes.
   */
  it('finding A: six-digit-era Jordan retros carry their line’s style-code root', () => {
    const facts = new Map(Object.entries(MODEL_FACTS).flatMap(([line, f]) => (f.styleRoot ? [[line, f.styleRoot] as const] : [])));
    expect([...facts.values()].map((r) => r.root).sort()).toEqual(['136064', '308497', '378037', '555088']);
    const factCodes = new Set(COLOURWAY_FACTS.map((f) => f.code));
    const seen = new Set<string>();
    let sixDigit = 0;
    let rooted = 0;
    let later = 0;
    for (let p = 0; p < N; p++) {
      const doc = call(m, `/v3/market_a/products/${refs(m).a.id(p)}`).body.data as { sku: string; title: string; gender: string };
      expect(seen.has(doc.sku), doc.sku).toBe(false);
      seen.add(doc.sku);
      const id = world.a.identity(p);
      // Kids' retros have codes of their own (third report, finding 1): a GS pair its line's GS root where the facts give one.
      const fact = facts.get(lineOf(id).primaryTitle);
      const gender = doc.gender;
      const root = gender === 'child' ? fact?.gs : gender === 'preschool' || gender === 'toddler' ? undefined : fact?.root;
      if (root === undefined || id.named || factCodes.has(doc.sku)) continue;
      if (releaseYearOf(id) >= 2017) {
        later++;
        expect(doc.sku, doc.title).toMatch(/^[A-Z]{2}\d{4,}-\d{3}$/);
        continue;
      }
      sixDigit++;
      if (doc.sku.startsWith(`${root}-`)) {
        rooted++;
        expect(doc.sku.slice(7, 8), doc.title).toBe(COLORWAYS[id.colorway]?.code.slice(0, 1));
      }
    }
    expect(sixDigit).toBeGreaterThan(400);
    expect(later).toBeGreaterThan(3000);
    expect(rooted / sixDigit).toBeGreaterThan(0.97);
  }, 120_000);

  /**
   * Finding B (high): collectibles and streetwear priced like sneakers at retail: Supreme Box
   * Logo hoodies at a median $170 (real resale $250-600), KAWS Companion Open Edition $64-93 (real
   * $200-400), Pokémon 151 Elite Trainer Boxes and collections $21-43 (real ~$100-250), the 2015
   * Chicago ~$490 (real ~$1,500). Each now trades within the resale range its fact states.
   */
  it('finding B: Supreme Box Logo, KAWS, Pokémon 151 and the 2015 Chicago trade at their real resale levels', () => {
    const asks = new Map<string, number[]>();
    for (let p = 0; p < N; p++) {
      const id = world.a.identity(p);
      const line = lineOf(id).primaryTitle;
      const nick = COLORWAYS[id.colorway]?.nickname ?? '';
      const k = line.startsWith('Pokémon') ? nick : /Supreme Box Logo|KAWS/.test(line) ? line : id.named && nick === 'Chicago' ? 'Chicago 2015' : undefined;
      if (k === undefined || id.edge !== undefined) continue;
      const ask = medianAsk(p);
      if (ask > 0) asks.set(k, [...(asks.get(k) ?? []), ask]);
    }
    const within = (k: string, low: number, high: number): void => {
      const list = asks.get(k) ?? [];
      expect(list.length, k).toBeGreaterThan(0);
      // Asks sit a few percent above the market level; a size's own ±5 % on top.
      for (const a of list) expect(a, k).toBeGreaterThanOrEqual(Math.floor(low * 0.95));
      for (const a of list) expect(a, k).toBeLessThanOrEqual(Math.ceil(high * 1.2));
    };
    expect(asks.get('Supreme Box Logo Hooded Sweatshirt')?.length).toBeGreaterThan(150);
    expect(median(asks.get('Supreme Box Logo Hooded Sweatshirt') ?? [])).toBeGreaterThan(300);
    within('Supreme Box Logo Hooded Sweatshirt', 250, 600);
    expect(asks.get('KAWS Companion Open Edition Vinyl Figure')?.length).toBeGreaterThan(50);
    within('KAWS Companion Open Edition Vinyl Figure', 200, 400);
    for (const [nick, r] of Object.entries(SEALED_151_RESALE)) if (asks.has(nick)) within(nick, r.low, r.high);
    expect(median(asks.get('Elite Trainer Box') ?? [])).toBeGreaterThanOrEqual(100);
    expect(median(asks.get('Ultra-Premium Collection') ?? [])).toBeGreaterThanOrEqual(200);
    within('Chicago 2015', 1300, 2000);
  }, 120_000);
});
