#!/usr/bin/env node
// Resale Market Data API: single-file reference vendor server (node:http only).
// node server.mjs --port N [--defect NAME]
import http from 'node:http';
import crypto from 'node:crypto';

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
let PORT = 4020;
let DEFECT = null;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--port') PORT = Number(argv[++i]);
  else if (argv[i] === '--defect') DEFECT = argv[++i];
  else if (argv[i] === '--list-defects') {
    DEFECT = '__list';
  }
}
export const DEFECTS = [
  'a1-total-page-count',
  'a1-current-page-always-1',
  'a1-page-overlap',
  'a1-per-page-default',
  'a1-popularity-reversed',
  'a1-sku-not-first',
  'a1-meta-null',
  'a1-rank-stale',
  'a2-meta-absent',
  'b2-meta-absent',
  'a3-has-meta',
  'a2-slug-wrong-product',
  'b1-variants-filled',
  'b2-images-null',
  'b-variant-product-id-other',
  'b1-id-string',
  'b-sizes-value-string',
  'b1-popularity-reversed',
  'b-release-date-empty',
  'b3-slug-accepted',
  'b3-meta-page-zero-based',
  'b3-page-ignored',
  'b3-limit-plus-one',
  'b3-size-us-number',
  'b3-location-code',
  'b3-size-orphan',
  'b4-ascending',
  'b4-orders-sale-only',
  'b4-date-new-york',
  'a3-oldest-first',
  'a3-other-product',
  'a3-variant-id-orphan',
  'a4-product-id-slug',
  'a4-date-only',
  'a4-zero-days',
  'a4-orders-distinct-variants',
  'a4-split-by-variant',
  'a-position-one-based',
  'a-total-asks-not-sum',
  'a-lowest-ask-zero-express',
  'a-lowest-ask-null',
  'a-min-max-swapped',
  'a-avg-price-string',
  'a-weekly-orders-float',
  'a-sales-count-swapped',
  'a-sales-count-stale',
  'a-hidden-string',
  'a-gallery-360-null',
  'a-short-description-null',
  'a-created-at-no-z',
  'a-sizes-extra-jp',
  'a-identifiers-empty-hidden',
  'a-prices-hidden-null',
  'a-display-false-on',
  'a-display-prices-implies-variants',
  'a-link-relative',
  'a-breadcrumb-level-string',
  'b4-free-ok',
  'free-premium-401',
  'identifiers-free-200-null',
  'bare-key-401',
  'problem-json-plain',
  'problem-status-mismatch',
  'limit-over-clamped',
  'unknown-param-422',
  'head-405',
  'x-key-type-missing',
  'not-found-200-null',
  'a-avg-price-includes-zero',
  'a-currency-market-mismatch',
  'a-country-lowercase',
  'b3-offers-majority',
  'b1-images-empty',
  'b2-retail-prices-object',
  'b-sizes-missing-one',
  'b3-product-id-other',
  'quota-not-counting',
  'problem-no-detail',
  'b3-per-page-is-count',
  'a1-last-page-empty',
  'a3-filter-ignored-page2',
];
if (DEFECT === '__list') {
  console.log(DEFECTS.join('\n'));
  process.exit(0);
}
if (DEFECT && !DEFECTS.includes(DEFECT)) {
  console.error(`unknown defect ${DEFECT}`);
  process.exit(2);
}
const D = (name) => DEFECT === name;

// ---------------------------------------------------------------- keys & tiers
const PAID_KEY = 'RMKPD-1A2B-3C4D-5E6F-0123456789AB';
const FREE_KEY = 'RMKFR-A1B2-C3D4-E5F6-FEDCBA987654';
const KEYS = new Map([
  [PAID_KEY, 'Pro'],
  [FREE_KEY, 'Free'],
]);
const RATE_LIMIT = 640; // per minute per caller

