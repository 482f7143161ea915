// Held-out evidence (issue 20): an independent implementation of the API written by a helper
// that read only shared/api and shared/notes, never this kit's code, with 14 seeded must-level
// defects and 8 legal variations of its own choosing (DEFECTS.md beside it). Kept as written;
// the one change is that it prints the port it really listens on (so --port 0 works).
// Vendor 2 implementation of the Resale Market Data API (v3), node:http only.
// Usage: node server.mjs --port P [--defect NAME]... [--variation NAME]...
import http from 'node:http';

// ---------------------------------------------------------------- CLI
const args = process.argv.slice(2);
let PORT = 8080;
const DEFECTS = new Set();
const VARIATIONS = new Set();
const KNOWN_DEFECTS = [
  'a-daily-tz-shift',
  'a-search-popularity-order',
  'b-search-has-meta',
  'a2-variants-null-field',
  'identifiers-free-leak',
  'b4-free-allowed',
  'a3-variant-filter-ignored',
  'b2-slug-prefix',
  'a-price-type-names',
  'a-prices-partial',
  'b3-sale-type-values',
  'b3-meta-shape',
  'b-daily-avg-rounded',
  'b-search-id-string',
];
const KNOWN_VARIATIONS = ['a-sales-oldest-first', 'no-schema', 'extra-members', 'uuid-v7', 'b-season-leading-space', 'problem-minimal', 'fractional-timestamps', 'sales-window-14d'];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const take = () => {
    const v = args[++i];
    if (v === undefined) {
      console.error(`missing value for ${a}`);
      process.exit(2);
    }
    return v;
  };
  if (a === '--port') PORT = Number(take());
  else if (a.startsWith('--port=')) PORT = Number(a.slice(7));
  else if (a === '--defect') DEFECTS.add(take());
  else if (a.startsWith('--defect=')) DEFECTS.add(a.slice(9));
  else if (a === '--variation') VARIATIONS.add(take());
  else if (a.startsWith('--variation=')) VARIATIONS.add(a.slice(12));
  else {
    console.error(`unknown argument ${a}`);
    process.exit(2);
  }
}
for (const d of DEFECTS)
  if (!KNOWN_DEFECTS.includes(d)) {
    console.error(`unknown defect ${d}; known: ${KNOWN_DEFECTS.join(', ')}`);
    process.exit(2);
  }
for (const v of VARIATIONS)
  if (!KNOWN_VARIATIONS.includes(v)) {
    console.error(`unknown variation ${v}; known: ${KNOWN_VARIATIONS.join(', ')}`);
    process.exit(2);
  }
const D = (n) => DEFECTS.has(n);
const V = (n) => VARIATIONS.has(n);

