/**
 * Model-line facts (issue 30): where a line's pairs are made, and its history as a description
 * may state it. Keyed by catalog-data's `primaryTitle`; a line not listed here gets no history
 * sentence beyond its own blurb. Each fact names its source. Data only.
 */

/** What is known of one model line. */
export interface ModelFact {
  /** Countries of manufacture (ISO 3166-1 alpha-2) of its pairs; the first is the most common. */
  madeIn: readonly string[];
  /** One true sentence of its history (a line without one is described by its own blurb). */
  history?: string;
  /**
   * The first day (`YYYY-MM-DD`, UTC) a product of the line as the catalogue sells it may release,
   * when it is later than 1 January of the line's `since` year (a set's release date).
   */
  launch?: string;
  /**
   * The line's real first release as the catalogue sells it (`YYYY-MM-DD`), when its first year
   * (`since`) is earlier: a product drawn before it is moved after it (over as many days as it was drawn before it, at least a year), so no
   * product predates the model and the products drawn after it keep their dates (and ids).
   */
  firstRelease?: { date: string; source: string };
  /**
   * The six-digit root of the line's Nike style codes in the six-digit era (before 2017): every
   * retro of the line carries it, with a three-digit colour suffix (555088-101). Only roots we are
   * sure of are listed; the source names it.
   */
  styleRoot?: {
    root: string;
    /**
     * The root of the line's grade-school retros, where it is its own and we are sure of it
     * (575441 for the Jordan 1 Retro High OG GS): kids' pairs never carry the men's root.
     */
    gs?: string;
    source: string;
  };
  /**
   * What a product of the line typically resells for today, in USD (a range of ordinary products,
   * low to high): the market level of lines whose resale has nothing to do with a sneaker's
   * retail-centred bands. The source names it.
   */
  resale?: ResaleRange;
  source: string;
}

/** A typical resale price range in USD (last sales of ordinary products), with its source. */
export interface ResaleRange {
  low: number;
  high: number;
  source: string;
}

const NIKE_FACTORIES = ['VN', 'CN', 'ID'] as const; // nike.com product pages: "Country/Region of Origin"
const ADIDAS_FACTORIES = ['VN', 'CN', 'ID'] as const; // adidas.com product pages
const NB_IMPORT = ['VN', 'CN', 'ID'] as const; // newbalance.com: non-"Made in USA/UK" pairs are imported
const ASICS_FACTORIES = ['VN', 'CN', 'ID', 'IN'] as const; // asics.com product pages: "Country of origin" Vietnam, China, Indonesia, occasionally India

