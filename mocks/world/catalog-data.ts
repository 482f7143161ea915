/**
 * The real-world vocabulary of the data world: brands, model lines, colourways, size charts'
 * owners, cities and factories, as the two marketplaces show them (values follow
 * shared/notes/production-behaviour.md). Data only; no logic.
 */
import type { FootwearChart } from './size-charts.js';

/** How a brand writes its style codes (SKUs) on marketplace A. */
export type SkuFormat =
  | 'nike' // DD1391-100: 2 letters, 4 digits, dash, 3-digit colour code
  | 'adidas' // GW2871: 2 letters, 4 digits
  | 'newbalance' // M990GL6 / U9060ZGB: model prefix, 2-3 letters, optional digit
  | 'asics' // 1201A019-200: 4 digits, letter, 3 digits, dash, 3 digits
  | 'converse' // 162050C: 6 digits, letter
  | 'vans' // VN000D3HY28: VN000 + 6 alphanumerics
  | 'salomon' // L47293000: L + 8 digits
  | 'generic'; // by brand (sku.ts): Supreme FW23SW12 (season, 2 letters, digits), Pokémon 820650… (UPC), Fear of God 192BT212050F, KAWS KAWSOE1234

/** Whose size chart converts a product's sizes (§2.3 `sizes`). */
export type SizeChart = FootwearChart | 'apparel' | 'onesize';

/** A brand family's colourways: a product draws its colourway from its line's palette only. */
export type Palette = 'jordan' | 'nike' | 'yeezy' | 'adidas' | 'newbalance' | 'asics' | 'converse' | 'vans' | 'salomon' | 'apparel' | 'bottle' | 'figure' | 'cards' | 'edge';

/** What a product image shows (mocks/http/images.ts). */
export type ImageShape = 'shoe' | 'garment' | 'bottle' | 'figure' | 'box';

/** §2.2 `product_type` values in production. */
export type ProductType = 'sneakers' | 'streetwear' | 'collectibles' | 'accessories';

/** One model line: the part of a product's identity its brand fixes. */
export interface ModelLine {
  brand: string;
  /** Marketplace B writes some brands differently (`Air Jordan` for `Jordan`). */
  brandB: string;
  /** `primary_title` on marketplace A, such as `Jordan 1 Retro High OG`. */
  primaryTitle: string;
  /** Marketplace B name stem, such as `Air Jordan 1 Retro High OG`. */
  nameB: string;
  /** §2.2 `model` / §2.6 `model`. */
  model: string;
  category: string;
  secondaryCategory: string;
  /** Marketplace B `category`, such as `lifestyle` or `basketball`. */
  categoryB: string;
  productType: ProductType;
  /** Retail price in USD. */
  retail: number;
  sku: SkuFormat;
  /** Fixed SKU prefix for the formats that have one (New Balance model codes). */
  skuPrefix?: string;
  chart: SizeChart;
  /** Relative share of the catalog. */
  weight: number;
  /** First release year of the line (no product of it releases earlier). */
  since: number;
  /** Last release year of the line, when it has ended (adidas Yeezy: 2024). */
  until?: number;
  /** The colourways it comes in (a palette of {@link COLORWAYS}). */
  palette: Palette;
  /** The shape of its product images. */
  shape: ImageShape;
  /** Breadcrumb trail below the product type, such as `['Jordan', 'Air Jordan 1']`. */
  crumbs: string[];
  /** The line's typical description opening. */
  blurb: string;
}

const nike = (primaryTitle: string, model: string, secondaryCategory: string, retail: number, weight: number, since: number, opts: Partial<ModelLine> = {}): ModelLine => ({
  brand: 'Nike',
  brandB: 'Nike',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'Nike',
  secondaryCategory,
  categoryB: 'shoes',
  productType: 'sneakers',
  retail,
  sku: 'nike',
  chart: 'nike',
  weight,
  since,
  palette: 'nike',
  shape: 'shoe',
  crumbs: ['Nike', model],
  blurb: `The ${primaryTitle} keeps the lines of the original and updates its materials.`,
  ...opts,
});
const jordan = (primaryTitle: string, model: string, secondaryCategory: string, retail: number, weight: number, since: number): ModelLine => ({
  brand: 'Jordan',
  brandB: 'Air Jordan',
  primaryTitle,
  nameB: primaryTitle.replace(/^Jordan/, 'Air Jordan'),
  model,
  category: 'Air Jordan',
  secondaryCategory,
  categoryB: 'shoes',
  productType: 'sneakers',
  retail,
  sku: 'nike',
  chart: 'nike',
  weight,
  since,
  palette: 'jordan',
  shape: 'shoe',
  crumbs: ['Jordan', model],
  blurb: `The ${primaryTitle} brings back a silhouette Michael Jordan first wore on court.`,
});
const adidas = (primaryTitle: string, model: string, secondaryCategory: string, retail: number, weight: number, since: number, opts: Partial<ModelLine> = {}): ModelLine => ({
  brand: 'adidas',
  brandB: 'adidas',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'adidas',
  secondaryCategory,
  categoryB: 'shoes',
  productType: 'sneakers',
  retail,
  sku: 'adidas',
  chart: 'adidas',
  weight,
  since,
  palette: 'adidas',
  shape: 'shoe',
  crumbs: ['adidas', model],
  blurb: `The ${primaryTitle} pairs a classic adidas upper with a modern build.`,
  ...opts,
});
const nb = (primaryTitle: string, model: string, prefix: string, retail: number, weight: number, since: number): ModelLine => ({
  brand: 'New Balance',
  brandB: 'New Balance',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'New Balance',
  secondaryCategory: model.replace('New Balance ', ''),
  categoryB: 'shoes',
  productType: 'sneakers',
  retail,
  sku: 'newbalance',
  skuPrefix: prefix,
  chart: 'newbalance',
  weight,
  since,
  palette: 'newbalance',
  shape: 'shoe',
  crumbs: ['New Balance', model],
  blurb: `The ${primaryTitle} is a New Balance model line.`,
});
const asics = (primaryTitle: string, model: string, retail: number, weight: number, since: number): ModelLine => ({
  brand: 'ASICS',
  brandB: 'ASICS',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'ASICS',
  secondaryCategory: model.replace('ASICS ', ''),
  categoryB: 'shoes',
  productType: 'sneakers',
  retail,
  sku: 'asics',
  chart: 'asics',
  weight,
  since,
  palette: 'asics',
  shape: 'shoe',
  crumbs: ['ASICS', model],
  blurb: `The ${primaryTitle} returns with GEL cushioning and a layered mesh upper.`,
});

