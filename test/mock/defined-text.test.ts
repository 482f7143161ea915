/**
 * The text of products a data file defines follows their given fields (newcomer probe 7): a brand
 * the world does not know is not described as the drawn line's shoe, a given colourway is the
 * colours described, and a new title's nickname gives the colours when they are colour words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mocks/index.js';
import { call } from '../helpers/mock.js';

const FILE = new URL('../../examples/data/products.yaml', import.meta.url);
const m = createMockServer({ now: Date.parse('2026-11-21T00:00:00Z'), data: { name: 'products.yaml', text: readFileSync(FILE, 'utf8') } });
const a = (idOrSlug: string): Record<string, any> => call(m, `/v3/market_a/products/${idOrSlug}`).body.data;
const search = (market: 'a' | 'b', q: string): Record<string, any> => call(m, `/v3/market_${market}/products?query=${encodeURIComponent(q)}&limit=1`).body.data[0];

describe('text of defined products', () => {
  it("a brand the world does not know: model, categories, breadcrumbs and description are the product's own", () => {
    const p = a('018f6a2e-4b1c-7d3e-9a10-3f2b4c5d6e7f');
    expect(p.brand).toBe('Atelier Nord');
    expect(p.model).toBe('Atelier Nord Trail Runner');
    expect(p.category).toBe('Atelier Nord');
    expect(p.secondary_category).toBe('Trail Runner');
    expect(p.breadcrumbs.map((c: { value: string }) => c.value)).toEqual(['Sneakers', 'Atelier Nord', 'Atelier Nord Trail Runner']);
    expect(`${p.description} ${p.short_description}`).not.toMatch(/Nike|Air Max|Jordan|adidas/);
  });

  it('a given colourway is the colours the description names (marketplace B)', () => {
    const p = call(m, '/v3/market_b/products/990001').body.data;
    expect(p.colorway).toBe('Sunrise Orange/Cloud White/Gum');
    expect(p.description).toContain('Sunrise Orange, Cloud White and Gum');
    expect(p.description).not.toMatch(/Team Royal Blue/);
  });

  it("a replaced product's new title: its nickname's colours on both marketplaces, the line's model kept", () => {
    const pa = search('a', "Nike Air Max 1 'White Navy' (Sample)");
    const pb = search('b', "Nike Air Max 1 'White Navy' (Sample)");
    expect(pa.title).toBe("Nike Air Max 1 'White Navy' (Sample)");
    expect(pa.model).toBe('Nike Air Max 1');
    for (const text of [pa.description, pb.description]) {
      expect(text).toMatch(/White and Navy/);
      expect(text).not.toMatch(/Black and Pink|Pink/);
    }
    expect(pb.colorway).toBe('White/Navy');
    expect(pb.nickname).toBe('White Navy');
  });

  it('the drawn products are untouched', () => {
    const drawn = createMockServer({ now: Date.parse('2026-11-21T00:00:00Z') });
    const slug = 'jordan-11-retro-black-white-ih0797-001';
    expect(call(m, `/v3/market_a/products/${slug}`).text).toBe(call(drawn, `/v3/market_a/products/${slug}`).text);
  });
});
