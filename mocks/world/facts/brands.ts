/**
 * Brand facts (issue 30): on which weekdays a brand releases, which seasonal packs release in
 * which month. Data only; each fact names its source.
 */

/** Release weekdays (0 = Sunday ... 6 = Saturday) with their relative shares. */
export interface BrandFact {
  weekdays: Readonly<Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, number>>>;
  source: string;
}

/** Nike and Jordan launch mostly on Saturdays, then Thursdays and Fridays; never on Sundays. */
const NIKE: BrandFact = { weekdays: { 6: 5, 4: 2, 5: 2, 3: 1, 2: 0.5, 1: 0.3 }, source: 'nike.com SNKRS launch calendar (10:00 ET drops, mostly Saturday)' };

/** Release weekdays per brand (`ModelLine.brand`); brands not listed release Thursday to Saturday. */
export const BRAND_FACTS: Readonly<Record<string, BrandFact>> = {
  Nike: NIKE,
  Jordan: NIKE,
  adidas: { weekdays: { 6: 4, 4: 2, 5: 2, 3: 1 }, source: 'adidas CONFIRMED app launch calendar' },
  'New Balance': { weekdays: { 4: 3, 5: 3, 6: 2, 3: 1 }, source: 'newbalance.com launch calendar' },
};
export const DEFAULT_WEEKDAYS: BrandFact['weekdays'] = { 4: 3, 5: 3, 6: 2, 3: 1, 2: 0.5 };

/** Seasonal packs: a nickname containing the word releases only in these months (1 = January). */
export const SEASONAL_PACKS: readonly { word: string; months: readonly number[]; source: string }[] = [
  { word: "Valentine's Day", months: [1, 2], source: "Nike and Jordan Valentine's Day packs release in late January or early February" },
  { word: 'Setsubun', months: [1, 2], source: 'Setsubun is the Japanese festival of 3 February' },
  { word: 'Christmas', months: [12], source: 'Christmas packs release in December' },
  { word: 'Grey Day', months: [5], source: 'New Balance Grey Day, each May since 2022 (newbalance.com)' },
  { word: 'Halloween', months: [10], source: 'Halloween packs release in October' },
];

/**
 * How a brand's pairs are barcoded (§2.3 Identifier): the GS1 numbering its codes are issued
 * from and the prefix of those codes. A UPC-A brand's code is also read as an EAN-13 (a leading 0).
 */
export interface BarcodeFact {
  type: 'UPC' | 'EAN-13';
  /** The first digits of every code: the GS1 member organisation's prefix. */
  prefix: string;
  /**
   * The first digits by release year instead, where the brand's company prefixes changed over the
   * years (Nike); `u` a uniform draw per product, to pick between two prefixes in use that year.
   */
  byYear?: (year: number, u: number) => string;
  source: string;
}

const GS1_US: BarcodeFact = { type: 'UPC', prefix: '19', source: 'GS1 US company prefixes issued since 2016 begin 19 (UPC-A 19xxxx on nike.com and newbalance.com boxes)' };
/**
 * Nike's UPCs by release year (expert finding 8, fourth report): before 2016 its company prefixes were
 * 884–888 (884… around 2012, 888… in 2015; 091… on older stock), GS1 US 19… prefixes came later,
 * about one a year: 190… in 2016, 191… 2017, 192… 2018, 193… 2019, 194… 2020, 195… 2021, 196… 2022, 197… since
 * (an approximation of the UPC stickers on Nike boxes by release year, as the expert describes them). A year
 * may still ship the previous year's prefix.
 */
const NIKE_UPC: BarcodeFact = {
  type: 'UPC',
  prefix: '19',
  byYear: (year, u) => (year < 2016 ? `88${String(Math.min(8, 4 + Math.max(0, year - 2012) + (u < 0.5 ? 0 : 1)))}` : `19${String(Math.max(0, Math.min(7, year - 2016) - (u < 0.3 ? 1 : 0)))}`),
  source: 'Nike UPC-A company prefixes by release year, approximately: 884-888 (and 091) before 2016, then 190 (2016) rising about one a year to 197 (UPC stickers on Nike boxes; sneaker-market expert, fourth report)',
};
/** Barcodes per brand (`ModelLine.brand`); brands not listed carry UPC-A codes of GS1 US. */
export const BARCODE_FACTS: Readonly<Record<string, BarcodeFact>> = {
  Nike: NIKE_UPC,
  Jordan: NIKE_UPC,
  'New Balance': GS1_US,
  adidas: { type: 'EAN-13', prefix: '40', source: 'GS1 prefixes 400-440 are GS1 Germany; adidas (Herzogenaurach) barcodes its articles with EAN-13s of GS1 Germany (40…, e.g. 406… on adidas boxes)' },
  ASICS: { type: 'EAN-13', prefix: '45', source: 'GS1 prefixes 450-459 and 490-499 are GS1 Japan (JAN codes); ASICS (Kobe) barcodes its pairs with JAN codes 45… (4549…, 4550… on ASICS boxes)' },
};
export const DEFAULT_BARCODE: BarcodeFact = GS1_US;