/** Every model line of the catalog, with its share of products. */
export const MODEL_LINES: readonly ModelLine[] = [
  jordan('Jordan 1 Retro High OG', 'Air Jordan 1', 'One', 180, 9, 1985),
  jordan('Jordan 1 Low', 'Air Jordan 1', 'One', 110, 6, 1985),
  jordan('Jordan 1 Mid', 'Air Jordan 1', 'One', 125, 4, 1985),
  jordan('Jordan 3 Retro', 'Air Jordan 3', 'Three', 210, 4, 1988),
  jordan('Jordan 4 Retro', 'Air Jordan 4', 'Four', 210, 6, 1989),
  jordan('Jordan 5 Retro', 'Air Jordan 5', 'Five', 210, 2, 1990),
  jordan('Jordan 6 Retro', 'Air Jordan 6', 'Six', 200, 2, 1991),
  jordan('Jordan 11 Retro', 'Air Jordan 11', 'Eleven', 230, 4, 1995),
  nike('Nike Dunk Low', 'Nike Dunk', 'Dunk Low', 115, 9, 1985),
  nike('Nike Dunk High', 'Nike Dunk', 'Dunk High', 125, 2, 1985),
  nike('Nike SB Dunk Low', 'Nike SB Dunk', 'SB Dunk Low', 120, 4, 2002, { category: 'Nike SB', crumbs: ['Nike', 'Nike SB'] }),
  nike("Nike Air Force 1 Low '07", 'Nike Air Force 1', 'Air Force 1', 115, 6, 1982),
  nike('Nike Air Max 1', 'Nike Air Max 1', 'Air Max', 150, 3, 1987),
  nike('Nike Air Max 90', 'Nike Air Max 90', 'Air Max', 140, 3, 1990),
  nike('Nike Air Max 95', 'Nike Air Max 95', 'Air Max', 185, 2, 1995),
  nike('Nike Zoom Vomero 5', 'Nike Zoom Vomero 5', 'Running', 160, 2, 2019),
  nike('Nike Kobe 6 Protro', 'Nike Kobe 6', 'Kobe', 190, 2, 2020),
  adidas('adidas Yeezy Boost 350 V2', 'adidas Yeezy Boost 350', 'Yeezy', 230, 3, 2016, { until: 2024, palette: 'yeezy' }),
  adidas('adidas Samba OG', 'adidas Samba', 'Samba', 100, 4, 1950),
  adidas('adidas Gazelle Indoor', 'adidas Gazelle', 'Gazelle', 120, 2, 1966),
  adidas('adidas Campus 00s', 'adidas Campus', 'Campus', 110, 2, 2022),
  adidas('adidas Forum Low', 'adidas Forum', 'Forum', 100, 1, 2021),
  adidas('adidas Ultraboost 1.0', 'adidas Ultraboost', 'Ultraboost', 190, 1, 2015),
  // The 550 of today is the 2020 reissue (newbalance.com, 550): none released between 1989 and 2020.
  nb('New Balance 550', 'New Balance 550', 'BB550', 110, 3, 2020),
  nb('New Balance 990v6 Made in USA', 'New Balance 990', 'M990', 200, 2, 2022),
  nb('New Balance 2002R', 'New Balance 2002R', 'M2002R', 150, 2, 2020),
  nb('New Balance 9060', 'New Balance 9060', 'U9060', 150, 3, 2022),
  nb('New Balance 1906R', 'New Balance 1906R', 'M1906R', 155, 1, 2021),
  asics('ASICS Gel-Kayano 14', 'ASICS Gel-Kayano 14', 160, 2, 2021),
  asics('ASICS Gel-1130', 'ASICS Gel-1130', 130, 2, 2022),
  asics('ASICS Gel-NYC', 'ASICS Gel-NYC', 140, 1, 2023),
  {
    brand: 'Converse',
    brandB: 'Converse',
    primaryTitle: 'Converse Chuck Taylor All-Star 70 Hi',
    nameB: 'Chuck 70 High',
    model: 'Converse Chuck Taylor All-Star 70',
    category: 'Converse',
    secondaryCategory: 'Chuck 70',
    categoryB: 'shoes',
    productType: 'sneakers',
    retail: 90,
    sku: 'converse',
    chart: 'converse',
    weight: 1,
    since: 1970,
    palette: 'converse',
    shape: 'shoe',
    crumbs: ['Converse', 'Chuck 70'],
    blurb: 'The Chuck 70 Hi rebuilds the 1970s Chuck Taylor with heavier canvas.',
  },
  {
    brand: 'Vans',
    brandB: 'Vans',
    primaryTitle: 'Vans Old Skool',
    nameB: 'Old Skool',
    model: 'Vans Old Skool',
    category: 'Vans',
    secondaryCategory: 'Old Skool',
    categoryB: 'shoes',
    productType: 'sneakers',
    retail: 70,
    sku: 'vans',
    chart: 'vans',
    weight: 1,
    since: 1977,
    palette: 'vans',
    shape: 'shoe',
    crumbs: ['Vans', 'Old Skool'],
    blurb: 'The Vans Old Skool carries the side stripe that became the brand signature.',
  },
  {
    brand: 'Salomon',
    brandB: 'Salomon',
    primaryTitle: 'Salomon XT-6',
    nameB: 'XT-6',
    model: 'Salomon XT-6',
    category: 'Salomon',
    secondaryCategory: 'XT-6',
    categoryB: 'shoes',
    productType: 'sneakers',
    retail: 200,
    sku: 'salomon',
    chart: 'salomon',
    weight: 1,
    since: 2013,
    palette: 'salomon',
    shape: 'shoe',
    crumbs: ['Salomon', 'XT-6'],
    blurb: 'The Salomon XT-6 takes a trail racer from the mountains to the street.',
  },
  {
    brand: 'Supreme',
    brandB: 'Supreme',
    primaryTitle: 'Supreme Box Logo Hooded Sweatshirt',
    nameB: 'Supreme Box Logo Hooded Sweatshirt',
    model: 'Supreme Box Logo',
    category: 'Supreme',
    secondaryCategory: 'Sweatshirts',
    categoryB: 'apparel',
    productType: 'streetwear',
    retail: 168,
    sku: 'generic',
    chart: 'apparel',
    weight: 1,
    since: 1994,
    palette: 'apparel',
    shape: 'garment',
    crumbs: ['Supreme', 'Sweatshirts'],
    blurb: 'The Supreme Box Logo Hooded Sweatshirt is heavyweight cross-grain fleece with the embroidered box logo.',
  },
  {
    brand: 'Fear of God',
    brandB: 'Fear of God',
    primaryTitle: 'Fear of God Essentials Hoodie',
    nameB: 'Essentials Hoodie',
    model: 'Fear of God Essentials',
    category: 'Fear of God',
    secondaryCategory: 'Hoodies',
    categoryB: 'apparel',
    productType: 'streetwear',
    retail: 100,
    sku: 'generic',
    chart: 'apparel',
    weight: 1,
    since: 2018,
    palette: 'apparel',
    shape: 'garment',
    crumbs: ['Fear of God', 'Essentials'],
    blurb: 'The Essentials Hoodie is a relaxed fleece pullover with a rubberised logo.',
  },
  {
    brand: 'Supreme',
    brandB: 'Supreme',
    primaryTitle: 'Supreme Nalgene 32 oz. Bottle',
    nameB: 'Supreme Nalgene 32 oz. Bottle',
    model: 'Supreme Nalgene',
    category: 'Supreme',
    secondaryCategory: 'Accessories',
    categoryB: 'accessories',
    productType: 'accessories',
    retail: 42,
    sku: 'generic',
    chart: 'onesize',
    weight: 0.5,
    since: 2016,
    palette: 'bottle',
    shape: 'bottle',
    crumbs: ['Supreme', 'Accessories'],
    blurb: 'The Supreme Nalgene bottle is BPA-free Tritan with a printed logo.',
  },
  {
    brand: 'KAWS',
    brandB: 'KAWS',
    primaryTitle: 'KAWS Companion Open Edition Vinyl Figure',
    nameB: 'KAWS Companion Open Edition',
    model: 'KAWS Companion',
    category: 'KAWS',
    secondaryCategory: 'Figures',
    categoryB: 'collectibles',
    productType: 'collectibles',
    retail: 80,
    sku: 'generic',
    chart: 'onesize',
    weight: 0.5,
    since: 1999,
    palette: 'figure',
    shape: 'figure',
    crumbs: ['KAWS', 'Figures'],
    blurb: 'The KAWS Companion Open Edition is a painted vinyl figure in a printed box.',
  },
  {
    brand: 'Pokémon',
    brandB: 'Pokémon',
    primaryTitle: 'Pokémon TCG: Scarlet & Violet 151',
    nameB: 'Pokémon TCG Scarlet & Violet 151',
    model: 'Pokémon TCG Scarlet & Violet 151',
    category: 'Pokémon',
    secondaryCategory: 'Trading Cards',
    categoryB: 'collectibles',
    productType: 'collectibles',
    retail: 27,
    sku: 'generic',
    chart: 'onesize',
    weight: 0.3,
    since: 2023,
    palette: 'cards',
    shape: 'box',
    crumbs: ['Pokémon', 'Trading Cards'],
    blurb: 'A sealed product of the Pokémon TCG Scarlet & Violet 151 set, the original 151 Pokémon.',
  },
];

