/**
 * The search relevance set (issue 24): queries written as a shopper types them, each with the
 * products a person expects among the first five results, named by their marketplace A title
 * in the default world (seed `resale-kit`, 10,000 products, clock {@link RELEVANCE_NOW}). Broad
 * queries expect the most popular products of what the shopper means (chosen by reading the
 * titles, not by running the search); style-code queries expect the product with that code.
 * Used by test/mock/search-relevance.test.ts and bench/search-relevance.ts.
 */

/** The world the set was written against. */
export const RELEVANCE_WORLD = { seed: 'resale-kit', products: 10_000 } as const;
/** Its clock: 2026-01-15T00:00:00Z (popularity, hence which products are expected, depends on it). */
export const RELEVANCE_NOW = Date.UTC(2026, 0, 15);

/** One query and the titles a person expects in its top five. */
export interface RelevanceCase {
  query: string;
  expect: string[];
}

/** The queries (46), in the order a reader meets them: broad words, typos and prefixes, style codes. */
export const RELEVANCE_CASES: readonly RelevanceCase[] = [
  { query: 'pokemon', expect: ['Pokémon TCG: Scarlet & Violet 151 Binder Collection', 'Pokémon TCG: Scarlet & Violet 151 Elite Trainer Box', 'Pokémon TCG: Scarlet & Violet 151 Booster Box (Japanese, ポケモンカード151)'] },
  { query: 'pokemon elite trainer box', expect: ['Pokémon TCG: Scarlet & Violet 151 Elite Trainer Box', 'Pokémon TCG: Scarlet & Violet 151 Pokémon Center Elite Trainer Box'] },
  { query: 'jordna 1', expect: ['Jordan 1 Low Pine Green Craft', 'Jordan 1 Low Cool Grey Craft', 'Jordan 1 Low White Silver (W)'] },
  { query: 'samb', expect: ['adidas Samba OG Navy University Red', 'adidas Samba OG White Green Premium', 'adidas Samba OG Sail Silver'] },
  { query: 'dunk low panda', expect: ['Nike Dunk Low Panda (2019)', 'Nike Dunk Low Reverse Panda Premium'] },
  { query: 'jordan 1 chicago', expect: ['Jordan 1 Retro High OG Chicago', 'Jordan 1 Mid Chicago Lost and Found (W)', 'Jordan 1 Retro High OG Chicago Lost and Found'] },
  { query: 'yeezy 350 zebra', expect: ['adidas Yeezy Boost 350 V2 Zebra (2018)', 'adidas Yeezy Boost 350 V2 Zebra (2024)'] },
  { query: 'newbalance 550', expect: ['New Balance 550 Black Green', 'New Balance 550 White Olive', 'New Balance 550 Black Sail (W)'] },
  { query: 'addidas samba', expect: ['adidas Samba OG Navy University Red', 'adidas Samba OG White Green Premium', 'adidas Samba OG Sail Silver'] },
  { query: 'new balance 9060', expect: ['New Balance 9060 University Red Brown', 'New Balance 9060 Grey Day', 'New Balance 9060 Olive Wolf Grey Suede (W)'] },
  { query: 'air force 1 triple white', expect: ["Nike Air Force 1 Low '07 Triple White SE (W)", "Nike Air Force 1 Low '07 Triple White Retro (W)"] },
  { query: 'kaws companion', expect: ['KAWS Companion Open Edition Vinyl Figure Green', 'KAWS Companion Open Edition Vinyl Figure Blue (2017)', 'KAWS Companion Open Edition Vinyl Figure Blue'] },
  { query: 'supreme hoodie', expect: ['Supreme Box Logo Hooded Sweatshirt Royal (2025)', 'Supreme Box Logo Hooded Sweatshirt Heather Grey (2025)'] },
  { query: 'jordan 4 military blue', expect: ['Jordan 4 Retro Military Blue', 'Jordan 4 Retro Military Blue (GS)'] },
  { query: 'gel kayano 14', expect: ['ASICS Gel-Kayano 14 Black Pure Silver Premium (W)', 'ASICS Gel-Kayano 14 Gum Orange Premium (GS)', 'ASICS Gel-Kayano 14 Black Brown'] },
  { query: 'asics gel 1130', expect: ['ASICS Gel-1130 Black Wolf Grey', 'ASICS Gel-1130 Cream University Red (GS)', 'ASICS Gel-1130 Wolf Grey Silver'] },
  { query: 'salomon xt6', expect: ['Salomon XT-6 Orange Sail', 'Salomon XT-6 Silver Olive', 'Salomon XT-6 White Orange'] },
  { query: 'vans old skool', expect: ['Vans Old Skool University Red Olive', 'Vans Old Skool University Red Brown', 'Vans Old Skool True White'] },
  { query: 'converse chuck 70', expect: ['Converse Chuck Taylor All-Star 70 Hi White University Red', 'Converse Chuck Taylor All-Star 70 Hi White Navy', 'Converse Chuck Taylor All-Star 70 Hi Gum Burgundy'] },
  { query: 'womens dunk low', expect: ['Nike Dunk Low Burgundy Pink (W)', 'Nike Dunk Low Silver Purple Vintage (W)', 'Nike Dunk Low White Silver (W)'] },
  { query: 'jordan 11 concord', expect: ['Jordan 11 Retro Concord Craft', 'Jordan 11 Retro Concord'] },
  { query: 'travis scott fragment', expect: ['Jordan 1 Retro High OG Travis Scott x Fragment Design Military Blue Reverse Mocha Sail Muslin Friends and Family Special Box'] },
  { query: 'vomero 5', expect: ['Nike Zoom Vomero 5 White Burgundy', 'Nike Zoom Vomero 5 Varsity Maize Retro (W)', 'Nike Zoom Vomero 5 Navy Gum Retro'] },
  { query: 'nalgene', expect: ['Supreme Nalgene 32 oz. Bottle Orange', 'Supreme Nalgene 32 oz. Bottle Yellow (2023)', 'Supreme Nalgene 32 oz. Bottle White (2024)'] },
  { query: 'essentials hoodie', expect: ['Fear of God Essentials Hoodie Red (2025)', 'Fear of God Essentials Hoodie Dark Oatmeal', 'Fear of God Essentials Hoodie Ash Grey (2021)'] },
  { query: 'creme samba', expect: ['adidas Samba OG Crème Suede (W)', 'adidas Samba OG Crème Suede'] },
  { query: 'kobe 6 protro', expect: ['Nike Kobe 6 Protro Black Silver', 'Nike Kobe 6 Protro Silver Orange Retro', 'Nike Kobe 6 Protro Gum Black'] },
  { query: 'nike sb dunk', expect: ['Nike SB Dunk Low White Cream', 'Nike SB Dunk Low Royal Blue Cream', 'Nike SB Dunk Low University Red Brown'] },
  { query: 'jordan 1 low gs', expect: ['Jordan 1 Low Military Blue (GS)', 'Jordan 1 Low Hyper Royal (GS)', 'Jordan 1 Low Space Jam (GS)'] },
  { query: 'gazele', expect: ['adidas Gazelle Indoor White Black Premium', 'adidas Gazelle Indoor Wonder White Suede', 'adidas Gazelle Indoor Brown Burgundy Premium'] },
  { query: 'campus 00s', expect: ['adidas Campus 00s Black White', 'adidas Campus 00s University Red Black', 'adidas Campus 00s Black Orange'] },
  { query: 'ultraboost', expect: ['adidas Ultraboost 1.0 White Purple', 'adidas Ultraboost 1.0 White Silver', 'adidas Ultraboost 1.0 White Yellow'] },
  // Typos, prefixes, accents and capitals in longer queries.
  { query: 'jordan 1 chicgo', expect: ['Jordan 1 Retro High OG Chicago', 'Jordan 1 Mid Chicago Lost and Found (W)', 'Jordan 1 Retro High OG Chicago Lost and Found'] },
  { query: 'jordan 4 militar', expect: ['Jordan 4 Retro Military Black (W)', 'Jordan 4 Retro Military Black Retro'] },
  { query: 'asics kayno 14', expect: ['ASICS Gel-Kayano 14 Black Pure Silver Premium (W)', 'ASICS Gel-Kayano 14 Gum Orange Premium (GS)', 'ASICS Gel-Kayano 14 Black Brown'] },
  { query: 'pokémon 151', expect: ['Pokémon TCG: Scarlet & Violet 151 Binder Collection', 'Pokémon TCG: Scarlet & Violet 151 Elite Trainer Box', 'Pokémon TCG: Scarlet & Violet 151 Booster Box (Japanese, ポケモンカード151)'] },
  { query: 'new balance 990', expect: ['New Balance 990v6 White Teal', 'New Balance 990v6 Navy White (W)', 'New Balance 990v6 Brown Sail'] },
  { query: 'air jordan 11', expect: ['Jordan 11 Retro Varsity Maize', 'Jordan 11 Retro Bred Toe (W)', 'Jordan 11 Retro White Yellow SE'] },
  { query: 'SAMBA OG', expect: ['adidas Samba OG Navy University Red', 'adidas Samba OG White Green Premium', 'adidas Samba OG Sail Silver'] },
  // Style codes, typed with or without separators, with or without the colour code.
  { query: 'dv9795130', expect: ['Jordan 1 Low Pine Green Craft'] },
  { query: 'ct3603-007', expect: ['Jordan 1 Low Cool Grey Craft'] },
  { query: 'CD8488 100', expect: ['Jordan 1 Low White Silver (W)'] },
  { query: 'dv9795', expect: ['Jordan 1 Low Pine Green Craft'] },
  { query: 'gt2541', expect: ['adidas Campus 00s Black White'] },
  { query: '1201a623001', expect: ['ASICS Gel-1130 Black Wolf Grey'] },
  { query: 'm2002rznn', expect: ['New Balance 2002R Black Castlerock Suede (W)'] },
];

/**
 * recall@5 of a search: per query, the share of its expected titles among the first five
 * results; the mean over all queries, and the queries that miss one.
 * @param top5 the titles of a query's first five results.
 */
export function recallAt5(top5: (query: string) => string[]): { recall: number; misses: { query: string; missing: string[]; got: string[] }[] } {
  let sum = 0;
  const misses: { query: string; missing: string[]; got: string[] }[] = [];
  for (const c of RELEVANCE_CASES) {
    const got = top5(c.query).slice(0, 5);
    const missing = c.expect.filter((t) => !got.includes(t));
    sum += (c.expect.length - missing.length) / c.expect.length;
    if (missing.length > 0) misses.push({ query: c.query, missing, got });
  }
  return { recall: sum / RELEVANCE_CASES.length, misses };
}