/** Facts per model line (`primaryTitle`). */
export const MODEL_FACTS: Readonly<Record<string, ModelFact>> = {
  'Jordan 1 Retro High OG': {
    madeIn: NIKE_FACTORIES,
    history: 'The Air Jordan 1 was Michael Jordan’s first signature shoe, released in 1985.',
    firstRelease: { date: '2013-01-01', source: 'the "Retro High OG" name and its 555088 style codes date from 2013 (nike.com launch archive; sneaker-market expert, fourth report)' },
    styleRoot: {
      root: '555088',
      gs: '575441',
      source:
        'Air Jordan 1 Retro High OG retros are 555088-xxx (555088-101 Chicago 2015, 555088-610 Bred Toe 2018), their grade-school pairs 575441-xxx (575441-101 Chicago GS 2015, 575441-610 Bred Toe GS 2018; nike.com SNKRS launch pages)',
    },
    source: 'nike.com, Air Jordan history',
  },
  'Jordan 1 Low': { madeIn: NIKE_FACTORIES, history: 'The low-cut Air Jordan 1 first appeared alongside the high in 1985.', source: 'nike.com, Air Jordan history' },
  'Jordan 1 Mid': { madeIn: NIKE_FACTORIES, history: 'The Air Jordan 1 Mid keeps the 1985 design with a mid-height collar.', source: 'nike.com' },
  'Jordan 3 Retro': {
    madeIn: NIKE_FACTORIES,
    history: 'The Air Jordan 3, designed by Tinker Hatfield, debuted in 1988 with visible Air and elephant print.',
    styleRoot: { root: '136064', source: 'Air Jordan 3 Retro retros of the six-digit era are 136064-xxx (nike.com product pages and the release press)' },
    source: 'nike.com, Air Jordan history',
  },
  'Jordan 4 Retro': {
    madeIn: NIKE_FACTORIES,
    history: 'The Air Jordan 4 debuted in 1989 with mesh panels and wing eyelets.',
    styleRoot: { root: '308497', gs: '408452', source: 'Air Jordan 4 Retro retros are 308497-xxx (308497-060 Bred 2019), their grade-school pairs 408452-xxx (408452-060 Bred GS 2019; nike.com SNKRS launch pages)' },
    source: 'nike.com, Air Jordan history',
  },
  'Jordan 5 Retro': { madeIn: NIKE_FACTORIES, history: 'The Air Jordan 5 arrived in 1990 with a reflective tongue and a clear outsole.', source: 'nike.com, Air Jordan history' },
  'Jordan 6 Retro': { madeIn: NIKE_FACTORIES, history: 'The Air Jordan 6 of 1991 is the shoe of Michael Jordan’s first championship.', source: 'nike.com, Air Jordan history' },
  'Jordan 11 Retro': {
    madeIn: NIKE_FACTORIES,
    history: 'The Air Jordan 11 of 1995 brought patent leather to the basketball court.',
    styleRoot: { root: '378037', gs: '378038', source: 'Air Jordan 11 Retro retros are 378037-xxx (378037-100 Concord 2018), their grade-school pairs 378038-xxx (378038-100 Concord GS 2018; nike.com SNKRS launch pages)' },
    source: 'nike.com, Air Jordan history',
  },
  'Nike Dunk Low': {
    madeIn: NIKE_FACTORIES,
    history: 'The Nike Dunk began in 1985 as a college basketball shoe.',
    firstRelease: { date: '2020-01-01', source: 'the Dunk Low retros the catalogue sells began in 2020 (Dunk Low SP "Kentucky" and "Syracuse", then the Dunk Low Retro general releases from 2021; nike.com SNKRS)' },
    source: 'nike.com, Dunk history',
  },
  'Nike Dunk High': { madeIn: NIKE_FACTORIES, history: 'The Nike Dunk began in 1985 as a college basketball shoe.', source: 'nike.com, Dunk history' },
  'Nike SB Dunk Low': { madeIn: NIKE_FACTORIES, history: 'Nike SB reworked the Dunk for skateboarding in 2002 with a padded tongue.', source: 'nike.com, Nike SB' },
  "Nike Air Force 1 Low '07": { madeIn: NIKE_FACTORIES, history: 'The Air Force 1, designed by Bruce Kilgore, was the first basketball shoe with Nike Air, in 1982.', source: 'nike.com, Air Force 1 history' },
  'Nike Air Max 1': { madeIn: NIKE_FACTORIES, history: 'The Air Max 1 of 1987 was the first shoe to show its Air unit through a window.', source: 'nike.com, Air Max history' },
  'Nike Air Max 90': { madeIn: NIKE_FACTORIES, history: 'The Air Max 90 was first released in 1990 as a running shoe.', source: 'nike.com, Air Max history' },
  'Nike Air Max 95': { madeIn: NIKE_FACTORIES, history: 'The Air Max 95 brought visible forefoot Air and a graded side panel in 1995.', source: 'nike.com, Air Max history' },
  // Lines with no history sentence of their own: only where their pairs are made (expert finding 9, fourth report: a
  // Vomero 5 made in GB, IT, PT or US, a Gel-NYC in the US, when they drew the catalog's generic factories).
  'Nike Zoom Vomero 5': { madeIn: NIKE_FACTORIES, source: 'nike.com product pages: "Country/Region of Origin" Vietnam, China, Indonesia' },
  'Nike Kobe 6 Protro': { madeIn: NIKE_FACTORIES, source: 'nike.com product pages: "Country/Region of Origin" Vietnam, China, Indonesia' },
  'adidas Campus 00s': { madeIn: ADIDAS_FACTORIES, source: 'adidas.com product pages' },
  'adidas Forum Low': { madeIn: ADIDAS_FACTORIES, source: 'adidas.com product pages' },
  'ASICS Gel-Kayano 14': { madeIn: ASICS_FACTORIES, source: 'asics.com product pages' },
  'ASICS Gel-1130': { madeIn: ASICS_FACTORIES, source: 'asics.com product pages' },
  'ASICS Gel-NYC': { madeIn: ASICS_FACTORIES, source: 'asics.com product pages' },
  'adidas Yeezy Boost 350 V2': {
    madeIn: ['CN', 'VN'],
    history: 'The Yeezy Boost 350 V2 first released in 2016 with a Primeknit upper on Boost.',
    firstRelease: { date: '2016-09-24', source: 'the first Yeezy Boost 350 V2, "Beluga" (BB1826), released 24 September 2016 (adidas.com)' },
    resale: {
      low: 150,
      high: 300,
      source: 'StockX and GOAT last sales of adidas Yeezy Boost 350 V2 pairs, 2023-2025: most about $150-300, near or below their $220-230 retail since adidas sold off its remaining Yeezy stock from 2023',
    },
    source: 'adidas.com',
  },
  'adidas Samba OG': { madeIn: ADIDAS_FACTORIES, history: 'The Samba was first made in 1950 as an indoor football shoe.', source: 'adidas.com, Samba' },
  'adidas Gazelle Indoor': { madeIn: ADIDAS_FACTORIES, history: 'The Gazelle dates from 1966; the Indoor version has a gum outsole.', source: 'adidas.com, Gazelle' },
  'adidas Ultraboost 1.0': {
    madeIn: ADIDAS_FACTORIES,
    history: 'The Ultraboost first released in 2015 with a full-length Boost midsole and a Primeknit upper.',
    resale: { low: 90, high: 180, source: 'StockX and GOAT last sales of adidas Ultraboost 1.0 pairs, 2023-2025: about $90-180, below their $180-190 retail' },
    source: 'adidas.com, Ultraboost',
  },
  'New Balance 550': { madeIn: NB_IMPORT, history: 'The New Balance 550 was a basketball shoe of 1989, reissued in 2020.', source: 'newbalance.com, 550' },
  'New Balance 990v6 Made in USA': { madeIn: ['US'], history: 'The 990v6 of 2022 continues the 990 series that began in 1982, made in the USA.', source: 'newbalance.com, Made in USA' },
  'New Balance 2002R': { madeIn: NB_IMPORT, history: 'The 2002R reissues the 2010 running shoe on a 860v2 sole.', source: 'newbalance.com, 2002R' },
  'New Balance 9060': { madeIn: NB_IMPORT, history: 'The 9060, released in 2022, draws on the 99X series of running shoes.', source: 'newbalance.com, 9060' },
  'New Balance 1906R': { madeIn: NB_IMPORT, history: 'The 1906R is based on a 2000s running shoe of the same number.', source: 'newbalance.com, 1906R' },
  'Converse Chuck Taylor All-Star 70 Hi': { madeIn: ['VN', 'ID'], history: 'The Chuck 70 rebuilds the 1970s Chuck Taylor All Star.', source: 'converse.com' },
  'Vans Old Skool': { madeIn: ['VN', 'CN'], history: 'The Old Skool of 1977 was the first Vans shoe with the side stripe.', source: 'vans.com' },
  'Salomon XT-6': { madeIn: ['VN', 'CN'], history: 'The XT-6 was released in 2013 as an ultra-distance trail shoe.', source: 'salomon.com' },
  'Pokémon TCG: Scarlet & Violet 151': {
    madeIn: ['US'],
    history: 'Scarlet & Violet 151 is the 2023 Pokémon TCG set of the original 151 Pokémon.',
    launch: '2023-09-22',
    source: 'pokemon.com (Scarlet & Violet—151 released 22 September 2023); English product of The Pokémon Company International is printed in the US',
  },
  'KAWS Companion Open Edition Vinyl Figure': {
    madeIn: ['CN'],
    resale: { low: 200, high: 400, source: 'StockX and GOAT last sales of KAWS Companion Open Edition figures, 2023-2025: about $200-400 a colour (retail about $80)' },
    history: 'KAWS first made the Companion as a vinyl figure in 1999.',
    source: 'kawsone.com; the Open Edition boxes are printed "Made in China"',
  },
  'Supreme Nalgene 32 oz. Bottle': { madeIn: ['US'], history: 'Nalgene makes its bottles in Rochester, New York.', source: 'nalgene.com: bottles made in Rochester, NY, USA (bottom stamp "Made in USA")' },
  'Supreme Box Logo Hooded Sweatshirt': {
    madeIn: ['CA'],
    history: 'Supreme was founded in New York in 1994.',
    resale: { low: 250, high: 600, source: 'StockX and GOAT last sales of Supreme Box Logo hooded sweatshirts, 2022-2025: about $250-600 by colour and season (retail $168)' },
    source: 'supremenewyork.com; box logo hooded sweatshirts are made in Canada (garment label)',
  },
};

