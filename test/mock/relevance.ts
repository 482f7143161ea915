/**
 * The search relevance set (issue 24): queries written as a shopper types them, each with the
 * products a person expects among the first five results, named by their marketplace A title
 * in the default world (seed `resale-kit`, 10,000 products, clock {@link RELEVANCE_NOW}). Broad
 * queries expect the most popular products of what the shopper means (chosen by reading the
 * titles, not by running the search); style-code queries expect the product with that code.
 * Rewritten for issue 30's world (real names only on their own release): per query, the most
 * popular titles (rank) containing the words the shopper means, typos corrected by hand; two
 * queries whose product no longer exists (a Triple White Air Force 1, a Military Blue Jordan 4)
 * were replaced by ones that do. Five broad queries (womens dunk low, air jordan 11, pokemon, pokémon 151,
 * newbalance 550) re-read after the expert findings (only a real release keeps its hype; the 550
 * from its 2020 reissue, the 151 set from its release): the most popular such titles by rank.
 * The adidas and ASICS queries (samba, gazelle, campus, ultraboost, gel-kayano 14, gel-1130) re-read
 * the same way after the third report gave those brands their own colour words, and the women's
 * 2002R's code query follows its women's code (W2002R…). The pokemon, pokémon 151 and new balance 990 queries
 * re-read the same way after the fourth report (the English 151 products all from September-October 2023; no
 * kids' Made in USA 990v6).
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
  { query: 'pokemon', expect: ['Pokémon TCG: Scarlet & Violet 151 Booster Bundle (2023)', 'Pokémon TCG: Scarlet & Violet 151 Poster Collection', 'Pokémon TCG: Scarlet & Violet 151 Binder Collection (2023)'] },
  { query: 'pokemon elite trainer box', expect: ['Pokémon TCG: Scarlet & Violet 151 Elite Trainer Box', 'Pokémon TCG: Scarlet & Violet 151 Pokémon Center Elite Trainer Box'] },
  { query: 'jordna 1', expect: ['Jordan 1 Low Purple Olive Craft', 'Jordan 1 Low Wolf Grey Olive Craft', 'Jordan 1 Low White Orange (W)'] },
  { query: 'samb', expect: ['adidas Samba OG Grey Three Wonder Clay', 'adidas Samba OG Scarlet Core Black', 'adidas Samba OG Grey One Crystal White Premium'] },
  { query: 'dunk low panda', expect: ['Nike Dunk Low Panda'] },
  { query: 'jordan 1 chicago', expect: ['Jordan 1 Retro High OG Chicago Lost and Found', 'Jordan 1 Retro High OG Chicago'] },
  { query: 'yeezy 350 zebra', expect: ['adidas Yeezy Boost 350 V2 Zebra'] },
  { query: 'newbalance 550', expect: ['New Balance 550 Wolf Grey Green', 'New Balance 550 White Cream', 'New Balance 550 Sail Navy'] },
  { query: 'addidas samba', expect: ['adidas Samba OG Grey Three Wonder Clay', 'adidas Samba OG Scarlet Core Black', 'adidas Samba OG Grey One Crystal White Premium'] },
  { query: 'new balance 9060', expect: ['New Balance 9060 Black Navy', 'New Balance 9060 Olive Burgundy', 'New Balance 9060 Pink Sail'] },
  { query: 'air force 1 white', expect: ["Nike Air Force 1 Low '07 Wolf Grey White Retro", "Nike Air Force 1 Low '07 White Purple (W)"] },
  { query: 'kaws companion', expect: ['KAWS Companion Open Edition Vinyl Figure Green', 'KAWS Companion Open Edition Vinyl Figure Blue (2025)', 'KAWS Companion Open Edition Vinyl Figure Orange (2020)'] },
  { query: 'supreme hoodie', expect: ['Supreme Box Logo Hooded Sweatshirt Royal (2020)', 'Supreme Box Logo Hooded Sweatshirt Charcoal (2022)'] },
  { query: 'jordan 4 military black', expect: ['Jordan 4 Retro Military Black'] },
  { query: 'gel kayano 14', expect: ['ASICS Gel-Kayano 14 Glacier Grey Black (W)', 'ASICS Gel-Kayano 14 Black Pure Silver Premium (W)', 'ASICS Gel-Kayano 14 Glacier Grey'] },
  { query: 'asics gel 1130', expect: ['ASICS Gel-1130 Glacier Grey Premium', 'ASICS Gel-1130 Birch Glacier Grey', 'ASICS Gel-1130 Midnight Cream'] },
  { query: 'salomon xt6', expect: ['Salomon XT-6 Royal Blue Pink', 'Salomon XT-6 Black University Red', 'Salomon XT-6 Orange Sail'] },
  { query: 'vans old skool', expect: ['Vans Old Skool Teal Light Blue', 'Vans Old Skool Black Silver', 'Vans Old Skool University Red Olive'] },
  { query: 'converse chuck 70', expect: ['Converse Chuck Taylor All-Star 70 Hi White Navy', 'Converse Chuck Taylor All-Star 70 Hi University Red Sail', 'Converse Chuck Taylor All-Star 70 Hi Gum Burgundy'] },
  { query: 'womens dunk low', expect: ['Nike Dunk Low University Red Black (W)', 'Nike Dunk Low White Pink Vintage (W)', 'Nike Dunk Low Burgundy Green (W)'] },
  { query: 'jordan 11 concord', expect: ['Jordan 11 Retro Concord'] },
  { query: 'harbour fog friends and family', expect: ['Jordan 1 Retro High OG Harbour Fog Sail Muslin Military Blue Reverse Suede Friends and Family'] },
  { query: 'vomero 5', expect: ['Nike Zoom Vomero 5 Green Navy', 'Nike Zoom Vomero 5 Gum Yellow', 'Nike Zoom Vomero 5 Brown Gum Retro (W)'] },
  { query: 'nalgene', expect: ['Supreme Nalgene 32 oz. Bottle Black', 'Supreme Nalgene 32 oz. Bottle White (2017)', 'Supreme Nalgene 32 oz. Bottle Black (2018)'] },
  { query: 'essentials hoodie', expect: ['Fear of God Essentials Hoodie Light Oatmeal (2026)', 'Fear of God Essentials Hoodie Dark Oatmeal', 'Fear of God Essentials Hoodie Red (2024)'] },
  { query: 'creme samba', expect: ['adidas Samba OG Crème Suede (W)', 'adidas Samba OG Crème'] },
  { query: 'kobe 6 protro', expect: ['Nike Kobe 6 Protro Silver Brown Retro', 'Nike Kobe 6 Protro Wolf Grey Burgundy', 'Nike Kobe 6 Protro Black Olive'] },
  { query: 'nike sb dunk', expect: ['Nike SB Dunk Low Teal Orange', 'Nike SB Dunk Low Brown Gum', 'Nike SB Dunk Low Brown Royal Blue'] },
  { query: 'jordan 1 low gs', expect: ['Jordan 1 Low Yellow Olive (GS)', 'Jordan 1 Low Olive Gum (GS)', 'Jordan 1 Low Light Blue Purple (GS)'] },
  { query: 'gazele', expect: ['adidas Gazelle Indoor Cloud White Core Black Premium', 'adidas Gazelle Indoor Grey Three (W)', 'adidas Gazelle Indoor Wonder White Suede'] },
  { query: 'campus 00s', expect: ['adidas Campus 00s Team Royal Blue Suede', 'adidas Campus 00s Collegiate Navy Cloud White', 'adidas Campus 00s Core Black Solar Red'] },
  { query: 'ultraboost', expect: ['adidas Ultraboost 1.0 Cloud White Chalk White', 'adidas Ultraboost 1.0 Core Black Collegiate Navy', 'adidas Ultraboost 1.0 Scarlet'] },
  { query: 'jordan 1 chicgo', expect: ['Jordan 1 Retro High OG Chicago Lost and Found', 'Jordan 1 Retro High OG Chicago'] },
  { query: 'jordan 4 militar', expect: ['Jordan 4 Retro Military Black'] },
  { query: 'asics kayno 14', expect: ['ASICS Gel-Kayano 14 Glacier Grey Black (W)', 'ASICS Gel-Kayano 14 Black Pure Silver Premium (W)', 'ASICS Gel-Kayano 14 Glacier Grey'] },
  { query: 'pokémon 151', expect: ['Pokémon TCG: Scarlet & Violet 151 Booster Bundle (2023)', 'Pokémon TCG: Scarlet & Violet 151 Poster Collection', 'Pokémon TCG: Scarlet & Violet 151 Binder Collection (2023)'] },
  { query: 'new balance 990', expect: ['New Balance 990v6 Made in USA White Wolf Grey Suede', 'New Balance 990v6 Made in USA Brown Sail', 'New Balance 990v6 Made in USA Burgundy Wolf Grey Suede'] },
  { query: 'air jordan 11', expect: ['Jordan 11 Retro White Purple (W)', 'Jordan 11 Retro Black Brown SE', 'Jordan 11 Retro Cool Grey'] },
  { query: 'SAMBA OG', expect: ['adidas Samba OG Grey Three Wonder Clay', 'adidas Samba OG Scarlet Core Black', 'adidas Samba OG Grey One Crystal White Premium'] },
  // Style codes, typed with or without separators, with or without the colour code.
  { query: 'fl8979500', expect: ['Jordan 1 Low Purple Olive Craft'] },
  { query: 'df7360-002', expect: ['Jordan 1 Low Wolf Grey Olive Craft'] },
  { query: 'FF1848 100', expect: ['Jordan 1 Low White Orange (W)'] },
  { query: 'fl8979', expect: ['Jordan 1 Low Purple Olive Craft'] },
  { query: 'jf9325', expect: ['adidas Campus 00s Team Royal Blue Suede'] },
  { query: '1203a624020', expect: ['ASICS Gel-1130 Glacier Grey Premium'] },
  { query: 'w2002rznn', expect: ['New Balance 2002R White University Red Suede (W)'] },
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