/** One colourway: its nickname (`secondary_title`), its colour list, its brand family, and Nike's colour code. */
export interface Colorway {
  nickname: string;
  colors: string;
  /** The palette it belongs to: only lines of that palette take it. */
  palette: Palette;
  /** Three-digit colour code of Nike-style SKUs (`100` white, `001` black, `600` red, ...). */
  code: string;
}

/** The curated colourways: nicknames a marketplace shows, by palette. */
const CURATED: readonly Colorway[] = [
  { nickname: 'Chicago', colors: 'White/Black-Varsity Red', palette: 'jordan', code: '101' },
  { nickname: 'Chicago Lost and Found', colors: 'Varsity Red/Black-Sail-Muslin', palette: 'jordan', code: '612' },
  { nickname: 'Bred', colors: 'Black/Varsity Red-White', palette: 'jordan', code: '061' },
  { nickname: 'Bred Toe', colors: 'Gym Red/Black-White-Summit White', palette: 'jordan', code: '610' },
  { nickname: 'Royal', colors: 'Black/Varsity Royal-White', palette: 'jordan', code: '041' },
  { nickname: 'Shadow', colors: 'Black/Medium Grey-White', palette: 'jordan', code: '013' },
  { nickname: 'Black Cat', colors: 'Black/Black-Light Graphite', palette: 'jordan', code: '010' },
  { nickname: 'White Cement', colors: 'Summit White/Fire Red-Black-Tech Grey', palette: 'jordan', code: '100' },
  { nickname: 'Black Cement', colors: 'Black/Fire Red-Cement Grey-Summit White', palette: 'jordan', code: '010' },
  { nickname: 'Cool Grey', colors: 'Cool Grey/White-Anthracite', palette: 'jordan', code: '007' },
  { nickname: 'Concord', colors: 'White/Black-Dark Concord', palette: 'jordan', code: '100' },
  { nickname: 'Space Jam', colors: 'Black/Dark Concord-White', palette: 'jordan', code: '041' },
  { nickname: 'Military Black', colors: 'White/Black-Neutral Grey', palette: 'jordan', code: '111' },
  { nickname: 'Military Blue', colors: 'Off White/Military Blue-Neutral Grey', palette: 'jordan', code: '141' },
  { nickname: 'University Blue', colors: 'White/University Blue-Black', palette: 'jordan', code: '141' },
  { nickname: 'Pine Green', colors: 'Pine Green/Black-White-Sail', palette: 'jordan', code: '130' },
  { nickname: 'Mocha', colors: 'Sail/Dark Mocha-Black', palette: 'jordan', code: '102' },
  { nickname: 'Hyper Royal', colors: 'Light Smoke Grey/Hyper Royal-White', palette: 'jordan', code: '401' },
  { nickname: 'Court Purple', colors: 'Court Purple/White-Black', palette: 'jordan', code: '500' },
  { nickname: 'Black Toe', colors: 'White/Black-Gym Red', palette: 'jordan', code: '106' },
  { nickname: 'Lucky Green', colors: 'White/Lucky Green-Black', palette: 'jordan', code: '301' },
  { nickname: 'Triple White', colors: 'White/White-White', palette: 'jordan', code: '111' },
  { nickname: 'Varsity Maize', colors: 'White/Varsity Maize', palette: 'jordan', code: '700' },
  { nickname: 'Smoke Grey', colors: 'Smoke Grey/White-Black', palette: 'jordan', code: '003' },
  { nickname: 'Red Thunder', colors: 'Black/Red-White', palette: 'jordan', code: '060' },
  { nickname: 'Midnight Navy', colors: 'White/Midnight Navy-Black', palette: 'jordan', code: '140' },
  { nickname: 'Panda', colors: 'White/Black-White', palette: 'nike', code: '100' },
  { nickname: 'Reverse Panda', colors: 'Black/White-Black', palette: 'nike', code: '002' },
  { nickname: 'Triple White', colors: 'White/White-White', palette: 'nike', code: '111' },
  { nickname: 'Triple Black', colors: 'Black/Black-Black', palette: 'nike', code: '001' },
  { nickname: 'Georgetown', colors: 'Grey Fog/Midnight Navy-White', palette: 'nike', code: '004' },
  { nickname: 'Grey Fog', colors: 'White/Grey Fog', palette: 'nike', code: '002' },
  { nickname: 'Coast', colors: 'White/Coast-University Gold', palette: 'nike', code: '113' },
  { nickname: 'Photon Dust', colors: 'Photon Dust/White', palette: 'nike', code: '003' },
  { nickname: 'Medium Olive', colors: 'Medium Olive/Black-Sail', palette: 'nike', code: '300' },
  { nickname: 'University Blue', colors: 'White/University Blue-White', palette: 'nike', code: '102' },
  { nickname: "Valentine's Day", colors: 'White/University Red-Pink Foam', palette: 'nike', code: '600' },
  { nickname: 'Red Stardust', colors: 'Red Stardust/Sail', palette: 'nike', code: '600' },
  { nickname: 'Varsity Maize', colors: 'White/Varsity Maize', palette: 'nike', code: '700' },
  { nickname: 'Court Purple', colors: 'White/Court Purple', palette: 'nike', code: '500' },
  { nickname: 'Vintage Green', colors: 'Sail/Vintage Green', palette: 'nike', code: '133' },
  { nickname: 'Setsubun (節分)', colors: 'Sail/Midnight Navy-Habanero Red', palette: 'nike', code: '400' },
  { nickname: 'Black Multi-Camo', colors: 'Black/Multi-Color', palette: 'nike', code: '003' },
  { nickname: 'Wheat', colors: 'Wheat/Gum Light Brown', palette: 'nike', code: '700' },
  { nickname: 'Metallic Silver', colors: 'White/Metallic Silver-Black', palette: 'nike', code: '101' },
  { nickname: 'Obsidian', colors: 'Obsidian/White', palette: 'nike', code: '400' },
  { nickname: 'Zebra', colors: 'White/Core Black-Red', palette: 'yeezy', code: '900' },
  { nickname: 'Bone', colors: 'Bone/Bone/Bone', palette: 'yeezy', code: '200' },
  { nickname: 'Onyx', colors: 'Onyx/Onyx/Onyx', palette: 'yeezy', code: '001' },
  { nickname: 'Sand Taupe', colors: 'Sand Taupe/Sand Taupe', palette: 'yeezy', code: '200' },
  { nickname: 'Beluga', colors: 'Steel Grey/Beluga/Solar Red', palette: 'yeezy', code: '002' },
  { nickname: 'Carbon', colors: 'Carbon/Carbon/Carbon', palette: 'yeezy', code: '001' },
  { nickname: 'Black Red', colors: 'Core Black/Red/Core Black', palette: 'yeezy', code: '003' },
  { nickname: 'Cream White', colors: 'Cream White/Cream White', palette: 'yeezy', code: '100' },
  { nickname: 'Static', colors: 'Static/Static/Static', palette: 'yeezy', code: '100' },
  { nickname: 'Mono Ice', colors: 'Mono Ice/Mono Ice', palette: 'yeezy', code: '100' },
  { nickname: 'Beluga Reflective', colors: 'Beluga Reflective/Beluga Reflective/Beluga Reflective', palette: 'yeezy', code: '000' },
  { nickname: 'Static Reflective', colors: 'Static Reflective/Static Reflective/Static Reflective', palette: 'yeezy', code: '000' },
  { nickname: 'Mono Cinder', colors: 'Mono Cinder/Mono Cinder/Mono Cinder', palette: 'yeezy', code: '000' },
  { nickname: 'Mono Mist', colors: 'Mono Mist/Mono Mist/Mono Mist', palette: 'yeezy', code: '000' },
  { nickname: 'Mono Clay', colors: 'Mono Clay/Mono Clay/Mono Clay', palette: 'yeezy', code: '000' },
  { nickname: 'Black Reflective', colors: 'Black Reflective/Black Reflective/Black Reflective', palette: 'yeezy', code: '000' },
  { nickname: 'Yecheil', colors: 'Yecheil/Yecheil/Yecheil', palette: 'yeezy', code: '000' },
  { nickname: 'Yeezreel', colors: 'Yeezreel/Yeezreel/Yeezreel', palette: 'yeezy', code: '000' },
  { nickname: 'Linen', colors: 'Linen/Linen/Linen', palette: 'yeezy', code: '000' },
  { nickname: 'Synth', colors: 'Synth/Synth/Synth', palette: 'yeezy', code: '000' },
  { nickname: 'Cloud White', colors: 'Cloud White/Cloud White/Cloud White', palette: 'yeezy', code: '000' },
  { nickname: 'Citrin', colors: 'Citrin/Citrin/Citrin', palette: 'yeezy', code: '000' },
  { nickname: 'Lundmark', colors: 'Lundmark/Lundmark/Lundmark', palette: 'yeezy', code: '000' },
  { nickname: 'Tail Light', colors: 'Tail Light/Tail Light/Tail Light', palette: 'yeezy', code: '000' },
  { nickname: 'Earth', colors: 'Earth/Earth/Earth', palette: 'yeezy', code: '000' },
  { nickname: 'Desert Sage', colors: 'Desert Sage/Desert Sage/Desert Sage', palette: 'yeezy', code: '000' },
  { nickname: 'Israfil', colors: 'Israfil/Israfil/Israfil', palette: 'yeezy', code: '000' },
  { nickname: 'Asriel', colors: 'Asriel/Asriel/Asriel', palette: 'yeezy', code: '000' },
  { nickname: 'Zyon', colors: 'Zyon/Zyon/Zyon', palette: 'yeezy', code: '000' },
  { nickname: 'Dazzling Blue', colors: 'Dazzling Blue/Dazzling Blue/Dazzling Blue', palette: 'yeezy', code: '000' },
  { nickname: 'Ash Pearl', colors: 'Ash Pearl/Ash Pearl/Ash Pearl', palette: 'yeezy', code: '000' },
  { nickname: 'Ash Stone', colors: 'Ash Stone/Ash Stone/Ash Stone', palette: 'yeezy', code: '000' },
  { nickname: 'Ash Blue', colors: 'Ash Blue/Ash Blue/Ash Blue', palette: 'yeezy', code: '000' },
  { nickname: 'Salt', colors: 'Salt/Salt/Salt', palette: 'yeezy', code: '000' },
  { nickname: 'Slate', colors: 'Slate/Slate/Slate', palette: 'yeezy', code: '000' },
  { nickname: 'Granite', colors: 'Granite/Granite/Granite', palette: 'yeezy', code: '000' },
  { nickname: 'MX Oat', colors: 'MX Oat/MX Oat/MX Oat', palette: 'yeezy', code: '000' },
  { nickname: 'MX Rock', colors: 'MX Rock/MX Rock/MX Rock', palette: 'yeezy', code: '000' },
  { nickname: 'Light', colors: 'Light/Light/Light', palette: 'yeezy', code: '000' },
  { nickname: 'Natural', colors: 'Natural/Natural/Natural', palette: 'yeezy', code: '000' },
  { nickname: 'Hi-Res Red', colors: 'Hi-Res Red/Hi-Res Red/Hi-Res Red', palette: 'yeezy', code: '000' },
  { nickname: 'Hi-Res Blue', colors: 'Hi-Res Blue/Hi-Res Blue/Hi-Res Blue', palette: 'yeezy', code: '000' },
  { nickname: 'Sesame', colors: 'Sesame/Sesame/Sesame', palette: 'yeezy', code: '000' },
  { nickname: 'Butter', colors: 'Butter/Butter/Butter', palette: 'yeezy', code: '000' },
  { nickname: 'Semi Frozen Yellow', colors: 'Semi Frozen Yellow/Semi Frozen Yellow/Semi Frozen Yellow', palette: 'yeezy', code: '000' },
  { nickname: 'Blue Tint', colors: 'Blue Tint/Blue Tint/Blue Tint', palette: 'yeezy', code: '000' },
  { nickname: 'True Form', colors: 'True Form/True Form/True Form', palette: 'yeezy', code: '000' },
  { nickname: 'Glow', colors: 'Glow/Glow/Glow', palette: 'yeezy', code: '000' },
  { nickname: 'Cloud White Gum', colors: 'Cloud White/Core Black/Gum', palette: 'adidas', code: '100' },
  { nickname: 'Core Black Gum', colors: 'Core Black/Cloud White/Gum', palette: 'adidas', code: '001' },
  { nickname: 'Collegiate Green', colors: 'Collegiate Green/Cloud White/Gum', palette: 'adidas', code: '300' },
  { nickname: 'Wonder White', colors: 'Wonder White/Wonder Clay/Gum', palette: 'adidas', code: '100' },
  { nickname: 'Team Royal Blue', colors: 'Team Royal Blue/Cloud White/Gum', palette: 'adidas', code: '400' },
  { nickname: 'Crème', colors: 'Cream White/Off White/Gum', palette: 'adidas', code: '100' },
  { nickname: 'Scarlet', colors: 'Scarlet/Cloud White/Gum', palette: 'adidas', code: '600' },
  { nickname: 'Dark Green', colors: 'Dark Green/Cloud White/Gum', palette: 'adidas', code: '300' },
  { nickname: 'Grey Three', colors: 'Grey Three/Cloud White/Gum', palette: 'adidas', code: '020' },
  { nickname: 'Triple Black', colors: 'Core Black/Core Black/Core Black', palette: 'adidas', code: '001' },
  { nickname: 'Navy Gum', colors: 'Collegiate Navy/Cloud White/Gum', palette: 'adidas', code: '410' },
  { nickname: 'Sea Salt', colors: 'Sea Salt/Raincloud', palette: 'newbalance', code: '100' },
  { nickname: 'Grey Day', colors: 'Grey/Grey-White', palette: 'newbalance', code: '020' },
  { nickname: 'Rain Cloud', colors: 'Rain Cloud/Castlerock', palette: 'newbalance', code: '020' },
  { nickname: 'Protection Pack Phantom', colors: 'Phantom/Castlerock', palette: 'newbalance', code: '025' },
  { nickname: 'Sandstone', colors: 'Sandstone/Timberwolf', palette: 'newbalance', code: '250' },
  { nickname: 'White Green', colors: 'White/Green', palette: 'newbalance', code: '130' },
  { nickname: 'Navy White', colors: 'Navy/White', palette: 'newbalance', code: '410' },
  { nickname: 'Cream Black', colors: 'Cream/Black', palette: 'newbalance', code: '201' },
  { nickname: 'Black Castlerock', colors: 'Black/Castlerock', palette: 'newbalance', code: '001' },
  { nickname: 'Moonbeam', colors: 'Moonbeam/Sea Salt', palette: 'newbalance', code: '100' },
  { nickname: 'Birch', colors: 'Birch/Sheet Rock', palette: 'asics', code: '200' },
  { nickname: 'Glacier Grey', colors: 'Glacier Grey/Pure Silver', palette: 'asics', code: '020' },
  { nickname: 'Black Pure Silver', colors: 'Black/Pure Silver', palette: 'asics', code: '001' },
  { nickname: 'Silver Blue', colors: 'Pure Silver/Blue', palette: 'asics', code: '040' },
  { nickname: 'Cream Black', colors: 'Cream/Black', palette: 'asics', code: '201' },
  { nickname: 'Midnight Navy', colors: 'Midnight Navy/White', palette: 'asics', code: '400' },
  { nickname: 'White Clay Canyon', colors: 'White/Clay Canyon', palette: 'asics', code: '100' },
  { nickname: 'Graphite Grey', colors: 'Graphite Grey/Black', palette: 'asics', code: '020' },
  { nickname: 'Black', colors: 'Black/Egret/Black', palette: 'converse', code: '001' },
  { nickname: 'Parchment', colors: 'Parchment/Garnet/Egret', palette: 'converse', code: '100' },
  { nickname: 'Egret', colors: 'Egret/Egret/Black', palette: 'converse', code: '100' },
  { nickname: 'Triple Black', colors: 'Black/Black/Black', palette: 'converse', code: '001' },
  { nickname: 'Sunflower', colors: 'Sunflower/Black/Egret', palette: 'converse', code: '700' },
  { nickname: 'Green Envy', colors: 'Green Envy/Egret/Black', palette: 'converse', code: '300' },
  { nickname: 'Dark Moss', colors: 'Dark Moss/Egret/Black', palette: 'converse', code: '300' },
  { nickname: 'Black White', colors: 'Black/True White', palette: 'vans', code: '001' },
  { nickname: 'True White', colors: 'True White/True White', palette: 'vans', code: '100' },
  { nickname: 'Navy', colors: 'Navy/True White', palette: 'vans', code: '400' },
  { nickname: 'Checkerboard', colors: 'Black/Off White Checkerboard', palette: 'vans', code: '001' },
  { nickname: 'Black Black', colors: 'Black/Black', palette: 'vans', code: '001' },
  { nickname: 'Pig Suede Dark Brown', colors: 'Dark Brown/Marshmallow', palette: 'vans', code: '200' },
  { nickname: 'Black Phantom', colors: 'Black/Black/Phantom', palette: 'salomon', code: '001' },
  { nickname: 'Vanilla Ice', colors: 'Vanilla Ice/Almond Milk', palette: 'salomon', code: '100' },
  { nickname: 'Ebony', colors: 'Ebony/Lunar Rock/Shortbread', palette: 'salomon', code: '020' },
  { nickname: 'Lunar Rock', colors: 'Lunar Rock/Shortbread/Ebony', palette: 'salomon', code: '020' },
  { nickname: 'White Lunar Rock', colors: 'White/White/Lunar Rock', palette: 'salomon', code: '100' },
  { nickname: 'Black', colors: 'Black', palette: 'apparel', code: '001' },
  { nickname: 'Heather Grey', colors: 'Heather Grey', palette: 'apparel', code: '063' },
  { nickname: 'Ash Grey', colors: 'Ash Grey', palette: 'apparel', code: '063' },
  { nickname: 'Navy', colors: 'Navy', palette: 'apparel', code: '400' },
  { nickname: 'Red', colors: 'Red', palette: 'apparel', code: '600' },
  { nickname: 'Light Oatmeal', colors: 'Light Oatmeal', palette: 'apparel', code: '270' },
  { nickname: 'Dark Oatmeal', colors: 'Dark Oatmeal', palette: 'apparel', code: '270' },
  { nickname: 'Olive', colors: 'Olive', palette: 'apparel', code: '300' },
  { nickname: 'Red', colors: 'Red', palette: 'bottle', code: '600' },
  { nickname: 'Black', colors: 'Black', palette: 'bottle', code: '001' },
  { nickname: 'Clear', colors: 'Clear', palette: 'bottle', code: '100' },
  { nickname: 'Blue', colors: 'Blue', palette: 'bottle', code: '000' },
  { nickname: 'Pink', colors: 'Pink', palette: 'bottle', code: '000' },
  { nickname: 'Green', colors: 'Green', palette: 'bottle', code: '000' },
  { nickname: 'Orange', colors: 'Orange', palette: 'bottle', code: '000' },
  { nickname: 'Purple', colors: 'Purple', palette: 'bottle', code: '000' },
  { nickname: 'White', colors: 'White', palette: 'bottle', code: '000' },
  { nickname: 'Yellow', colors: 'Yellow', palette: 'bottle', code: '000' },
  { nickname: 'Grey', colors: 'Grey', palette: 'figure', code: '020' },
  { nickname: 'Black', colors: 'Black', palette: 'figure', code: '001' },
  { nickname: 'Brown', colors: 'Brown', palette: 'figure', code: '200' },
  { nickname: 'Blush', colors: 'Blush', palette: 'figure', code: '600' },
  { nickname: 'Pink', colors: 'Pink', palette: 'figure', code: '000' },
  { nickname: 'Blue', colors: 'Blue', palette: 'figure', code: '000' },
  { nickname: 'Green', colors: 'Green', palette: 'figure', code: '000' },
  { nickname: 'Purple', colors: 'Purple', palette: 'figure', code: '000' },
  { nickname: 'Orange', colors: 'Orange', palette: 'figure', code: '000' },
  { nickname: 'White', colors: 'White', palette: 'figure', code: '000' },
  { nickname: 'Red', colors: 'Red', palette: 'figure', code: '000' },
  { nickname: 'Mono', colors: 'Mono', palette: 'figure', code: '000' },
  { nickname: 'Booster Bundle', colors: 'Sealed', palette: 'cards', code: '100' },
  // edge (the long-title edge case only, mocks/world/edge-cases.ts; no line draws it)
  { nickname: 'Harbour Fog Sail Muslin Military Blue Reverse Suede Friends and Family', colors: 'Sail/Military Blue-Muslin', palette: 'edge', code: '140' },
  { nickname: 'Elite Trainer Box', colors: 'Sealed', palette: 'cards', code: '100' },
  { nickname: 'Ultra-Premium Collection', colors: 'Sealed', palette: 'cards', code: '100' },
  { nickname: 'Poster Collection', colors: 'Sealed', palette: 'cards', code: '100' },
  { nickname: 'Binder Collection', colors: 'Sealed', palette: 'cards', code: '100' },
  { nickname: 'Booster Box (Japanese, ポケモンカード151)', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Mini Tin', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Pokémon Center Elite Trainer Box', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Booster Pack', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Three-Pack Blister', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Zapdos ex Collection', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Alakazam ex Collection', colors: 'Sealed', palette: 'cards', code: '000' },
  { nickname: 'Mew ex Collection', colors: 'Sealed', palette: 'cards', code: '000' },
];

