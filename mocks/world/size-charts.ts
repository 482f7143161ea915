/**
 * Brand size charts as data (§2.3 `sizes`: the same size in `us m`, `uk`, `cm`, `kr`, `eu`,
 * `us w`). Production converts with each brand's own chart (shared/notes/production-behaviour.md);
 * these tables are those charts, row by row, so a test can hold each against the published
 * rows. KR is always CM × 10 (millimetres). No logic here beyond reading a row.
 */

/** The footwear charts of the catalog's brands. */
export type FootwearChart = 'nike' | 'adidas' | 'newbalance' | 'asics' | 'converse' | 'vans' | 'salomon';

/** One row of a chart: a US size and the same size in UK, EU (as the brand writes it) and CM. */
export interface ChartRow {
  us: number;
  uk: number;
  /** EU as printed: `43`, `42.5`, or in thirds such as `42 2/3`. */
  eu: string;
  cm: number;
}

/** A brand's chart: its men's (or unisex) rows, how women's US sizes relate, and where it comes from. */
export interface BrandChart {
  /**
   * A unisex brand (its products are sold in one run for everyone, from small sizes up:
   * Converse, Vans, Salomon); otherwise men's runs start at US M 7.
   */
  unisex?: boolean;
  /** Men's (unisex) rows by US M size. */
  men: readonly ChartRow[];
  /** US W = US M + this (Nike 1.5, adidas 1, Converse 2). */
  womenOffset: number;
  /** The brand's own women's rows by US W size, when its women's chart is not the men's shifted (Nike: W 8 = 25 cm). */
  women?: readonly ChartRow[];
  /** Where the rows come from. */
  source: string;
}

const rows = (list: readonly (readonly [number, number, string | number, number])[]): ChartRow[] => list.map(([us, uk, eu, cm]) => ({ us, uk, eu: String(eu), cm }));

/** EU sizes in thirds from a UK size (adidas and Salomon): UK 6.5 = EU 40, each half size 2/3 EU. */
function thirds(n: number): string {
  const t = Math.round((40 + (n - 6.5) * (4 / 3)) * 3);
  const whole = Math.floor(t / 3);
  const rest = t - whole * 3;
  return rest === 0 ? String(whole) : `${whole} ${rest}/3`;
}

/** Half sizes from `from` to `to`, both included (4, 4.5, ..., 14). */
export const halves = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 2) + 1 }, (_, i) => from + i / 2);

