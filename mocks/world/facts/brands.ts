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
  source: string;
}

const GS1_US: BarcodeFact = { type: 'UPC', prefix: '19', source: 'GS1 US company prefixes issued since 2016 begin 19 (UPC-A 19xxxx on nike.com and newbalance.com boxes)' };
/** Barcodes per brand (`ModelLine.brand`); brands not listed carry UPC-A codes of GS1 US. */
export const BARCODE_FACTS: Readonly<Record<string, BarcodeFact>> = {
  Nike: GS1_US,
  Jordan: GS1_US,
  'New Balance': GS1_US,
  adidas: { type: 'EAN-13', prefix: '40', source: 'GS1 prefixes 400-440 are GS1 Germany; adidas (Herzogenaurach) barcodes its articles with EAN-13s of GS1 Germany (40…, e.g. 406… on adidas boxes)' },
  ASICS: { type: 'EAN-13', prefix: '45', source: 'GS1 prefixes 450-459 and 490-499 are GS1 Japan (JAN codes); ASICS (Kobe) barcodes its pairs with JAN codes 45… (4549…, 4550… on ASICS boxes)' },
};
export const DEFAULT_BARCODE: BarcodeFact = GS1_US;