/** Colour words of two-tone colourway names (`White Black`), with the Nike colour code of the first (brands without words of their own in {@link BRAND_TWO_TONE}). */
const TWO_TONE: readonly (readonly [string, string])[] = [
  ['White', '100'],
  ['Black', '001'],
  ['University Red', '600'],
  ['Royal Blue', '400'],
  ['Wolf Grey', '002'],
  ['Sail', '101'],
  ['Navy', '400'],
  ['Pink', '600'],
  ['Green', '300'],
  ['Orange', '800'],
  ['Yellow', '700'],
  ['Purple', '500'],
  ['Brown', '200'],
  ['Olive', '300'],
  ['Cream', '101'],
  ['Gum', '200'],
  ['Teal', '300'],
  ['Silver', '001'],
  ['Burgundy', '600'],
  ['Light Blue', '400'],
];

/**
 * The colour words of brands that name colours their own way (expert finding 2, third report):
 * their two-tone names are made of these, never of Nike's (`University Red`, `Wolf Grey`, `Sail`),
 * each with the colour code of an ASICS-style SKU's suffix. Sources: the colour lines of adidas.com
 * product pages (`Cloud White / Core Black / Gum`, `Collegiate Navy`, `Team Royal Blue`, `Grey Three`,
 * `Wonder White`), the colours adidas gave its Yeezy Boost 350 V2 releases (`Bone/Bone/Bone`,
 * `Onyx/Onyx/Onyx`, `Salt`, `Slate`, `Carbon`, `Sesame`, `Natural`, `Linen`, `Earth`, `Sand Taupe`,
 * `Granite`, `Flax`; adidas.com Yeezy launch pages) and the colour lines of asics.com SportStyle pages
 * (`Cream/Pure Silver`, `Birch/Sheet Rock`, `Glacier Grey`, `Oyster Grey`, `Clay Canyon`, `Piedmont Grey`).
 */