// ---------------------------------------------------------------- deterministic helpers
function hash32(str) {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}
function rng(seed) {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hex = (n, len) => n.toString(16).padStart(len, '0');
function uuidFor(seed, tsMs) {
  const r = rng('uuid:' + seed);
  const b = [];
  for (let i = 0; i < 16; i++) b.push(Math.floor(r() * 256));
  if (V('uuid-v7')) {
    const ts = BigInt(tsMs);
    for (let i = 0; i < 6; i++) b[i] = Number((ts >> BigInt(8 * (5 - i))) & 0xffn);
    b[6] = 0x70 | (b[6] & 0x0f);
  } else {
    b[6] = 0x40 | (b[6] & 0x0f);
  }
  b[8] = 0x80 | (b[8] & 0x3f);
  const h = b.map((x) => hex(x, 2)).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
function ts(ms) {
  const s = new Date(ms).toISOString(); // always UTC with Z
  return V('fractional-timestamps') ? s : s.replace(/\.\d{3}Z$/, 'Z');
}
function dayLabel(ms) {
  return new Date(ms).toISOString().slice(0, 10) + (V('fractional-timestamps') ? 'T00:00:00.000Z' : 'T00:00:00Z');
}
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// Fixed reference clock so that the data set is identical on every start.
const NOW = Date.UTC(2026, 10, 20, 18, 0, 0); // 2026-11-20T18:00:00Z
const DAY = 86400000;
const HISTORY_DAYS = 28;
const WINDOW_DAYS = V('sales-window-14d') ? 14 : HISTORY_DAYS;

// ---------------------------------------------------------------- base catalogue
// [brand, model, colorway/name suffix, style code, A category, A secondary, release year, retail-ish price]
const BASE = [
  ['Nike', 'Dunk Low', 'Retro White Black Panda', 'DD1391-100', 'Nike', 'Dunk Low', 2021, 130],
  ['Jordan', 'Air Jordan 1 Retro High OG', 'Chicago Lost and Found', 'DZ5485-612', 'Air Jordan', 'One', 2022, 260],
  ['Jordan', 'Air Jordan 1 Retro High OG', 'Chicago', '555088-101', 'Air Jordan', 'One', 2015, 900],
  ['Jordan', 'Air Jordan 4 Retro', 'Military Black', 'DH6927-111', 'Air Jordan', 'Four', 2022, 280],
  ['Nike', 'Air Force 1 Low', '07 White', 'CW2288-111', 'Nike', 'Air Force 1', 2020, 110],
  ['adidas', 'Yeezy Boost 350 V2', 'Zebra', 'CP9654', 'adidas', 'Yeezy', 2017, 240],
  ['adidas', 'Yeezy Slide', 'Onyx', 'HQ6448', 'adidas', 'Yeezy', 2022, 110],
  ['New Balance', '550', 'White Green', 'BB550WT1', 'New Balance', '550', 2021, 120],
  ['Nike', 'SB Dunk Low', 'Travis Scott', 'CT5053-001', 'Nike SB', 'SB Dunk Low', 2020, 1400],
  ['Jordan', 'Air Jordan 11 Retro', 'Cherry', 'CT8012-116', 'Air Jordan', 'Eleven', 2022, 230],
  ['Nike', 'Air Max 1', 'Patta Waves Monarch', 'DH1348-001', 'Nike', 'Air Max 1', 2021, 300],
  ['adidas', 'Samba OG', 'Cloud White Core Black', 'B75806', 'adidas', 'Samba', 2018, 100],
  ['New Balance', '2002R', 'Protection Pack Rain Cloud', 'M2002RDA', 'New Balance', '2002R', 2021, 210],
  ['Nike', 'Dunk Low', 'Grey Fog', 'DD1391-103', 'Nike', 'Dunk Low', 2021, 125],
  ['Jordan', 'Air Jordan 3 Retro', 'White Cement Reimagined', 'DN3707-100', 'Air Jordan', 'Three', 2023, 250],
  ['Nike', 'Air Max 90', 'Infrared', 'CT1685-100', 'Nike', 'Air Max 90', 2020, 160],
  ['adidas', 'Yeezy Boost 700', 'Wave Runner', 'B75571', 'adidas', 'Yeezy', 2017, 350],
  ['New Balance', '990v6', 'Grey', 'M990GL6', 'New Balance', '990', 2022, 200],
  ['Nike', 'SB Dunk Low', 'Jarritos', 'FD0860-001', 'Nike SB', 'SB Dunk Low', 2023, 380],
  ['Jordan', 'Air Jordan 1 Low', 'Travis Scott Reverse Mocha', 'DM7866-162', 'Air Jordan', 'One', 2022, 1200],
  ['Nike', 'Air Force 1 Low', 'Off-White Volt', 'AO4606-700', 'Nike', 'Air Force 1', 2018, 700],
  ['adidas', 'Gazelle Indoor', 'Blue Fusion', 'JI2061', 'adidas', 'Gazelle', 2024, 130],
  ['Nike', 'Air Max Plus', 'Triple Black', '604133-050', 'Nike', 'Air Max Plus', 2019, 190],
  ['Jordan', 'Air Jordan 5 Retro', 'Fire Red Silver Tongue', 'DA1911-102', 'Air Jordan', 'Five', 2020, 260],
  ['New Balance', '9060', 'Sea Salt', 'U9060ECA', 'New Balance', '9060', 2023, 160],
  ['Nike', 'Dunk High', 'Panda', 'DD1399-105', 'Nike', 'Dunk High', 2021, 140],
  ['adidas', 'Forum Low', 'Bad Bunny Blue Tint', 'GY9693', 'adidas', 'Forum', 2021, 200],
  ['Nike', 'Vomero 5', 'Photon Dust', 'FB9149-001', 'Nike', 'Vomero', 2023, 170],
  ['Jordan', 'Air Jordan 6 Retro', 'Infrared', 'CT8529-106', 'Air Jordan', 'Six', 2019, 230],
  ['Nike', 'Air Max 95', 'Neon', 'CT1689-001', 'Nike', 'Air Max 95', 2020, 190],
  ['adidas', 'Campus 00s', 'Core Black', 'HQ8708', 'adidas', 'Campus', 2023, 110],
  ['New Balance', '530', 'White Silver Navy', 'MR530SG', 'New Balance', '530', 2022, 100],
  ['Nike', 'Cortez', 'Union Off Noir', 'DR1413-001', 'Nike', 'Cortez', 2022, 180],
  ['Jordan', 'Air Jordan 12 Retro', 'Playoffs', 'CT8013-006', 'Air Jordan', 'Twelve', 2022, 230],
];
const CITIES = ['New York, US', 'Los Angeles, US', 'Chicago, US', 'London, GB', 'Paris, FR', 'Berlin, DE', 'Tokyo, JP', 'Toronto, CA', 'Miami, US', 'Houston, US'];
const COUNTRIES = ['VN', 'CN', 'ID', 'VN', 'CN', 'US'];

function sizeSystems(brand, us) {
  const fmt = (n) => (Number.isInteger(n) ? String(n) : String(n));
  const euNike = { 7: '40', 7.5: '40.5', 8: '41', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44', 10.5: '44.5', 11: '45', 11.5: '45.5', 12: '46' };
  const euAdidas = { 7: '40', 7.5: '40 2/3', 8: '41 1/3', 8.5: '42', 9: '42 2/3', 9.5: '43 1/3', 10: '44', 10.5: '44 2/3', 11: '45 1/3', 11.5: '46', 12: '46 2/3' };
  const euNB = { 7: '40', 7.5: '40.5', 8: '41.5', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44', 10.5: '44.5', 11: '45', 11.5: '45.5', 12: '46.5' };
  let uk, eu, cm, usw;
  if (brand === 'adidas') {
    uk = us - 0.5;
    eu = euAdidas[us];
    cm = 25.5 + (us - 7);
    usw = us + 1;
  } else if (brand === 'New Balance') {
    uk = us - 0.5;
    eu = euNB[us];
    cm = 25 + (us - 7);
    usw = us + 1.5;
  } else {
    uk = us - 1;
    eu = euNike[us];
    cm = 25 + (us - 7);
    usw = us + 1.5;
  }
  cm = Math.round(cm * 10) / 10;
  return [
    { size: `US M ${fmt(us)}`, type: 'us m' },
    { size: `UK ${fmt(uk)}`, type: 'uk' },
    { size: `CM ${fmt(cm)}`, type: 'cm' },
    { size: `KR ${Math.round(cm * 10)}`, type: 'kr' },
    { size: `EU ${eu}`, type: 'eu' },
    { size: `US W ${fmt(usw)}`, type: 'us w' },
  ];
}
const US_SIZES = [7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12];

// ---------------------------------------------------------------- marketplace A data
const A_PRODUCTS = [];
const A_SALES = new Map(); // product id -> array of sales (newest first), full history
for (let i = 0; i < 30; i++) {
  const [brand, model, cw, sku, cat, sec, year, base] = BASE[i];
  const r = rng('A' + sku);
  const title = `${brand === 'Jordan' && model.startsWith('Air Jordan') ? '' : brand + ' '}${model} ${cw}`.trim();
  const slug = slugify(title);
  const createdMs = Date.UTC(year, Math.floor(r() * 12), 1 + Math.floor(r() * 27), Math.floor(r() * 24), Math.floor(r() * 60), Math.floor(r() * 60));
  const updatedMs = NOW - Math.floor(r() * 3 * DAY);
  const id = uuidFor('A-product-' + sku, createdMs);
  const variants = [];
  const vUpdated = NOW - Math.floor(r() * DAY);
  US_SIZES.forEach((us, pos) => {
    const vr = rng('Av' + sku + us);
    const vid = uuidFor('A-variant-' + sku + '-' + us, createdMs + pos);
    const std = Math.round(base * (1 + vr() * 0.6 + (us >= 11 ? 0.1 : 0)));
    const noAsks = vr() < 0.08;
    const prices = [];
    const stdAsks = noAsks ? 0 : 1 + Math.floor(vr() * 25);
    prices.push({ price: noAsks ? 0 : std, asks: stdAsks, type: 'standard' });
    const hasEs = !noAsks && vr() < 0.5;
    const esAsks = hasEs ? 1 + Math.floor(vr() * 4) : 0;
    prices.push({ price: hasEs ? Math.round(std * (1.05 + vr() * 0.1)) : 0, asks: esAsks, type: 'express_standard' });
    const hasEx = !noAsks && vr() < 0.3;
    const exAsks = hasEx ? 1 + Math.floor(vr() * 3) : 0;
    prices.push({ price: hasEx ? Math.round(std * (1.15 + vr() * 0.15)) : 0, asks: exAsks, type: 'express_expedited' });
    const nonzero = prices.filter((p) => p.price > 0).map((p) => p.price);
    const upc = String(190000000000 + (hash32('upc' + sku + us) % 9999999999)).padStart(12, '0');
    const identifiers = [{ identifier: upc, identifier_type: 'UPC' }];
    if (vr() < 0.6) identifiers.push({ identifier: '0' + upc, identifier_type: 'EAN-13' });
    variants.push({
      id: vid,
      size: String(us),
      size_type: 'us m',
      sizes: sizeSystems(brand, us),
      lowest_ask: nonzero.length ? Math.min(...nonzero) : 0,
      total_asks: prices.reduce((s, p) => s + p.asks, 0),
      position: pos,
      hidden: false,
      updated_at: ts(vUpdated - pos * 60000),
      _identifiers: identifiers,
      _prices: prices,
      currency: 'USD',
      market: 'US',
      sales_count_15_days: 0,
      sales_count_30_days: 0,
      sales_count_60_days: 0,
      _base: std,
    });
  });
  // per-sale history
  const sales = [];
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const dayStart = Date.UTC(2026, 10, 20) - d * DAY;
    let n = Math.floor(r() * 4); // 0..3 sales on the day
    if (d === 0) n = Math.min(n, 1);
    for (let k = 0; k < n; k++) {
      let off;
      const roll = r();
      if (roll < 0.18)
        off = DAY - 1000 * (30 + Math.floor(r() * 240)); // 23:55-23:59:30
      else if (roll < 0.36)
        off = 1000 * (5 + Math.floor(r() * 600)); // 00:00-00:10
      else off = Math.floor(r() * DAY);
      const at = dayStart + off;
      if (at > NOW) continue;
      const v = variants[Math.floor(r() * variants.length)];
      const amount = Math.round(v._base * (0.85 + r() * 0.3));
      sales.push({ product_id: id, variant_id: v.id, amount, _ms: at, _v: v });
    }
  }
  sales.sort((x, y) => y._ms - x._ms);
  for (const s of sales) {
    const age = NOW - s._ms;
    if (age <= 15 * DAY) s._v.sales_count_15_days++;
    if (age <= 30 * DAY) s._v.sales_count_30_days++;
    if (age <= 60 * DAY) s._v.sales_count_60_days++;
  }
  const asks = variants.map((v) => v.lowest_ask).filter((x) => x > 0);
  const rank = 1 + Math.floor(Math.pow(r(), 2) * 5000) + i; // distinct enough
  A_PRODUCTS.push({
    id,
    title,
    brand,
    model,
    gender: r() < 0.85 ? 'men' : 'unisex',
    description: `The ${title} in the ${cw} colourway, style code ${sku}.`,
    image: `https://images.market-a.example/${slug}.png`,
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
    gallery: [1, 2, 3].map((k) => `https://images.market-a.example/${slug}/${k}.png`),
    gallery_360: i % 3 === 0 ? [1, 2].map((k) => `https://images.market-a.example/${slug}/360/${k}.png`) : [],
    updated_at: ts(updatedMs),
    created_at: ts(createdMs),
    link: `https://market-a.example/${slug}`,
    rank,
    weekly_orders: Math.max(0, Math.round(3000 / Math.sqrt(rank)) - 5),
    country_of_manufacture: COUNTRIES[i % COUNTRIES.length],
    primary_title: brand === 'Jordan' ? 'Jordan ' + model.replace(/^Air Jordan /, 'AJ') : `${brand} ${model}`,
    secondary_title: cw,
    min_price: asks.length ? Math.min(...asks) : 0,
    max_price: asks.length ? Math.max(...asks) : 0,
    avg_price: asks.length ? asks.reduce((s, x) => s + x, 0) / asks.length : 0,
    short_description: i % 4 === 0 ? '' : `${brand} ${model}.`,
    upcoming: false,
    _variants: variants,
    _searchText: [title, brand, model, cw, sku, slug, cat, sec].join(' ').toLowerCase(),
  });
  A_SALES.set(id, sales);
}
// make ranks unique and stable
A_PRODUCTS.forEach((p, i) => {
  p.rank = p.rank * 100 + i;
  p.weekly_orders = Math.max(0, Math.round(30000 / Math.sqrt(p.rank)) - 5);
});

// ---------------------------------------------------------------- marketplace B data
const B_PRODUCTS = [];
const B_SALES = new Map();
for (let j = 0; j < 30; j++) {
  const i = j + 1; // B lists base products 1..30 (so 1..29 shared with A, 30 B-only; A-only: 0)
  const [brand, model, cw, skuA, , , year, base] = BASE[i];
  const r = rng('B' + skuA);
  const sku = skuA.replace('-', ' ');
  const name = `${brand === 'Jordan' && model.startsWith('Air Jordan') ? '' : brand + ' '}${model} ${cw}`.trim();
  const slug = slugify(name);
  const id = 700000 + ((j * 7919) % 40000) + j; // integers, not in list order
  const relMs = Date.UTC(year, Math.floor(r() * 12), 1 + Math.floor(r() * 27), 7, 0, 0);
  const updatedMs = NOW - Math.floor(r() * 2 * DAY);
  const variants = US_SIZES.map((us) => {
    const vr = rng('Bv' + sku + us);
    const avail = vr() > 0.1;
    return {
      product_id: id,
      size: String(us),
      lowest_ask: avail ? Math.round(base * (1 + vr() * 0.5)) : 0,
      currency: 'USD',
      available: avail,
      updated_at: ts(updatedMs - Math.floor(vr() * 3600000)),
      _us: us,
    };
  });
  const sales = [];
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const dayStart = Date.UTC(2026, 10, 20) - d * DAY;
    let n = Math.floor(r() * 5);
    if (d === 0) n = Math.min(n, 1);
    for (let k = 0; k < n; k++) {
      let off;
      const roll = r();
      if (roll < 0.18) off = DAY - 1000 * (20 + Math.floor(r() * 200));
      else if (roll < 0.36) off = 1000 * (3 + Math.floor(r() * 500));
      else off = Math.floor(r() * DAY);
      const at = dayStart + off;
      if (at > NOW) continue;
      const v = variants[Math.floor(r() * variants.length)];
      const offer = r() < 0.15;
      const amount = Math.round(base * (0.9 + r() * 0.4)) + (offer ? -7 : 0);
      sales.push({
        product_id: id,
        type: offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE',
        size_us: String(v._us),
        currency: 'USD',
        amount,
        location: CITIES[Math.floor(r() * CITIES.length)],
        _ms: at,
      });
    }
  }
  sales.sort((x, y) => y._ms - x._ms);
  const rank = 1 + Math.floor(Math.pow(r(), 2) * 8000) * 50 + j;
  B_PRODUCTS.push({
    id,
    sku,
    slug,
    name,
    brand,
    model,
    description: `${name}. Style ${sku}.`,
    colorway: cw,
    season: String(year),
    category: 'shoes',
    product_type: 'sneakers',
    image_url: `https://images.market-b.example/${id}.jpg`,
    _images: [1, 2, 3].map((k) => `https://images.market-b.example/${id}/${k}.jpg`),
    release_date: ts(relMs),
    release_date_year: String(year),
    retail_prices: null,
    link: `https://market-b.example/sneakers/${slug}`,
    sizes: US_SIZES.map((us) => ({ presentation: String(us), value: us })),
    rank,
    weekly_orders: Math.max(0, Math.round(20000 / Math.sqrt(rank)) - 3),
    updated_at: ts(updatedMs),
    _variants: variants,
    _nickname: cw,
    _searchText: [name, brand, model, cw, sku, skuA, slug].join(' ').toLowerCase(),
  });
  B_SALES.set(id, sales);
}

// ---------------------------------------------------------------- search
const norm = (s) => s.toLowerCase().replace(/[\s\-_]+/g, '');
function searchScore(p, q) {
  const tokens = q
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (!tokens.length) return 1;
  let score = 0;
  const nq = norm(q);
  if (nq && norm(p.sku) === nq) score += 1000;
  else if (nq.length >= 4 && norm(p.sku).startsWith(nq)) score += 500;
  const words = p._searchText.split(/[^a-z0-9]+/).filter(Boolean);
  let matched = 0;
  for (const t of tokens) {
    const tn = t.replace(/[^a-z0-9]/g, '');
    if (!tn) continue;
    if (words.includes(tn)) {
      score += 10;
      matched++;
    } else if (words.some((w) => w.startsWith(tn)) || p._searchText.includes(t)) {
      score += 5;
      matched++;
    }
  }
  if (score < 500 && matched < tokens.length) return 0; // all terms must match
  return score;
}
function runSearch(list, q) {
  const hits = [];
  for (const p of list) {
    const s = searchScore(p, q);
    if (s > 0) hits.push([s, p]);
  }
  hits.sort((x, y) => y[0] - x[0] || (D('a-search-popularity-order') && list === A_PRODUCTS ? y[1].rank - x[1].rank : x[1].rank - y[1].rank));
  return hits.map((h) => h[1]);
}

// ---------------------------------------------------------------- serializers
const pub = (o) => {
  const r = {};
  for (const k of Object.keys(o)) if (!k.startsWith('_')) r[k] = o[k];
  return r;
};
function aProduct(p, opts = {}) {
  const o = pub(p);
  if (opts.variants) {
    o.variants = p._variants.map((v) => {
      const x = pub(v);
      x.identifiers = opts.identifiers ? v._identifiers.map((id) => ({ ...id })) : null;
      if (opts.prices && !(D('a-prices-partial') && v.position >= 8)) {
        x.prices = v._prices.map((pr) => {
          const y = { ...pr };
          if (D('a-price-type-names') && y.type === 'express_expedited') y.type = 'expedited';
          if (V('extra-members')) y.price_ladder = pr.asks ? [{ price: pr.price, asks: pr.asks }] : [];
          return y;
        });
      } else x.prices = null;
      return x;
    });
  } else if (D('a2-variants-null-field') && opts.lookup) {
    o.variants = null;
  }
  return o;
}
function bProduct(p, { lookup }) {
  const o = pub(p);
  if (V('b-season-leading-space')) o.season = ' ' + o.season;
  if (V('extra-members')) o.nickname = p._nickname;
  if (lookup) {
    o.images = p._images.slice();
    o.variants = p._variants.map((v) => {
      const x = pub(v);
      if (V('extra-members')) x.market = 'US';
      return x;
    });
  } else {
    o.images = null;
    o.variants = null;
    if (D('b-search-id-string')) o.id = String(o.id);
  }
  return o;
}

function windowed(sales) {
  return sales.filter((s) => NOW - s._ms < WINDOW_DAYS * DAY);
}
function aSaleOut(s) {
  return { product_id: s.product_id, variant_id: s.variant_id, amount: s.amount, created_at: ts(s._ms) };
}
function bSaleOut(s) {
  const o = pub(s);
  if (D('b3-sale-type-values') && o.type === 'PURCHASE_TYPE_OFFER_CLOSED') o.type = 'PURCHASE_TYPE_OFFER';
  o.purchased_at = ts(s._ms);
  return o;
}
function daily(sales, productId, shiftHours = 0, roundAvg = false) {
  const groups = new Map();
  for (const s of sales) {
    const dayMs = Math.floor((s._ms - shiftHours * 3600000) / DAY) * DAY;
    if (!groups.has(dayMs)) groups.set(dayMs, { sum: 0, n: 0 });
    const g = groups.get(dayMs);
    g.sum += s.amount;
    g.n++;
  }
  return [...groups.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([dayMs, g]) => ({
      product_id: productId,
      avg_amount: roundAvg ? Math.round(g.sum / g.n) : g.sum / g.n,
      orders: g.n,
      date: dayLabel(dayMs),
    }));
}

// ---------------------------------------------------------------- HTTP plumbing
const KEYS = { 'vendor-paid': 'Pro', 'vendor-free': 'Free' };
const quota = new Map();
const rate = new Map(); // key -> array of timestamps in the last minute
const RATE_LIMIT = 640;

class ApiError extends Error {
  constructor(status, title, detail, errors, headers) {
    super(detail);
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors;
    this.headers = headers || {};
  }
}
const unprocessable = (location, value, message) => new ApiError(422, 'Unprocessable Entity', 'validation failed', [{ message, location, value }]);
const notFound = () => new ApiError(404, 'Not Found', 'Product not found');

function baseUrl(req) {
  return `http://${req.headers.host || '127.0.0.1:' + PORT}`;
}
function send(res, status, body, headers, ctype = 'application/json') {
  const txt = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': ctype, 'Content-Length': Buffer.byteLength(txt), ...headers });
  res.end(txt);
}
function envelope(req, schema, data, meta, withMeta = true) {
  const o = {};
  if (!V('no-schema')) o.$schema = `${baseUrl(req)}/schemas/${schema}.json`;
  o.data = data;
  if (withMeta) o.meta = meta;
  return o;
}
function intParam(q, name, def, min, max) {
  const raw = q.get(name);
  if (raw === null || raw === '') return def;
  if (!/^-?\d+$/.test(raw)) throw unprocessable(`query.${name}`, raw, `expected integer`);
  const n = Number(raw);
  if (n < min) throw unprocessable(`query.${name}`, n, `expected number >= ${min}`);
  if (n > max) throw unprocessable(`query.${name}`, n, `expected number <= ${max}`);
  return n;
}
const isTrue = (q, name) => (q.get(name) || '').toLowerCase() === 'true';
const paginate = (arr, page, limit) => arr.slice((page - 1) * limit, page * limit);

function authenticate(req) {
  let h = req.headers['authorization'];
  if (!h) return null;
  h = h.trim();
  const m = /^bearer\s+(.+)$/i.exec(h);
  const key = m ? m[1].trim() : h;
  if (!Object.prototype.hasOwnProperty.call(KEYS, key)) return null;
  return { key, tier: KEYS[key] };
}
function requirePaid(auth, what) {
  if (auth.tier === 'Free') throw new ApiError(403, 'Forbidden', `${what} requires a paid plan (Starter, Pro or Enterprise); your key is on the Free plan`);
}

function findA(idOrSlug) {
  const s = idOrSlug.toLowerCase();
  return A_PRODUCTS.find((p) => p.id === s) || A_PRODUCTS.find((p) => p.slug === idOrSlug) || null;
}
function findB(idOrSlug, { slugPrefix = false } = {}) {
  if (/^\d+$/.test(idOrSlug)) return B_PRODUCTS.find((p) => p.id === Number(idOrSlug)) || null;
  if (slugPrefix) return B_PRODUCTS.find((p) => p.slug.startsWith(idOrSlug)) || null;
  return B_PRODUCTS.find((p) => p.slug === idOrSlug) || null;
}

function schemaDoc(req, name) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${baseUrl(req)}/schemas/${name}.json`,
    title: name,
    type: 'object',
    required: name === 'ErrorModel' ? ['title', 'status', 'detail'] : ['data'],
    additionalProperties: true,
  };
}
const SCHEMAS = ['ProductSearchA', 'ProductA', 'SalesListA', 'DailySalesA', 'ProductSearchB', 'ProductB', 'SalesListB', 'DailySalesB', 'ErrorModel'];

function route(req, url, auth) {
  const q = url.searchParams;
  const parts = url.pathname.replace(/\/+$/, '').split('/').slice(1).map(decodeURIComponent);
  // parts: v3, market_x, products, [id], [sales], [daily]
  if (parts[0] !== 'v3' || (parts[1] !== 'market_a' && parts[1] !== 'market_b') || parts[2] !== 'products' || parts.length > 6 || (parts.length >= 5 && parts[4] !== 'sales') || (parts.length === 6 && parts[5] !== 'daily')) {
    throw new ApiError(404, 'Not Found', `No route for ${url.pathname}`);
  }
  const mk = parts[1];
  const idp = parts[3];
  const kind = parts.length === 3 ? 'search' : parts.length === 4 ? 'lookup' : parts.length === 5 ? 'sales' : 'daily';

  if (mk === 'market_a') {
    if (kind === 'search') {
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', 20, 1, 100);
      const hits = runSearch(A_PRODUCTS, q.get('query') || '');
      return [
        200,
        envelope(
          req,
          'ProductSearchA',
          paginate(hits, page, limit).map((p) => aProduct(p)),
          V('extra-members')
            ? { current_page: page, per_page: limit, total: Math.min(hits.length, 1000), facets: { brand: Object.fromEntries([...new Set(hits.map((h) => h.brand))].map((b) => [b, hits.filter((h) => h.brand === b).length])) } }
            : { current_page: page, per_page: limit, total: Math.min(hits.length, 1000) },
        ),
      ];
    }
    if (kind === 'lookup') {
      const wantIds = isTrue(q, 'display[identifiers]');
      if (wantIds && !D('identifiers-free-leak')) requirePaid(auth, 'display[identifiers]');
      const p = findA(idp);
      if (!p) throw notFound();
      return [200, envelope(req, 'ProductA', aProduct(p, { lookup: true, variants: isTrue(q, 'display[variants]'), prices: isTrue(q, 'display[prices]'), identifiers: wantIds }), null)];
    }
    requirePaid(auth, kind === 'sales' ? 'Per-sale history' : 'Daily sales');
    if (kind === 'sales') {
      const page = intParam(q, 'page', 1, 1, 1e9);
      const limit = intParam(q, 'limit', 50, 1, 100);
      const p = findA(idp);
      if (!p) throw notFound();
      let sales = windowed(A_SALES.get(p.id));
      const vid = q.get('variant_id');
      if (vid && !D('a3-variant-filter-ignored')) sales = sales.filter((s) => s.variant_id === vid.toLowerCase());
      if (V('a-sales-oldest-first')) sales = sales.slice().reverse();
      return [200, envelope(req, 'SalesListA', paginate(sales, page, limit).map(aSaleOut), undefined, false)];
    }
    const page = intParam(q, 'page', 1, 1, 1e9);
    const limit = intParam(q, 'limit', 365, 1, 365);
    const p = findA(idp);
    if (!p) throw notFound();
    const rows = daily(windowed(A_SALES.get(p.id)), p.id, D('a-daily-tz-shift') ? 5 : 0, false);
    return [200, envelope(req, 'DailySalesA', paginate(rows, page, limit), undefined, false)];
  }

  // market_b
  if (kind === 'search') {
    const page = intParam(q, 'page', 1, 1, 1e9);
    const limit = intParam(q, 'limit', 20, 1, 100);
    const hits = runSearch(B_PRODUCTS, q.get('query') || '');
    const data = paginate(hits, page, limit).map((p) => bProduct(p, { lookup: false }));
    if (D('b-search-has-meta')) return [200, envelope(req, 'ProductSearchB', data, { current_page: page, per_page: limit, total: hits.length })];
    return [200, envelope(req, 'ProductSearchB', data, undefined, false)];
  }
  if (kind === 'lookup') {
    const p = findB(idp, { slugPrefix: D('b2-slug-prefix') });
    if (!p) throw notFound();
    return [200, envelope(req, 'ProductB', bProduct(p, { lookup: true }), null)];
  }
  if (!(kind === 'daily' && D('b4-free-allowed'))) requirePaid(auth, kind === 'sales' ? 'Per-sale history' : 'Daily sales');
  if (kind === 'sales') {
    if (!/^\d+$/.test(idp)) throw unprocessable('path.id', idp, 'expected integer product id');
    const page = intParam(q, 'page', 1, 1, 1e9);
    const limit = intParam(q, 'limit', 50, 1, 100);
    const p = findB(idp);
    if (!p) throw notFound();
    const sales = windowed(B_SALES.get(p.id));
    const meta = D('b3-meta-shape') ? { current_page: page, per_page: limit } : { page, per_page: limit };
    return [200, envelope(req, 'SalesListB', paginate(sales, page, limit).map(bSaleOut), meta)];
  }
  const page = intParam(q, 'page', 1, 1, 1e9);
  const limit = intParam(q, 'limit', 365, 1, 365);
  const p = findB(idp);
  if (!p) throw notFound();
  const rows = daily(windowed(B_SALES.get(p.id)), p.id, 0, D('b-daily-avg-rounded'));
  return [200, envelope(req, 'DailySalesB', paginate(rows, page, limit), undefined, false)];
}

const server = http.createServer((req, res) => {
  let url;
  const hdrs = { 'X-Key-Type': 'None', 'X-Quota-Current': '0' };
  const problem = (e) => {
    const body = {};
    if (!V('problem-minimal')) {
      body.$schema = `${baseUrl(req)}/schemas/ErrorModel.json`;
      body.type = 'about:blank';
    }
    body.title = e.title;
    body.status = e.status;
    body.detail = e.detail;
    if (!V('problem-minimal')) body.instance = url ? url.pathname : req.url;
    if (e.errors) body.errors = e.errors;
    send(res, e.status, body, { ...hdrs, ...e.headers }, 'application/problem+json');
  };
  try {
    url = new URL(req.url, 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw new ApiError(405, 'Method Not Allowed', `Method ${req.method} is not allowed; the service is read-only`, undefined, { Allow: 'GET, HEAD' });
    }
    const sm = /^\/schemas\/([A-Za-z]+)\.json$/.exec(url.pathname);
    if (sm && SCHEMAS.includes(sm[1])) return send(res, 200, schemaDoc(req, sm[1]), {}, 'application/schema+json');
    if (!url.pathname.startsWith('/v3/')) throw new ApiError(404, 'Not Found', `No route for ${url.pathname}`);
    const auth = authenticate(req);
    if (!auth) throw new ApiError(401, 'Unauthorized', 'Invalid key');
    hdrs['X-Key-Type'] = auth.tier;
    const now = Date.now();
    const win = (rate.get(auth.key) || []).filter((t) => now - t < 60000);
    if (win.length >= RATE_LIMIT) {
      rate.set(auth.key, win);
      hdrs['X-Quota-Current'] = String(quota.get(auth.key) || 0);
      throw new ApiError(429, 'Too Many Requests', `Rate limit of ${RATE_LIMIT} requests per minute exceeded`, undefined, { 'Retry-After': String(Math.max(1, Math.ceil((60000 - (now - win[0])) / 1000))) });
    }
    win.push(now);
    rate.set(auth.key, win);
    quota.set(auth.key, (quota.get(auth.key) || 0) + 1);
    hdrs['X-Quota-Current'] = String(quota.get(auth.key));
    const [status, body] = route(req, url, auth);
    send(res, status, body, hdrs);
  } catch (e) {
    if (e instanceof ApiError) return problem(e);
    console.error(e);
    problem(new ApiError(500, 'Internal Server Error', 'unexpected error'));
  }
});
server.listen(PORT, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
