// Resale Market Data API — vendor 8 implementation (node:http, no deps)
import http from 'node:http';
import crypto from 'node:crypto';

// ---------------- defects ----------------
// level: must = description, should = production note, http = HTTP/JSON practice
const DEFECTS = {
  'a4-empty-data-null': ['§1, §2.1', 'must', 'Every successful response is a JSON object with a data member; data array for lists', 'A4 answers data:null when the series is empty'],
  'b4-meta-empty-object': ['§2.1', 'must', 'both daily lists have no meta; meta is either null or a pagination object', 'B4 carries meta: {}'],
  'a3-empty-data-object': ['§2.1', 'must', 'data: array for lists', 'A3 answers data:{} when no records'],
  'a3-schema-names-daily': ['§1', 'must', '$schema, a string URL that names the response schema', 'A3 $schema names MarketADailySalesResponse'],
  'schema-doc-html': ['P Envelope', 'should', 'the service serves those JSON Schemas at that URL', 'schema documents served as text/html'],
  'a1-total-capped-low': ['P Pagination / §2.1', 'should', 'Search meta.total is capped at 1000 (total counts the results)', 'A1 meta.total capped at 3 though more results exist'],
  'a-categories-string': ['§2.2', 'must', 'categories | array of string', 'categories is the string "sneakers"'],
  'a-updated-at-epoch': ['§2.2', 'must', 'updated_at | string (ISO 8601 UTC timestamp)', 'updated_at is epoch seconds (number)'],
  'a-secondary-title-missing': ['§2.2', 'must', 'secondary_title | string', 'secondary_title member absent'],
  'a-breadcrumb-alias-missing': ['§2.2', 'must', 'Breadcrumb: alias (string)', 'breadcrumbs lack alias'],
  'a-breadcrumb-levels-skip': ['§2.2', 'must', 'Breadcrumb level (integer, starting at 1)', 'breadcrumb levels 1, 3 (gap)'],
  'a-min-price-null-upcoming': ['§2.2', 'must', 'min_price | number; max_price | number; avg_price | number', 'upcoming products have min/max/avg_price null'],
  'a-gender-capital': ['P Values', 'should', 'gender: men, women, unisex ...', 'gender "Men"/"Women"'],
  'a-description-null': ['§2.2', 'must', 'description | string', 'description null'],
  'a-gallery-360-filenames': ['§2.2', 'must', 'gallery_360 | array of string (URL)', 'gallery_360 entries are bare filenames'],
  'a-upcoming-flips': ['§3', 'must', 'Boolean flags such as upcoming ... no moves between their values are shown (read-only records)', 'A2 upcoming toggles on every request'],
  'a-variant-id-duplicate': ['§2.3 (derived)', 'must', 'variant id | string (UUID) (identifies the variant)', 'variant 1 has the same id as variant 0'],
  'a-variant-size-number': ['§2.3', 'must', 'size | string', 'variant size is a number'],
  'a-size-type-eu': ['§2.3', 'must', 'size_type: Lower-case label of the size system', 'size_type "eu" while size is the US M size'],
  'a-sizes-uk-eu-types-swapped': ['§2.3', 'must', 'sizes: the same size in several systems (type labels its system)', 'UK entry typed eu and EU entry typed uk'],
  'a-total-asks-string': ['§2.3', 'must', 'total_asks | integer', 'total_asks is a string'],
  'a-position-all-zero': ['P Values', 'should', 'Variant position starts at 0 (numbered without repeats)', 'all positions 0'],
  'a-variant-updated-at-date-only': ['§2.3', 'must', 'variant updated_at | string (timestamp)', 'variant updated_at "YYYY-MM-DD"'],
  'a-identifier-number': ['§2.3', 'must', 'Identifier: identifier (string)', 'identifier is a JSON number'],
  'a-identifier-type-gtin': ['P Values', 'should', 'Identifiers: UPC (12 digits) and EAN-13 (13 digits)', 'identifier_type "GTIN" for the 12-digit code'],
  'a-price-asks-float': ['§2.3', 'must', 'Price asks (integer, count of asks)', 'standard asks has .5'],
  'a-price-duplicate-standard': ['§2.3 / §4.1 A2 rule 2', 'must', 'prices: the lowest ask and the ask count per delivery option; type one of standard, express_standard, express_expedited', 'two "standard" entries, no express_expedited'],
  'a-prices-empty-no-asks': ['§4.1 A2 rule 2', 'must', 'With display[prices]=true, each variant gains a filled prices array', 'variants without asks get prices []'],
  'a-identifiers-implies-prices': ['§2.3 / §4.1 A2 rule 2', 'must', 'prices: Filled only when display[prices]=true is sent', 'display[identifiers] alone also fills prices'],
  'a-identifiers-empty-array-unrequested': ['§2.3', 'must', 'identifiers: array or null; Filled only when display[identifiers]=true', 'identifiers [] (not null) when not requested'],
  'a-currency-lowercase': ['P Values', 'should', 'Currency follows the market (USD, GBP, EUR)', 'currency "usd"'],
  'a-market-missing': ['§2.3', 'must', 'market | string', 'variant market member absent'],
  'a-sales-count-negative': ['§2.3 (derived)', 'must', 'sales_count_15_days | integer (a count)', 'variants without sales report -1 in all three counts'],
  'a-sales-count-60-all-time': ['§2.3 (derived)', 'must', 'sales_count_60_days (count over 60 days)', 'sales_count_60_days counts all sales incl. older than 60 days'],
  'a-no-ask-lowest-positive': ['P Values', 'should', '"No asks" is lowest_ask: 0, total_asks: 0', 'no-ask variants have lowest_ask 150 with total_asks 0'],
  'a-price-cents': ['P Values', 'should', 'Prices are whole numbers', 'all prices end in .99'],
  'a-uk-equals-us': ['P Values', 'should', "Size conversions follow each brand's own chart", 'Nike UK size equal to US size'],
  'a3-amount-string': ['§2.4', 'must', 'amount | number', 'A3 amount is a string'],
  'a3-variant-id-missing': ['§2.4', 'must', 'variant_id | string (UUID)', 'A3 record without variant_id'],
  'a3-product-id-uppercase': ['§2.4 (derived)', 'must', 'product_id | string (UUID) (the product)', 'A3 product_id upper-cased'],
  'a3-unknown-variant-all': ['§4.1 A3 rule 2', 'must', 'With variant_id, only sales of that variant are returned', 'variant_id not of this product returns all sales'],
  'a4-avg-rounded': ['§2.5', 'must', 'avg_amount number (fractional): Average sale amount for the day', 'avg_amount rounded to an integer'],
  'a4-orders-string': ['§2.5', 'must', 'orders | integer', 'orders is a string'],
  'a4-day-new-york': ['§4.1 A4 / §2.5', 'must', 'each element covers one calendar day (UTC)', 'days grouped by UTC-5 day, labelled midnight Z'],
  'a4-drop-latest-day': ['§4.1 A4 (derived)', 'must', 'daily aggregates of the sales', 'most recent sale day omitted'],
  'b-colorway-missing': ['§2.6', 'must', 'colorway | string', 'colorway absent'],
  'b-image-url-relative': ['§2.6', 'must', 'image_url | string (URL)', 'image_url relative path'],
  'b-release-year-mismatch': ['§2.6 (derived)', 'must', 'release_date_year | string', 'release_date_year one year after release_date'],
  'b-link-null': ['§2.6', 'must', 'link | string (URL)', 'link null'],
  'b-sizes-presentation-number': ['§2.6', 'must', 'sizes {presentation: string}', 'presentation is a number'],
  'b-updated-at-offset': ['P Values', 'should', 'Timestamps: RFC 3339 UTC with Z', 'B updated_at written with +02:00'],
  'b-category-sneakers': ['P Values', 'should', 'Marketplace B: product_type sneakers with category shoes', 'category "sneakers"'],
  'b-nickname-missing': ['P Values', 'should', 'its products a nickname', 'no nickname member'],
  'b-sizes-value-mismatch': ['§2.6 (derived)', 'must', 'sizes {presentation: string, value: number}', 'value is the floor of presentation (10.5 -> 10)'],
  'b-variant-available-string': ['§2.7', 'must', 'available | boolean', 'available "true"/"false" strings'],
  'b-variant-size-number': ['§2.7', 'must', 'size | string', 'B variant size is a number'],
  'b-variant-market-missing': ['P Values', 'should', 'Its variants also carry market (e.g. US)', 'B variants lack market'],
  'b-variant-currency-missing': ['§2.7', 'must', 'currency | string', 'B variants lack currency'],
  'b3-amount-string': ['§2.8', 'must', 'amount | number', 'B3 amount is a string'],
  'b3-location-reversed': ['§2.8', 'must', 'location: City and country form', 'location "US, Chicago" (country first)'],
  'b3-product-id-string': ['§2.8', 'must', 'product_id | integer', 'B3 product_id a string'],
  'b3-purchased-at-offset': ['P Values', 'should', 'Timestamps: RFC 3339 UTC with Z', 'purchased_at with -05:00 offset'],
  'b3-oldest-first': ['§4.2 (samples, like A3 rule 3)', 'should', 'per-sale records newest first in samples', 'B3 oldest first'],
  'b3-currency-missing': ['§2.8', 'must', 'currency | string', 'B3 record without currency'],
  'b4-product-id-string': ['§2.9', 'must', 'product_id | integer', 'B4 product_id a string'],
  'b4-avg-is-sum': ['§2.9 / §2.5', 'must', 'avg_amount: Average sale amount for the day', 'B4 avg_amount is the day total'],
  'b4-slug-other-product': ['§4.2 rule 1', 'must', 'B4 takes an ID or a slug', "B4 by slug answers the next product's series"],
  'a1-query-ignored': ['§4.1 A1 / §1', 'must', 'query (string): SKU, name, brand or similar term', 'A1 ignores query, lists everything by popularity'],
  'b1-sku-dash-fails': ['§1 / P Values', 'should', 'search by SKU; B writes the same style code with a space', 'B1 matches SKU only literally (DD1391-100 finds nothing)'],
  'b1-relevance-ignored': ['§4.2 B1', 'must', 'Ordered by relevance and popularity', 'B1 ordered by rank only'],
  'free-a1-403': ['§5', 'must', 'Endpoints A3, A4, B3 and B4 are premium (search is not)', 'Free key gets 403 on A1'],
  'free-b2-403': ['§5', 'must', 'only A3, A4, B3, B4 and display[identifiers] are premium', 'Free key gets 403 on B2'],
  'free-prices-403': ['§5', 'must', 'only display[identifiers] is for paying users', 'Free key with display[prices] gets 403'],
  'a3-free-with-variant-id': ['§5', 'must', 'A3 is premium', 'Free key allowed on A3 when variant_id is given'],
  'b4-free-by-slug': ['§5', 'must', 'B4 is premium', 'Free key allowed on B4 when addressed by slug'],
  'auth-bearer-lowercase-rejected': ['HTTP RFC 9110 §11.1 / P Credentials', 'http', 'auth scheme is case-insensitive; Bearer <key> accepted', '"bearer <key>" answered 401'],
  'quota-nonnumeric': ['P Credentials', 'should', 'X-Quota-Current (requests used this month)', 'X-Quota-Current "n/a"'],
  'problem-title-missing': ['P Errors', 'should', 'problem details {title, status, detail}', 'no title member'],
  'problem-errors-object': ['P Errors', 'should', 'errors?: [{message, location, value}]', '422 errors is an object keyed by location'],
  'problem-type-not-uri': ['P Errors / RFC 9457', 'should', 'type is a URI reference', 'type "not found" (with space)'],
  'limit-101-accepted': ['P Pagination', 'should', 'limit (1..100)', 'limit=101 accepted'],
  'limit-0-accepted': ['P Pagination', 'should', 'limit (1..100)', 'limit=0 accepted (empty page)'],
  'daily-limit-1000-accepted': ['P Pagination', 'should', 'daily series accept limit up to 365', 'daily limit=1000 accepted'],
  'unknown-display-param-422': ['P Errors', 'should', 'Unknown query parameters are ignored', 'display[foo]=true answered 422'],
  'b-unknown-id-422': ['P Errors', 'should', 'Unknown product: 404', 'unknown numeric B id answered 422'],
  'default-market-eu': ['P Values', 'should', 'a request without a market gets the US market', 'default market EU with EUR'],
  'weekly-orders-huge': ['P Values', 'should', 'weekly_orders from 0 to a few thousand', 'weekly_orders around 250000'],
  'a1-page-past-end-repeats': ['P Pagination (derived)', 'should', 'page selects the page (page after the last is empty)', 'page past the end repeats the last page'],
  'b2-images-empty': ['§4.2 B2 / §2.6', 'must', 'B2 one product including variants and images', 'B2 images []'],
  'json-duplicate-key': ['H JSON RFC 8259 §4', 'http', 'member names should be unique', 'A2 body repeats "id"'],
  'json-bom': ['H JSON RFC 8259 §8.1', 'http', 'no BOM', 'bodies start with a UTF-8 BOM'],
};