const BRAND_TWO_TONE: Readonly<Partial<Record<Palette, readonly (readonly [string, string])[]>>> = {
  adidas: [
    ['Cloud White', '100'],
    ['Core Black', '001'],
    ['Collegiate Navy', '410'],
    ['Collegiate Green', '300'],
    ['Collegiate Burgundy', '600'],
    ['Team Royal Blue', '400'],
    ['Scarlet', '600'],
    ['Grey Three', '020'],
    ['Grey One', '020'],
    ['Wonder White', '100'],
    ['Off White', '100'],
    ['Chalk White', '100'],
    ['Crystal White', '100'],
    ['Solar Red', '600'],
    ['Clear Pink', '600'],
    ['Wonder Clay', '200'],
    ['Gum', '200'],
  ],
  yeezy: [
    ['Bone', '200'],
    ['Onyx', '001'],
    ['Salt', '100'],
    ['Slate', '020'],
    ['Carbon', '001'],
    ['Granite', '020'],
    ['Sesame', '200'],
    ['Natural', '200'],
    ['Linen', '200'],
    ['Earth', '200'],
    ['Sand Taupe', '200'],
    ['Flax', '200'],
    ['Core Black', '001'],
    ['Cloud White', '100'],
  ],
  asics: [
    ['White', '100'],
    ['Black', '001'],
    ['Cream', '200'],
    ['Pure Silver', '020'],
    ['Birch', '200'],
    ['Glacier Grey', '020'],
    ['Sheet Rock', '020'],
    ['Oyster Grey', '020'],
    ['Clay Canyon', '200'],
    ['Graphite Grey', '020'],
    ['Piedmont Grey', '020'],
    ['Carrier Grey', '020'],
    ['Midnight', '400'],
    ['Pure Gold', '700'],
  ],
};

