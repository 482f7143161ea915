// Resale Market Data API -- independent vendor implementation (held-out server).
// Node 20, node: built-ins only.
// Start: node server.mjs --port P [--defect NAME]... [--variation NAME]...
import http from 'node:http';
import crypto from 'node:crypto';

// ---------------------------------------------------------------- flags
const DEFECTS = {
  // must-level (rules stated by the description)
  'delete-allowed': 'B2 path answers DELETE with 204 and removes the product',
  'v2-alias': 'every endpoint is also served under /v2/',
  'b1-meta': 'B1 search carries a pagination meta',
  'a1-meta-page': 'A1 meta uses "page" instead of "current_page"',
  'a2-meta-absent': 'A2 response has no meta member',
  'a2-variants-unasked': 'A2 with only display[prices]=true adds variants',
  'a2-slug-display-ignored': 'A2 addressed by slug ignores display[...] parameters',
  'a2-prices-skip-hidden': 'display[prices]=true leaves prices null on hidden variants',
  'free-identifiers': 'free tier gets filled identifiers',
  'free-b4': 'free tier may call B4',
  'a3-variant-filter-slug': 'A3 addressed by slug ignores variant_id',
  'a3-product-id-slug': 'A3 addressed by slug reports the slug as product_id',
  'a3-one-variant': 'A3 without variant_id returns only the first variant',
  'a4-day-shift': 'A4 labels each day with the next day',
  'b4-date-local': 'B4 days are New York days (date T05:00:00Z)',
  'b4-slug-rejected': 'B4 refuses a slug',
  'b3-type-third': 'B3 records sometimes carry a third type value',
  'b2-variant-product-id-string': 'B2 variant product_id is a string',
  'a1-rank-string': 'A1 rank is a string',
  'size-type-upper': 'A variant size_type is upper-case',
  'breadcrumb-level-zero': 'A breadcrumb levels start at 0',
  'b1-brand-unsearchable': 'B1 does not search the brand',
  'a1-sku-not-first': 'A1 ignores relevance (exact SKU not first)',
  'b2-images-null': 'B2 images is null',
  'empty-204': 'A4 for a product without sales answers 204 without body',
  'a2-updated-offset': 'A2 updated_at/created_at carry a -05:00 offset',
  // should-level (production notes)
  'unauth-403': 'missing/unknown key gets 403',
  'error-plain-json': 'errors are served as application/json',
  'unknown-param-422': 'unknown query parameters get 422',
  'b3-default-limit-20': 'B3 default page size is 20',
  'daily-zero-rows': 'B4 contains rows for days without sales',
  'position-one-based': 'A variant position starts at 1',
  'total-asks-mismatch': 'A total_asks counts only standard asks',
  'no-key-type-on-error': 'error responses lack X-Key-Type / X-Quota-Current',
};
const VARIATIONS = {
  'no-schema': 'no $schema member anywhere',
  'a3-oldest-first': 'A3 records oldest first',
  'free-identifiers-null': 'free tier + display[identifiers] gives 200 with identifiers null',
  'uuid-v7': 'marketplace A ids are UUID version 7',
  'b-season-trimmed': 'B season without leading space',
  'extra-members': 'extra undocumented members (meta.facets, ladder, nickname, market)',
  'error-minimal': 'problem details without $schema/type/instance (title/status/detail[/errors] only)',
  'empty-query-empty': 'search without query returns an empty list',
  'a1-per-page-10': 'A1 default page size 10',
  'daily-window-30': 'daily series cover only the last 30 days',
  'timestamps-millis': 'timestamps carry milliseconds',
  'amounts-fractional': 'sale amounts carry cents',
};
let PORT = 0;
let RATE_LIMIT = 640; // requests per minute per key (production note); --rate-limit N changes it
const D = new Set();
const V = new Set();
{
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const k = a[i];
    const val = () => { if (i + 1 >= a.length) die(`missing value for ${k}`); return a[++i]; };
    if (k === '--port') PORT = Number(val());
    else if (k.startsWith('--port=')) PORT = Number(k.slice(7));
    else if (k === '--rate-limit') RATE_LIMIT = Number(val());
    else if (k === '--defect') add(D, DEFECTS, val(), 'defect');
    else if (k.startsWith('--defect=')) add(D, DEFECTS, k.slice(9), 'defect');
    else if (k === '--variation') add(V, VARIATIONS, val(), 'variation');
    else if (k.startsWith('--variation=')) add(V, VARIATIONS, k.slice(12), 'variation');
    else if (k === '--list') {
      for (const [n, t] of Object.entries(DEFECTS)) console.log(`defect    ${n}: ${t}`);
      for (const [n, t] of Object.entries(VARIATIONS)) console.log(`variation ${n}: ${t}`);
      process.exit(0);
    } else die(`unknown argument ${k}`);
  }
  if (!Number.isInteger(PORT) || PORT < 0 || PORT > 65535) die('bad --port');
}
function add(set, known, name, kind) {
  for (const n of String(name).split(',')) {
    if (!n) continue;
    if (!(n in known)) die(`unknown ${kind} ${n}; known: ${Object.keys(known).join(', ')}`);
    set.add(n);
  }
}
function die(m) { process.stderr.write(m + '\n'); process.exit(2); }

