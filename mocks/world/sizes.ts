/**
 * Size runs and size conversions (§2.3 `size`, `size_type`, `sizes`; §2.6 `sizes`). Each
 * brand converts with its own chart, as production does: Nike/Jordan, adidas (EU sizes in
 * thirds such as `EU 42 2/3`) and New Balance differ.
 */
import type { SizeChart } from './catalog-data.js';

/** One size of a product, with everything both marketplaces show of it. */
export interface SizeSpec {
  /** §2.3 `size`: `10.5`, `8.5W`-free form (`8.5` with `size_type` `us w`), `7Y`, `10C`, `M`, `OS`. */
  size: string;
  /** §2.3 `size_type`: lower-case label of the size system. */
  sizeType: string;
  /** §2.3 `sizes`: the same size in several systems. */
  conversions: { size: string; type: 'us m' | 'uk' | 'cm' | 'kr' | 'eu' | 'us w' }[];
  /** §2.6 `sizes[].presentation` and §2.8 `size_us`. */
  presentation: string;
  /** §2.6 `sizes[].value`. */
  value: number;
  /** Relative demand of this size (bell curve around the run's middle). */
  demand: number;
  /** Price factor of this size against the product's market price. */
  priceFactor: number;
}

const EU_NIKE: Record<string, number> = {
  3.5: 35.5,
  4: 36,
  4.5: 36.5,
  5: 37.5,
  5.5: 38,
  6: 38.5,
  6.5: 39,
  7: 40,
  7.5: 40.5,
  8: 41,
  8.5: 42,
  9: 42.5,
  9.5: 43,
  10: 44,
  10.5: 44.5,
  11: 45,
  11.5: 45.5,
  12: 46,
  12.5: 47,
  13: 47.5,
  14: 48.5,
  15: 49.5,
};
const EU_NB: Record<string, number> = {
  3.5: 35.5,
  4: 36,
  4.5: 37,
  5: 37.5,
  5.5: 38,
  6: 38.5,
  6.5: 39.5,
  7: 40,
  7.5: 40.5,
  8: 41.5,
  8.5: 42,
  9: 42.5,
  9.5: 43,
  10: 44,
  10.5: 44.5,
  11: 45,
  11.5: 45.5,
  12: 46.5,
  12.5: 47,
  13: 47.5,
  14: 49,
  15: 50,
};
const EU_ASICS: Record<string, number> = {
  3.5: 35.5,
  4: 36,
  4.5: 37,
  5: 37.5,
  5.5: 38,
  6: 39,
  6.5: 39.5,
  7: 40,
  7.5: 40.5,
  8: 41.5,
  8.5: 42,
  9: 42.5,
  9.5: 43.5,
  10: 44,
  10.5: 44.5,
  11: 45,
  11.5: 46,
  12: 46.5,
  12.5: 47,
  13: 48,
  14: 49,
  15: 50,
};

/** How many US sizes a women's size sits above the men's size of the same foot, per chart. */
const WOMEN_OFFSET: Record<SizeChart, number> = { nike: 1.5, adidas: 1, newbalance: 1.5, asics: 1.5, unisex: 2, apparel: 0, onesize: 0 };

const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10));

/** adidas writes EU sizes in thirds: 42, 42 2/3, 43 1/3. */
function adidasEu(uk: number): string {
  const thirds = Math.round((40 + (uk - 6.5) * (4 / 3)) * 3);
  const whole = Math.floor(thirds / 3);
  const rest = thirds - whole * 3;
  return rest === 0 ? String(whole) : `${whole} ${rest}/3`;
}

/** Converts a men's-equivalent US size with a brand's chart (§2.3 `sizes`, production charts). */
export function convertMens(us: number, chart: SizeChart): SizeSpec['conversions'] {
  const cm = chart === 'newbalance' || chart === 'asics' ? us + 18 : 25 + (us - 7) * 0.5;
  let uk: number;
  let eu: string;
  switch (chart) {
    case 'adidas':
      uk = us - 0.5;
      eu = adidasEu(uk);
      break;
    case 'newbalance':
      uk = us - 0.5;
      eu = fmt(EU_NB[fmt(us)] ?? 40 + (us - 7) * 0.75);
      break;
    case 'asics':
      uk = us - 1;
      eu = fmt(EU_ASICS[fmt(us)] ?? 40 + (us - 7) * 0.75);
      break;
    case 'unisex':
      uk = us;
      eu = fmt(EU_NIKE[fmt(us)] ?? 40 + (us - 7) * 0.75);
      break;
    default:
      uk = us >= 6 ? us - 1 : us - 0.5;
      eu = fmt(EU_NIKE[fmt(us)] ?? 40 + (us - 7) * 0.75);
  }
  return [
    { size: `US M ${fmt(us)}`, type: 'us m' },
    { size: `UK ${fmt(uk)}`, type: 'uk' },
    { size: `CM ${fmt(cm)}`, type: 'cm' },
    { size: `KR ${Math.round(cm * 10)}`, type: 'kr' },
    { size: `EU ${eu}`, type: 'eu' },
    { size: `US W ${fmt(us + WOMEN_OFFSET[chart])}`, type: 'us w' },
  ];
}