/** Single colours of apparel, accessories and collectibles beyond the curated ones. */
const SOLID: readonly string[] = ['White', 'Charcoal', 'Royal', 'Pink', 'Natural', 'Burgundy', 'Light Blue', 'Brown', 'Orange', 'Yellow', 'Green', 'Purple', 'Tan', 'Cardinal'];

/** Sneaker palettes: their curated nicknames first, then the two-tone names every brand uses. */
const SNEAKER_PALETTES: readonly Palette[] = ['jordan', 'nike', 'adidas', 'newbalance', 'asics', 'converse', 'vans', 'salomon', 'yeezy'];

/**
 * Every colourway, each of one brand family's palette (a hoodie never gets a sneaker
 * colourway): the curated nicknames, then for each sneaker palette the two-tone names
 * (`White Black`), then more solid colours for apparel.
 */
export const COLORWAYS: readonly Colorway[] = [
  ...CURATED,
  ...SNEAKER_PALETTES.flatMap((palette) => {
    const words = BRAND_TWO_TONE[palette] ?? TWO_TONE;
    return words.flatMap(([first, code]) =>
      words
        .filter(([second]) => second !== first && !CURATED.some((c) => c.palette === palette && c.nickname === `${first} ${second}`))
        .map(([second]) => ({
          nickname: `${first} ${second}`,
          colors: `${first}/${second}`,
          palette,
          code,
        })),
    );
  }),
  ...SOLID.map((c): Colorway => ({ nickname: c, colors: c, palette: 'apparel', code: '000' })),
];

