/**
 * Size runs and size conversions (§2.3 `size`, `size_type`, `sizes`; §2.6 `sizes`). Each
 * brand converts with its own chart (mocks/world/size-charts.ts), as production does. Size
 * systems (`size_type`): `us m` men's and unisex, `us w` women's, `us y` youth (grade school
 * 3.5Y–7Y and pre-school 1Y–3Y), `us c` little kids, `apparel` letter sizes, `os` one size.
 */
import type { SizeChart } from './catalog-data.js';
import { APPAREL_ROWS, halves, KIDS_ROWS, SIZE_CHARTS, type ChartRow, type FootwearChart } from './size-charts.js';

/** One size of a product, with everything both marketplaces show of it. */
export interface SizeSpec {
  /** §2.3 `size`: `10.5`, `8.5` (with `size_type` `us w`), `7Y`, `10C`, `M`, `OS`. */
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

const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10));

/** Bell-shaped demand around `mid`: the middle sizes sell most. */
const bell = (x: number, mid: number, width: number): number => Math.exp(-((x - mid) ** 2) / (2 * width * width)) + 0.03;

/** The row of a chart for a US size, or undefined when the chart has none. */
const rowOf = (list: readonly ChartRow[], us: number): ChartRow | undefined => list.find((r) => r.us === us);

/** The six conversions of §2.3 from a chart row: US M, UK, CM, KR (= CM × 10), EU, US W. */
function conversions(usM: number, usW: number, row: ChartRow): SizeSpec['conversions'] {
  return [
    { size: `US M ${fmt(usM)}`, type: 'us m' },
    { size: `UK ${fmt(row.uk)}`, type: 'uk' },
    { size: `CM ${fmt(row.cm)}`, type: 'cm' },
    { size: `KR ${Math.round(row.cm * 10)}`, type: 'kr' },
    { size: `EU ${row.eu}`, type: 'eu' },
    { size: `US W ${fmt(usW)}`, type: 'us w' },
  ];
}

/**
 * The conversions of a men's (unisex) US size with a brand's chart (§2.3 `sizes`).
 * @returns undefined when the chart has no row for the size.
 */
export function convertMens(us: number, chart: FootwearChart): SizeSpec['conversions'] | undefined {
  const c = SIZE_CHARTS[chart];
  const row = rowOf(c.men, us);
  return row && conversions(us, us + c.womenOffset, row);
}

/**
 * The conversions of a women's US size with a brand's chart: its own women's rows where the
 * brand has them (Nike: W 8 = UK 5.5 = EU 39 = 25 cm), else the men's row of the same foot.
 */
export function convertWomens(usW: number, chart: FootwearChart): SizeSpec['conversions'] | undefined {
  const c = SIZE_CHARTS[chart];
  const usM = usW - c.womenOffset;
  const row = c.women ? rowOf(c.women, usW) : rowOf(c.men, usM);
  return row && conversions(usM, usW, row);
}

/**
 * The full size run of a product: the sizes its product type and gender really come in, each
 * converted with the brand's chart ({@link SIZE_CHARTS}).
 * @param chart the brand's chart, or `apparel` / `onesize` for non-footwear.
 * @param gender §2.2 `gender`.
 */
export function sizeRun(chart: SizeChart, gender: string): readonly SizeSpec[] {
  const key = `${chart}|${gender}`;
  let run = RUNS.get(key);
  if (!run) RUNS.set(key, (run = Object.freeze(buildRun(chart, gender).map(freezeSpec))));
  return run;
}

/** A size spec frozen with its conversions: runs are shared by every document, so nothing may change them. */
function freezeSpec(spec: SizeSpec): SizeSpec {
  for (const c of spec.conversions) Object.freeze(c);
  Object.freeze(spec.conversions);
  return Object.freeze(spec);
}

/** Size runs by chart and gender: pure, so each is built once and shared (frozen). */
const RUNS = new Map<string, readonly SizeSpec[]>();