/** Every footwear chart. */
export const SIZE_CHARTS: Readonly<Record<FootwearChart, BrandChart>> = {
  nike: {
    // Nike and Jordan Brand share it.
    source: "Nike men's and women's shoe size charts (nike.com size fit guide; the men's rows as reproduced in visualfoodie.com/the-ultimate-nike-mens-shoe-sizing-chart)",
    womenOffset: 1.5,
    men: rows([
      [3.5, 3, 35.5, 22.5],
      [4, 3.5, 36, 23],
      [4.5, 4, 36.5, 23.5],
      [5, 4.5, 37.5, 23.5],
      [5.5, 5, 38, 24],
      [6, 5.5, 38.5, 24],
      [6.5, 6, 39, 24.5],
      [7, 6, 40, 25],
      [7.5, 6.5, 40.5, 25.5],
      [8, 7, 41, 26],
      [8.5, 7.5, 42, 26.5],
      [9, 8, 42.5, 27],
      [9.5, 8.5, 43, 27.5],
      [10, 9, 44, 28],
      [10.5, 9.5, 44.5, 28.5],
      [11, 10, 45, 29],
      [11.5, 10.5, 45.5, 29.5],
      [12, 11, 46, 30],
      [12.5, 11.5, 47, 30.5],
      [13, 12, 47.5, 31],
      [14, 13, 48.5, 32],
      [15, 14, 49.5, 33],
    ]),
    women: rows([
      [5, 2.5, 35.5, 22],
      [5.5, 3, 36, 22.5],
      [6, 3.5, 36.5, 23],
      [6.5, 4, 37.5, 23.5],
      [7, 4.5, 38, 24],
      [7.5, 5, 38.5, 24.5],
      [8, 5.5, 39, 25],
      [8.5, 6, 40, 25.5],
      [9, 6.5, 40.5, 26],
      [9.5, 7, 41, 26.5],
      [10, 7.5, 42, 27],
      [10.5, 8, 42.5, 27.5],
      [11, 8.5, 43, 28],
      [11.5, 9, 44, 28.5],
      [12, 9.5, 44.5, 29],
    ]),
  },
  adidas: {
    source: 'adidas size chart (adidas.com): UK = US M − 0.5, EU in thirds (UK 6.5 = EU 40), CM = US M + 18, US W = US M + 1',
    womenOffset: 1,
    men: halves(4, 14).map((us) => ({ us, uk: us - 0.5, eu: thirds(us - 0.5), cm: us + 18 })),
  },
  newbalance: {
    source: "New Balance men's and women's size charts (newbalance.com size chart): men's UK = US M − 0.5, CM = US M + 18, US W = US M + 1.5; women's UK = US W − 2, CM = US W + 17 (W 8 = UK 6 = EU 39 = 25 cm)",
    womenOffset: 1.5,
    men: rows([
      [4, 3.5, 36, 22],
      [4.5, 4, 37, 22.5],
      [5, 4.5, 37.5, 23],
      [5.5, 5, 38, 23.5],
      [6, 5.5, 38.5, 24],
      [6.5, 6, 39.5, 24.5],
      [7, 6.5, 40, 25],
      [7.5, 7, 40.5, 25.5],
      [8, 7.5, 41.5, 26],
      [8.5, 8, 42, 26.5],
      [9, 8.5, 42.5, 27],
      [9.5, 9, 43, 27.5],
      [10, 9.5, 44, 28],
      [10.5, 10, 44.5, 28.5],
      [11, 10.5, 45, 29],
      [11.5, 11, 45.5, 29.5],
      [12, 11.5, 46.5, 30],
      [12.5, 12, 47, 30.5],
      [13, 12.5, 47.5, 31],
      [14, 13.5, 49, 32],
      [15, 14.5, 50, 33],
    ]),
    // The women's chart is its own (expert finding 6, third report): W 6 = 23 cm, W 8 = 25 cm (CM = US W + 17,
    // UK = US W − 2), not the men's row of US W − 1.5 (W 8 on M 6.5 = 24.5 cm).
    women: rows([
      [5, 3, 35, 22],
      [5.5, 3.5, 36, 22.5],
      [6, 4, 36.5, 23],
      [6.5, 4.5, 37, 23.5],
      [7, 5, 37.5, 24],
      [7.5, 5.5, 38, 24.5],
      [8, 6, 39, 25],
      [8.5, 6.5, 40, 25.5],
      [9, 7, 40.5, 26],
      [9.5, 7.5, 41, 26.5],
      [10, 8, 41.5, 27],
      [10.5, 8.5, 42, 27.5],
      [11, 9, 42.5, 28],
      [11.5, 9.5, 43, 28.5],
      [12, 10, 44, 29],
    ]),
  },
  asics: {
    source: "ASICS men's and women's size charts (asics.com size chart): men's UK = US M − 1, CM = US M + 18, US W = US M + 1.5; women's UK = US W − 2, CM = US W + 17 (W 7 = UK 5 = EU 38 = 24 cm, W 8 = UK 6 = EU 39.5 = 25 cm)",
    womenOffset: 1.5,
    men: rows([
      [4, 3, 36, 22],
      [4.5, 3.5, 37, 22.5],
      [5, 4, 37.5, 23],
      [5.5, 4.5, 38, 23.5],
      [6, 5, 39, 24],
      [6.5, 5.5, 39.5, 24.5],
      [7, 6, 40, 25],
      [7.5, 6.5, 40.5, 25.5],
      [8, 7, 41.5, 26],
      [8.5, 7.5, 42, 26.5],
      [9, 8, 42.5, 27],
      [9.5, 8.5, 43.5, 27.5],
      [10, 9, 44, 28],
      [10.5, 9.5, 44.5, 28.5],
      [11, 10, 45, 29],
      [11.5, 10.5, 46, 29.5],
      [12, 11, 46.5, 30],
      [12.5, 11.5, 47, 30.5],
      [13, 12, 48, 31],
      [14, 13, 49, 32],
      [15, 14, 50, 33],
    ]),
    // The women's chart is its own (expert finding 2, fourth report): W 8 = UK 6 = 25 cm (UK = US W − 2,
    // CM = US W + 17), not the men's row of US W − 1.5 (W 8 on M 6.5 = UK 5.5 = 24.5 cm).
    women: rows([
      [5, 3, 35.5, 22],
      [5.5, 3.5, 36, 22.5],
      [6, 4, 37, 23],
      [6.5, 4.5, 37.5, 23.5],
      [7, 5, 38, 24],
      [7.5, 5.5, 39, 24.5],
      [8, 6, 39.5, 25],
      [8.5, 6.5, 40, 25.5],
      [9, 7, 40.5, 26],
      [9.5, 7.5, 41.5, 26.5],
      [10, 8, 42, 27],
      [10.5, 8.5, 42.5, 27.5],
      [11, 9, 43.5, 28],
      [11.5, 9.5, 44, 28.5],
      [12, 10, 44.5, 29],
    ]),
  },
  converse: {
    unisex: true,
    source: 'Converse unisex size chart (converse.com): UK = US M, US W = US M + 2',
    womenOffset: 2,
    men: rows([
      [3, 3, 35, 22],
      [3.5, 3.5, 36, 22.5],
      [4, 4, 36.5, 23],
      [4.5, 4.5, 37, 23.5],
      [5, 5, 37.5, 24],
      [5.5, 5.5, 38, 24.5],
      [6, 6, 39, 24.5],
      [6.5, 6.5, 39.5, 25],
      [7, 7, 40, 25.5],
      [7.5, 7.5, 41, 26],
      [8, 8, 41.5, 26.5],
      [8.5, 8.5, 42, 27],
      [9, 9, 42.5, 27.5],
      [9.5, 9.5, 43, 28],
      [10, 10, 44, 28.5],
      [10.5, 10.5, 44.5, 29],
      [11, 11, 45, 29.5],
      [11.5, 11.5, 46, 30],
      [12, 12, 46.5, 30.5],
      [13, 13, 48, 31.5],
    ]),
  },
  vans: {
    unisex: true,
    source: 'Vans unisex size chart (vans.com): UK = US M − 1, US W = US M + 1.5',
    womenOffset: 1.5,
    men: rows([
      [4, 3, 35, 22],
      [4.5, 3.5, 36, 22.5],
      [5, 4, 36.5, 23],
      [5.5, 4.5, 37, 23.5],
      [6, 5, 38, 24],
      [6.5, 5.5, 38.5, 24.5],
      [7, 6, 39, 25],
      [7.5, 6.5, 40, 25.5],
      [8, 7, 40.5, 26],
      [8.5, 7.5, 41, 26.5],
      [9, 8, 42, 27],
      [9.5, 8.5, 42.5, 27.5],
      [10, 9, 43, 28],
      [10.5, 9.5, 44, 28.5],
      [11, 10, 44.5, 29],
      [11.5, 10.5, 45, 29.5],
      [12, 11, 46, 30],
      [13, 12, 47, 31],
    ]),
  },
  salomon: {
    unisex: true,
    // EU in thirds from the UK size, as adidas (expert finding 1, fourth report: the EU was read from the US size, 2/3 too high).
    source:
      'Salomon footwear size chart (salomon.com size guide): UK = US M − 0.5, EU in thirds from the UK size as adidas prints them (UK 6.5 = EU 40, each half size 2/3: US M 7 / UK 6.5 / EU 40 / 25 cm, US M 9 / UK 8.5 / EU 42 2/3 / 27 cm, US M 10.5 / UK 10 / EU 44 2/3), CM = US M + 18; US W = US M + 1 (the same 25 cm foot is US M 7 and US W 8)',
    womenOffset: 1,
    men: halves(3.5, 14.5).map((us) => ({ us, uk: us - 0.5, eu: thirds(us - 0.5), cm: us + 18 })),
  },
};