/** How many of a palette's colourways are curated nicknames (they come first in its pool). */
export const CURATED_COUNT: Readonly<Partial<Record<Palette, number>>> = Object.fromEntries([...new Set(CURATED.map((c) => c.palette))].map((palette) => [palette, CURATED.filter((c) => c.palette === palette).length]));

/** Editions a sneaker may add to its colourway nickname, by palette (none for apparel, accessories, collectibles and Yeezy). */
export const PALETTE_EDITIONS: Readonly<Partial<Record<Palette, readonly string[]>>> = {
  jordan: ['Reimagined', 'Retro', 'SE', 'Craft'],
  nike: ['Premium', 'SE', 'Retro', 'Vintage', 'Suede'],
  adidas: ['Suede', 'Premium'],
  newbalance: ['Made in USA', 'Suede'],
  asics: ['Premium'],
};

/** How a gender shows in titles; the weights are the catalog's shares. */
export const GENDERS = [
  { gender: 'men', suffix: '', weight: 62 },
  { gender: 'women', suffix: ' (W)', weight: 20 },
  { gender: 'unisex', suffix: '', weight: 8 },
  { gender: 'child', suffix: ' (GS)', weight: 6 },
  { gender: 'preschool', suffix: ' (PS)', weight: 2 },
  { gender: 'toddler', suffix: ' (TD)', weight: 2 },
] as const;