// ---------------- args ----------------
const argv = process.argv.slice(2);
if (argv.includes('--list-defects')) {
  for (const [n, [sec, lvl, st, what]] of Object.entries(DEFECTS)) console.log(`${n}\t${lvl}\t${sec}\t${st}\t${what}`);
  process.exit(0);
}
let PORT = 0;
let DEFECT = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--port') PORT = Number(argv[++i]);
  else if (argv[i] === '--defect') DEFECT = argv[++i];
}
if (DEFECT && !DEFECTS[DEFECT]) {
  console.error('unknown defect ' + DEFECT);
  process.exit(2);
}
const D = (n) => DEFECT === n;

// ---------------- keys ----------------
const KEYS = {
  'RMKV8-3F2A-91C4-7B0E-A1B2C3D4E5F6': 'Pro',
  'RMKV8-0D1E-2F3A-4B5C-6D7E8F9A0B1C': 'Free',
};
const quota = new Map();
const rate = new Map();

// ---------------- data ----------------
function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function uuid(s) {
  const h = crypto.createHash('sha1').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16], 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const NOW = Math.floor(Date.now() / 60000) * 60000;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const DAY = 86400000;
const fmt = (n) => (Math.round(n * 100) / 100).toString();

const CATALOG = [
  // title, brand, model, sku, gender, cat, sec, colorway, nickname, year, base, rank, weekly, upcoming, country
  ['Nike Dunk Low Retro White Black Panda', 'Nike', 'Dunk Low', 'DD1391-100', 'men', 'Nike SB', 'SB Dunk Low', 'White/Black', 'Panda', 2021, 120, 3, 2450, false, 'VN'],
  ['Air Jordan 1 Mid Panda', 'Jordan', 'Air Jordan 1 Mid', 'DV0991-101', 'men', 'Air Jordan', 'One', 'White/Black', 'Panda', 2022, 135, 12, 980, false, 'CN'],
  ['Air Jordan 4 Retro Military Black', 'Jordan', 'Air Jordan 4', 'DH6927-111', 'men', 'Air Jordan', 'Four', 'White/Black-Neutral Grey', 'Military Black', 2022, 260, 5, 1700, false, 'CN'],
  ['Air Jordan 4 Retro Bred Reimagined', 'Jordan', 'Air Jordan 4', 'FV5029-006', 'men', 'Air Jordan', 'Four', 'Black/Fire Red', 'Bred Reimagined', 2024, 240, 8, 1300, false, 'VN'],
  ['adidas Yeezy Boost 350 V2 Onyx', 'adidas', 'Yeezy Boost 350 V2', 'HQ4540', 'unisex', 'adidas', 'Yeezy', 'Onyx/Onyx/Onyx', 'Onyx', 2022, 230, 40, 310, false, 'CN'],
  ['adidas Samba OG White Black Gum', 'adidas', 'Samba OG', 'B75806', 'unisex', 'adidas', 'Samba', 'Cloud White/Core Black', 'White Black Gum', 2018, 100, 9, 1500, false, 'IN'],
  ['adidas Campus 00s Core Black', 'adidas', 'Campus 00s', 'HQ8708', 'unisex', 'adidas', 'Campus', 'Core Black/Cloud White', 'Core Black', 2023, 110, 60, 200, false, 'VN'],
  ['New Balance 550 White Green', 'New Balance', '550', 'BB550WT1', 'men', 'New Balance', '550', 'White/Green', 'White Green', 2021, 130, 25, 600, false, 'VN'],
  ['New Balance 9060 Rain Cloud Grey', 'New Balance', '9060', 'U9060GRY', 'men', 'New Balance', '9060', 'Rain Cloud/Castlerock', 'Rain Cloud', 2022, 170, 31, 420, false, 'VN'],
  ['Nike Air Force 1 Low 07 White', 'Nike', 'Air Force 1 Low', 'CW2288-111', 'men', 'Nike', 'Air Force 1', 'White/White', 'Triple White', 2020, 115, 2, 3100, false, 'VN'],
  ['Nike Dunk Low Grey Fog', 'Nike', 'Dunk Low', 'DD1391-103', 'men', 'Nike SB', 'SB Dunk Low', 'White/Grey Fog', 'Grey Fog', 2021, 125, 18, 760, false, 'VN'],
  ['Nike Dunk Low Womens Rose Whisper', 'Nike', 'Dunk Low', 'DD1503-118', 'women', 'Nike SB', 'SB Dunk Low', 'Rose Whisper/White', 'Rose Whisper', 2023, 110, 140, 90, false, 'VN'],
  ['Air Jordan 11 Retro Legend Blue 2026', 'Jordan', 'Air Jordan 11', 'CT8012-104', 'men', 'Air Jordan', 'Eleven', 'White/Legend Blue-Black', 'Legend Blue', 2026, 230, 420, 0, true, 'CN'],
  ['Nike Air Max 1 Patta Waves Noise Aqua', 'Nike', 'Air Max 1', 'DH1348-004', 'men', 'Nike', 'Air Max', 'Noise Aqua/Black', 'Patta Waves', 2021, 210, 1250, 12, false, 'VN'],
];
const CITIES = ['New York, US', 'Los Angeles, US', 'Chicago, US', 'Houston, US', 'Miami, US', 'Toronto, CA', 'London, GB', 'Berlin, DE', 'Paris, FR', 'Tokyo, JP'];