const halfSteps = (from: number, to: number): number[] => {
  const out: number[] = [];
  for (let s = from; s <= to + 1e-9; s += 0.5) out.push(s);
  return out;
};

/** Bell-shaped demand around `mid`: the middle sizes sell most. */
const bell = (x: number, mid: number, width: number): number => Math.exp(-((x - mid) ** 2) / (2 * width * width)) + 0.03;

/**
 * The full size run of a product: the sizes its product type and gender really come in, each
 * converted with the brand's chart.
 * @param chart the brand's chart, or `apparel` / `onesize` for non-footwear.
 * @param gender §2.2 `gender`.
 */
export function sizeRun(chart: SizeChart, gender: string): SizeSpec[] {
  if (chart === 'onesize') {
    return [{ size: 'OS', sizeType: 'os', conversions: [], presentation: 'OS', value: 0, demand: 1, priceFactor: 1 }];
  }
  if (chart === 'apparel') {
    return ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((s, i) => ({
      size: s,
      sizeType: 'us m',
      conversions: [],
      presentation: s,
      value: i + 1,
      demand: bell(i, 2.5, 1.3),
      priceFactor: i === 0 || i === 5 ? 0.92 : 1,
    }));
  }
  const off = WOMEN_OFFSET[chart];
  switch (gender) {
    case 'women':
      return halfSteps(5, 12).map((w) => ({
        size: fmt(w),
        sizeType: 'us w',
        conversions: convertMens(w - off, chart),
        presentation: `${fmt(w)}W`,
        value: w,
        demand: bell(w, 8, 1.6),
        priceFactor: 1 + Math.abs(w - 8) * 0.02,
      }));
    case 'child':
      return halfSteps(3.5, 7).map((y) => ({
        size: `${fmt(y)}Y`,
        sizeType: 'us m',
        conversions: convertMens(y, chart),
        presentation: `${fmt(y)}Y`,
        value: y,
        demand: bell(y, 5.5, 1.2),
        priceFactor: 0.62,
      }));
    case 'preschool':
      return [...halfSteps(10.5, 13.5).map((c) => `${fmt(c)}C`), '1Y', '1.5Y', '2Y', '2.5Y', '3Y'].map((s, i) => kidSize(s, i, 0.45));
    case 'toddler':
      return halfSteps(2, 10).map((c, i) => kidSize(`${fmt(c)}C`, i, 0.38));
    default: {
      const sizes = [...halfSteps(chart === 'unisex' ? 4 : 7, 13), 14, 15];
      return sizes.map((us) => ({
        size: fmt(us),
        sizeType: 'us m',
        conversions: convertMens(us, chart),
        presentation: fmt(us),
        value: us,
        demand: bell(us, 10, 1.7),
        priceFactor: us >= 14 ? 1.12 : us <= 7.5 ? 1.06 : 1,
      }));
    }
  }
}

/** Little kids' sizes (C and small Y): centimetres and EU only, as the charts give them. */
function kidSize(label: string, i: number, priceFactor: number): SizeSpec {
  const isYouth = label.endsWith('Y');
  const n = Number.parseFloat(label);
  const cm = isYouth ? 20 + n * 0.85 : 6 + n;
  const eu = isYouth ? 31 + n * 1.3 : 15 + n * 1.2;
  const half = (x: number): number => Math.round(x * 2) / 2;
  return {
    size: label,
    sizeType: isYouth ? 'us y' : 'us c',
    conversions: [
      { size: `CM ${fmt(half(cm))}`, type: 'cm' },
      { size: `KR ${Math.round(half(cm) * 10)}`, type: 'kr' },
      { size: `EU ${fmt(half(eu))}`, type: 'eu' },
    ],
    presentation: label,
    value: n,
    demand: bell(i, 6, 3),
    priceFactor,
  };
}