const JAPANESE_151_NICKNAME = 'Booster Box (Japanese, ポケモンカード151)';

/**
 * The Japanese 151 set (ポケモンカード151): one booster box of it is in the catalogue, the
 * non-ASCII title of the edge cases; no line draws its name, so it exists once, on its date.
 */
export const JAPANESE_151 = { nickname: JAPANESE_151_NICKNAME, date: '2023-06-16', madeIn: 'JP', source: 'pokemon-card.com: 強化拡張パック「ポケモンカード151」 released 16 June 2023, printed in Japan' } as const;

/**
 * When each English product of the 151 set released (expert finding 6, fourth report): with the set on
 * 22 September 2023, the Ultra-Premium Collection on 6 October 2023 (pokemon.com product pages; none
 * later: the set's English products came out in September and October 2023).
 */
export const ENGLISH_151_DATES: { readonly default: string; readonly byNickname: Readonly<Record<string, string>>; readonly source: string } = {
  default: '2023-09-22',
  byNickname: { 'Ultra-Premium Collection': '2023-10-06' },
  source: 'pokemon.com: Scarlet & Violet—151 released 22 September 2023; the 151 Ultra-Premium Collection on 6 October 2023',
};

const TCG = 'TCGplayer market prices and StockX last sales of sealed Scarlet & Violet 151 product, 2025 (retail from pokemon.com)';