function sizeSystems(brand, s) {
  let uk, eu, wus;
  const cm = s + 18;
  if (brand === 'adidas') {
    uk = s - 0.5;
    wus = s + 1;
    const thirds = Math.round((s - 7) * 4); // 40 + thirds/3
    const whole = 40 + Math.floor(thirds / 3),
      rem = thirds % 3;
    eu = rem === 0 ? `${whole}` : `${whole} ${rem}/3`;
  } else if (brand === 'New Balance') {
    uk = s - 0.5;
    wus = s + 1.5;
    const t = { 7: 40, 7.5: 40.5, 8: 41.5, 8.5: 42, 9: 42.5, 9.5: 43, 10: 44, 10.5: 44.5, 11: 45, 11.5: 45.5, 12: 46.5 };
    eu = fmt(t[s]);
  } else {
    uk = D('a-uk-equals-us') ? s : s - 1;
    wus = s + 1.5;
    const t = { 7: 40, 7.5: 40.5, 8: 41, 8.5: 42, 9: 42.5, 9.5: 43, 10: 44, 10.5: 44.5, 11: 45, 11.5: 45.5, 12: 46 };
    eu = fmt(t[s]);
  }
  const ukT = D('a-sizes-uk-eu-types-swapped') ? 'eu' : 'uk',
    euT = D('a-sizes-uk-eu-types-swapped') ? 'uk' : 'eu';
  return [
    { size: `US M ${fmt(s)}`, type: 'us m' },
    { size: `UK ${fmt(uk)}`, type: ukT },
    { size: `CM ${fmt(cm)}`, type: 'cm' },
    { size: `KR ${Math.round(cm * 10)}`, type: 'kr' },
    { size: `EU ${eu}`, type: euT },
    { size: `US W ${fmt(wus)}`, type: 'us w' },
  ];
}