/** Countries of manufacture (ISO 3166-1 alpha-2) with their shares. */
export const FACTORIES: readonly (readonly [string, number])[] = [
  ['CN', 45],
  ['VN', 35],
  ['ID', 12],
  ['IN', 3],
  ['US', 2],
  ['GB', 1],
  ['IT', 1],
  ['PT', 1],
];

/** Cities where marketplace B sales ship to, in its `City, CC` form, with shares. */
export const CITIES: readonly (readonly [string, number])[] = [
  ['New York, US', 10],
  ['Los Angeles, US', 9],
  ['Chicago, US', 6],
  ['Houston, US', 4],
  ['Atlanta, US', 4],
  ['Miami, US', 3],
  ['San Francisco, US', 3],
  ['Seattle, US', 2],
  ['Philadelphia, US', 3],
  ['Dallas, US', 3],
  ['Toronto, CA', 3],
  ['Vancouver, CA', 1],
  ['London, GB', 4],
  ['Manchester, GB', 1],
  ['Paris, FR', 2],
  ['Berlin, DE', 2],
  ['Amsterdam, NL', 1],
  ['Milan, IT', 1],
  ['Madrid, ES', 1],
  ['Zurich, CH', 1],
  ['Tokyo, JP', 2],
  ['Seoul, KR', 2],
  ['Hong Kong, HK', 1],
  ['Singapore, SG', 1],
  ['Sydney, AU', 1],
];

/** Every edition name once, in first-seen order: an identity's `edition` indexes this list. */
export const EDITIONS: readonly string[] = [...new Set(Object.values(PALETTE_EDITIONS).flat())];
