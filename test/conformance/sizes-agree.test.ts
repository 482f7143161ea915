/**
 * `variant-sizes-agree` across a product's variants (§2.3 "The same size in several systems";
 * round 4 vendor probe: a UK entry of another size, `US M 9` as `UK 12`, escaped). Every size chart
 * rises with the size, so two variants whose sizes run in opposite directions in two systems are
 * refused; children's US and UK sizes, which start again at 1 after 13.5, are compared only by the
 * systems that measure the foot (cm, kr, eu). It also found the mock's own grade-school sizes
 * mixing two brands' charts (mocks/world/sizes.ts).
 */
import { describe, expect, it } from 'vitest';
import { variantSizesAgree } from '../../conformance/checks/variants.js';
import type { Exchange } from '../../conformance/types.js';

const row = (us: string, uk: string, cm: string, eu: string) => ({
  size: us,
  size_type: 'us m',
  sizes: [
    { size: `US M ${us}`, type: 'us m' },
    { size: `UK ${uk}`, type: 'uk' },
    { size: `CM ${cm}`, type: 'cm' },
    { size: `EU ${eu}`, type: 'eu' },
  ],
});
const answer = (product: Record<string, unknown>, variants: unknown[]): Exchange => {
  const json = { data: { ...product, variants }, meta: null };
  return { operationId: 'getMarketAProduct', auth: 'main', request: { method: 'GET', url: 'http://x/v3/market_a/products/p' }, status: 200, headers: {}, text: JSON.stringify(json), json, ms: 0 };
};
const judge = (ex: Exchange) => {
  const v = variantSizesAgree.response?.(ex, undefined as never);
  return Array.isArray(v) ? v[0] : v;
};

describe('variant-sizes-agree across variants', () => {
  it.each([
    ['a UK entry of another size (US M 9 as UK 12)', { gender: 'men', title: 'Air Max 1' }, [row('9', '12', '27', '42.5'), row('10', '9', '28', '44')]],
    ['CM falling as EU rises', { gender: 'men', title: 'Samba' }, [row('9', '8.5', '27.5', '42 2/3'), row('9.5', '9', '27', '43 1/3')]],
    ["a children's product whose CM falls as EU rises", { gender: 'child', title: 'Samba (GS)' }, [row('3.5', '3', '22.5', '35.5'), row('4', '3.5', '22', '36')]],
  ])('%s: fails', (_, product, variants) => {
    const v = judge(answer(product, variants));
    expect(v?.outcome).toBe('fail');
    expect(v?.message).toMatch(/run in opposite directions/);
  });

  it.each([
    ['an adult chart', { gender: 'men', title: 'Air Max 1' }, [row('9', '8', '27', '42.5'), row('9.5', '8.5', '27.5', '43'), row('10', '9', '28', '44')]],
    ['adidas thirds', { gender: 'men', title: 'Samba' }, [row('9', '8.5', '27.5', '42 2/3'), row('9.5', '9', '28', '43 1/3')]],
    ["children's UK sizes starting again at 1", { gender: 'preschool', title: 'Jordan 1 Low (PS)' }, [row('13.5', '13', '20', '31.5'), row('1', '13.5', '20.5', '32'), row('1.5', '1', '21', '33')]],
    ['two sizes the same in one system (EU 36 for US 4 and 4.5)', { gender: 'men', title: 'Old Skool' }, [row('4', '3.5', '22', '36'), row('4.5', '4', '22.5', '36')]],
  ])('%s: passes', (_, product, variants) => {
    expect(judge(answer(product, variants))?.outcome).toBe('pass');
  });
});