function upcCheck(d11) {
  let s = 0;
  for (let i = 0; i < 11; i++) s += Number(d11[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (s % 10)) % 10;
}

const A = [],
  B = [];
const aById = new Map(),
  aBySlug = new Map(),
  bById = new Map(),
  bBySlug = new Map();
CATALOG.forEach((c, k) => {
  const [title, brand, model, sku, gender, cat, sec, colorway, nickname, year, base, rank, weekly, upcoming, country] = c;
  const rnd = mulberry32(1000 + k);
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const id = uuid('a-product-' + sku);
  const sizes = [7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12].slice(0, 7 + (k % 5));
  const market = D('default-market-eu') ? 'EU' : 'US';
  const currency = market === 'EU' ? 'EUR' : 'USD';
  const created = NOW - (400 + k * 13) * DAY - 3600000 * k;
  const updatedP = NOW - 3 * 3600000 - k * 60000;
  const variants = sizes.map((s, i) => {
    const vid = uuid(`a-variant-${sku}-${s}`);
    let prices;
    const noAsks = upcoming || (i === 2 && k % 3 === 0) || i === sizes.length - 1;
    if (noAsks)
      prices = [
        { price: 0, asks: 0, type: 'standard' },
        { price: 0, asks: 0, type: 'express_standard' },
        { price: 0, asks: 0, type: 'express_expedited' },
      ];
    else {
      const sp = Math.round(base * (0.9 + rnd() * 0.5) + i * 3);
      const sa = 1 + Math.floor(rnd() * 9);
      const ea = rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 3);
      const xa = rnd() < 0.7 ? 0 : 1 + Math.floor(rnd() * 2);
      prices = [
        { price: sp, asks: sa, type: 'standard' },
        { price: ea ? sp + 15 + Math.floor(rnd() * 20) : 0, asks: ea, type: 'express_standard' },
        { price: xa ? sp + 40 + Math.floor(rnd() * 20) : 0, asks: xa, type: 'express_expedited' },
      ];
    }
    if (D('a-price-cents'))
      prices.forEach((p) => {
        if (p.price) p.price = p.price + 0.99;
      });
    const nz = prices.filter((p) => p.price > 0).map((p) => p.price);
    const d11 = String(19 + k).padStart(2, '0') + String(Math.floor(rnd() * 1e9)).padStart(9, '0');
    const upc = d11 + upcCheck(d11);
    return {
      id: vid,
      size: fmt(s),
      size_type: 'us m',
      sizes: sizeSystems(brand, s),
      lowest_ask: nz.length ? Math.min(...nz) : 0,
      total_asks: prices.reduce((a, p) => a + p.asks, 0),
      position: i,
      hidden: k % 4 === 1 && i === sizes.length - 1,
      updated_at: iso(updatedP - i * 7000),
      identifiers: [
        { identifier: upc, identifier_type: 'UPC' },
        { identifier: '0' + upc, identifier_type: 'EAN-13' },
      ],
      prices,
      currency,
      market,
      _s: s,
    };
  });
  // A sales
  const sales = [];
  if (!upcoming) {
    const n = 30 + Math.floor(rnd() * 50);
    for (let j = 0; j < n; j++) {
      const v = variants[Math.floor(rnd() * variants.length)];
      const t = NOW - Math.floor(rnd() * 85 * DAY) - 60000;
      const amount = Math.round(base * (0.85 + rnd() * 0.5));
      sales.push({ product_id: id, variant_id: v.id, amount, created_at: Math.floor(t / 1000) * 1000 });
    }
    sales.sort((x, y) => y.created_at - x.created_at);
  }
  for (const v of variants) {
    const mine = sales.filter((s) => s.variant_id === v.id);
    const cnt = (d) => mine.filter((s) => s.created_at >= NOW - d * DAY).length;
    v.sales_count_15_days = cnt(15);
    v.sales_count_30_days = cnt(30);
    v.sales_count_60_days = D('a-sales-count-60-all-time') ? mine.length : cnt(60);
    if (D('a-sales-count-negative') && mine.length === 0) {
      v.sales_count_15_days = -1;
      v.sales_count_30_days = -1;
      v.sales_count_60_days = -1;
    }
  }
  const asks = variants.map((v) => v.lowest_ask).filter((x) => x > 0);
  const a = {
    id,
    title,
    brand,
    model,
    gender,
    description: `The ${title} in the ${colorway} colourway.`,
    image: `https://images.example-a.com/${slug}/main.jpg`,
    sku,
    slug,
    product_type: 'sneakers',
    category: cat,
    secondary_category: sec,
    categories: ['sneakers'],
    breadcrumbs: [
      { value: 'Sneakers', alias: 'sneakers', level: 1 },
      { value: 'Lifestyle', alias: 'lifestyle', level: 2 },
    ],
    gallery: [1, 2, 3].map((g) => `https://images.example-a.com/${slug}/g${g}.jpg`),
    gallery_360: k % 2 ? [] : [1, 2, 3, 4].map((g) => `https://images.example-a.com/${slug}/360/img${g}.jpg`),
    updated_at: updatedP,
    created_at: created,
    link: `https://market-a.example.com/${slug}`,
    rank,
    weekly_orders: D('weekly-orders-huge') ? 250000 + weekly : weekly,
    country_of_manufacture: country,
    primary_title: title.split(' ').slice(0, 3).join(' '),
    secondary_title: title.split(' ').slice(3).join(' '),
    min_price: asks.length ? Math.min(...asks) : 0,
    max_price: asks.length ? Math.max(...asks) : 0,
    avg_price: asks.length ? asks.reduce((x, y) => x + y, 0) / asks.length : 0,
    short_description: k % 3 === 0 ? '' : `${model} in ${nickname}.`,
    upcoming,
    _variants: variants,
    _sales: sales,
  };
  A.push(a);
  aById.set(id, a);
  aBySlug.set(slug, a);
  if (k === 13) return; // A-only product
  const bid = 719000 + k * 7;
  const bsizes = sizes.filter((_, i) => !(i === 1 && k % 2));
  const bvars = bsizes.map((s, i) => {
    const la = upcoming ? 0 : Math.round(base * (0.95 + rnd() * 0.4) + i * 2);
    return { product_id: bid, size: fmt(s), lowest_ask: la, currency, available: la > 0, updated_at: iso(updatedP - 60000 - i * 5000), market };
  });
  const bsales = [];
  if (!upcoming) {
    const n = 25 + Math.floor(rnd() * 40);
    for (let j = 0; j < n; j++) {
      const v = bvars[Math.floor(rnd() * bvars.length)];
      const offer = rnd() < 0.15;
      const t = NOW - Math.floor(rnd() * 80 * DAY) - 120000;
      const amount = Math.round(base * (0.9 + rnd() * 0.4)) - (offer ? 7 : 0);
      bsales.push({ product_id: bid, type: offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE', size_us: v.size, currency, amount, location: CITIES[Math.floor(rnd() * CITIES.length)], purchased_at: Math.floor(t / 1000) * 1000 });
    }
    bsales.sort((x, y) => y.purchased_at - x.purchased_at);
  }
  const bslug = slug.replace(/-retro/, '');
  const rel = Date.UTC(year, (k * 3) % 12, 5 + k, 7, 0, 0);
  const b = {
    id: bid,
    sku: sku.replace('-', ' '),
    slug: bslug,
    name: title,
    brand,
    model,
    description: `${title}. Colorway ${colorway}.`,
    colorway,
    season: ` ${year}`,
    category: 'shoes',
    product_type: 'sneakers',
    image_url: `https://cdn.example-b.com/${bslug}.png`,
    images: [1, 2].map((g) => `https://cdn.example-b.com/${bslug}-${g}.png`),
    release_date: iso(rel),
    release_date_year: String(year),
    retail_prices: null,
    link: `https://market-b.example.com/sneakers/${bslug}`,
    sizes: bsizes.map((s) => ({ presentation: fmt(s), value: s })),
    rank: rank + 1,
    weekly_orders: D('weekly-orders-huge') ? 250000 : Math.round(weekly * 0.6),
    updated_at: updatedP - 30000,
    nickname,
    _variants: bvars,
    _sales: bsales,
  };
  B.push(b);
  bById.set(String(bid), b);
  bBySlug.set(bslug, b);
});

// ---------------- serializers ----------------
let requestCounter = 0;
function aProduct(p, o = {}) {
  const out = {};
  for (const [k, v] of Object.entries(p)) if (!k.startsWith('_')) out[k] = v;
  out.updated_at = D('a-updated-at-epoch') ? Math.floor(p.updated_at / 1000) : iso(p.updated_at);
  out.created_at = iso(p.created_at);
  if (D('a-categories-string')) out.categories = 'sneakers';
  if (D('a-secondary-title-missing')) delete out.secondary_title;
  if (D('a-breadcrumb-alias-missing')) out.breadcrumbs = out.breadcrumbs.map(({ value, level }) => ({ value, level }));
  if (D('a-breadcrumb-levels-skip')) out.breadcrumbs = out.breadcrumbs.map((b, i) => ({ ...b, level: i === 0 ? 1 : 3 }));
  if (D('a-min-price-null-upcoming') && p.upcoming) {
    out.min_price = null;
    out.max_price = null;
    out.avg_price = null;
  }
  if (D('a-gender-capital')) out.gender = p.gender[0].toUpperCase() + p.gender.slice(1);
  if (D('a-description-null')) out.description = null;
  if (D('a-gallery-360-filenames')) out.gallery_360 = out.gallery_360.map((u) => u.split('/').pop());
  if (D('a-upcoming-flips') && o.lookup) out.upcoming = requestCounter % 2 === 0 ? !p.upcoming : p.upcoming;
  if (o.variants) {
    out.variants = p._variants.map((v, i) => {
      const w = {};
      for (const [k, val] of Object.entries(v)) if (!k.startsWith('_')) w[k] = val;
      w.identifiers = o.identifiers ? v.identifiers.map((x) => ({ ...x })) : D('a-identifiers-empty-array-unrequested') ? [] : null;
      const wantPrices = o.prices || (D('a-identifiers-implies-prices') && o.identifiers);
      w.prices = wantPrices ? v.prices.map((x) => ({ ...x })) : null;
      w.sizes = v.sizes.map((x) => ({ ...x }));
      if (w.prices && D('a-prices-empty-no-asks') && v.total_asks === 0) w.prices = [];
      if (w.prices && D('a-price-asks-float')) w.prices[0].asks += 0.5;
      if (w.prices && D('a-price-duplicate-standard')) {
        const st = v.prices[0],
          half = Math.floor(st.asks / 2);
        w.prices = [{ price: st.price, asks: st.asks - half, type: 'standard' }, { price: st.price, asks: half, type: 'standard' }, { ...v.prices[1] }];
        if (v.prices[2].asks) w.prices[1].asks += v.prices[2].asks;
      }
      if (w.identifiers && D('a-identifier-number')) w.identifiers = w.identifiers.map((x) => ({ ...x, identifier: Number(x.identifier) }));
      if (w.identifiers && D('a-identifier-type-gtin')) w.identifiers = w.identifiers.map((x) => (x.identifier_type === 'UPC' ? { ...x, identifier_type: 'GTIN' } : x));
      if (D('a-variant-id-duplicate') && i === 1) w.id = p._variants[0].id;
      if (D('a-variant-size-number')) w.size = v._s;
      if (D('a-size-type-eu')) w.size_type = 'eu';
      if (D('a-total-asks-string')) w.total_asks = String(w.total_asks);
      if (D('a-position-all-zero')) w.position = 0;
      if (D('a-variant-updated-at-date-only')) w.updated_at = v.updated_at.slice(0, 10);
      if (D('a-currency-lowercase')) w.currency = w.currency.toLowerCase();
      if (D('a-market-missing')) delete w.market;
      if (D('a-no-ask-lowest-positive') && v.total_asks === 0) w.lowest_ask = 150;
      return w;
    });
  }
  return out;
}
function bProduct(p, o = {}) {
  const out = {};
  for (const [k, v] of Object.entries(p)) if (!k.startsWith('_')) out[k] = v;
  out.updated_at = D('b-updated-at-offset') ? iso(p.updated_at + 7200000).replace('Z', '+02:00') : iso(p.updated_at);
  if (D('b-colorway-missing')) delete out.colorway;
  if (D('b-image-url-relative')) out.image_url = out.image_url.replace('https://cdn.example-b.com', '');
  if (D('b-release-year-mismatch')) out.release_date_year = String(Number(out.release_date_year) + 1);
  if (D('b-link-null')) out.link = null;
  if (D('b-category-sneakers')) out.category = 'sneakers';
  if (D('b-nickname-missing')) delete out.nickname;
  out.sizes = p.sizes.map((s) => ({
    presentation: D('b-sizes-presentation-number') ? s.value : s.presentation,
    value: D('b-sizes-value-mismatch') ? Math.floor(s.value) : s.value,
  }));
  if (o.search) {
    out.images = null;
    out.variants = null;
  } else {
    out.images = D('b2-images-empty') ? [] : [...p.images];
    out.variants = p._variants.map((v) => {
      const w = { ...v };
      if (D('b-variant-available-string')) w.available = String(v.available);
      if (D('b-variant-size-number')) w.size = Number(v.size);
      if (D('b-variant-market-missing')) delete w.market;
      if (D('b-variant-currency-missing')) delete w.currency;
      return w;
    });
  }
  return out;
}
function aSale(s) {
  const o = { product_id: s.product_id, variant_id: s.variant_id, amount: s.amount, created_at: iso(s.created_at) };
  if (D('a3-amount-string')) o.amount = String(o.amount);
  if (D('a3-variant-id-missing')) delete o.variant_id;
  if (D('a3-product-id-uppercase')) o.product_id = o.product_id.toUpperCase();
  return o;
}
function bSale(s) {
  const o = { product_id: s.product_id, type: s.type, size_us: s.size_us, currency: s.currency, amount: s.amount, location: s.location, purchased_at: iso(s.purchased_at) };
  if (D('b3-amount-string')) o.amount = String(o.amount);
  if (D('b3-location-reversed')) {
    const [c, cc] = s.location.split(', ');
    o.location = `${cc}, ${c}`;
  }
  if (D('b3-product-id-string')) o.product_id = String(o.product_id);
  if (D('b3-purchased-at-offset')) o.purchased_at = iso(s.purchased_at - 5 * 3600000).replace('Z', '-05:00');
  if (D('b3-currency-missing')) delete o.currency;
  return o;
}
function daily(sales, tsKey, productId, mode) {
  const shift = mode === 'ny' ? -5 * 3600000 : 0;
  const g = new Map();
  for (const s of sales) {
    const d = Math.floor((s[tsKey] + shift) / DAY) * DAY;
    if (!g.has(d)) g.set(d, []);
    g.get(d).push(s.amount);
  }
  let rows = [...g.entries()].sort((x, y) => y[0] - x[0]).map(([d, am]) => ({ product_id: productId, avg_amount: am.reduce((a, b) => a + b, 0) / am.length, orders: am.length, date: iso(d), _sum: am.reduce((a, b) => a + b, 0) }));
  return rows;
}

// ---------------- schemas ----------------
const S = (t, extra = {}) => ({ type: t, ...extra });
const str = S('string'),
  num = S('number'),
  int = S('integer'),
  bool = S('boolean'),
  _strN = { type: ['string', 'null'] };
const ts = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' };
const uuidS = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };
const url = { type: 'string', pattern: '^https?://' };
const obj = (props, req = Object.keys(props)) => ({ type: 'object', properties: props, required: req });
const variantA = obj({
  id: uuidS,
  size: str,
  size_type: str,
  sizes: { type: 'array', items: obj({ size: str, type: { enum: ['us m', 'uk', 'cm', 'kr', 'eu', 'us w'] } }) },
  lowest_ask: num,
  total_asks: int,
  position: int,
  hidden: bool,
  updated_at: ts,
  identifiers: { type: ['array', 'null'], items: obj({ identifier: str, identifier_type: str }) },
  prices: { type: ['array', 'null'], items: obj({ price: num, asks: int, type: { enum: ['standard', 'express_standard', 'express_expedited'] } }) },
  currency: str,
  market: str,
  sales_count_15_days: int,
  sales_count_30_days: int,
  sales_count_60_days: int,
});
const productAProps = {
  id: uuidS,
  title: str,
  brand: str,
  model: str,
  gender: str,
  description: str,
  image: url,
  sku: str,
  slug: str,
  product_type: str,
  category: str,
  secondary_category: str,
  categories: { type: 'array', items: str },
  breadcrumbs: { type: 'array', items: obj({ value: str, alias: str, level: { type: 'integer', minimum: 1 } }) },
  gallery: { type: 'array', items: url },
  gallery_360: { type: 'array', items: url },
  updated_at: ts,
  created_at: ts,
  link: url,
  rank: int,
  weekly_orders: int,
  country_of_manufacture: { type: 'string', pattern: '^[A-Z]{2}$' },
  primary_title: str,
  secondary_title: str,
  min_price: num,
  max_price: num,
  avg_price: num,
  short_description: str,
  upcoming: bool,
};
const productA = { ...obj(productAProps), properties: { ...productAProps, variants: { type: 'array', items: variantA } } };
const variantB = obj({ product_id: int, size: str, lowest_ask: num, currency: str, available: bool, updated_at: ts }, ['product_id', 'size', 'lowest_ask', 'currency', 'available', 'updated_at']);
const productBProps = {
  id: int,
  sku: str,
  slug: str,
  name: str,
  brand: str,
  model: str,
  description: str,
  colorway: str,
  season: str,
  category: str,
  product_type: str,
  image_url: url,
  images: { type: ['array', 'null'], items: url },
  release_date: str,
  release_date_year: str,
  retail_prices: { type: 'null' },
  link: url,
  sizes: { type: 'array', items: obj({ presentation: str, value: num }) },
  rank: int,
  weekly_orders: int,
  updated_at: ts,
  variants: { type: ['array', 'null'], items: variantB },
};
const productB = obj(productBProps);
const saleA = obj({ product_id: uuidS, variant_id: uuidS, amount: num, created_at: ts });
const dailyA = obj({ product_id: uuidS, avg_amount: num, orders: int, date: ts });
const saleB = obj({ product_id: int, type: { enum: ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'] }, size_us: str, currency: str, amount: num, location: str, purchased_at: ts });
const dailyB = obj({ product_id: int, avg_amount: num, orders: int, date: ts });
const env = (data, meta) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: meta === undefined ? ['data'] : ['data', 'meta'],
  properties: { $schema: { type: 'string' }, data, ...(meta !== undefined ? { meta } : {}) },
});
const SCHEMAS = {
  MarketAProductSearchResponse: env({ type: 'array', items: productA }, obj({ current_page: int, per_page: int, total: int })),
  MarketAProductResponse: env(productA, { type: 'null' }),
  MarketASalesResponse: env({ type: 'array', items: saleA }),
  MarketADailySalesResponse: env({ type: 'array', items: dailyA }),
  MarketBProductSearchResponse: env({ type: 'array', items: productB }),
  MarketBProductResponse: env(productB, { type: 'null' }),
  MarketBSalesResponse: env({ type: 'array', items: saleB }, obj({ page: int, per_page: int })),
  MarketBDailySalesResponse: env({ type: 'array', items: dailyB }),
};

// ---------------- HTTP helpers ----------------
class HttpError extends Error {
  constructor(status, title, detail, errors) {
    super(detail);
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors;
  }
}
const unproc = (location, value, message) => new HttpError(422, 'Unprocessable Entity', 'validation failed', [{ message, location, value }]);

function send(req, res, status, body, headers = {}, ctype = 'application/json') {
  let text = JSON.stringify(body);
  if (D('json-duplicate-key') && req._op === 'A2' && status === 200) text = text.replace(/^\{"\$schema":("[^"]*"),"data":\{/, (m) => m + `"id":${JSON.stringify(body.data.id)},`);
  if (D('json-bom')) text = '\uFEFF' + text;
  const etag = '"' + crypto.createHash('sha1').update(text).digest('hex').slice(0, 20) + '"';
  const h = { 'Content-Type': ctype + '; charset=utf-8', ...req._hdr, ...headers };
  if (status === 200) {
    h.ETag = etag;
    const inm = req.headers['if-none-match'];
    if (
      inm &&
      inm
        .split(',')
        .map((x) => x.trim().replace(/^W\//, ''))
        .includes(etag)
    ) {
      res.writeHead(304, { ETag: etag, ...req._hdr });
      return res.end();
    }
  }
  const buf = Buffer.from(text, 'utf8');
  h['Content-Length'] = buf.length;
  res.writeHead(status, h);
  res.end(req.method === 'HEAD' ? undefined : buf);
}
function problem(req, res, e, extraHeaders = {}) {
  const body = { type: 'about:blank', title: e.title, status: e.status, detail: e.detail, instance: req.url.split('?')[0] };
  if (D('problem-type-not-uri')) body.type = e.title.toLowerCase();
  if (D('problem-title-missing')) delete body.title;
  if (e.errors) body.errors = D('problem-errors-object') ? Object.fromEntries(e.errors.map((x) => [x.location, x])) : e.errors;
  send(req, res, e.status, body, extraHeaders, 'application/problem+json');
}

function intParam(q, name, def, min, max) {
  const raw = q.get(name);
  if (raw === null) return def;
  if (!/^\d+$/.test(raw)) throw unproc('query.' + name, raw, `${name} must be an integer`);
  const n = Number(raw);
  if (n < min || n > max) throw unproc('query.' + name, raw, `${name} must be between ${min} and ${max}`);
  return n;
}
function limitBounds(daily) {
  let min = 1,
    max = daily ? 365 : 100;
  if (D('limit-101-accepted') && !daily) max = 101;
  if (D('limit-0-accepted')) min = 0;
  if (D('daily-limit-1000-accepted') && daily) max = 1000;
  return [min, max];
}
function paging(q, defLimit, daily = false) {
  const page = intParam(q, 'page', 1, 1, 10000);
  const [mn, mx] = limitBounds(daily);
  const limit = intParam(q, 'limit', defLimit, mn, mx);
  return { page, limit };
}
function boolParam(q, name) {
  const raw = q.get(name);
  if (raw === null) return false;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw unproc('query.' + name, raw, `${name} must be a boolean`);
}
const schemaUrl = (req, name) => `http://${req.headers.host || '127.0.0.1'}/schemas/${name}.json`;

function search(list, query, fields, skuNorm, anyTok = false) {
  const q = (query || '').trim().toLowerCase();
  const norm = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!q) return [...list].sort((a, b) => a.rank - b.rank);
  const toks = q.split(/\s+/);
  const scored = [];
  for (const p of list) {
    const hay = fields(p).join(' ').toLowerCase();
    let score = 0;
    const skuHit = skuNorm ? norm(p.sku) === norm(q) : p.sku.toLowerCase() === q;
    if (skuHit) score += 1000;
    else if (!skuNorm && norm(p.sku) === norm(q)) {
      /* literal only */
    }
    const tokHit = (t) => hay.includes(t) || (skuNorm && norm(p.sku).includes(norm(t)) && norm(t).length >= 4);
    if (anyTok) {
      const n = toks.filter((t) => t.length >= 2 && tokHit(t)).length;
      if (!skuHit && n === 0) continue;
      score += 10 * n;
    } else if (!skuHit && !toks.every(tokHit)) continue;
    const name = (p.title || p.name).toLowerCase();
    if (name === q) score += 500;
    if (name.includes(q)) score += 50;
    if (p.brand.toLowerCase() === q) score += 20;
    score += toks.filter((t) => name.includes(t)).length;
    scored.push([score, p]);
  }
  scored.sort((x, y) => y[0] - x[0] || x[1].rank - y[1].rank);
  return scored.map((x) => x[1]);
}

// ---------------- routing ----------------
function auth(req) {
  const h = req.headers.authorization;
  if (!h) return null;
  let key = h.trim();
  const m = /^(bearer)\s+(.+)$/i.exec(key);
  if (m) {
    if (D('auth-bearer-lowercase-rejected') && m[1] !== 'Bearer') return null;
    key = m[2].trim();
  }
  return KEYS[key] ? { key, tier: KEYS[key] } : null;
}

function handle(req, res) {
  requestCounter++;
  const u = new URL(req.url, 'http://x');
  const q = u.searchParams;
  const who = auth(req);
  const ident = who ? who.key : req.socket.remoteAddress || 'anon';
  const used = (quota.get(ident) || 0) + 1;
  quota.set(ident, used);
  req._hdr = { 'X-Key-Type': who ? who.tier : 'None', 'X-Quota-Current': D('quota-nonnumeric') ? 'n/a' : String(used) };
  try {
    // schema documents
    let m = /^\/schemas\/([A-Za-z]+)\.json$/.exec(u.pathname);
    if (m && SCHEMAS[m[1]] && (req.method === 'GET' || req.method === 'HEAD')) {
      const doc = { $id: schemaUrl(req, m[1]), ...SCHEMAS[m[1]] };
      return send(req, res, 200, doc, {}, D('schema-doc-html') ? 'text/html' : 'application/schema+json');
    }
    m = /^\/v3\/(market_a|market_b)\/products(?:\/([^/]+))?(\/sales)?(\/daily)?\/?$/.exec(u.pathname);
    if (!m || (m[4] && !m[3]) || (m[3] && !m[2])) throw new HttpError(404, 'Not Found', 'No such route');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return problem(req, res, new HttpError(405, 'Method Not Allowed', 'Only GET and HEAD are supported'), { Allow: 'GET, HEAD' });
    }
    if (!who) throw new HttpError(401, 'Unauthorized', 'Invalid key');
    const w = rate.get(who.key) || { start: Date.now(), n: 0 };
    if (Date.now() - w.start > 60000) {
      w.start = Date.now();
      w.n = 0;
    }
    w.n++;
    rate.set(who.key, w);
    if (w.n > 640) return problem(req, res, new HttpError(429, 'Too Many Requests', 'Rate limit exceeded'), { 'Retry-After': String(Math.ceil((w.start + 60000 - Date.now()) / 1000)) });
    const paid = who.tier !== 'Free';
    const market = m[1],
      idp = m[2] ? decodeURIComponent(m[2]) : null,
      sales = !!m[3],
      dly = !!m[4];
    const op = (market === 'market_a' ? 'A' : 'B') + (idp === null ? 1 : !sales ? 2 : !dly ? 3 : 4);
    req._op = op;
    if (D('unknown-display-param-422')) for (const k of q.keys()) if (/^display\[/.test(k) && !['display[variants]', 'display[prices]', 'display[identifiers]'].includes(k)) throw unproc('query.' + k, q.get(k), 'unknown display option');
    const forbid = () => new HttpError(403, 'Forbidden', 'Your plan does not include this feature');
    if (['A3', 'A4', 'B3', 'B4'].includes(op) && !paid) {
      const bypass = (D('a3-free-with-variant-id') && op === 'A3' && q.has('variant_id')) || (D('b4-free-by-slug') && op === 'B4' && !/^\d+$/.test(idp));
      if (!bypass) throw forbid();
    }
    if (!paid && ((D('free-a1-403') && op === 'A1') || (D('free-b2-403') && op === 'B2'))) throw forbid();
    const qlen = (q.get('query') || '').length;
    if (op === 'A1' || op === 'B1') {
      if (qlen > 200) throw unproc('query.query', q.get('query'), 'query must be at most 200 characters');
      const { page, limit } = paging(q, 20);
      if (op === 'A1') {
        let hits = D('a1-query-ignored') ? [...A].sort((a, b) => a.rank - b.rank) : search(A, q.get('query'), (p) => [p.title, p.brand, p.model, p.sku, p.slug, p.category, p.secondary_category, p.gender], true);
        const total = hits.length;
        let start = (page - 1) * limit;
        if (D('a1-page-past-end-repeats') && start >= total && total > 0 && limit > 0) start = Math.floor((total - 1) / limit) * limit;
        const data = hits.slice(start, start + limit).map((p) => aProduct(p, { search: true }));
        let t = Math.min(total, 1000);
        if (D('a1-total-capped-low')) t = Math.min(t, 3);
        return send(req, res, 200, { $schema: schemaUrl(req, 'MarketAProductSearchResponse'), data, meta: { current_page: page, per_page: limit, total: t } });
      }
      let hits = search(B, q.get('query'), (p) => [p.name, p.brand, p.model, p.sku, p.slug, p.colorway, p.nickname], !D('b1-sku-dash-fails'), true);
      if (D('b1-relevance-ignored')) hits.sort((a, b) => a.rank - b.rank);
      const data = hits.slice((page - 1) * limit, (page - 1) * limit + limit).map((p) => bProduct(p, { search: true }));
      return send(req, res, 200, { $schema: schemaUrl(req, 'MarketBProductSearchResponse'), data });
    }
    // lookups
    let prod;
    if (market === 'market_a') prod = aById.get(idp) || aBySlug.get(idp);
    else {
      if (op === 'B3' && !/^\d+$/.test(idp)) throw unproc('path.id', idp, 'id must be an integer');
      prod = bById.get(idp) || (op !== 'B3' ? bBySlug.get(idp) : undefined);
      if (D('b4-slug-other-product') && op === 'B4' && !bById.get(idp) && prod) prod = B[(B.indexOf(prod) + 1) % B.length];
      if (!prod && D('b-unknown-id-422') && /^\d+$/.test(idp)) throw unproc('path.id', idp, 'unknown id');
    }
    if (!prod) throw new HttpError(404, 'Not Found', 'Product not found');
    if (op === 'A2') {
      const o = { variants: boolParam(q, 'display[variants]'), prices: boolParam(q, 'display[prices]'), identifiers: boolParam(q, 'display[identifiers]'), lookup: true };
      if (o.identifiers && !paid) throw forbid();
      if (o.prices && !paid && D('free-prices-403')) throw forbid();
      return send(req, res, 200, { $schema: schemaUrl(req, 'MarketAProductResponse'), data: aProduct(prod, o), meta: null });
    }
    if (op === 'B2') return send(req, res, 200, { $schema: schemaUrl(req, 'MarketBProductResponse'), data: bProduct(prod), meta: null });
    if (op === 'A3') {
      const { page, limit } = paging(q, 50);
      let list = prod._sales;
      const vid = q.get('variant_id');
      if (vid !== null) {
        if (!/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(vid)) throw unproc('query.variant_id', vid, 'variant_id must be a UUID');
        const own = prod._variants.some((v) => v.id === vid);
        if (!(D('a3-unknown-variant-all') && !own)) list = list.filter((s) => s.variant_id === vid);
      }
      let data = list.slice((page - 1) * limit, page * limit).map(aSale);
      if (D('a3-empty-data-object') && data.length === 0) data = {};
      return send(req, res, 200, { $schema: schemaUrl(req, D('a3-schema-names-daily') ? 'MarketADailySalesResponse' : 'MarketASalesResponse'), data });
    }
    if (op === 'B3') {
      const { page, limit } = paging(q, 50);
      let list = prod._sales;
      if (D('b3-oldest-first')) list = [...list].reverse();
      const data = list.slice((page - 1) * limit, page * limit).map(bSale);
      return send(req, res, 200, { $schema: schemaUrl(req, 'MarketBSalesResponse'), data, meta: { page, per_page: limit } });
    }
    // daily
    const { page, limit } = paging(q, 20, true);
    if (op === 'A4') {
      let rows = daily(prod._sales, 'created_at', prod.id, D('a4-day-new-york') ? 'ny' : 'utc');
      if (D('a4-drop-latest-day')) rows = rows.slice(1);
      let data = rows.slice((page - 1) * limit, page * limit).map((r) => {
        const o = { product_id: r.product_id, avg_amount: r.avg_amount, orders: r.orders, date: r.date };
        if (D('a4-avg-rounded')) o.avg_amount = Math.round(o.avg_amount);
        if (D('a4-orders-string')) o.orders = String(o.orders);
        return o;
      });
      if (D('a4-empty-data-null') && data.length === 0) data = null;
      return send(req, res, 200, { $schema: schemaUrl(req, 'MarketADailySalesResponse'), data });
    }
    const rows = daily(prod._sales, 'purchased_at', prod.id, 'utc');
    const data = rows.slice((page - 1) * limit, page * limit).map((r) => {
      const o = { product_id: r.product_id, avg_amount: r.avg_amount, orders: r.orders, date: r.date };
      if (D('b4-product-id-string')) o.product_id = String(o.product_id);
      if (D('b4-avg-is-sum')) o.avg_amount = r._sum;
      return o;
    });
    const body = { $schema: schemaUrl(req, 'MarketBDailySalesResponse'), data };
    if (D('b4-meta-empty-object')) body.meta = {};
    return send(req, res, 200, body);
  } catch (e) {
    if (e instanceof HttpError) return problem(req, res, e);
    console.error(e);
    return problem(req, res, new HttpError(500, 'Internal Server Error', 'unexpected error'));
  }
}

const server = http.createServer(handle);
server.listen(PORT, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