// ---------------------------------------------------------------- determinism helpers
const CLOCK = Date.parse('2026-11-20T18:00:00Z');
const DAY = 86400000;
function rngFor(seed) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) { h = Math.imul(h ^ seed.charCodeAt(i), 3432918353); h = (h << 13) | (h >>> 19); }
  let s = h >>> 0;
  return () => { s |= 0; s = (s + 0x6D2B79F5) | 0; let t = Math.imul(s ^ (s >>> 15), 1 | s); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
function uuidFor(name, ms) {
  const b = crypto.createHash('sha256').update('resale-heldout:' + name).digest();
  if (V.has('uuid-v7')) {
    const t = BigInt(ms);
    for (let i = 0; i < 6; i++) b[i] = Number((t >> BigInt(8 * (5 - i))) & 0xffn);
    b[6] = (b[6] & 0x0f) | 0x70;
  } else b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
function ts(ms) {
  const iso = new Date(ms).toISOString();
  return V.has('timestamps-millis') ? iso : iso.replace(/\.\d{3}Z$/, 'Z');
}
function tsOffset(ms) { // same instant written with -05:00 (defect a2-updated-offset)
  const iso = new Date(ms - 5 * 3600000).toISOString().replace(/\.\d{3}Z$/, '');
  return iso + '-05:00';
}
const slugify = (s) => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const round2 = (x) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------- catalog
// [brand, titleA, primary, secondary, nameB, model, sku, colorway, category, secondary_category, release, retail, gender, country, upcoming]
const CATALOG = [
  ['Nike', 'Nike Dunk Low Retro White Black Panda', 'Nike Dunk Low Retro', 'White Black Panda', "Dunk Low 'Black White'", 'Dunk Low', 'DD1391-100', 'White/Black', 'Nike', 'Dunk Low', '2021-03-10', 110, 'men', 'VN', false],
  ['Jordan', 'Jordan 1 Retro High OG Chicago Lost and Found', 'Jordan 1 Retro High OG', 'Chicago Lost and Found', "Air Jordan 1 Retro High OG 'Lost & Found'", 'Air Jordan 1', 'DZ5485-612', 'Varsity Red/Black/Sail/Muslin', 'Air Jordan', 'One', '2022-11-19', 180, 'men', 'CN', false],
  ['adidas', 'adidas Yeezy Boost 350 V2 Bone', 'adidas Yeezy Boost 350 V2', 'Bone', "Yeezy Boost 350 V2 'Bone'", 'Yeezy Boost 350 V2', 'HQ6316', 'Bone/Bone/Bone', 'adidas', 'Yeezy', '2022-03-21', 230, 'men', 'CN', false],
  ['New Balance', 'New Balance 550 White Green', 'New Balance 550', 'White Green', "550 'White Green'", '550', 'BB550WT1', 'White/Green', 'New Balance', '550', '2020-10-01', 110, 'men', 'ID', false],
  ['Jordan', 'Jordan 4 Retro Black Cat (2020)', 'Jordan 4 Retro', 'Black Cat (2020)', "Air Jordan 4 Retro 'Black Cat' 2020", 'Air Jordan 4', 'CU1110-010', 'Black/Black/Light Graphite', 'Air Jordan', 'Four', '2020-01-22', 190, 'men', 'CN', false],
  ['Nike', "Nike Air Force 1 Low '07 White", "Nike Air Force 1 Low '07", 'White', "Air Force 1 '07 'Triple White'", 'Air Force 1 Low', 'CW2288-111', 'White/White', 'Nike', 'Air Force 1', '2019-11-01', 115, 'men', 'VN', false],
  ['Nike', 'Nike SB Dunk Low Travis Scott', 'Nike SB Dunk Low', 'Travis Scott', "Travis Scott x Dunk Low SB 'Cactus Jack'", 'SB Dunk Low', 'CT5053-001', 'Multi-Color/Multi-Color', 'Nike SB', 'SB Dunk Low', '2020-02-29', 150, 'men', 'CN', false],
  ['adidas', 'adidas Samba OG Cloud White Core Black', 'adidas Samba OG', 'Cloud White Core Black', "Samba OG 'White Black Gum'", 'Samba', 'B75806', 'Cloud White/Core Black/Clear Granite', 'adidas', 'Samba', '2018-01-01', 100, 'unisex', 'IN', false],
  ['Jordan', 'Jordan 11 Retro Cool Grey (2021)', 'Jordan 11 Retro', 'Cool Grey (2021)', "Air Jordan 11 Retro 'Cool Grey' 2021", 'Air Jordan 11', 'CT8012-005', 'Medium Grey/White/Cool Grey', 'Air Jordan', 'Eleven', '2021-12-11', 225, 'men', 'CN', false],
  ['New Balance', 'New Balance 990v6 Grey', 'New Balance 990v6', 'Grey', "990v6 Made in USA 'Grey'", '990v6', 'M990GL6', 'Grey/Grey', 'New Balance', '990', '2022-04-28', 200, 'men', 'US', false],
  ['Nike', "Nike Air Max 1 '86 OG Big Bubble Red", "Nike Air Max 1 '86 OG", 'Big Bubble Red', "Air Max 1 '86 OG 'Big Bubble - Sport Red'", 'Air Max 1', 'DQ3989-100', 'White/University Red', 'Nike', 'Air Max 1', '2023-03-26', 150, 'men', 'VN', false],
  ['Jordan', 'Jordan 3 Retro White Cement Reimagined', 'Jordan 3 Retro', 'White Cement Reimagined', "Air Jordan 3 Retro 'White Cement Reimagined'", 'Air Jordan 3', 'DN3707-100', 'Summit White/Fire Red/Black', 'Air Jordan', 'Three', '2023-03-11', 210, 'men', 'CN', false],
  ['adidas', 'adidas Gazelle Indoor Blue Fusion', 'adidas Gazelle Indoor', 'Blue Fusion', "Gazelle Indoor 'Blue Fusion Gum'", 'Gazelle', 'IG4998', 'Blue Fusion/Cloud White/Gum', 'adidas', 'Gazelle', '2023-09-01', 120, 'unisex', 'VN', false],
  ['Nike', 'Nike Dunk Low Grey Fog', 'Nike Dunk Low', 'Grey Fog', "Dunk Low 'Grey Fog'", 'Dunk Low', 'DD1391-103', 'White/Grey Fog', 'Nike', 'Dunk Low', '2021-09-01', 110, 'men', 'VN', false],
  ['Jordan', 'Jordan 1 Retro Low OG SP Travis Scott Mocha', 'Jordan 1 Retro Low OG SP', 'Travis Scott Mocha', "Travis Scott x Air Jordan 1 Low OG 'Mocha'", 'Air Jordan 1 Low', 'CQ4277-001', 'Black/Dark Mocha/University Red', 'Air Jordan', 'One', '2019-07-19', 130, 'men', 'CN', false],
  ['New Balance', 'New Balance 2002R Protection Pack Rain Cloud', 'New Balance 2002R', 'Protection Pack Rain Cloud', "2002R 'Protection Pack - Rain Cloud'", '2002R', 'M2002RDA', 'Rain Cloud/Grey', 'New Balance', '2002R', '2021-08-01', 150, 'men', 'VN', false],
  ['adidas', 'adidas Yeezy Slide Onyx', 'adidas Yeezy Slide', 'Onyx', "Yeezy Slides 'Onyx'", 'Yeezy Slide', 'HQ6448', 'Onyx/Onyx/Onyx', 'adidas', 'Yeezy', '2022-03-07', 70, 'unisex', 'CN', false],
  ['Nike', 'Nike Air Max 90 Infrared (2020)', 'Nike Air Max 90', 'Infrared (2020)', "Air Max 90 'Infrared' 2020", 'Air Max 90', 'CT1685-100', 'White/Black/Cool Grey/Radiant Red', 'Nike', 'Air Max 90', '2020-03-26', 140, 'men', 'VN', false],
  ['Jordan', 'Jordan 5 Retro Aqua', 'Jordan 5 Retro', 'Aqua', "Air Jordan 5 Retro 'Aqua'", 'Air Jordan 5', 'DD0587-047', 'Black/Aquatone/Taxi', 'Air Jordan', 'Five', '2023-01-21', 200, 'men', 'CN', false],
  ['Nike', 'Nike Kobe 6 Protro Grinch', 'Nike Kobe 6 Protro', 'Grinch', "Kobe 6 Protro 'Grinch'", 'Kobe 6', 'CW2190-300', 'Green Apple/Volt/Crimson/Black', 'Nike', 'Kobe', '2020-12-24', 180, 'men', 'CN', false],
  ['adidas', 'adidas Campus 00s Core Black', 'adidas Campus 00s', 'Core Black', "Campus 00s 'Black White Gum'", 'Campus 00s', 'HQ8708', 'Core Black/Cloud White/Off White', 'adidas', 'Campus', '2023-02-01', 110, 'unisex', 'ID', false],
  ['New Balance', 'New Balance 9060 Sea Salt', 'New Balance 9060', 'Sea Salt', "9060 'Sea Salt'", '9060', 'U9060WHT', 'Sea Salt/White', 'New Balance', '9060', '2022-09-01', 150, 'unisex', 'VN', false],
  ['Nike', 'Nike Zoom Vomero 5 Photon Dust Metallic Silver', 'Nike Zoom Vomero 5', 'Photon Dust Metallic Silver', "Zoom Vomero 5 'Photon Dust Metallic Silver'", 'Zoom Vomero 5', 'HF0731-007', 'Photon Dust/Metallic Silver', 'Nike', 'Vomero', '2026-12-12', 170, 'women', 'VN', true],
  ['Jordan', 'Jordan 1 Mid Light Smoke Grey', 'Jordan 1 Mid', 'Light Smoke Grey', "Air Jordan 1 Mid 'Light Smoke Grey'", 'Air Jordan 1 Mid', '554724-092', 'Black/Light Smoke Grey/White', 'Air Jordan', 'One', '2020-03-06', 115, 'men', 'VN', false],
  ['Nike', 'Nike SB Dunk Low Jarritos', 'Nike SB Dunk Low', 'Jarritos', "Jarritos x Dunk Low SB 'Phantom'", 'SB Dunk Low', 'FD0860-001', 'Phantom/Safety Orange/Malachite', 'Nike SB', 'SB Dunk Low', '2023-06-02', 120, 'men', 'CN', false],
  ['adidas', 'adidas Forum Low Bad Bunny Blue Tint', 'adidas Forum Low', 'Bad Bunny Blue Tint', "Bad Bunny x Forum Low 'Blue Tint'", 'Forum Low', 'GY9693', 'Blue Tint/Blue Tint/Cloud White', 'adidas', 'Forum', '2021-11-11', 160, 'men', 'CN', false],
  ['Jordan', 'Jordan 4 Retro Military Black', 'Jordan 4 Retro', 'Military Black', "Air Jordan 4 Retro 'Military Black'", 'Air Jordan 4', 'DH6927-111', 'White/Black/Neutral Grey', 'Air Jordan', 'Four', '2022-05-21', 210, 'men', 'CN', false],
  ['New Balance', 'New Balance 1906R Silver Metallic', 'New Balance 1906R', 'Silver Metallic', "1906R 'Silver Metallic'", '1906R', 'M1906REA', 'Silver Metallic/Sea Salt', 'New Balance', '1906R', '2022-06-01', 150, 'unisex', 'VN', false],
  ['Nike', 'Nike Air Force 1 Low Supreme Black', 'Nike Air Force 1 Low', 'Supreme Black', "Supreme x Air Force 1 Low 'Box Logo - Black'", 'Air Force 1 Low', 'CU9225-001', 'Black/Black', 'Nike', 'Air Force 1', '2020-03-05', 96, 'men', 'VN', false],
  ['Jordan', 'Jordan 12 Retro Flu Game (2025)', 'Jordan 12 Retro', 'Flu Game (2025)', "Air Jordan 12 Retro 'Flu Game' 2025", 'Air Jordan 12', 'CT8013-602', 'Varsity Red/Black', 'Air Jordan', 'Twelve', '2026-12-06', 210, 'men', 'CN', true],
];
// popularity order (index into CATALOG), most popular first
const POP = [0, 1, 2, 7, 5, 13, 3, 26, 4, 8, 16, 21, 12, 23, 11, 14, 6, 17, 10, 18, 20, 9, 15, 24, 27, 19, 25, 28, 22, 29];
const RANKS = POP.map((_, i) => Math.round(1 + 2.6 * Math.pow(i, 2.3)));

const SIZES_US = [4, 5, 6, 7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 13, 14];
const EU_NIKE = { 4: '36', 5: '37.5', 6: '38.5', 7: '40', 7.5: '40.5', 8: '41', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44', 10.5: '44.5', 11: '45', 11.5: '45.5', 12: '46', 13: '47.5', 14: '48.5' };
const EU_ADI = { 4: '36', 5: '37 1/3', 6: '38 2/3', 7: '40', 7.5: '40 2/3', 8: '41 1/3', 8.5: '42', 9: '42 2/3', 9.5: '43 1/3', 10: '44', 10.5: '44 2/3', 11: '45 1/3', 11.5: '46', 12: '46 2/3', 13: '48', 14: '49 1/3' };
const EU_NB = { 4: '36', 5: '37.5', 6: '38.5', 7: '40', 7.5: '40.5', 8: '41.5', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44', 10.5: '44.5', 11: '45', 11.5: '45.5', 12: '46.5', 13: '47.5', 14: '49' };
const fmt = (x) => String(Number(x.toFixed(1)));
function sizeChart(brand, us) {
  let uk, cm, eu, usw;
  if (brand === 'adidas') { uk = us - 0.5; cm = us + 18.5; eu = EU_ADI[us]; usw = us + 1; }
  else if (brand === 'New Balance') { uk = us - 0.5; cm = us + 18; eu = EU_NB[us]; usw = us + 1.5; }
  else { uk = us - 1; cm = us + 18; eu = EU_NIKE[us]; usw = us + 1.5; }
  return [
    { size: `US M ${fmt(us)}`, type: 'us m' }, { size: `UK ${fmt(uk)}`, type: 'uk' },
    { size: `CM ${fmt(cm)}`, type: 'cm' }, { size: `KR ${Math.round(cm * 10)}`, type: 'kr' },
    { size: `EU ${eu}`, type: 'eu' }, { size: `US W ${fmt(usw)}`, type: 'us w' },
  ];
}
function digits(rng, n) { let s = String(1 + Math.floor(rng() * 9)); while (s.length < n) s += Math.floor(rng() * 10); return s; }
const CITIES = ['Los Angeles, US', 'New York, US', 'Chicago, US', 'Houston, US', 'Miami, US', 'London, GB', 'Paris, FR', 'Berlin, DE', 'Toronto, CA', 'Tokyo, JP', 'Seoul, KR', 'Sydney, AU', 'Madrid, ES', 'Milan, IT', 'Amsterdam, NL'];
const HIST_DAYS = 63; // nine weeks of per-sale history
// cents for the amounts-fractional variation come from a hash, so the random stream (and the sale set) is unchanged
const money = (rng, x) => { const w = Math.round(x); return V.has('amounts-fractional') ? round2(w - 1 + ((Math.round(x * 7919) % 99) + 1) / 100) : w; };

const A = []; // marketplace A products
const B = []; // marketplace B products
function build() {
  POP.forEach((ci, pi) => {
    const [brand, title, primary, secondary, nameB, model, sku, colorway, cat, cat2, release, retail, gender, country, upcoming] = CATALOG[ci];
    const rng = rngFor('p' + ci);
    const rank = RANKS[pi];
    const hype = 1.7 * Math.pow(0.9, pi); // mean sales per variant per day
    const releaseMs = Date.parse(release + 'T00:00:00Z');
    const createdMs = Math.min(releaseMs, CLOCK - 40 * DAY) - Math.floor(rng() * 60) * DAY + Math.floor(rng() * 86400) * 1000;
    const premium = 1 + (0.15 + rng() * 1.2) / (1 + pi * 0.05);
    const nVar = 4 + Math.floor(rng() * 3);
    const start = 4 + Math.floor(rng() * 5);
    const sizes = SIZES_US.slice(start, start + nVar);
    const hiddenIdx = pi % 4 === 1 ? sizes.length - 1 : -1;
    const emptyIdx = pi % 5 === 2 ? 0 : -1;

    // ---- marketplace A
    const aid = uuidFor('A:' + sku, createdMs);
    const aslug = slugify(title);
    const avars = sizes.map((us, vi) => {
      const vr = rngFor('av' + ci + ':' + vi);
      const base = Math.round(retail * premium * (1 + (vi - nVar / 2) * 0.03));
      let prices;
      if (vi === emptyIdx) prices = [{ type: 'standard', price: 0, asks: 0 }, { type: 'express_standard', price: 0, asks: 0 }, { type: 'express_expedited', price: 0, asks: 0 }];
      else {
        const ex = vr() < 0.45;
        prices = [
          { type: 'standard', price: base, asks: 1 + Math.floor(vr() * 14) },
          { type: 'express_standard', price: ex ? base + 18 + Math.floor(vr() * 20) : 0, asks: ex ? 1 + Math.floor(vr() * 3) : 0 },
          { type: 'express_expedited', price: ex && vr() < 0.6 ? base + 40 + Math.floor(vr() * 25) : 0, asks: 0 },
        ];
        if (prices[2].price > 0) prices[2].asks = 1 + Math.floor(vr() * 2);
      }
      const ids = [{ identifier: digits(vr, 12), identifier_type: 'UPC' }];
      if (vr() < 0.5) ids.push({ identifier: digits(vr, 13), identifier_type: 'EAN-13' });
      return {
        id: uuidFor('AV:' + sku + ':' + us, createdMs + vi), us, size: fmt(us), sizes: sizeChart(brand, us), prices, identifiers: ids,
        position: vi, hidden: vi === hiddenIdx, updated_at: CLOCK - Math.floor(vr() * 3 * 86400) * 1000, base,
      };
    });
    const asales = [];
    if (!upcoming) {
      for (const v of avars) {
        const sr = rngFor('as' + ci + ':' + v.us);
        for (let d = 0; d < HIST_DAYS; d++) {
          const dayStart = Math.floor(CLOCK / DAY) * DAY - d * DAY;
          const n = Math.floor(sr() * (2 * hype + 1));
          for (let k = 0; k < n; k++) {
            const t = dayStart + Math.floor(sr() * 86400) * 1000;
            if (t >= CLOCK || t < CLOCK - HIST_DAYS * DAY) continue;
            asales.push({ variant_id: v.id, amount: money(sr, v.base * (0.88 + sr() * 0.22)), t });
          }
        }
      }
    }
    asales.sort((x, y) => y.t - x.t || (x.variant_id < y.variant_id ? -1 : 1));
    for (const v of avars) {
      const c = (days) => asales.filter((s) => s.variant_id === v.id && s.t >= CLOCK - days * DAY).length;
      v.c15 = c(15); v.c30 = c(30); v.c60 = c(60);
    }
    A.push({
      id: aid, slug: aslug, sku, title, primary_title: primary, secondary_title: secondary, brand, model, gender,
      description: `The ${title} in ${colorway}. ${model} silhouette released ${release}.`,
      short_description: pi % 3 === 0 ? '' : `${model} in ${colorway}.`,
      image: `https://images.market-a.example/${aslug}.png`,
      gallery: [1, 2, 3].map((n) => `https://images.market-a.example/${aslug}/${n}.png`),
      gallery_360: pi % 2 ? [] : Array.from({ length: 4 }, (_, n) => `https://images.market-a.example/${aslug}/360/img${String(n + 1).padStart(2, '0')}.jpg`),
      category: cat, secondary_category: cat2, categories: ['sneakers'],
      product_type: 'sneakers', created_at: createdMs, updated_at: CLOCK - Math.floor(rng() * 86400) * 1000 - 3600000,
      link: `https://market-a.example/${aslug}`, rank, country_of_manufacture: country, upcoming,
      variants: avars, sales: asales, weekly_orders: asales.filter((s) => s.t >= CLOCK - 7 * DAY).length,
    });

    // ---- marketplace B
    const bid = 719082 + ci * 1377 + (ci % 3) * 11;
    const bslug = slugify(nameB.replace(/'/g, '') + ' ' + sku);
    const bsku = sku.replace('-', ' ');
    const bvars = sizes.map((us, vi) => {
      const vr = rngFor('bv' + ci + ':' + vi);
      const la = vi === emptyIdx ? 0 : Math.round(retail * premium * (0.97 + vr() * 0.1));
      return { us, size: fmt(us), lowest_ask: la, updated_at: CLOCK - Math.floor(vr() * 2 * 86400) * 1000 };
    });
    const bsales = [];
    if (!upcoming) {
      for (const v of bvars) {
        const sr = rngFor('bs' + ci + ':' + v.us);
        const buyNow = v.lowest_ask || Math.round(retail * premium);
        for (let d = 0; d < HIST_DAYS; d++) {
          const dayStart = Math.floor(CLOCK / DAY) * DAY - d * DAY;
          const n = Math.floor(sr() * (2 * hype * 0.8 + 1));
          for (let k = 0; k < n; k++) {
            const t = dayStart + Math.floor(sr() * 86400) * 1000;
            if (t >= CLOCK || t < CLOCK - HIST_DAYS * DAY) continue;
            const offer = sr() < 0.14;
            const amt = offer ? money(sr, buyNow * (0.82 + sr() * 0.12)) : money(sr, buyNow * (0.95 + sr() * 0.1));
            bsales.push({ type: offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE', size_us: v.size, amount: amt, location: CITIES[Math.floor(sr() * CITIES.length)], t });
          }
        }
      }
    }
    bsales.sort((x, y) => y.t - x.t || (x.size_us < y.size_us ? -1 : 1));
    const year = release.slice(0, 4);
    B.push({
      id: bid, sku: bsku, slug: bslug, name: nameB, nickname: colorway.split('/').slice(0, 2).join(' '), brand, model,
      description: `${nameB}: ${colorway}.`, colorway, season: V.has('b-season-trimmed') ? year : ' ' + year,
      category: 'shoes', product_type: 'sneakers',
      image_url: `https://image.market-b.example/transform/v1/${bslug}.png`,
      images: [1, 2].map((n) => `https://image.market-b.example/transform/v1/${bslug}-${n}.png`),
      release_date: ts(Date.parse(release + 'T23:59:59Z')), release_date_year: year,
      link: `https://market-b.example/sneakers/${bslug}`,
      sizes: bvars.map((v) => ({ presentation: v.size, value: v.us })), rank: Math.round(RANKS[pi] * 1.3 + 2),
      updated_at: CLOCK - Math.floor(rng() * 86400) * 1000 - 1800000,
      variants: bvars, sales: bsales, weekly_orders: bsales.filter((s) => s.t >= CLOCK - 7 * DAY).length,
    });
  });
}
build();

// ---------------------------------------------------------------- rendering
function renderA(p, o) {
  const when = (ms) => (o.op === 'A2' && D.has('a2-updated-offset') ? tsOffset(ms) : ts(ms));
  const out = {
    id: p.id, title: p.title, brand: p.brand, model: p.model, gender: p.gender, description: p.description,
    image: p.image, sku: p.sku, slug: p.slug, product_type: p.product_type, category: p.category,
    secondary_category: p.secondary_category, categories: p.categories,
    breadcrumbs: [
      { value: 'Sneakers', alias: 'sneakers', level: 1 }, { value: 'Lifestyle', alias: 'lifestyle', level: 2 },
      { value: p.category, alias: slugify(p.category), level: 3 },
    ].map((b) => (D.has('breadcrumb-level-zero') ? { ...b, level: b.level - 1 } : b)),
    gallery: p.gallery, gallery_360: p.gallery_360, updated_at: when(p.updated_at), created_at: when(p.created_at),
    link: p.link, rank: o.op === 'A1' && D.has('a1-rank-string') ? String(p.rank) : p.rank,
    weekly_orders: p.weekly_orders, country_of_manufacture: p.country_of_manufacture,
    primary_title: p.primary_title, secondary_title: p.secondary_title,
  };
  const asks = p.variants.map((v) => lowest(v)).filter((x) => x > 0);
  out.min_price = asks.length ? Math.min(...asks) : 0;
  out.max_price = asks.length ? Math.max(...asks) : 0;
  out.avg_price = asks.length ? asks.reduce((s, x) => s + x, 0) / asks.length : 0;
  out.short_description = p.short_description;
  out.upcoming = p.upcoming;
  if (V.has('extra-members')) out.traits = [{ name: 'Colorway', value: p.secondary_title }];
  if (o.op === 'A2') {
    const dv = o.display.variants || (D.has('a2-variants-unasked') && o.display.prices);
    if (dv) out.variants = p.variants.map((v) => renderAV(v, o));
  }
  return out;
}
function lowest(v) { const nz = v.prices.filter((x) => x.price > 0).map((x) => x.price); return nz.length ? Math.min(...nz) : 0; }
function renderAV(v, o) {
  const total = D.has('total-asks-mismatch') ? v.prices[0].asks : v.prices.reduce((s, x) => s + x.asks, 0);
  let prices = null;
  if (o.display.prices && !(D.has('a2-prices-skip-hidden') && v.hidden)) {
    prices = v.prices.map((x) => (V.has('extra-members') ? { ...x, ladder: x.asks ? [{ price: x.price, asks: x.asks }] : [] } : { ...x }));
  }
  return {
    id: v.id, size: v.size, size_type: D.has('size-type-upper') ? 'US M' : 'us m', sizes: v.sizes,
    lowest_ask: lowest(v), total_asks: total, position: D.has('position-one-based') ? v.position + 1 : v.position,
    hidden: v.hidden, updated_at: ts(v.updated_at),
    identifiers: o.display.identifiers && o.entitledIds ? v.identifiers.map((x) => ({ ...x })) : null,
    prices, currency: 'USD', market: 'US',
    sales_count_15_days: v.c15, sales_count_30_days: v.c30, sales_count_60_days: v.c60,
  };
}
function renderB(p, o) {
  const out = {
    id: p.id, sku: p.sku, slug: p.slug, name: p.name, brand: p.brand, model: p.model, description: p.description,
    colorway: p.colorway, season: p.season, category: p.category, product_type: p.product_type, image_url: p.image_url,
    images: o.op === 'B2' && !D.has('b2-images-null') ? p.images : null,
    release_date: p.release_date, release_date_year: p.release_date_year, retail_prices: null, link: p.link,
    sizes: p.sizes, rank: p.rank, weekly_orders: p.weekly_orders, updated_at: ts(p.updated_at),
    variants: o.op === 'B2' ? p.variants.map((v) => {
      const r = {
        product_id: D.has('b2-variant-product-id-string') ? String(p.id) : p.id, size: v.size, lowest_ask: v.lowest_ask,
        currency: 'USD', available: v.lowest_ask > 0, updated_at: ts(v.updated_at),
      };
      if (V.has('extra-members')) r.market = 'US';
      return r;
    }) : null,
  };
  if (V.has('extra-members')) out.nickname = p.nickname;
  return out;
}

// ---------------------------------------------------------------- search
const norm = (s) => String(s).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
function tokens(s) { return norm(s).split(' ').filter(Boolean); }
function search(list, q, hayOf, skuOf, titleOf, byRankOnly) {
  const qt = tokens(q);
  if (!qt.length) {
    if (V.has('empty-query-empty')) return [];
    return [...list].sort((a, b) => a.rank - b.rank);
  }
  const nq = qt.join(' ');
  const scored = [];
  for (const p of list) {
    const hay = new Set(tokens(hayOf(p)));
    let m = 0;
    for (const t of qt) {
      if (hay.has(t)) m += 1;
      else if (t.length >= 3 && [...hay].some((h) => h.startsWith(t))) m += 0.6;
    }
    if (!m) continue;
    let score = m * 10;
    if (norm(skuOf(p)) === nq) score += 1000;
    else if (norm(skuOf(p)).startsWith(nq)) score += 300;
    if (norm(titleOf(p)).includes(nq)) score += 50;
    if (m >= qt.length) score += 25;
    scored.push({ p, score });
  }
  scored.sort((a, b) => (byRankOnly ? 0 : b.score - a.score) || a.p.rank - b.p.rank);
  return scored.map((x) => x.p);
}

// ---------------------------------------------------------------- HTTP plumbing
const KEYS = { 'vendor-paid': { tier: 'Pro', paid: true, quota: 1523 }, 'vendor-free': { tier: 'Free', paid: false, quota: 87 } };
const RATE = new Map();
const SCHEMA_NAMES = ['ProductSearchA', 'ProductA', 'SalesA', 'DailySalesA', 'ProductSearchB', 'ProductB', 'SalesB', 'DailySalesB', 'ErrorModel'];

class HttpError extends Error {
  constructor(status, detail, errors, extraHeaders) { super(detail); this.status = status; this.detail = detail; this.errors = errors; this.extraHeaders = extraHeaders; }
}
const TITLES = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 422: 'Unprocessable Entity', 429: 'Too Many Requests' };

function base(req) { return `http://${req.headers.host || '127.0.0.1'}`; }
function send(req, res, status, body, headers = {}) {
  const h = { ...headers };
  const txt = body === undefined ? '' : JSON.stringify(body);
  if (body !== undefined && !h['Content-Type']) h['Content-Type'] = 'application/json';
  h['Content-Length'] = Buffer.byteLength(txt);
  res.writeHead(status, h);
  res.end(req.method === 'HEAD' ? undefined : txt);
}
function sendError(req, res, e, keyHeaders, path) {
  let body;
  if (V.has('error-minimal')) { body = { title: TITLES[e.status] || 'Error', status: e.status, detail: e.detail }; if (e.errors) body.errors = e.errors; }
  else {
    body = { type: 'about:blank', title: TITLES[e.status] || 'Error', status: e.status, detail: e.detail, instance: path };
    if (!V.has('no-schema')) body = { $schema: `${base(req)}/schemas/ErrorModel.json`, ...body };
    if (e.errors) body.errors = e.errors;
  }
  const h = { 'Content-Type': D.has('error-plain-json') ? 'application/json' : 'application/problem+json', ...(e.extraHeaders || {}) };
  if (!D.has('no-key-type-on-error')) Object.assign(h, keyHeaders);
  send(req, res, e.status, body, h);
}
function envelope(req, schemaName, data, meta) {
  const o = {};
  if (!V.has('no-schema')) o.$schema = `${base(req)}/schemas/${schemaName}.json`;
  o.data = data;
  if (meta !== undefined) o.meta = meta;
  return o;
}
function intParam(q, name, def, max, errs) {
  if (!q.has(name)) return def;
  const raw = q.get(name);
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    errs.push({ message: `expected integer between 1 and ${max}`, location: `query.${name}`, value: raw });
    return def;
  }
  return Number(raw);
}
function paging(q, defLimit, maxLimit) {
  const errs = [];
  const page = intParam(q, 'page', 1, 1e9, errs);
  const limit = intParam(q, 'limit', defLimit, maxLimit, errs);
  if (errs.length) throw new HttpError(422, 'validation failed', errs);
  return { page, limit, slice: (arr) => arr.slice((page - 1) * limit, page * limit) };
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function findA(key) {
  const p = A.find((x) => x.id.toLowerCase() === key.toLowerCase()) || A.find((x) => x.slug === key);
  if (!p) throw new HttpError(404, 'Product not found');
  return { p, bySlug: p.slug === key && p.id.toLowerCase() !== key.toLowerCase() };
}
function findB(key) {
  const p = /^\d+$/.test(key) ? B.find((x) => x.id === Number(key)) : B.find((x) => x.slug === key);
  if (!p) throw new HttpError(404, 'Product not found');
  return p;
}
function daily(sales, productId, tsField, market) {
  const shiftDays = market === 'A' && D.has('a4-day-shift') ? 1 : 0;
  const offset = market === 'B' && D.has('b4-date-local') ? 5 * 3600000 : 0; // New York (EST) midnight
  const byDay = new Map();
  for (const s of sales) {
    // whole UTC days only: today and the 29 days before it
    if (V.has('daily-window-30') && s.t < Math.floor(CLOCK / DAY) * DAY - 29 * DAY) continue;
    const day = Math.floor((s.t - offset) / DAY) * DAY + offset;
    const r = byDay.get(day) || { n: 0, sum: 0 };
    r.n += 1; r.sum += s.amount; byDay.set(day, r);
  }
  if (market === 'B' && D.has('daily-zero-rows') && byDay.size) {
    const first = Math.min(...byDay.keys());
    for (let d = first; d <= Math.floor(CLOCK / DAY) * DAY; d += DAY) if (!byDay.has(d)) byDay.set(d, { n: 0, sum: 0 });
  }
  return [...byDay.entries()].sort((a, b) => b[0] - a[0]).map(([day, r]) => ({
    product_id: productId, avg_amount: r.n ? r.sum / r.n : 0, orders: r.n, date: ts(day + shiftDays * DAY),
  }));
}
const ALLOWED = {
  A1: ['query', 'page', 'limit'], A2: ['display[variants]', 'display[prices]', 'display[identifiers]'], A3: ['variant_id', 'page', 'limit'],
  A4: ['page', 'limit'], B1: ['query', 'page', 'limit'], B2: [], B3: ['page', 'limit'], B4: ['page', 'limit'],
};
function premium(op) { return ['A3', 'A4', 'B3', 'B4'].includes(op); }

// ---------------------------------------------------------------- JSON Schemas served at $schema URLs
function schemaDoc(req, name) {
  const t = (type, extra = {}) => ({ type, ...extra });
  const str = t('string'); const int = t('integer'); const num = t('number'); const bool = t('boolean');
  const arr = (items) => ({ type: 'array', items });
  const obj = (props, req_ = Object.keys(props)) => ({ type: 'object', properties: props, required: req_ });
  const nullable = (s) => ({ anyOf: [s, { type: 'null' }] });
  const variantA = obj({ id: str, size: str, size_type: str, sizes: arr(obj({ size: str, type: str })), lowest_ask: num, total_asks: int, position: int, hidden: bool, updated_at: str, identifiers: nullable(arr(obj({ identifier: str, identifier_type: str }))), prices: nullable(arr(obj({ price: num, asks: int, type: { enum: ['standard', 'express_standard', 'express_expedited'] } }))), currency: str, market: str, sales_count_15_days: int, sales_count_30_days: int, sales_count_60_days: int });
  const productA = obj({ id: str, title: str, brand: str, model: str, gender: str, description: str, image: str, sku: str, slug: str, product_type: str, category: str, secondary_category: str, categories: arr(str), breadcrumbs: arr(obj({ value: str, alias: str, level: int })), gallery: arr(str), gallery_360: arr(str), updated_at: str, created_at: str, link: str, rank: int, weekly_orders: int, country_of_manufacture: str, primary_title: str, secondary_title: str, min_price: num, max_price: num, avg_price: num, short_description: str, upcoming: bool, variants: arr(variantA) });
  productA.required = productA.required.filter((x) => x !== 'variants');
  const productB = obj({ id: int, sku: str, slug: str, name: str, brand: str, model: str, description: str, colorway: str, season: str, category: str, product_type: str, image_url: str, images: nullable(arr(str)), release_date: str, release_date_year: str, retail_prices: {}, link: str, sizes: arr(obj({ presentation: str, value: num })), rank: int, weekly_orders: int, updated_at: str, variants: nullable(arr(obj({ product_id: int, size: str, lowest_ask: num, currency: str, available: bool, updated_at: str }))) });
  const dailyOf = (idt) => obj({ product_id: idt, avg_amount: num, orders: int, date: str });
  const env = (data, meta) => { const o = obj({ $schema: str, data, ...(meta ? { meta } : {}) }, ['data']); return o; };
  const docs = {
    ProductSearchA: env(arr(productA), obj({ current_page: int, per_page: int, total: int })),
    ProductA: env(productA, { type: 'null' }),
    SalesA: env(arr(obj({ product_id: str, variant_id: str, amount: num, created_at: str }))),
    DailySalesA: env(arr(dailyOf(str))),
    ProductSearchB: env(arr(productB)),
    ProductB: env(productB, { type: 'null' }),
    SalesB: env(arr(obj({ product_id: int, type: { enum: ['PURCHASE_TYPE_SALE', 'PURCHASE_TYPE_OFFER_CLOSED'] }, size_us: str, currency: str, amount: num, location: str, purchased_at: str })), obj({ page: int, per_page: int })),
    DailySalesB: env(arr(dailyOf(int))),
    ErrorModel: obj({ $schema: str, type: str, title: str, status: int, detail: str, instance: str, errors: arr(obj({ message: str, location: str, value: {} }, [])) }, ['title', 'status', 'detail']),
  };
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `${base(req)}/schemas/${name}.json`, title: name, ...docs[name] };
}

// ---------------------------------------------------------------- request handling
const server = http.createServer((req, res) => {
  let keyHeaders = {};
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  try {
    const sm = /^\/schemas\/([A-Za-z]+)\.json$/.exec(path);
    if (sm && SCHEMA_NAMES.includes(sm[1])) {
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new HttpError(405, 'Only GET is supported', null, { Allow: 'GET, HEAD' });
      return send(req, res, 200, schemaDoc(req, sm[1]), { 'Content-Type': 'application/schema+json' });
    }
    // routing
    let p = path;
    if (D.has('v2-alias') && p.startsWith('/v2/')) p = '/v3/' + p.slice(4);
    const m = /^\/v3\/(market_a|market_b)\/products(?:\/([^/]+)(?:\/(sales)(?:\/(daily))?)?)?$/.exec(p);
    // authentication (before anything else on API paths)
    const raw = String(req.headers.authorization || '').trim();
    const keyStr = raw.replace(/^Bearer\s+/i, '').trim();
    const key = KEYS[keyStr];
    if (key) {
      key.quota += 1;
      keyHeaders = { 'X-Key-Type': key.tier, 'X-Quota-Current': String(key.quota) };
    } else keyHeaders = { 'X-Key-Type': 'None', 'X-Quota-Current': '0' };
    const isDelete = req.method === 'DELETE' && D.has('delete-allowed') && m && m[1] === 'market_b' && m[2] && !m[3];
    if (req.method !== 'GET' && req.method !== 'HEAD' && !isDelete) throw new HttpError(405, 'The API is read-only; only GET is supported', null, { Allow: 'GET, HEAD' });
    if (!key) throw new HttpError(D.has('unauth-403') ? 403 : 401, 'Invalid key');
    // rate limit: RATE_LIMIT (640) requests per minute per key
    const now = Date.now(); const win = Math.floor(now / 60000);
    const rl = RATE.get(keyStr) || { win, n: 0 };
    if (rl.win !== win) { rl.win = win; rl.n = 0; }
    rl.n += 1; RATE.set(keyStr, rl);
    if (rl.n > RATE_LIMIT) throw new HttpError(429, 'Rate limit exceeded', null, { 'Retry-After': String(60 - Math.floor((now % 60000) / 1000)) });
    if (!m) throw new HttpError(404, 'Not found');
    const mk = m[1] === 'market_a' ? 'A' : 'B';
    const op = mk + (m[4] ? '4' : m[3] ? '3' : m[2] ? '2' : '1');
    let idPart;
    try { idPart = m[2] !== undefined ? decodeURIComponent(m[2]) : undefined; } catch { throw new HttpError(404, 'Product not found'); }
    const q = url.searchParams;
    if (D.has('unknown-param-422')) {
      const errs = [...new Set(q.keys())].filter((k) => !ALLOWED[op].includes(k)).map((k) => ({ message: 'unknown parameter', location: `query.${k}`, value: q.get(k) }));
      if (errs.length) throw new HttpError(422, 'validation failed', errs);
    }
    if (premium(op) && !key.paid && !(op === 'B4' && D.has('free-b4'))) throw new HttpError(403, 'This feature requires a paid plan');
    if (isDelete) {
      const bp = findB(idPart);
      B.splice(B.indexOf(bp), 1);
      return send(req, res, 204, undefined, keyHeaders);
    }
    const ok = (schema, data, meta) => send(req, res, 200, envelope(req, schema, data, meta), keyHeaders);
    switch (op) {
      case 'A1': {
        const pg = paging(q, V.has('a1-per-page-10') ? 10 : 20, 100);
        const hits = search(A, q.get('query') || '', (x) => [x.title, x.brand, x.model, x.sku, x.slug, x.category, x.secondary_category, x.primary_title, x.secondary_title].join(' '), (x) => x.sku, (x) => x.title, D.has('a1-sku-not-first'));
        const meta = D.has('a1-meta-page') ? { page: pg.page, per_page: pg.limit, total: Math.min(hits.length, 1000) } : { current_page: pg.page, per_page: pg.limit, total: Math.min(hits.length, 1000) };
        if (V.has('extra-members')) meta.facets = { brand: Object.fromEntries([...new Set(hits.map((x) => x.brand))].map((b) => [b, hits.filter((x) => x.brand === b).length])) };
        return ok('ProductSearchA', pg.slice(hits).map((x) => renderA(x, { op })), meta);
      }
      case 'A2': {
        const { p: prod, bySlug } = findA(idPart);
        const flag = (n) => q.get(`display[${n}]`) === 'true';
        let display = { variants: flag('variants'), prices: flag('prices'), identifiers: flag('identifiers') };
        if (bySlug && D.has('a2-slug-display-ignored')) display = { variants: false, prices: false, identifiers: false };
        let entitledIds = key.paid || D.has('free-identifiers');
        if (display.identifiers && !entitledIds && !V.has('free-identifiers-null')) throw new HttpError(403, 'display[identifiers] requires a paid plan');
        const data = renderA(prod, { op, display, entitledIds });
        if (D.has('a2-meta-absent')) return ok('ProductA', data);
        return ok('ProductA', data, null);
      }
      case 'A3': {
        const { p: prod, bySlug } = findA(idPart);
        const pg = paging(q, 50, 100);
        let vid = q.get('variant_id') || null;
        if (vid !== null && !UUID_RE.test(vid)) throw new HttpError(422, 'validation failed', [{ message: 'expected UUID', location: 'query.variant_id', value: vid }]);
        if (bySlug && D.has('a3-variant-filter-slug')) vid = null;
        let list = prod.sales;
        if (vid) list = list.filter((s) => s.variant_id.toLowerCase() === vid.toLowerCase());
        else if (D.has('a3-one-variant')) list = list.filter((s) => s.variant_id === prod.variants[0].id);
        if (V.has('a3-oldest-first')) list = [...list].reverse();
        const pid = bySlug && D.has('a3-product-id-slug') ? prod.slug : prod.id;
        return ok('SalesA', pg.slice(list).map((s) => ({ product_id: pid, variant_id: s.variant_id, amount: s.amount, created_at: ts(s.t) })));
      }
      case 'A4': {
        const { p: prod } = findA(idPart);
        const pg = paging(q, 365, 365);
        const rows = daily(prod.sales, prod.id, 'created_at', 'A');
        if (!rows.length && D.has('empty-204')) return send(req, res, 204, undefined, keyHeaders);
        return ok('DailySalesA', pg.slice(rows));
      }
      case 'B1': {
        const pg = paging(q, 20, 100);
        const hits = search(B, q.get('query') || '', (x) => [x.name, D.has('b1-brand-unsearchable') ? '' : x.brand, x.model, x.sku, x.slug, x.colorway].join(' '), (x) => x.sku, (x) => x.name, false);
        const data = pg.slice(hits).map((x) => renderB(x, { op }));
        if (D.has('b1-meta')) return ok('ProductSearchB', data, { page: pg.page, per_page: pg.limit });
        return ok('ProductSearchB', data);
      }
      case 'B2': {
        const prod = findB(idPart);
        return ok('ProductB', renderB(prod, { op }), null);
      }
      case 'B3': {
        if (!/^\d+$/.test(idPart)) throw new HttpError(422, 'validation failed', [{ message: 'expected integer product ID', location: 'path.id', value: idPart }]);
        const prod = findB(idPart);
        const pg = paging(q, D.has('b3-default-limit-20') ? 20 : 50, 100);
        const start = (pg.page - 1) * pg.limit;
        const data = pg.slice(prod.sales).map((s, i) => ({
          product_id: prod.id, type: D.has('b3-type-third') && (start + i) % 7 === 3 ? 'PURCHASE_TYPE_AUCTION' : s.type,
          size_us: s.size_us, currency: 'USD', amount: s.amount, location: s.location, purchased_at: ts(s.t),
        }));
        return ok('SalesB', data, { page: pg.page, per_page: pg.limit });
      }
      case 'B4': {
        if (D.has('b4-slug-rejected') && !/^\d+$/.test(idPart)) throw new HttpError(404, 'Product not found');
        const prod = findB(idPart);
        const pg = paging(q, 365, 365);
        return ok('DailySalesB', pg.slice(daily(prod.sales, prod.id, 'purchased_at', 'B')));
      }
    }
    throw new HttpError(404, 'Not found');
  } catch (e) {
    if (!(e instanceof HttpError)) { console.error(e); e = new HttpError(500, 'Internal error'); }
    sendError(req, res, e, keyHeaders, path);
  }
});
server.listen(PORT, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
