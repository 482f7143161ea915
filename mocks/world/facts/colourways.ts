/**
 * Real named colourways (issue 30): a real nickname is served only on its real model line, in
 * its real release year and with its real style code. Every other colourway the generator
 * draws is a colour description (`White Black`) or a brand's plain colour name, which makes no
 * claim about a release. Only releases we are sure of are listed; each names its source.
 * Data only.
 */

/** One real release of a named colourway. */
export interface ColourwayFact {
  /** The nickname as marketplaces show it (a curated name of catalog-data's COLORWAYS). */
  nickname: string;
  /** The model line's `primaryTitle` (catalog-data's MODEL_LINES) this release belongs to. */
  line: string;
  /** Release date, `YYYY-MM-DD` (UTC). */
  date: string;
  /** The style code of the release, in marketplace A's form. */
  code: string;
  /** Resale hype: 3 sought after well above retail, 2 above retail, 1 near retail. */
  tier: 1 | 2 | 3;
  /**
   * A perennial best-seller, restocked for years, among the most traded pairs of its decade
   * (its volume is in the top few percent of the catalogue whatever its premium).
   */
  staple?: true;
  /**
   * What the release resells for today in USD (low to high), when its fame puts it past any hype
   * tier's premium (the 2015 Chicago: about ten times its retail). The source names it.
   */
  resale?: { low: number; high: number; source: string };
  /** Where the fact comes from. */
  source: string;
}

const NIKE = 'nike.com SNKRS launch page and the release calendars of the major sneaker press';
const ADIDAS = 'adidas.com Yeezy launch page and the release calendars of the major sneaker press';

/** The real releases the generator may name. */
export const COLOURWAY_FACTS: readonly ColourwayFact[] = [
  {
    nickname: 'Chicago',
    line: 'Jordan 1 Retro High OG',
    date: '2015-05-30',
    code: '555088-101',
    tier: 3,
    resale: { low: 1300, high: 2000, source: 'StockX and GOAT last sales of the Air Jordan 1 Retro High OG Chicago (2015), 555088-101, 2023-2025: about $1,300-2,000 by size (retail $160)' },
    source: NIKE,
  },
  { nickname: 'Chicago Lost and Found', line: 'Jordan 1 Retro High OG', date: '2022-11-19', code: 'DZ5485-612', tier: 3, source: NIKE },
  { nickname: 'Bred Toe', line: 'Jordan 1 Retro High OG', date: '2018-02-24', code: '555088-610', tier: 2, source: NIKE },
  { nickname: 'Royal', line: 'Jordan 1 Retro High OG', date: '2017-04-01', code: '555088-007', tier: 2, source: NIKE },
  { nickname: 'Shadow', line: 'Jordan 1 Retro High OG', date: '2018-04-14', code: '555088-013', tier: 2, source: NIKE },
  { nickname: 'Black Toe', line: 'Jordan 1 Retro High OG', date: '2016-01-16', code: '555088-125', tier: 2, source: NIKE },
  { nickname: 'Mocha', line: 'Jordan 1 Retro High OG', date: '2020-10-31', code: '555088-105', tier: 2, source: NIKE },
  { nickname: 'University Blue', line: 'Jordan 1 Retro High OG', date: '2021-03-06', code: '555088-134', tier: 2, source: NIKE },
  { nickname: 'Bred', line: 'Jordan 4 Retro', date: '2019-05-04', code: '308497-060', tier: 2, source: NIKE },
  { nickname: 'Black Cat', line: 'Jordan 4 Retro', date: '2020-01-22', code: 'CU1110-010', tier: 2, source: NIKE },
  { nickname: 'White Cement', line: 'Jordan 4 Retro', date: '2016-02-13', code: '840606-192', tier: 2, source: NIKE },
  { nickname: 'Military Black', line: 'Jordan 4 Retro', date: '2022-05-21', code: 'DH6927-111', tier: 1, source: NIKE },
  { nickname: 'University Blue', line: 'Jordan 4 Retro', date: '2021-04-28', code: 'CT8527-400', tier: 2, source: NIKE },
  { nickname: 'Black Cement', line: 'Jordan 3 Retro', date: '2018-02-17', code: '854262-001', tier: 2, source: NIKE },
  { nickname: 'Concord', line: 'Jordan 11 Retro', date: '2018-12-08', code: '378037-100', tier: 2, source: NIKE },
  { nickname: 'Space Jam', line: 'Jordan 11 Retro', date: '2016-12-10', code: '378037-003', tier: 2, source: NIKE },
  { nickname: 'Cool Grey', line: 'Jordan 11 Retro', date: '2021-12-11', code: 'CT8012-005', tier: 1, source: NIKE },
  // StockX Big Facts 2021-2023: the Panda Dunk Low was the most traded sneaker each year.
  { nickname: 'Panda', line: 'Nike Dunk Low', date: '2021-03-10', code: 'DD1391-100', tier: 1, staple: true, source: NIKE },
  { nickname: 'Georgetown', line: 'Nike Dunk Low', date: '2021-06-03', code: 'DD1391-003', tier: 1, source: NIKE },
  { nickname: 'Grey Fog', line: 'Nike Dunk Low', date: '2021-08-26', code: 'DD1391-103', tier: 1, source: NIKE },
  { nickname: 'Zebra', line: 'adidas Yeezy Boost 350 V2', date: '2017-02-25', code: 'CP9654', tier: 2, source: ADIDAS },
  { nickname: 'Beluga', line: 'adidas Yeezy Boost 350 V2', date: '2016-09-24', code: 'BB1826', tier: 2, source: ADIDAS },
  { nickname: 'Cream White', line: 'adidas Yeezy Boost 350 V2', date: '2017-04-29', code: 'CP9366', tier: 2, source: ADIDAS },
  { nickname: 'Black Red', line: 'adidas Yeezy Boost 350 V2', date: '2017-02-11', code: 'CP9652', tier: 2, source: ADIDAS },
  { nickname: 'Static', line: 'adidas Yeezy Boost 350 V2', date: '2018-12-27', code: 'EF2905', tier: 1, source: ADIDAS },
  { nickname: 'Onyx', line: 'adidas Yeezy Boost 350 V2', date: '2022-03-19', code: 'HQ4540', tier: 1, source: ADIDAS },
  { nickname: 'Bone', line: 'adidas Yeezy Boost 350 V2', date: '2022-03-21', code: 'HQ6316', tier: 1, source: ADIDAS },
];

/** Palettes whose curated nicknames are release names: only their facts may be drawn (the others are plain colour names). */
export const NAMED_PALETTES: readonly string[] = ['jordan', 'nike', 'yeezy'];

/** The fact of a nickname on a line, or undefined. */
export function colourwayFact(line: string, nickname: string): ColourwayFact | undefined {
  return FACT_INDEX.get(`${line}\u0000${nickname}`);
}
const FACT_INDEX = new Map(COLOURWAY_FACTS.map((f) => [`${f.line}\u0000${f.nickname}`, f]));