/**
 * What each sealed product of the 151 set resells for (USD, low to high), by its nickname: the
 * set is long out of print, so sealed product trades well above retail (Elite Trainer Box,
 * retail $49.99, about $100-150; Ultra-Premium Collection, retail $119.99, about $200-300).
 */
export const SEALED_151_RESALE: Readonly<Record<string, ResaleRange>> = {
  'Booster Pack': { low: 8, high: 14, source: TCG },
  'Three-Pack Blister': { low: 30, high: 45, source: TCG },
  'Mini Tin': { low: 22, high: 35, source: TCG },
  'Booster Bundle': { low: 55, high: 80, source: TCG },
  'Poster Collection': { low: 45, high: 65, source: TCG },
  'Binder Collection': { low: 60, high: 90, source: TCG },
  'Zapdos ex Collection': { low: 45, high: 70, source: TCG },
  'Alakazam ex Collection': { low: 45, high: 70, source: TCG },
  'Mew ex Collection': { low: 50, high: 80, source: TCG },
  'Elite Trainer Box': { low: 100, high: 150, source: TCG },
  'Pokémon Center Elite Trainer Box': { low: 200, high: 300, source: TCG },
  'Ultra-Premium Collection': { low: 200, high: 300, source: TCG },
  [JAPANESE_151_NICKNAME]: { low: 120, high: 200, source: 'eBay and TCGplayer sold listings of sealed ポケモンカード151 booster boxes, 2025' },
};

/** Where a line's pairs may be made: its fact, else the catalog's generic factories. */
export const madeInOf = (primaryTitle: string): readonly string[] | undefined => MODEL_FACTS[primaryTitle]?.madeIn;