/**
 * Nike's kids' charts, used for the kids' sizes of every brand: pre-school (`C` and small `Y`
 * sizes) and toddler (`C`). Grade school (3.5Y–7Y) uses the men's rows of the brand's chart:
 * a 7Y is a US M 7. Toddler UK sizes run half a size below US C (nike.com kids' size chart:
 * 9C = UK 8.5, 10C = UK 9.5).
 */
export const KIDS_ROWS: readonly { size: string; uk: string; eu: string; cm: number }[] = [
  // toddler (TD)
  { size: '2C', uk: '1.5', eu: '17', cm: 8 },
  { size: '3C', uk: '2.5', eu: '18.5', cm: 9 },
  { size: '4C', uk: '3.5', eu: '19.5', cm: 10 },
  { size: '5C', uk: '4.5', eu: '21', cm: 11 },
  { size: '6C', uk: '5.5', eu: '22', cm: 12 },
  { size: '7C', uk: '6.5', eu: '23.5', cm: 13 },
  { size: '8C', uk: '7.5', eu: '25', cm: 14 },
  { size: '9C', uk: '8.5', eu: '26', cm: 15 },
  { size: '10C', uk: '9.5', eu: '27', cm: 16 },
  // pre-school (PS)
  { size: '10.5C', uk: '10', eu: '27.5', cm: 16.5 },
  { size: '11C', uk: '10.5', eu: '28', cm: 17 },
  { size: '11.5C', uk: '11', eu: '28.5', cm: 17.5 },
  { size: '12C', uk: '11.5', eu: '29.5', cm: 18 },
  { size: '12.5C', uk: '12', eu: '30', cm: 18.5 },
  { size: '13C', uk: '12.5', eu: '31', cm: 19 },
  { size: '13.5C', uk: '13', eu: '31.5', cm: 19.5 },
  { size: '1Y', uk: '13.5', eu: '32', cm: 20 },
  { size: '1.5Y', uk: '1', eu: '33', cm: 20.5 },
  { size: '2Y', uk: '1.5', eu: '33.5', cm: 21 },
  { size: '2.5Y', uk: '2', eu: '34', cm: 21.5 },
  { size: '3Y', uk: '2.5', eu: '35', cm: 22 },
];

/**
 * Letter sizes of apparel with their EU numbers (men's tops; the EU number is the chest size
 * system European labels print).
 */
export const APPAREL_ROWS: readonly { size: string; eu: number }[] = [
  { size: 'XS', eu: 44 },
  { size: 'S', eu: 46 },
  { size: 'M', eu: 48 },
  { size: 'L', eu: 50 },
  { size: 'XL', eu: 52 },
  { size: 'XXL', eu: 54 },
];