function buildRun(chart: SizeChart, gender: string): SizeSpec[] {
  if (chart === 'onesize') {
    return [{ size: 'OS', sizeType: 'os', conversions: [], presentation: 'OS', value: 0, demand: 1, priceFactor: 1 }];
  }
  if (chart === 'apparel') {
    return APPAREL_ROWS.map((r, i) => ({
      size: r.size,
      sizeType: 'apparel',
      conversions: [
        { size: `US ${r.size}`, type: 'us m' },
        { size: `UK ${r.size}`, type: 'uk' },
        { size: `EU ${r.eu}`, type: 'eu' },
      ],
      presentation: r.size,
      value: i + 1,
      demand: bell(i, 2.5, 1.3),
      priceFactor: i === 0 || i === APPAREL_ROWS.length - 1 ? 0.92 : 1,
    }));
  }
  switch (gender) {
    case 'women':
      return halves(5, 12).flatMap((w) => {
        const conv = convertWomens(w, chart);
        return conv ? [{ size: fmt(w), sizeType: 'us w', conversions: conv, presentation: `${fmt(w)}W`, value: w, demand: bell(w, 8, 1.6), priceFactor: 1 + Math.abs(w - 8) * 0.02 }] : [];
      });
    case 'child': {
      // Grade school: a 7Y is a US M 7 on the brand's chart (the youth system `us y`, as pre-school's Y sizes).
      // One chart for all of a product's sizes: the brand's where it has most of them (adidas and
      // ASICS start at 4, so they sell 4Y-7Y), Nike's otherwise. Mixing them put a Nike 3.5Y at
      // CM 22.5 next to an adidas 4Y at CM 22 (conformance variant-sizes-agree).
      const gsChart = halves(3.5, 7).filter((y) => convertMens(y, chart)).length >= 4 ? chart : 'nike';
      return halves(3.5, 7).flatMap((y) => {
        const conv = convertMens(y, gsChart);
        return conv ? [{ size: `${fmt(y)}Y`, sizeType: 'us y', conversions: conv, presentation: `${fmt(y)}Y`, value: y, demand: bell(y, 5.5, 1.2), priceFactor: 1 }] : [];
      });
    }
    case 'preschool':
      return KIDS_ROWS.slice(KIDS_ROWS.findIndex((r) => r.size === '10.5C')).map((r, i) => kidSize(r, i));
    case 'toddler':
      return KIDS_ROWS.slice(
        0,
        KIDS_ROWS.findIndex((r) => r.size === '10.5C'),
      ).map((r, i) => kidSize(r, i));
    default: {
      const c = SIZE_CHARTS[chart];
      return c.men
        .filter((r) => r.us >= (c.unisex ? 4 : 7)) // unisex brands sell down to women's sizes
        .map((r) => ({
          size: fmt(r.us),
          sizeType: 'us m',
          conversions: conversions(r.us, r.us + c.womenOffset, r),
          presentation: fmt(r.us),
          value: r.us,
          demand: bell(r.us, 10, 1.7),
          priceFactor: r.us >= 14 ? 1.12 : r.us <= 7.5 ? 1.06 : 1,
        }));
    }
  }
}

/** Little kids' sizes (C and small Y), from the kids' chart: UK, CM, KR and EU. */
function kidSize(r: (typeof KIDS_ROWS)[number], i: number): SizeSpec {
  const isYouth = r.size.endsWith('Y');
  return {
    size: r.size,
    sizeType: isYouth ? 'us y' : 'us c',
    conversions: [
      { size: `UK ${r.uk}`, type: 'uk' },
      { size: `CM ${fmt(r.cm)}`, type: 'cm' },
      { size: `KR ${Math.round(r.cm * 10)}`, type: 'kr' },
      { size: `EU ${r.eu}`, type: 'eu' },
    ],
    presentation: r.size,
    value: Number.parseFloat(r.size),
    demand: bell(i, 6, 3),
    priceFactor: 1, // the run's retail carries the kids' discount (variants.ts KIDS_RETAIL)
  };
}
