/**
 * The real-world vocabulary of the data world: brands, model lines, colourways, size charts'
 * owners, cities and factories, as the two marketplaces show them (values follow
 * shared/notes/production-behaviour.md). Data only; no logic.
 */

/** How a brand writes its style codes (SKUs) on marketplace A. */
export type SkuFormat =
  | 'nike' // DD1391-100: 2 letters, 4 digits, dash, 3-digit colour code
  | 'adidas' // GW2871: 2 letters, 4 digits
  | 'newbalance' // M990GL6 / U9060ZGB: model prefix, 2-3 letters, optional digit
  | 'asics' // 1201A019-200: 4 digits, letter, 3 digits, dash, 3 digits
  | 'converse' // 162050C: 6 digits, letter
  | 'vans' // VN000D3HY28: VN000 + 6 alphanumerics
  | 'salomon' // L47293000: L + 8 digits
  | 'generic'; // FW23SW12: season + 2 letters + digits

/** Whose size chart converts a product's sizes (§2.3 `sizes`). */
export type SizeChart = 'nike' | 'adidas' | 'newbalance' | 'asics' | 'unisex' | 'apparel' | 'onesize';

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
  /** First release year of the line. */
  since: number;
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
  categoryB: 'lifestyle',
  productType: 'sneakers',
  retail,
  sku: 'nike',
  chart: 'nike',
  weight,
  since,
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
  categoryB: 'basketball',
  productType: 'sneakers',
  retail,
  sku: 'nike',
  chart: 'nike',
  weight,
  since,
  crumbs: ['Jordan', model],
  blurb: `The ${primaryTitle} brings back a silhouette Michael Jordan first wore on court.`,
});
const adidas = (primaryTitle: string, model: string, secondaryCategory: string, retail: number, weight: number, since: number): ModelLine => ({
  brand: 'adidas',
  brandB: 'adidas',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'adidas',
  secondaryCategory,
  categoryB: 'lifestyle',
  productType: 'sneakers',
  retail,
  sku: 'adidas',
  chart: 'adidas',
  weight,
  since,
  crumbs: ['adidas', model],
  blurb: `The ${primaryTitle} pairs a classic adidas upper with a modern build.`,
});
const nb = (primaryTitle: string, model: string, prefix: string, retail: number, weight: number, since: number): ModelLine => ({
  brand: 'New Balance',
  brandB: 'New Balance',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'New Balance',
  secondaryCategory: model.replace('New Balance ', ''),
  categoryB: 'running',
  productType: 'sneakers',
  retail,
  sku: 'newbalance',
  skuPrefix: prefix,
  chart: 'newbalance',
  weight,
  since,
  crumbs: ['New Balance', model],
  blurb: `The ${primaryTitle} builds on New Balance's heritage running line.`,
});
const asics = (primaryTitle: string, model: string, retail: number, weight: number, since: number): ModelLine => ({
  brand: 'ASICS',
  brandB: 'ASICS',
  primaryTitle,
  nameB: primaryTitle,
  model,
  category: 'ASICS',
  secondaryCategory: model.replace('ASICS ', ''),
  categoryB: 'running',
  productType: 'sneakers',
  retail,
  sku: 'asics',
  chart: 'asics',
  weight,
  since,
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
  nike('Nike SB Dunk Low', 'Nike SB Dunk', 'SB Dunk Low', 120, 4, 2002, { category: 'Nike SB', categoryB: 'skateboarding', crumbs: ['Nike', 'Nike SB'] }),
  nike("Nike Air Force 1 Low '07", 'Nike Air Force 1', 'Air Force 1', 115, 6, 1982),
  nike('Nike Air Max 1', 'Nike Air Max 1', 'Air Max', 150, 3, 1987),
  nike('Nike Air Max 90', 'Nike Air Max 90', 'Air Max', 140, 3, 1990),
  nike('Nike Air Max 95', 'Nike Air Max 95', 'Air Max', 185, 2, 1995),
  nike('Nike Zoom Vomero 5', 'Nike Zoom Vomero 5', 'Running', 160, 2, 2010, { categoryB: 'running' }),
  nike('Nike Kobe 6 Protro', 'Nike Kobe 6', 'Kobe', 190, 2, 2011, { categoryB: 'basketball' }),
  adidas('adidas Yeezy Boost 350 V2', 'adidas Yeezy Boost 350', 'Yeezy', 230, 5, 2016),
  adidas('adidas Samba OG', 'adidas Samba', 'Samba', 100, 4, 1950),
  adidas('adidas Gazelle Indoor', 'adidas Gazelle', 'Gazelle', 120, 2, 1966),
  adidas('adidas Campus 00s', 'adidas Campus', 'Campus', 110, 2, 1970),
  adidas('adidas Forum Low', 'adidas Forum', 'Forum', 100, 1, 1984),
  adidas('adidas Ultraboost 1.0', 'adidas Ultraboost', 'Ultraboost', 190, 1, 2015),
  nb('New Balance 550', 'New Balance 550', 'BB550', 110, 3, 1989),
  nb('New Balance 990v6', 'New Balance 990', 'M990', 200, 2, 1982),
  nb('New Balance 2002R', 'New Balance 2002R', 'M2002R', 150, 2, 2010),
  nb('New Balance 9060', 'New Balance 9060', 'U9060', 150, 3, 2022),
  nb('New Balance 1906R', 'New Balance 1906R', 'M1906R', 155, 1, 2020),
  asics('ASICS Gel-Kayano 14', 'ASICS Gel-Kayano 14', 160, 2, 2008),
  asics('ASICS Gel-1130', 'ASICS Gel-1130', 130, 2, 2008),
  asics('ASICS Gel-NYC', 'ASICS Gel-NYC', 140, 1, 2023),
  {
    brand: 'Converse',
    brandB: 'Converse',
    primaryTitle: 'Converse Chuck Taylor All-Star 70 Hi',
    nameB: 'Chuck 70 High',
    model: 'Converse Chuck Taylor All-Star 70',
    category: 'Converse',
    secondaryCategory: 'Chuck 70',
    categoryB: 'lifestyle',
    productType: 'sneakers',
    retail: 90,
    sku: 'converse',
    chart: 'unisex',
    weight: 1,
    since: 1970,
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
    categoryB: 'skateboarding',
    productType: 'sneakers',
    retail: 70,
    sku: 'vans',
    chart: 'unisex',
    weight: 1,
    since: 1977,
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
    categoryB: 'running',
    productType: 'sneakers',
    retail: 200,
    sku: 'salomon',
    chart: 'unisex',
    weight: 1,
    since: 2013,
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
    crumbs: ['KAWS', 'Figures'],
    blurb: 'The KAWS Companion Open Edition is a painted vinyl figure in a printed box.',
  },
];

/** One colourway: its nickname (`secondary_title`), its colour list, and Nike's colour code. */
export interface Colorway {
  nickname: string;
  colors: string;
  /** Three-digit colour code of Nike-style SKUs (`100` white, `001` black, `600` red, ...). */
  code: string;
}

/** Colourways shared by all model lines; a product picks one and may add an edition. */
export const COLORWAYS: readonly Colorway[] = [
  { nickname: 'Chicago', colors: 'White/Black-Varsity Red', code: '101' },
  { nickname: 'Chicago Lost and Found', colors: 'Varsity Red/Black-Sail-Muslin', code: '612' },
  { nickname: 'Bred', colors: 'Black/Varsity Red-White', code: '061' },
  { nickname: 'Bred Toe', colors: 'Gym Red/Black-White-Summit White', code: '610' },
  { nickname: 'Royal', colors: 'Black/Varsity Royal-White', code: '041' },
  { nickname: 'Shadow', colors: 'Black/Medium Grey-White', code: '013' },
  { nickname: 'Panda', colors: 'White/Black-White', code: '100' },
  { nickname: 'Reverse Panda', colors: 'Black/White-Black', code: '002' },
  { nickname: 'Triple White', colors: 'White/White-White', code: '111' },
  { nickname: 'Triple Black', colors: 'Black/Black-Black', code: '001' },
  { nickname: 'University Blue', colors: 'White/University Blue-Black', code: '141' },
  { nickname: 'Military Black', colors: 'White/Black-Neutral Grey', code: '111' },
  { nickname: 'Military Blue', colors: 'Off White/Military Blue-Neutral Grey', code: '141' },
  { nickname: 'Black Cat', colors: 'Black/Black-Light Graphite', code: '010' },
  { nickname: 'White Cement', colors: 'Summit White/Fire Red-Black-Tech Grey', code: '100' },
  { nickname: 'Black Cement', colors: 'Black/Fire Red-Cement Grey-Summit White', code: '010' },
  { nickname: 'Cool Grey', colors: 'Cool Grey/White-Anthracite', code: '007' },
  { nickname: 'Concord', colors: 'White/Black-Dark Concord', code: '100' },
  { nickname: 'Space Jam', colors: 'Black/Dark Concord-White', code: '041' },
  { nickname: 'Georgetown', colors: 'Grey Fog/Midnight Navy-White', code: '004' },
  { nickname: 'Grey Fog', colors: 'White/Grey Fog', code: '002' },
  { nickname: 'Coast', colors: 'White/Coast-University Gold', code: '113' },
  { nickname: 'Photon Dust', colors: 'Photon Dust/White', code: '003' },
  { nickname: 'Medium Olive', colors: 'Medium Olive/Black-Sail', code: '300' },
  { nickname: 'Pine Green', colors: 'Pine Green/Black-White-Sail', code: '130' },
  { nickname: 'Mocha', colors: 'Sail/Dark Mocha-Black', code: '102' },
  { nickname: 'Hyper Royal', colors: 'Light Smoke Grey/Hyper Royal-White', code: '401' },
  { nickname: 'Court Purple', colors: 'Court Purple/White-Black', code: '500' },
  { nickname: 'Zebra', colors: 'White/Core Black-Red', code: '900' },
  { nickname: 'Bone', colors: 'Bone/Bone/Bone', code: '200' },
  { nickname: 'Onyx', colors: 'Onyx/Onyx/Onyx', code: '001' },
  { nickname: 'Sand Taupe', colors: 'Sand Taupe/Sand Taupe', code: '200' },
  { nickname: 'Beluga', colors: 'Steel Grey/Beluga/Solar Red', code: '002' },
  { nickname: 'Carbon', colors: 'Carbon/Carbon/Carbon', code: '001' },
  { nickname: 'Cloud White Gum', colors: 'Cloud White/Core Black/Gum', code: '100' },
  { nickname: 'Core Black Gum', colors: 'Core Black/Cloud White/Gum', code: '001' },
  { nickname: 'Collegiate Green', colors: 'Collegiate Green/Cloud White/Gum', code: '300' },
  { nickname: 'Wonder White', colors: 'Wonder White/Wonder Clay/Gum', code: '100' },
  { nickname: 'Team Royal Blue', colors: 'Team Royal Blue/Cloud White/Gum', code: '400' },
  { nickname: 'Sea Salt', colors: 'Sea Salt/Raincloud', code: '100' },
  { nickname: 'Grey Day', colors: 'Grey/Grey-White', code: '020' },
  { nickname: 'Rain Cloud', colors: 'Rain Cloud/Castlerock', code: '020' },
  { nickname: 'Protection Pack Phantom', colors: 'Phantom/Castlerock', code: '025' },
  { nickname: 'Sandstone', colors: 'Sandstone/Timberwolf', code: '250' },
  { nickname: 'Navy White', colors: 'Navy/White', code: '410' },
  { nickname: 'White Green', colors: 'White/Green', code: '130' },
  { nickname: 'Cream Black', colors: 'Cream/Black', code: '201' },
  { nickname: 'Silver Blue', colors: 'Pure Silver/Blue', code: '040' },
  { nickname: 'Birch', colors: 'Birch/Sheet Rock', code: '200' },
  { nickname: 'Glacier Grey', colors: 'Glacier Grey/Pure Silver', code: '020' },
  { nickname: 'Black Pure Silver', colors: 'Black/Pure Silver', code: '001' },
  { nickname: 'Midnight Navy', colors: 'Midnight Navy/White', code: '400' },
  { nickname: 'Varsity Maize', colors: 'White/Varsity Maize', code: '700' },
  { nickname: "Valentine's Day", colors: 'White/University Red-Pink Foam', code: '600' },
  { nickname: 'Black Toe', colors: 'White/Black-Gym Red', code: '106' },
  { nickname: 'Smoke Grey', colors: 'Smoke Grey/White-Black', code: '003' },
  { nickname: 'Lucky Green', colors: 'White/Lucky Green-Black', code: '301' },
  { nickname: 'Red Stardust', colors: 'Red Stardust/Sail', code: '600' },
  { nickname: 'Heather Grey', colors: 'Heather Grey', code: '063' },
  { nickname: 'Light Oatmeal', colors: 'Light Oatmeal', code: '270' },
];

/** Editions a product may add to its colourway nickname. */
export const EDITIONS: readonly string[] = ['Reimagined', 'Premium', 'SE', 'Craft', 'Retro', '2024', 'Vintage', 'Suede'];

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

/** Marketplace B currencies with their shares and their value of one USD. */
export const B_CURRENCIES: readonly { code: string; weight: number; perUsd: number }[] = [
  { code: 'USD', weight: 70, perUsd: 1 },
  { code: 'EUR', weight: 14, perUsd: 0.92 },
  { code: 'GBP', weight: 10, perUsd: 0.79 },
  { code: 'CHF', weight: 6, perUsd: 0.88 },
];