// ---------------------------------------------------------------- helpers
const DAY = 86400000;
const NOW = Date.now();
const ANCHOR = Math.floor(NOW / DAY) * DAY; // today's midnight UTC; all sales are before it
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const hashInt = (s) => crypto.createHash('sha256').update(String(s)).digest().readUInt32BE(0);
function rng(seed) {
  let a = hashInt(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function uuid(seed, version = 4, ms = 0) {
  let h = crypto.createHash('sha256').update(String(seed)).digest('hex').slice(0, 32).split('');
  if (version === 7) {
    const ts = ms.toString(16).padStart(12, '0').slice(-12);
    for (let i = 0; i < 12; i++) h[i] = ts[i];
  }
  h[12] = String(version);
  h[16] = '89ab'[parseInt(h[16], 16) % 4];
  h = h.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const norm = (s) =>
  String(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
function checkDigit(digits) {
  // GTIN check digit for the given body digits
  let sum = 0;
  const rev = digits.split('').reverse();
  rev.forEach((d, i) => {
    sum += Number(d) * (i % 2 === 0 ? 3 : 1);
  });
  return String((10 - (sum % 10)) % 10);
}
const fmtSize = (n) => {
  // 42.6667 -> "42 2/3"
  const whole = Math.floor(n + 1e-9);
  const frac = n - whole;
  if (Math.abs(frac) < 1e-6) return String(whole);
  if (Math.abs(frac - 0.5) < 1e-6) return `${whole}.5`;
  if (Math.abs(frac - 1 / 3) < 1e-3) return `${whole} 1/3`;
  if (Math.abs(frac - 2 / 3) < 1e-3) return `${whole} 2/3`;
  return String(n);
};
const usStr = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

// ---------------------------------------------------------------- size charts
const EU_NIKE = { 5: 37.5, 5.5: 38, 6: 38.5, 6.5: 39, 7: 40, 7.5: 40.5, 8: 41, 8.5: 42, 9: 42.5, 9.5: 43, 10: 44, 10.5: 44.5, 11: 45, 11.5: 45.5, 12: 46, 13: 47.5 };
const EU_NB = { 5: 37.5, 5.5: 38, 6: 38.5, 6.5: 39.5, 7: 40, 7.5: 40.5, 8: 41.5, 8.5: 42, 9: 42.5, 9.5: 43, 10: 44, 10.5: 44.5, 11: 45, 11.5: 45.5, 12: 46.5, 13: 47.5 };
function chart(brand, usM) {
  if (brand === 'adidas') {
    return { uk: usM - 0.5, eu: 36 + (2 / 3) * Math.round((usM - 3.5) * 2) - 2 / 3, cm: usM + 18 - 0.5 * 0, usW: usM + 1 };
  }
  if (brand === 'New Balance') return { uk: usM - 0.5, eu: EU_NB[usM], cm: usM + 18, usW: usM + 1.5 };
  return { uk: usM - 1, eu: EU_NIKE[usM], cm: usM + 18, usW: usM + 1.5 };
}
function sizesFor(brand, usM) {
  const c = chart(brand, usM);
  const cm = c.cm;
  const list = [
    { size: `US M ${usStr(usM)}`, type: 'us m' },
    { size: `UK ${usStr(c.uk)}`, type: 'uk' },
    { size: `CM ${usStr(cm)}`, type: 'cm' },
    { size: `KR ${Math.round(cm * 10)}`, type: 'kr' },
    { size: `EU ${fmtSize(c.eu)}`, type: 'eu' },
    { size: `US W ${usStr(c.usW)}`, type: 'us w' },
  ];
  if (D('a-sizes-extra-jp')) list.push({ size: `JP ${usStr(cm)}`, type: 'jp' });
  return list;
}

// ---------------------------------------------------------------- catalogue
// brand, primary_title, secondary_title, sku (A), category, secondary_category, gender, year, country, colorway
const CATALOG = [
  ['Jordan', 'Air Jordan 1 Retro High OG', 'Chicago Lost and Found', 'DZ5485-612', 'Air Jordan', 'One', 'men', 2022, 'CN', 'Varsity Red/Black/Sail/Muslin'],
  ['Jordan', 'Air Jordan 1 Retro High OG', 'Dark Mocha', '555088-105', 'Air Jordan', 'One', 'men', 2020, 'CN', 'Sail/Dark Mocha/Black'],
  ['Jordan', 'Air Jordan 1 Low', 'Black Toe', '553558-116', 'Air Jordan', 'One', 'men', 2023, 'VN', 'White/Black/Gym Red'],
  ['Jordan', 'Air Jordan 4 Retro', 'Military Black', 'DH6927-111', 'Air Jordan', 'Four', 'men', 2022, 'CN', 'White/Black/Neutral Grey'],
  ['Jordan', 'Air Jordan 4 Retro', 'Bred Reimagined', 'FV5029-006', 'Air Jordan', 'Four', 'men', 2024, 'CN', 'Black/Fire Red/Cement Grey'],
  ['Jordan', 'Air Jordan 11 Retro', 'Cool Grey', 'CT8012-005', 'Air Jordan', 'Eleven', 'men', 2021, 'CN', 'Medium Grey/White/Cool Grey'],
  ['Jordan', 'Air Jordan 3 Retro', 'White Cement Reimagined', 'DN3707-100', 'Air Jordan', 'Three', 'men', 2023, 'CN', 'Summit White/Fire Red/Black'],
  ['Jordan', 'Air Jordan 1 Mid', 'Panda', 'DV0991-101', 'Air Jordan', 'One', 'women', 2022, 'VN', 'White/Black'],
  ['Nike', 'Nike Dunk Low Retro', 'White Black Panda', 'DD1391-100', 'Nike', 'Dunk Low', 'men', 2021, 'VN', 'White/Black'],
  ['Nike', 'Nike Dunk Low', 'Grey Fog', 'DD1391-103', 'Nike', 'Dunk Low', 'men', 2021, 'VN', 'White/Grey Fog'],
  ['Nike', 'Nike Dunk Low', 'Rose Whisper', 'DD1503-118', 'Nike', 'Dunk Low', 'women', 2022, 'VN', 'White/Rose Whisper'],
  ['Nike', 'Nike Dunk High Retro', 'Panda', 'DD1399-105', 'Nike', 'Dunk High', 'men', 2021, 'VN', 'White/Black'],
  ['Nike', 'Nike SB Dunk Low', 'Chicago', 'BQ6817-600', 'Nike SB', 'SB Dunk Low', 'men', 2020, 'CN', 'Varsity Red/White'],
  ['Nike', 'Nike SB Dunk Low', 'Jarritos', 'FD0860-001', 'Nike SB', 'SB Dunk Low', 'men', 2023, 'CN', 'Phantom/Safety Orange'],
  ['Nike', 'Nike Air Force 1 Low', '07 White', 'CW2288-111', 'Nike', 'Air Force 1', 'men', 2020, 'VN', 'White/White'],
  ['Nike', 'Nike Air Force 1 Low', 'Shadow Pale Ivory', 'CI0919-101', 'Nike', 'Air Force 1', 'women', 2020, 'VN', 'Pale Ivory/Sail'],
  ['Nike', 'Nike Air Max 1', 'Patta Waves Monarch', 'DH1348-001', 'Nike', 'Air Max 1', 'men', 2021, 'VN', 'Monarch/Noise Aqua'],
  ['Nike', 'Nike Air Max 90', 'Infrared', 'CT1685-100', 'Nike', 'Air Max 90', 'men', 2020, 'ID', 'White/Black/Radiant Red'],
  ['Nike', 'Nike Vomero 5', 'Photon Dust', 'FB9149-101', 'Nike', 'Vomero', 'women', 2024, 'VN', 'Photon Dust/Metallic Silver'],
  ['adidas', 'adidas Yeezy Boost 350 V2', 'Onyx', 'HQ4540', 'adidas', 'Yeezy', 'unisex', 2022, 'CN', 'Onyx/Onyx/Onyx'],
  ['adidas', 'adidas Yeezy Boost 350 V2', 'Bone', 'HQ6316', 'adidas', 'Yeezy', 'unisex', 2022, 'CN', 'Bone/Bone/Bone'],
  ['adidas', 'adidas Yeezy Slide', 'Onyx', 'HQ6448', 'adidas', 'Yeezy', 'unisex', 2022, 'CN', 'Onyx/Onyx/Onyx'],
  ['adidas', 'adidas Samba OG', 'Cloud White Core Black', 'B75806', 'adidas', 'Samba', 'unisex', 2018, 'VN', 'Cloud White/Core Black/Clear Granite'],
  ['adidas', 'adidas Gazelle Indoor', 'Blue Fusion Gum', 'JI2061', 'adidas', 'Gazelle', 'unisex', 2024, 'VN', 'Blue Fusion/Cloud White/Gum'],
  ['adidas', 'adidas Campus 00s', 'Core Black', 'HQ8708', 'adidas', 'Campus', 'unisex', 2023, 'ID', 'Core Black/Cloud White'],
  ['adidas', 'adidas Handball Spezial', 'Navy Gum', 'BD7633', 'adidas', 'Spezial', 'men', 2019, 'ID', 'Collegiate Navy/Clear Sky/Gum'],
  ['New Balance', 'New Balance 550', 'White Green', 'BB550WT1', 'New Balance', '550', 'unisex', 2021, 'VN', 'White/Green'],
  ['New Balance', 'New Balance 990v6', 'Grey', 'M990GL6', 'New Balance', '990', 'men', 2022, 'US', 'Grey/Grey'],
  ['New Balance', 'New Balance 2002R', 'Protection Pack Rain Cloud', 'M2002RDA', 'New Balance', '2002R', 'men', 2021, 'VN', 'Rain Cloud/Grey'],
  ['New Balance', 'New Balance 9060', 'Sea Salt', 'U9060ECA', 'New Balance', '9060', 'unisex', 2023, 'VN', 'Sea Salt/Raincloud'],
  ['New Balance', 'New Balance 1906R', 'Silver Metallic', 'M1906RCB', 'New Balance', '1906R', 'men', 2023, 'VN', 'Silver Metallic/Sea Salt'],
  ['New Balance', 'New Balance 530', 'White Silver Navy', 'MR530SG', 'New Balance', '530', 'unisex', 2020, 'VN', 'White/Silver/Navy'],
  ['Nike', 'Nike Air Max Plus', 'Triple Black', '604133-050', 'Nike', 'Air Max Plus', 'men', 2019, 'VN', 'Black/Black'],
  ['Jordan', 'Air Jordan 5 Retro', 'Olive', 'DD0587-308', 'Air Jordan', 'Five', 'men', 2026, 'CN', 'Black/Light Olive/Solar Orange'],
  ['Nike', 'Nike Kobe 6 Protro', 'Grinch', 'CW2190-300', 'Nike', 'Kobe', 'men', 2026, 'VN', 'Green Apple/Volt/Crimson'],
  ['adidas', 'adidas Yeezy Boost 700', 'Wave Runner', 'B75571', 'adidas', 'Yeezy', 'unisex', 2017, 'CN', 'Solid Grey/Chalk White/Core Black'],
];
const UPCOMING = new Set([33, 34]);
const A_ONLY = new Set([35]);
const MEN_SIZES = [7, 8, 8.5, 9, 9.5, 10, 10.5, 11, 12];
const WOMEN_SIZES = [5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9]; // US M equivalents derived from chart
const CITIES = ['New York, US', 'Los Angeles, US', 'Chicago, US', 'Houston, US', 'London, GB', 'Toronto, CA', 'Miami, US', 'Seattle, US', 'Atlanta, US', 'Paris, FR'];
const A_HOST = 'https://market-a.example.com';
const A_IMG = 'https://images.market-a.example.com';
const B_HOST = 'https://market-b.example.com';
const B_IMG = 'https://cdn.market-b.example.com';

function popularity(prefix) {
  // weekly_orders & rank per product index
  const r = rng(`${prefix}-pop`);
  const wo = CATALOG.map((_, i) => (UPCOMING.has(i) ? Math.floor(r() * 3) : 5 + Math.floor(r() * 2500)));
  const order = wo.map((w, i) => [w, i]).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  const rank = new Array(CATALOG.length);
  let cur = 0;
  const rr = rng(`${prefix}-rank`);
  order.forEach(([, i]) => {
    cur += 1 + Math.floor(rr() * 40);
    rank[i] = cur;
  });
  return { wo, rank };
}
const POP_A = popularity('A');
const POP_B = popularity('B');

// ---------------------------------------------------------------- build marketplace A
const A = []; // {product, variants, sales}
CATALOG.forEach((c, i) => {
  const [brand, primary, secondary, sku, category, secCat, gender, year, country] = c;
  const r = rng(`A-${i}`);
  const title = `${primary} ${secondary}`;
  const slug = slugify(title);
  const createdMs = Date.UTC(Math.min(year, 2025) - 1, Math.floor(r() * 12), 1 + Math.floor(r() * 27), Math.floor(r() * 24), Math.floor(r() * 60), Math.floor(r() * 60));
  const updatedMs = ANCHOR - DAY - Math.floor(r() * 20 * DAY);
  const id = uuid(`A-product-${i}`, i % 3 === 0 ? 7 : 4, createdMs);
  const upcoming = UPCOMING.has(i);
  const women = gender === 'women';
  const usMs = women ? WOMEN_SIZES : MEN_SIZES;
  const base = 90 + Math.floor(r() * 260);
  const variants = usMs.map((usM, pos) => {
    const vr = rng(`A-${i}-v-${pos}`);
    const noAsks = upcoming || vr() < 0.12;
    const stdAsks = noAsks ? 0 : 1 + Math.floor(vr() * 14);
    const std = noAsks ? 0 : Math.round(base * (0.85 + vr() * 0.5));
    const exStdAsks = noAsks || vr() < 0.5 ? 0 : 1 + Math.floor(vr() * 4);
    const exStd = exStdAsks ? std + 10 + Math.floor(vr() * 40) : 0;
    const exExpAsks = noAsks || vr() < 0.7 ? 0 : 1 + Math.floor(vr() * 2);
    const exExp = exExpAsks ? std + 25 + Math.floor(vr() * 60) : 0;
    const prices = [
      { price: std, asks: stdAsks, type: 'standard' },
      { price: exStd, asks: exStdAsks, type: 'express_standard' },
      { price: exExp, asks: exExpAsks, type: 'express_expedited' },
    ];
    const nz = prices.filter((p) => p.price > 0).map((p) => p.price);
    const lowest = nz.length ? Math.min(...nz) : 0;
    const totalAsks = prices.reduce((s, p) => s + p.asks, 0);
    const sizeType = women ? 'us w' : 'us m';
    const ch = chart(brand, usM);
    const ownSize = women ? usStr(ch.usW) : usStr(usM);
    const upcBody = `19${String(hashInt(`upc-${i}-${pos}`) % 1e9).padStart(9, '0')}`;
    const upc = upcBody + checkDigit(upcBody);
    const ean = `0${upc}`;
    return {
      id: uuid(`A-variant-${i}-${pos}`, pos % 2 ? 7 : 4, createdMs + pos),
      size: ownSize,
      size_type: sizeType,
      sizes: sizesFor(brand, usM),
      lowest_ask: lowest,
      total_asks: totalAsks,
      position: pos,
      hidden: i % 3 === 1 && pos === usMs.length - 1,
      updated_at: iso(updatedMs + pos * 60000),
      identifiers: null,
      prices: null,
      currency: D('a-currency-market-mismatch') && pos % 3 === 2 ? 'EUR' : 'USD',
      market: 'US',
      sales_count_15_days: 0,
      sales_count_30_days: 0,
      sales_count_60_days: 0,
      _prices: prices,
      _identifiers:
        pos % 2 === 0
          ? [
              { identifier: upc, identifier_type: 'UPC' },
              { identifier: ean, identifier_type: 'EAN-13' },
            ]
          : [{ identifier: upc, identifier_type: 'UPC' }],
      _base: std || base,
    };
  });
  // sales
  const sales = [];
  if (!upcoming) {
    const n = 15 + Math.floor(r() * 70);
    for (let k = 0; k < n; k++) {
      const v = variants[Math.floor(r() * variants.length)];
      const t = ANCHOR - 1000 * Math.floor(1 + r() * 90 * 86400);
      sales.push({ product_id: id, variant_id: v.id, amount: Math.round(v._base * (0.85 + r() * 0.3)), created_at: t });
    }
    // a cluster of sales right around a UTC midnight, to make day boundaries observable
    for (let k = 0; k < 4; k++) {
      const v = variants[k % variants.length];
      const t = ANCHOR - 3 * DAY + (k < 2 ? -1000 * (60 + k * 600) : 1000 * (30 + k * 600));
      sales.push({ product_id: id, variant_id: v.id, amount: Math.round(v._base * (0.9 + r() * 0.2)), created_at: t });
    }
  }
  sales.sort((x, y) => y.created_at - x.created_at);
  for (const v of variants) {
    for (const s of sales) {
      if (s.variant_id !== v.id) continue;
      const age = NOW - s.created_at;
      if (age <= 15 * DAY) v.sales_count_15_days++;
      if (age <= 30 * DAY) v.sales_count_30_days++;
      if (age <= 60 * DAY) v.sales_count_60_days++;
    }
  }
  const asks = variants.map((v) => v.lowest_ask).filter((x) => x > 0);
  const gallery = Array.from({ length: 3 + (i % 3) }, (_, g) => `${A_IMG}/${slug}/gallery-${g + 1}.jpg`);
  const has360 = i % 3 !== 2;
  const product = {
    id,
    title,
    brand,
    model: primary.replace(/ Retro( High OG)?$/, '').replace(/ Low$| Mid$/, (m) => m),
    gender,
    description: `The ${title} comes in a ${c[9]} colourway. Released in ${year}.`,
    image: `${A_IMG}/${slug}/main.jpg`,
    sku,
    slug,
    product_type: 'sneakers',
    category,
    secondary_category: secCat,
    categories: ['sneakers'],
    breadcrumbs: [
      { value: 'Sneakers', alias: 'sneakers', level: 1 },
      { value: 'Lifestyle', alias: 'lifestyle', level: 2 },
    ],
    gallery,
    gallery_360: has360 ? Array.from({ length: 36 }, (_, g) => `${A_IMG}/${slug}/360/img${String(g + 1).padStart(2, '0')}.jpg`) : [],
    updated_at: iso(updatedMs),
    created_at: iso(createdMs),
    link: `${A_HOST}/${slug}`,
    rank: POP_A.rank[i],
    weekly_orders: POP_A.wo[i],
    country_of_manufacture: D('a-country-lowercase') ? country.toLowerCase() : country,
    primary_title: primary,
    secondary_title: secondary,
    min_price: asks.length ? Math.min(...asks) : 0,
    max_price: asks.length ? Math.max(...asks) : 0,
    avg_price: D('a-avg-price-includes-zero') ? variants.reduce((s, v) => s + v.lowest_ask, 0) / variants.length : asks.length ? asks.reduce((s, x) => s + x, 0) / asks.length : 0,
    short_description: i % 4 === 3 ? '' : `${primary} in ${secondary}.`,
    upcoming,
  };
  A.push({ index: i, product, variants, sales });
});

// ---------------------------------------------------------------- build marketplace B
const B = [];
CATALOG.forEach((c, i) => {
  if (A_ONLY.has(i)) return;
  const [brand, primary, secondary, skuA, , , gender, year, , colorway] = c;
  const r = rng(`B-${i}`);
  const id = 719000 + i * 37 + Math.floor(r() * 30);
  const name = `${primary} ${secondary}`;
  const slug = `${slugify(name)}-${year}`;
  const upcoming = UPCOMING.has(i);
  const women = gender === 'women';
  const sizes = (women ? [5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9] : MEN_SIZES).map(usStr);
  const updatedMs = ANCHOR - DAY - Math.floor(r() * 10 * DAY);
  const base = 90 + Math.floor(r() * 260);
  const variants = sizes.map((s, k) => {
    const ask = upcoming || r() < 0.15 ? 0 : Math.round(base * (0.85 + r() * 0.5));
    return { product_id: id, size: s, lowest_ask: ask, currency: 'USD', available: ask > 0, updated_at: iso(updatedMs + k * 1000), market: 'US', _base: ask || base };
  });
  const relMs = upcoming ? ANCHOR + 20 * DAY : Date.UTC(year, (i * 5) % 12, 1 + (i % 27));
  const product = {
    id,
    sku: skuA.replace('-', ' '),
    slug,
    name,
    nickname: secondary,
    brand: brand === 'Jordan' ? 'Air Jordan' : brand,
    model: primary,
    description: `${name}. Colorway ${colorway}.`,
    colorway,
    season: ` ${year}`,
    category: 'shoes',
    product_type: 'sneakers',
    image_url: `${B_IMG}/${slug}/main.png`,
    images: [`${B_IMG}/${slug}/1.png`, `${B_IMG}/${slug}/2.png`, `${B_IMG}/${slug}/3.png`],
    release_date: iso(relMs),
    release_date_year: String(year),
    retail_prices: null,
    link: `${B_HOST}/sneakers/${slug}`,
    sizes: sizes.map((s) => ({ presentation: s, value: Number(s) })),
    rank: POP_B.rank[i],
    weekly_orders: POP_B.wo[i],
    updated_at: iso(updatedMs),
  };
  if (D('b-release-date-empty') && i % 3 === 0) product.release_date = '';
  const sales = [];
  if (!upcoming) {
    const n = 12 + Math.floor(r() * 80);
    for (let k = 0; k < n; k++) {
      const v = variants[Math.floor(r() * variants.length)];
      const offer = D('b3-offers-majority') ? r() >= 0.15 : r() < 0.15;
      const amount = offer ? v._base - 5 - Math.floor(r() * 30) : v._base + Math.floor(r() * 3) * 5;
      const t = ANCHOR - 1000 * Math.floor(1 + r() * 90 * 86400);
      sales.push({ product_id: id, type: offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE', size_us: v.size, currency: 'USD', amount, location: CITIES[Math.floor(r() * CITIES.length)], purchased_at: t });
    }
    for (let k = 0; k < 4; k++) {
      const v = variants[k];
      const t = ANCHOR - 2 * DAY + (k < 2 ? -1000 * (45 + k * 700) : 1000 * (20 + k * 700));
      sales.push({ product_id: id, type: k === 3 ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE', size_us: v.size, currency: 'USD', amount: k === 3 ? v._base - 12 : v._base, location: CITIES[k], purchased_at: t });
    }
  }
  sales.sort((x, y) => y.purchased_at - x.purchased_at);
  B.push({ index: i, product, variants, sales });
});

// ---------------------------------------------------------------- JSON Schemas served at /schemas/NAME.json
const T = {
  str: { type: 'string' },
  int: { type: 'integer' },
  num: { type: 'number' },
  bool: { type: 'boolean' },
  url: { type: 'string', format: 'uri' },
  ts: { type: 'string', format: 'date-time' },
  uuid: { type: 'string', format: 'uuid' },
};
const obj = (props, required = Object.keys(props)) => ({ type: 'object', properties: props, required, additionalProperties: true });
const arr = (items) => ({ type: 'array', items });
const orNull = (s) => ({ anyOf: [s, { type: 'null' }] });
const SC = {};
SC.Breadcrumb = obj({ value: T.str, alias: T.str, level: { type: 'integer', minimum: 1 } });
SC.Price = obj({ price: T.num, asks: T.int, type: { type: 'string', enum: ['standard', 'express_standard', 'express_expedited'] } });
SC.Identifier = obj({ identifier: T.str, identifier_type: T.str });
SC.VariantA = obj({
  id: T.uuid,
  size: T.str,
  size_type: T.str,
  sizes: arr(obj({ size: T.str, type: T.str })),
  lowest_ask: T.num,
  total_asks: T.int,
  position: T.int,
  hidden: T.bool,
  updated_at: T.ts,
  identifiers: orNull(arr(SC.Identifier)),
  prices: orNull(arr(SC.Price)),
  currency: T.str,
  market: T.str,
  sales_count_15_days: T.int,
  sales_count_30_days: T.int,
  sales_count_60_days: T.int,
});
const productAProps = {
  id: T.uuid,
  title: T.str,
  brand: T.str,
  model: T.str,
  gender: T.str,
  description: T.str,
  image: T.url,
  sku: T.str,
  slug: T.str,
  product_type: T.str,
  category: T.str,
  secondary_category: T.str,
  categories: arr(T.str),
  breadcrumbs: arr(SC.Breadcrumb),
  gallery: arr(T.url),
  gallery_360: arr(T.url),
  updated_at: T.ts,
  created_at: T.ts,
  link: T.url,
  rank: T.int,
  weekly_orders: T.int,
  country_of_manufacture: { type: 'string', pattern: '^[A-Z]{2}$' },
  primary_title: T.str,
  secondary_title: T.str,
  min_price: T.num,
  max_price: T.num,
  avg_price: T.num,
  short_description: T.str,
  upcoming: T.bool,
};
SC.ProductA = obj({ ...productAProps, variants: arr(SC.VariantA) }, Object.keys(productAProps));
SC.SaleA = obj({ product_id: T.uuid, variant_id: T.uuid, amount: T.num, created_at: T.ts });
SC.DailyA = obj({ product_id: T.uuid, avg_amount: T.num, orders: T.int, date: T.ts });
SC.VariantB = obj({ product_id: T.int, size: T.str, lowest_ask: T.num, currency: T.str, available: T.bool, updated_at: T.ts });
SC.ProductB = obj({
  id: T.int,
  sku: T.str,
  slug: T.str,
  name: T.str,
  brand: T.str,
  model: T.str,
  description: T.str,
  colorway: T.str,
  season: T.str,
  category: T.str,
  product_type: T.str,
  image_url: T.url,
  images: orNull(arr(T.url)),
  release_date: T.ts,
  release_date_year: T.str,
  retail_prices: { type: 'null' },
  link: T.url,
  sizes: arr(obj({ presentation: T.str, value: T.num })),
  rank: T.int,
  weekly_orders: T.int,
  updated_at: T.ts,
  variants: orNull(arr(SC.VariantB)),
});
SC.SaleB = obj({
  product_id: T.int,
  type: { type: 'string', enum: ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'] },
  size_us: T.str,
  currency: T.str,
  amount: T.num,
  location: T.str,
  purchased_at: T.ts,
});
SC.DailyB = obj({ product_id: T.int, avg_amount: T.num, orders: T.int, date: T.ts });
const envelope = (data, meta, metaRequired = true) => {
  const props = { $schema: T.url, data };
  if (meta !== undefined) props.meta = meta;
  return obj(props, meta !== undefined && metaRequired ? ['data', 'meta'] : ['data']);
};
const SCHEMAS = {
  MarketAProductSearchResponse: envelope(arr(SC.ProductA), obj({ current_page: T.int, per_page: T.int, total: T.int })),
  MarketAProductResponse: envelope(SC.ProductA, { type: 'null' }),
  MarketASalesResponse: envelope(arr(SC.SaleA)),
  MarketADailySalesResponse: envelope(arr(SC.DailyA)),
  MarketBProductSearchResponse: envelope(arr(SC.ProductB)),
  MarketBProductResponse: envelope(SC.ProductB, { type: 'null' }),
  MarketBSalesResponse: envelope(arr(SC.SaleB), obj({ page: T.int, per_page: T.int })),
  MarketBDailySalesResponse: envelope(arr(SC.DailyB)),
  ErrorModel: obj(
    {
      $schema: T.url,
      type: T.str,
      title: T.str,
      status: T.int,
      detail: T.str,
      instance: T.str,
      errors: arr(obj({ message: T.str, location: T.str, value: {} }, ['message'])),
    },
    ['title', 'status', 'detail'],
  ),
};

// ---------------------------------------------------------------- response helpers
const quota = new Map();
const windowHits = new Map();
class HttpError extends Error {
  constructor(status, detail, errors) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}
const TITLES = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error' };
function schemaUrl(req, name) {
  const host = req.headers.host || `127.0.0.1:${PORT}`;
  return `http://${host}/schemas/${name}.json`;
}
function send(req, res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const h = { 'Cache-Control': 'private, no-cache', Vary: 'Authorization', 'Access-Control-Allow-Origin': '*', ...headers };
  if (body !== undefined) {
    if (!h['Content-Type']) h['Content-Type'] = 'application/json; charset=utf-8';
    h['Content-Length'] = Buffer.byteLength(text);
  }
  if (status === 200 && body !== undefined) {
    const etag = `"${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`;
    h.ETag = etag;
    const inm = req.headers['if-none-match'];
    if (
      inm &&
      inm
        .split(',')
        .map((s) => s.trim().replace(/^W\//, ''))
        .includes(etag)
    ) {
      delete h['Content-Length'];
      delete h['Content-Type'];
      res.writeHead(304, h);
      res.end();
      return;
    }
  }
  res.writeHead(status, h);
  res.end(req.method === 'HEAD' ? undefined : text);
}
function problem(req, res, err, extra = {}) {
  const body = {
    $schema: schemaUrl(req, 'ErrorModel'),
    type: 'about:blank',
    title: TITLES[err.status] || 'Error',
    status: D('problem-status-mismatch') ? 400 : err.status,
    detail: err.detail,
    instance: req.url.split('?')[0],
  };
  if (err.errors) body.errors = err.errors;
  if (D('problem-no-detail')) delete body.detail;
  send(req, res, err.status, body, { 'Content-Type': D('problem-json-plain') ? 'application/json' : 'application/problem+json', ...extra, ...(err.headers || {}) });
}

function intParam(q, name, def, min, max) {
  if (!q.has(name)) return def;
  const raw = q.get(name);
  const n = /^[+]?\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (D('limit-over-clamped') && name === 'limit' && Number.isFinite(n) && n > max) return max;
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new HttpError(422, 'validation failed', [{ message: `expected integer between ${min} and ${max}`, location: `query.${name}`, value: Number.isFinite(Number(raw)) && raw.trim() !== '' ? Number(raw) : raw }]);
  }
  return n;
}
function boolParam(q, name) {
  if (!q.has(name)) return false;
  const raw = q.get(name).trim().toLowerCase();
  if (D('a-display-false-on') && name === 'display[variants]') return true;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0' || raw === '') return false;
  throw new HttpError(422, 'validation failed', [{ message: 'expected boolean', location: `query.${name}`, value: q.get(name) }]);
}
function checkParams(q, allowed) {
  if (!D('unknown-param-422')) return;
  for (const k of q.keys()) {
    if (!allowed.includes(k)) throw new HttpError(422, 'validation failed', [{ message: 'unknown parameter', location: `query.${k}`, value: q.get(k) }]);
  }
}
function paginate(list, page, limit) {
  let start = (page - 1) * limit;
  return list.slice(start, start + limit);
}

// ---------------------------------------------------------------- search
function scoreFn(q, fields, sku) {
  const nq = norm(q);
  if (!nq) return () => 1;
  const qCompact = nq.replace(/ /g, '');
  const toks = nq.split(' ');
  return (p) => {
    const f = fields(p);
    if (norm(sku(p)).replace(/ /g, '') === qCompact) return D('a1-sku-not-first') ? 10 : 1000;
    const words = norm(f.join(' ')).split(' ');
    const match = D('a1-sku-not-first') ? toks.some((t) => words.some((w) => w.startsWith(t))) : toks.every((t) => words.some((w) => w.startsWith(t)));
    if (!match) return 0;
    let s = 10;
    if (norm(f[0]).includes(nq)) s += 50;
    if (norm(p.brand) === nq) s += 30;
    if (D('a1-sku-not-first')) s = 10;
    return s;
  };
}
function searchA(q) {
  const score = scoreFn(
    q,
    (p) => [p.title, p.brand, p.model, p.sku, p.category, p.secondary_category, p.slug],
    (p) => p.sku,
  );
  const rev = D('a1-popularity-reversed') ? -1 : 1;
  return A.map((e) => [score(e.product), e])
    .filter(([s]) => s > 0)
    .sort((x, y) => y[0] - x[0] || rev * (x[1].product.rank - y[1].product.rank))
    .map(([, e]) => e);
}
function searchB(q) {
  const score = scoreFn(
    q,
    (p) => [p.name, p.brand, p.model, p.sku, p.colorway, p.nickname, p.slug],
    (p) => p.sku,
  );
  const rev = D('b1-popularity-reversed') ? -1 : 1;
  return B.map((e) => [score(e.product), e])
    .filter(([s]) => s > 0)
    .sort((x, y) => y[0] - x[0] || rev * (x[1].product.rank - y[1].product.rank))
    .map(([, e]) => e);
}

// ---------------------------------------------------------------- renderers
function renderA(e, opts = {}) {
  const p = { ...e.product, breadcrumbs: e.product.breadcrumbs.map((b) => ({ ...b })) };
  if (D('a-min-max-swapped')) [p.min_price, p.max_price] = [p.max_price, p.min_price];
  if (D('a-avg-price-string')) p.avg_price = String(p.avg_price);
  if (D('a-weekly-orders-float')) p.weekly_orders = (Math.round((p.weekly_orders / 7) * 100) / 100) * 7 + 0.25;
  if (D('a-gallery-360-null') && p.gallery_360.length === 0) p.gallery_360 = null;
  if (D('a-short-description-null') && p.short_description === '') p.short_description = null;
  if (D('a-created-at-no-z')) p.created_at = p.created_at.replace(/Z$/, '');
  if (D('a-link-relative')) p.link = `/${p.slug}`;
  if (D('a-breadcrumb-level-string'))
    p.breadcrumbs.forEach((b) => {
      b.level = String(b.level);
    });
  if (opts.search && D('a1-rank-stale')) p.rank += 3;
  if (opts.variants) {
    p.variants = e.variants.map((v) => {
      const o = {};
      for (const [k, val] of Object.entries(v)) if (!k.startsWith('_')) o[k] = Array.isArray(val) ? val.map((x) => ({ ...x })) : val;
      if (opts.prices) o.prices = v._prices.map((x) => ({ ...x }));
      if (opts.identifiers) o.identifiers = v._identifiers.map((x) => ({ ...x }));
      if (D('a-position-one-based')) o.position = v.position + 1;
      if (D('a-total-asks-not-sum')) o.total_asks = v._prices[0].asks;
      if (D('a-lowest-ask-zero-express')) o.lowest_ask = Math.min(...v._prices.map((x) => x.price));
      if (D('a-lowest-ask-null') && v.lowest_ask === 0) o.lowest_ask = null;
      if (D('a-sales-count-swapped')) [o.sales_count_15_days, o.sales_count_60_days] = [v.sales_count_60_days, v.sales_count_15_days];
      if (D('a-sales-count-stale')) {
        o.sales_count_15_days = 0;
        o.sales_count_30_days = 0;
        o.sales_count_60_days = 0;
      }
      if (D('a-hidden-string')) o.hidden = String(v.hidden);
      if (D('a-identifiers-empty-hidden') && opts.identifiers && v.hidden) o.identifiers = [];
      if (D('a-prices-hidden-null') && v.hidden) o.prices = null;
      return o;
    });
  }
  return p;
}
function renderB(e, lookup) {
  const p = { ...e.product, sizes: e.product.sizes.map((s) => ({ ...s })) };
  if (D('b-sizes-missing-one')) p.sizes = p.sizes.slice(0, -1);
  if (D('b-sizes-value-string'))
    p.sizes.forEach((s) => {
      s.value = String(s.value);
    });
  const vs = () =>
    e.variants.map((v) => {
      const o = {};
      for (const [k, val] of Object.entries(v)) if (!k.startsWith('_')) o[k] = val;
      if (D('b-variant-product-id-other') && e.index % 2 === 0) o.product_id = v.product_id + 1;
      return o;
    });
  if (lookup) {
    p.variants = vs();
    if (D('b2-images-null')) p.images = null;
    if (D('b2-retail-prices-object')) p.retail_prices = { usd: null };
  } else {
    p.images = D('b1-images-empty') ? [] : null;
    p.variants = D('b1-variants-filled') ? vs() : null;
    if (D('b1-id-string')) p.id = String(p.id);
  }
  return p;
}
function dailyOf(sales, productId, timeKey, amountOk = () => true) {
  const days = new Map();
  for (const s of sales) {
    if (!amountOk(s)) continue;
    const key = iso(s[timeKey]).slice(0, 10);
    const d = days.get(key) || { sum: 0, n: 0, variants: new Set(), byVariant: new Map() };
    d.sum += s.amount;
    d.n += 1;
    d.variants.add(s.variant_id);
    const bv = d.byVariant.get(s.variant_id) || { sum: 0, n: 0 };
    bv.sum += s.amount;
    bv.n += 1;
    d.byVariant.set(s.variant_id, bv);
    days.set(key, d);
  }
  let keys = [...days.keys()].sort().reverse();
  const rows = [];
  if (D('a4-zero-days') && timeKey === 'created_at' && keys.length) {
    const all = [];
    for (let t = Date.parse(`${keys[0]}T00:00:00Z`); t >= Date.parse(`${keys[keys.length - 1]}T00:00:00Z`); t -= DAY) all.push(iso(t).slice(0, 10));
    keys = all;
  }
  for (const k of keys) {
    const d = days.get(k);
    let date = `${k}T00:00:00Z`;
    if (timeKey === 'created_at' && D('a4-date-only')) date = k;
    if (timeKey === 'purchased_at' && D('b4-date-new-york')) date = `${k}T00:00:00-05:00`;
    if (!d) {
      rows.push({ product_id: productId, avg_amount: 0, orders: 0, date });
      continue;
    }
    if (timeKey === 'created_at' && D('a4-split-by-variant')) {
      for (const [, bv] of d.byVariant) rows.push({ product_id: productId, avg_amount: bv.sum / bv.n, orders: bv.n, date });
      continue;
    }
    let orders = d.n;
    if (timeKey === 'created_at' && D('a4-orders-distinct-variants')) orders = d.variants.size;
    rows.push({ product_id: productId, avg_amount: d.sum / d.n, orders, date });
  }
  if (timeKey === 'purchased_at' && D('b4-ascending')) rows.reverse();
  return rows;
}

// ---------------------------------------------------------------- lookup helpers
function findA(idOrSlug, { slugDefect = true } = {}) {
  let e;
  if (UUID_RE.test(idOrSlug)) e = A.find((x) => x.product.id === idOrSlug.toLowerCase());
  else {
    const idx = A.findIndex((x) => x.product.slug === idOrSlug);
    if (idx >= 0) e = slugDefect && D('a2-slug-wrong-product') && A[idx].index % 4 === 1 ? A[(idx + 1) % A.length] : A[idx];
  }
  if (!e) throw new HttpError(404, 'Product not found');
  return e;
}
function findB(idOrSlug, numericOnly) {
  let e;
  if (/^\d+$/.test(idOrSlug)) e = B.find((x) => x.product.id === Number(idOrSlug));
  else if (numericOnly && !D('b3-slug-accepted')) {
    throw new HttpError(422, 'validation failed', [{ message: 'expected integer', location: 'path.id', value: idOrSlug }]);
  } else e = B.find((x) => x.product.slug === idOrSlug);
  if (!e) throw new HttpError(404, 'Product not found');
  return e;
}

// ---------------------------------------------------------------- server
const ROUTE = /^\/v3\/(market_a|market_b)\/products(?:\/([^/]+)(?:\/(sales)(?:\/(daily))?)?)?\/?$/;

function authenticate(req) {
  let h = req.headers.authorization;
  if (!h) return null;
  h = h.trim();
  const m = h.match(/^bearer\s+(.+)$/i);
  if (m) h = m[1].trim();
  else if (D('bare-key-401')) return null;
  return KEYS.has(h) ? { key: h, tier: KEYS.get(h) } : null;
}

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const path = url.pathname;
  const q = url.searchParams;
  const sm = path.match(/^\/schemas\/([A-Za-z]+)\.json$/);
  if (sm && (req.method === 'GET' || req.method === 'HEAD')) {
    const s = SCHEMAS[sm[1]];
    if (!s) return problem(req, res, new HttpError(404, 'Schema not found'));
    return send(req, res, 200, { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: schemaUrl(req, sm[1]), title: sm[1], ...s }, { 'Content-Type': 'application/schema+json' });
  }
  const m = path.match(ROUTE);
  if (!m) return problem(req, res, new HttpError(404, 'Not Found'));
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { Allow: 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': 'Authorization' });
    return res.end();
  }
  const auth = authenticate(req);
  const extra = {};
  if (!auth) {
    return problem(req, res, new HttpError(401, 'Invalid key'), { 'WWW-Authenticate': 'Bearer realm="resale-market-data"' });
  }
  const used = (quota.get(auth.key) || 0) + 1;
  quota.set(auth.key, used);
  if (!D('x-key-type-missing')) extra['X-Key-Type'] = auth.tier;
  extra['X-Quota-Current'] = D('quota-not-counting') ? '0' : String(used);
  const hits = (windowHits.get(auth.key) || []).filter((t) => Date.now() - t < 60000);
  hits.push(Date.now());
  windowHits.set(auth.key, hits);
  extra['X-RateLimit-Limit'] = String(RATE_LIMIT);
  extra['X-RateLimit-Remaining'] = String(Math.max(0, RATE_LIMIT - hits.length));
  if (hits.length > RATE_LIMIT) {
    const retry = Math.max(1, Math.ceil((60000 - (Date.now() - hits[0])) / 1000));
    return problem(req, res, new HttpError(429, 'Rate limit exceeded'), { ...extra, 'Retry-After': String(retry) });
  }
  if (req.method !== 'GET' && !(req.method === 'HEAD' && !D('head-405'))) {
    return problem(req, res, new HttpError(405, `Method ${req.method} not allowed`), { ...extra, Allow: D('head-405') ? 'GET' : 'GET, HEAD' });
  }
  const [, market, rawId, sales, daily] = m;
  let idOrSlug;
  try {
    idOrSlug = rawId === undefined ? undefined : decodeURIComponent(rawId);
  } catch {
    return problem(req, res, new HttpError(404, 'Product not found'), extra);
  }
  const paid = auth.tier !== 'Free';
  try {
    if (sales && !paid) {
      const b4Ok = D('b4-free-ok') && market === 'market_b' && daily;
      if (!b4Ok) {
        if (D('free-premium-401')) throw new HttpError(401, 'Invalid key');
        throw new HttpError(403, 'This feature requires a paid plan');
      }
    }
    let body;
    if (market === 'market_a') {
      if (idOrSlug === undefined) {
        // A1
        checkParams(q, ['query', 'page', 'limit']);
        const page = intParam(q, 'page', 1, 1, 1e6);
        const limit = intParam(q, 'limit', 20, 1, 100);
        const hits = searchA(q.get('query') || '');
        let start = (page - 1) * limit;
        if (D('a1-page-overlap') && page > 1) start -= 1;
        const items = (D('a1-last-page-empty') && start + limit > hits.length ? [] : hits.slice(start, start + limit)).map((e) => renderA(e, { search: true }));
        const meta = { current_page: D('a1-current-page-always-1') ? 1 : page, per_page: D('a1-per-page-default') ? 20 : limit, total: Math.min(1000, D('a1-total-page-count') ? items.length : hits.length) };
        body = { $schema: schemaUrl(req, 'MarketAProductSearchResponse'), data: items, meta: D('a1-meta-null') ? null : meta };
      } else if (!sales) {
        // A2
        checkParams(q, ['display[variants]', 'display[prices]', 'display[identifiers]']);
        let variants = boolParam(q, 'display[variants]');
        const prices = boolParam(q, 'display[prices]');
        const identifiers = boolParam(q, 'display[identifiers]');
        if (D('a-display-prices-implies-variants') && prices) variants = true;
        if (identifiers && !paid) {
          if (!D('identifiers-free-200-null')) throw new HttpError(403, 'display[identifiers] requires a paid plan');
        }
        const e = findA(idOrSlug);
        const p = renderA(e, { variants, prices, identifiers: identifiers && paid });
        body = { $schema: schemaUrl(req, 'MarketAProductResponse'), data: p, meta: null };
        if (D('a2-meta-absent')) delete body.meta;
      } else if (!daily) {
        // A3
        checkParams(q, ['variant_id', 'page', 'limit']);
        const page = intParam(q, 'page', 1, 1, 1e6);
        const limit = intParam(q, 'limit', 50, 1, 100);
        let vid = null;
        if (q.has('variant_id')) {
          vid = q.get('variant_id').trim();
          if (!UUID_RE.test(vid)) throw new HttpError(422, 'validation failed', [{ message: 'expected UUID', location: 'query.variant_id', value: q.get('variant_id') }]);
          vid = vid.toLowerCase();
        }
        let e = findA(idOrSlug, { slugDefect: false });
        if (D('a3-other-product') && !UUID_RE.test(idOrSlug)) e = A[(A.indexOf(e) + 1) % A.length];
        let list = e.sales.filter((s) => vid === null || s.variant_id === vid || (D('a3-filter-ignored-page2') && page > 1));
        if (D('a3-oldest-first')) list = [...list].reverse();
        const items = paginate(list, page, limit).map((s, k) => ({
          product_id: s.product_id,
          variant_id: D('a3-variant-id-orphan') && k % 7 === 3 ? uuid(`orphan-${s.variant_id}-${k}`) : s.variant_id,
          amount: s.amount,
          created_at: iso(s.created_at),
        }));
        body = { $schema: schemaUrl(req, 'MarketASalesResponse'), data: items };
        if (D('a3-has-meta')) body.meta = { current_page: page, per_page: limit, total: list.length };
      } else {
        // A4
        checkParams(q, ['page', 'limit']);
        const page = intParam(q, 'page', 1, 1, 1e6);
        const limit = intParam(q, 'limit', 30, 1, 365);
        const e = findA(idOrSlug, { slugDefect: false });
        const pid = D('a4-product-id-slug') ? idOrSlug : e.product.id;
        body = { $schema: schemaUrl(req, 'MarketADailySalesResponse'), data: paginate(dailyOf(e.sales, pid, 'created_at'), page, limit) };
      }
    } else if (idOrSlug === undefined) {
      // B1
      checkParams(q, ['query', 'page', 'limit']);
      const page = intParam(q, 'page', 1, 1, 1e6);
      const limit = intParam(q, 'limit', 20, 1, 100);
      const hits = searchB(q.get('query') || '');
      body = { $schema: schemaUrl(req, 'MarketBProductSearchResponse'), data: paginate(hits, page, limit).map((e) => renderB(e, false)) };
    } else if (!sales) {
      // B2
      checkParams(q, []);
      const e = findB(idOrSlug, false);
      body = { $schema: schemaUrl(req, 'MarketBProductResponse'), data: renderB(e, true), meta: null };
      if (D('b2-meta-absent')) delete body.meta;
    } else if (!daily) {
      // B3
      checkParams(q, ['page', 'limit']);
      const page = intParam(q, 'page', 1, 1, 1e6);
      const limit = intParam(q, 'limit', 50, 1, 100);
      const e = findB(idOrSlug, true);
      const effPage = D('b3-page-ignored') ? 1 : page;
      let start = (effPage - 1) * limit;
      const items = e.sales.slice(start, start + limit + (D('b3-limit-plus-one') ? 1 : 0)).map((s, k) => ({
        product_id: D('b3-product-id-other') ? s.product_id + 37 : s.product_id,
        type: s.type,
        size_us: D('b3-size-us-number') ? Number(s.size_us) : D('b3-size-orphan') && k % 5 === 2 ? '14' : s.size_us,
        currency: s.currency,
        amount: s.amount,
        location: D('b3-location-code') ? s.location.split(', ')[1] : s.location,
        purchased_at: iso(s.purchased_at),
      }));
      body = { $schema: schemaUrl(req, 'MarketBSalesResponse'), data: items, meta: { page: D('b3-meta-page-zero-based') ? page - 1 : page, per_page: D('b3-per-page-is-count') ? items.length : limit } };
    } else {
      // B4
      checkParams(q, ['page', 'limit']);
      const page = intParam(q, 'page', 1, 1, 1e6);
      const limit = intParam(q, 'limit', 30, 1, 365);
      const e = findB(idOrSlug, false);
      const ok = D('b4-orders-sale-only') ? (s) => s.type === 'PURCHASE_TYPE_SALE' : undefined;
      body = { $schema: schemaUrl(req, 'MarketBDailySalesResponse'), data: paginate(dailyOf(e.sales, e.product.id, 'purchased_at', ok), page, limit) };
    }
    return send(req, res, 200, body, extra);
  } catch (err) {
    if (err instanceof HttpError) {
      if (err.status === 404 && D('not-found-200-null')) return send(req, res, 200, { data: null, meta: null }, extra);
      return problem(req, res, err, extra);
    }
    console.error(err);
    return problem(req, res, new HttpError(500, 'Internal error'), extra);
  }
}

const server = http.createServer((req, res) => {
  req.on('error', () => {});
  req.resume();
  try {
    handle(req, res);
  } catch (err) {
    console.error(err);
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Type': 'application/problem+json' });
      res.end(JSON.stringify({ title: 'Internal Server Error', status: 500, detail: 'Internal error' }));
    }
  }
});
server.listen(PORT, '127.0.0.1', () => {
  // The kit's held-out harness (test/helpers/heldout.ts) reads the port from this line.
  console.log(`listening on http://127.0.0.1:${server.address().port}${DEFECT ? ` (defect ${DEFECT})` : ''}; paid key ${PAID_KEY}, free key ${FREE_KEY}`);
});
