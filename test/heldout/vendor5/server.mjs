// Independent server for the Resale Market Data API (vendor probe 2, round 4): written by a helper
// that read only the API description and the production note. Node 20, no dependencies.
// Start: node server.mjs --port P [--defect NAME]; prints `listening on http://127.0.0.1:P`.
// Keys: RMKEY-1A2B-3C4D-5E6F-0123456789AB (paid), RMKEY-AAAA-BBBB-CCCC-DDDDEEEEFFFF (free).
import http from 'node:http';

const args = process.argv.slice(2);
let PORT = 4100,
  DEFECT = 'none';
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--port') PORT = Number(args[++i]);
  else if (args[i] === '--defect') DEFECT = args[++i];
}
const D = (n) => DEFECT === n;

// ---------- deterministic data ----------
let seed = 12345;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const ri = (a, b) => a + Math.floor(rnd() * (b - a + 1));
const hex = (n) => {
  let s = '';
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[ri(0, 15)];
  return s;
};
const uuid = () => (D('var-uuid-v7') ? `${hex(8)}-${hex(4)}-7${hex(3)}-${'89ab'[ri(0, 3)]}${hex(3)}-${hex(12)}` : `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[ri(0, 3)]}${hex(3)}-${hex(12)}`);
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0); // 2026-11-20T12:00:00Z
const iso = (ms) => (D('var-fractional-seconds') ? new Date(ms).toISOString() : D('var-plus00-dates') ? new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00') : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
const DAY = 86400000;

const CATALOG = [
  {
    title: 'Jordan 1 Retro High OG Chicago Lost and Found',
    brand: 'Jordan',
    model: 'Air Jordan 1',
    sku: 'DZ5485-612',
    cat: 'Air Jordan',
    sec: 'One',
    base: 380,
    rank: 1,
    wo: 2100,
    chart: 'nike',
    colorway: 'Varsity Red/Black/Sail',
    year: 2022,
    gender: 'men',
  },
  { title: 'Nike Dunk Low Retro White Black Panda', brand: 'Nike', model: 'Dunk Low', sku: 'DD1391-100', cat: 'Nike', sec: 'Dunk Low', base: 110, rank: 2, wo: 3400, chart: 'nike', colorway: 'White/Black', year: 2021, gender: 'men' },
  {
    title: 'Jordan 4 Retro Military Black',
    brand: 'Jordan',
    model: 'Air Jordan 4',
    sku: 'DH6927-111',
    cat: 'Air Jordan',
    sec: 'Four',
    base: 240,
    rank: 3,
    wo: 900,
    chart: 'nike',
    colorway: 'White/Black/Neutral Grey',
    year: 2022,
    gender: 'men',
    nosales: true,
  },
  { title: 'adidas Yeezy Boost 350 V2 Onyx', brand: 'adidas', model: 'Yeezy Boost 350 V2', sku: 'HQ4540', cat: 'adidas', sec: 'Yeezy', base: 230, rank: 5, wo: 700, chart: 'adidas', colorway: 'Onyx/Onyx/Onyx', year: 2022, gender: 'unisex' },
  { title: 'New Balance 550 White Green', brand: 'New Balance', model: '550', sku: 'BB550WT1', cat: 'New Balance', sec: '550', base: 120, rank: 10, wo: 300, chart: 'nb', colorway: 'White/Green', year: 2021, gender: 'men' },
  { title: 'Nike SB Dunk Low Jarritos', brand: 'Nike', model: 'SB Dunk Low', sku: 'FD0860-001', cat: 'Nike SB', sec: 'SB Dunk Low', base: 300, rank: 20, wo: 150, chart: 'nike', colorway: 'Phantom/Safety Orange', year: 2023, gender: 'men' },
];
const US = [8, 8.5, 9, 9.5, 10];
const EU = { nike: { 8: '41', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44' }, adidas: { 8: '41 1/3', 8.5: '42', 9: '42 2/3', 9.5: '43 1/3', 10: '44' }, nb: { 8: '41.5', 8.5: '42', 9: '42.5', 9.5: '43', 10: '44' } };
const slugify = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const upc = () => {
  let s = '';
  for (let i = 0; i < 12; i++) s += ri(0, 9);
  return s;
};
const ean = () => {
  let s = '';
  for (let i = 0; i < 13; i++) s += ri(0, 9);
  return s;
};
const SALE_DAYS = [0, 1, 2, 3, 5, 8, 13, 20, 27, 33, 41, 50];
const CITIES = ['New York, US', 'Los Angeles, US', 'London, GB', 'Paris, FR', 'Berlin, DE', 'Tokyo, JP'];

const A = [],
  B = [];
CATALOG.forEach((c, idx) => {
  const id = uuid();
  const slug = slugify(c.title);
  const updated = iso(NOW - (idx + 1) * 3600000);
  const variants = US.map((us, pos) => {
    const noAsks = pos === 4; // last size has no asks
    const p = c.base + pos * 5;
    const prices = noAsks
      ? [
          { price: 0, asks: 0, type: 'standard' },
          { price: 0, asks: 0, type: 'express_standard' },
          { price: 0, asks: 0, type: 'express_expedited' },
        ]
      : [
          { price: p, asks: ri(2, 9), type: 'standard' },
          { price: pos % 2 ? p + 25 : 0, asks: pos % 2 ? ri(1, 3) : 0, type: D('price-type-bad') ? 'express' : 'express_standard' },
          { price: 0, asks: 0, type: 'express_expedited' },
        ];
    const nz = prices.filter((x) => x.price > 0).map((x) => x.price);
    const cm = 26 + (us - 8);
    const ukd = c.chart === 'adidas' ? 0.5 : 1;
    const sizeType = D('size-type-upper') ? 'US M' : 'us m';
    return {
      id: uuid(),
      size: String(us),
      size_type: sizeType,
      sizes: [
        { size: `US M ${D('sizes-own-mismatch') ? us - 1 : us}`, type: D('sizes-type-unknown') ? 'us' : 'us m' },
        { size: `UK ${us - ukd}`, type: 'uk' },
        { size: `CM ${cm}`, type: 'cm' },
        { size: `KR ${cm * 10}`, type: 'kr' },
        { size: `EU ${EU[c.chart][us]}`, type: 'eu' },
        { size: `US W ${us + 1.5}`, type: 'us w' },
      ],
      lowest_ask: nz.length ? Math.min(...nz) : 0,
      total_asks: prices.reduce((s, x) => s + x.asks, 0),
      position: D('var-position-1') ? pos + 1 : pos,
      hidden: D('var-omit-hidden-variant') && pos === 3,
      updated_at: updated,
      _identifiers: [
        { identifier: upc(), identifier_type: 'UPC' },
        { identifier: ean(), identifier_type: 'EAN-13' },
      ],
      _prices: prices,
      currency: 'USD',
      market: 'US',
      sales_count_15_days: 0,
      sales_count_30_days: 0,
      sales_count_60_days: 0,
    };
  });
  const asks = variants.map((v) => v.lowest_ask).filter((x) => x > 0);
  const prod = {
    id,
    title: c.title,
    brand: c.brand,
    model: c.model,
    gender: c.gender,
    description: `The ${c.title} in ${c.colorway}.`,
    image: `https://images.example.com/a/${slug}.png`,
    sku: c.sku,
    slug,
    product_type: 'sneakers',
    category: c.cat,
    secondary_category: c.sec,
    categories: ['sneakers'],
    breadcrumbs: D('breadcrumb-level-0')
      ? [
          { value: 'Sneakers', alias: 'sneakers', level: 0 },
          { value: 'Lifestyle', alias: 'lifestyle', level: 1 },
        ]
      : [
          { value: 'Sneakers', alias: 'sneakers', level: 1 },
          { value: 'Lifestyle', alias: 'lifestyle', level: 2 },
        ],
    gallery: [`https://images.example.com/a/${slug}-1.png`, `https://images.example.com/a/${slug}-2.png`],
    gallery_360: [`https://images.example.com/a/${slug}-360-1.png`],
    updated_at: updated,
    created_at: D('timestamp-offset') ? '2024-01-10T10:00:00+02:00' : '2024-01-10T08:00:00Z',
    link: `https://market-a.example.com/${slug}`,
    rank: c.rank,
    weekly_orders: c.wo,
    country_of_manufacture: D('country-3letter') ? 'CHN' : 'CN',
    primary_title: c.title.split(' ').slice(0, 3).join(' '),
    secondary_title: c.title.split(' ').slice(3).join(' '),
    min_price: Math.min(...asks),
    max_price: Math.max(...asks),
    avg_price: D('var-avg-price-int') ? Math.round(asks.reduce((s, x) => s + x, 0) / asks.length) : asks.reduce((s, x) => s + x, 0) / asks.length + 1 / 3,
    short_description: idx % 2 ? '' : `${c.model} ${c.colorway}`,
    upcoming: false,
    _variants: variants,
    _sales: [],
  };
  // sales
  if (!c.nosales) {
    for (const d of SALE_DAYS) {
      const n = ri(1, 4);
      const dayStart = Date.UTC(2026, 10, 20) - d * DAY;
      for (let k = 0; k < n; k++) {
        const v = variants[ri(0, 3)];
        // include times near midnight to catch wrong bucketing
        const off = k === 0 ? 30 * 60000 : k === 1 ? DAY - 30 * 60000 : ri(1, 22) * 3600000 + ri(0, 59) * 60000;
        const t = dayStart + off;
        if (t > NOW) continue;
        prod._sales.push({ product_id: id, variant_id: v.id, amount: v._prices[0].price || c.base + ri(0, 30), created_at: iso(t), _t: t, _v: v });
      }
    }
    prod._sales.sort((x, y) => y._t - x._t);
    for (const s of prod._sales) {
      const age = NOW - s._t;
      if (age <= 15 * DAY) s._v.sales_count_15_days++;
      if (age <= 30 * DAY) s._v.sales_count_30_days++;
      if (age <= 60 * DAY) s._v.sales_count_60_days++;
    }
    if (D('sales-counts-swapped'))
      for (const v of variants) {
        const t = v.sales_count_15_days;
        v.sales_count_15_days = v.sales_count_60_days;
        v.sales_count_60_days = t;
      }
  }
  A.push(prod);

  const bid = 719082 + idx * 1137;
  const bslug = slug + '-' + c.year;
  const bvars = US.map((us, pos) => ({
    product_id: D('b-variant-pid-string') ? String(bid) : bid,
    size: String(us),
    lowest_ask: pos === 4 ? 0 : c.base + 3 + pos * 5,
    currency: 'USD',
    available: pos !== 4,
    updated_at: updated,
    market: 'US',
  }));
  const bprod = {
    id: bid,
    sku: c.sku.replace('-', ' '),
    slug: bslug,
    name: c.title,
    brand: c.brand,
    model: c.model,
    description: `The ${c.title}.`,
    colorway: c.colorway,
    season: ` ${c.year}`,
    category: 'shoes',
    product_type: 'sneakers',
    image_url: `https://images.example.com/b/${bslug}.png`,
    _images: [`https://images.example.com/b/${bslug}-1.png`, `https://images.example.com/b/${bslug}-2.png`],
    release_date: D('b-release-date-empty') && idx === 1 ? '' : `${c.year}-03-10T00:00:00Z`,
    release_date_year: String(c.year),
    retail_prices: D('var-retail-prices-object') ? { usd: c.base - 10 } : null,
    link: `https://market-b.example.com/sneakers/${bslug}`,
    sizes: US.map((us) => ({ presentation: String(us), value: D('b-sizes-value-string') ? String(us) : us })),
    rank: c.rank,
    weekly_orders: c.wo,
    updated_at: updated,
    nickname: c.colorway.split('/')[0],
    _variants: bvars,
    _sales: [],
  };
  if (!c.nosales) {
    for (const d of SALE_DAYS) {
      const n = ri(1, 4);
      const dayStart = Date.UTC(2026, 10, 20) - d * DAY;
      for (let k = 0; k < n; k++) {
        const off = k === 0 ? 20 * 60000 : k === 1 ? DAY - 20 * 60000 : ri(1, 22) * 3600000 + ri(0, 59) * 60000;
        const t = dayStart + off;
        if (t > NOW) continue;
        const v = bvars[ri(0, 3)];
        const offer = ri(0, 4) === 0;
        bprod._sales.push({
          product_id: bid,
          type: offer ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE',
          size_us: v.size,
          currency: 'USD',
          amount: offer && !D('b3-offer-at-buynow') ? v.lowest_ask - ri(5, 15) : offer ? (ri(5, 15), v.lowest_ask) : v.lowest_ask,
          location: CITIES[ri(0, CITIES.length - 1)],
          purchased_at: iso(t),
          _t: t,
        });
      }
    }
    bprod._sales.sort((x, y) => y._t - x._t);
  }
  B.push(bprod);
});

// ---------- helpers ----------
const KEYS = {
  'RMKEY-1A2B-3C4D-5E6F-0123456789AB': { tier: 'Pro', used: 0 },
  'RMKEY-AAAA-BBBB-CCCC-DDDDEEEEFFFF': { tier: 'Free', used: 0 },
};
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const strip = (o) => {
  const r = {};
  for (const k of Object.keys(o)) if (!k.startsWith('_')) r[k] = o[k];
  if (D('var-extra-fields')) r.x_vendor_extra = 'extra';
  return r;
};

class HttpErr extends Error {
  constructor(status, title, detail, errors) {
    super(detail);
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors;
  }
}
const e422 = (loc, value, msg) => new HttpErr(422, 'Unprocessable Entity', 'validation failed', [{ message: msg, location: loc, value }]);

function intParam(q, name, def, min, max) {
  const v = q.get(name);
  if (v === null) return def;
  if (!/^\d+$/.test(v)) throw e422(`query.${name}`, v, `expected integer`);
  const n = Number(v);
  if (n < min || n > max) throw e422(`query.${name}`, n, `expected ${min}..${max}`);
  return n;
}
const flag = (q, n) => q.get(`display[${n}]`) === 'true';

function aVariantOut(v, q, entitled, viaSlug) {
  const o = strip(v);
  const fp = flag(q, 'prices'),
    fi = flag(q, 'identifiers');
  o.identifiers = null;
  o.prices = null;
  if (D('a2-slug-ignores-flags') && viaSlug) return o;
  if ((fi && entitled) || (fi && D('a2-identifiers-free')) || D('a2-identifiers-without-flag')) {
    o.identifiers = v._identifiers.map((x) => ({ ...x }));
    if (D('a2-identifiers-partial') && v.total_asks === 0) o.identifiers = [];
  }
  if (fp || D('a2-prices-without-flag')) {
    o.prices = v._prices.map((x) => ({ ...x }));
    if (D('a2-prices-partial') && v.total_asks === 0) o.prices = [];
  }
  return o;
}
function aProductOut(p, q, entitled, viaSlug) {
  const o = strip(p);
  if (q && (flag(q, 'variants') || (D('prices-implies-variants') && flag(q, 'prices'))) && !(D('a2-slug-ignores-flags') && viaSlug))
    o.variants = p._variants.filter((v) => !(D('var-omit-hidden-variant') && v.position === 3)).map((v) => aVariantOut(v, q, entitled, viaSlug));
  else if (D('a2-variants-without-flag') && q) o.variants = null;
  return o;
}
function bProductOut(p, lookup) {
  const o = strip(p);
  o.images = (lookup && !D('b2-images-null')) || (!lookup && D('b-search-images-filled')) ? [...p._images] : null;
  o.variants = (lookup && !D('b2-variants-null')) || (!lookup && D('b-search-variants-filled')) ? p._variants.map((v) => strip(v)) : null;
  if (lookup && D('b2-id-string')) o.id = String(o.id);
  return o;
}

function findA(key) {
  if (D('lookup-prefix') && !UUID_RE.test(key)) return A.find((p) => p.slug === key) || A.find((p) => key.length > 3 && p.slug.startsWith(key));
  return A.find((p) => p.id === key || p.slug === key);
}
function findB(key) {
  if (/^\d+$/.test(key)) return B.find((p) => p.id === Number(key));
  return B.find((p) => p.slug === key);
}

function search(list, q, skuOf, textOf) {
  const raw = (q.get('query') || '').trim().toLowerCase();
  const norm = (s) => s.toLowerCase().replace(/[-_]/g, ' ').replace(/\s+/g, ' ').trim();
  const nq = norm(raw);
  const toks = nq.split(' ').filter(Boolean);
  let hits = list.filter((p) => {
    const h = norm(textOf(p));
    return toks.every((t) => h.includes(t));
  });
  hits = hits
    .map((p) => ({ p, exact: norm(skuOf(p)) === nq ? 0 : 1 }))
    .sort((x, y) => x.exact - y.exact || (D('a1-popularity-reversed') && list === A ? y.p.rank - x.p.rank : x.p.rank - y.p.rank))
    .map((x) => x.p);
  return hits;
}

function daily(sales, pid, tkey, bucketShiftMs = 0) {
  const m = new Map();
  for (const s of sales) {
    const t = s._t + bucketShiftMs;
    const day = Math.floor(t / DAY) * DAY;
    if (!m.has(day)) m.set(day, []);
    m.get(day).push(s.amount);
  }
  const out = [...m.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([day, am]) => {
      let avg = am.reduce((s, x) => s + x, 0) / am.length;
      if (D('avg-amount-rounded')) avg = Math.round(avg);
      return { product_id: pid, avg_amount: avg, orders: am.length, date: iso(day) };
    });
  if (D('daily-duplicate-day') && tkey === 'created_at') {
    const o = [];
    for (const r of out) {
      if (r.orders >= 2) {
        const am = m.get(Date.parse(r.date));
        const h = am.slice(0, 1),
          t = am.slice(1);
        o.push({ ...r, orders: h.length, avg_amount: h[0] });
        o.push({ ...r, orders: t.length, avg_amount: t.reduce((a, b) => a + b, 0) / t.length });
      } else o.push(r);
    }
    return o;
  }
  return out;
}

const SCHEMA_NAMES = {
  A1: 'MarketAProductSearchResponse',
  A2: 'MarketAProductResponse',
  A3: 'MarketASalesResponse',
  A4: 'MarketADailySalesResponse',
  B1: 'MarketBProductSearchResponse',
  B2: 'MarketBProductResponse',
  B3: 'MarketBSalesResponse',
  B4: 'MarketBDailySalesResponse',
};
const LISTS = new Set(['A1', 'A3', 'A4', 'B1', 'B3', 'B4']);

// ---------- routing ----------
function route(method, path, q, auth, host) {
  let m;
  const ops = [
    ['A1', /^\/v3\/market_a\/products$/],
    ['A2', /^\/v3\/market_a\/products\/([^/]+)$/],
    ['A3', /^\/v3\/market_a\/products\/([^/]+)\/sales$/],
    ['A4', /^\/v3\/market_a\/products\/([^/]+)\/sales\/daily$/],
    ['B1', /^\/v3\/market_b\/products$/],
    ['B2', /^\/v3\/market_b\/products\/([^/]+)$/],
    ['B3', /^\/v3\/market_b\/products\/([^/]+)\/sales$/],
    ['B4', /^\/v3\/market_b\/products\/([^/]+)\/sales\/daily$/],
  ];
  let op = null,
    param = null;
  for (const [name, re] of ops)
    if ((m = re.exec(path))) {
      op = name;
      param = m[1] !== undefined ? decodeURIComponent(m[1]) : null;
      break;
    }
  if (!op) throw new HttpErr(404, 'Not Found', 'No such route');
  if (method !== 'GET' && method !== 'HEAD') {
    if (D('read-only-post') && method === 'POST' && (op === 'A1' || op === 'B1')) return { op, body: { data: [] } };
    throw new HttpErr(405, 'Method Not Allowed', 'Only GET is supported');
  }
  const entitled = auth.tier !== 'Free';
  const premium = ['A3', 'A4', 'B3', 'B4'].includes(op);
  if (premium && !entitled && !(D('premium-free-b4') && op === 'B4')) {
    if (D('var-402')) throw new HttpErr(402, 'Payment Required', 'This feature needs a paid plan');
    throw new HttpErr(403, 'Forbidden', 'Your plan does not include this feature');
  }
  if (op === 'A2' && flag(q, 'identifiers') && !entitled && !D('a2-identifiers-free') && !D('var-free-ident-ignored')) {
    if (D('var-402')) throw new HttpErr(402, 'Payment Required', 'display[identifiers] needs a paid plan');
    throw new HttpErr(403, 'Forbidden', 'display[identifiers] needs a paid plan');
  }
  if (D('free-prices-403') && op === 'A2' && flag(q, 'prices') && !entitled) throw new HttpErr(403, 'Forbidden', 'display[prices] needs a paid plan');

  let body;
  const isDaily = op === 'A4' || op === 'B4';
  const page = intParam(q, 'page', 1, 1, 100000);
  const limit = intParam(q, 'limit', op === 'A3' || op === 'B3' ? 50 : isDaily ? 365 : 20, 1, isDaily ? 365 : 100);
  const slice = (arr) => arr.slice((page - 1) * limit, page * limit);

  if (op === 'A1') {
    const hits = search(
      A,
      q,
      (p) => p.sku,
      (p) => `${p.title} ${p.brand} ${p.sku} ${p.model} ${p.category} ${p.secondary_category}`,
    );
    const meta = D('a1-meta-missing-total') ? { current_page: page, per_page: limit } : { current_page: page, per_page: limit, total: D('a1-total-wrong') ? slice(hits).length : Math.min(hits.length, 1000) };
    if (D('var-extra-fields')) meta.facets = {};
    body = {
      data: slice(hits).map((p) => {
        const o = aProductOut(p, null, entitled);
        if (D('search-stale-price')) o.min_price = o.min_price + 7;
        return o;
      }),
      meta,
    };
  } else if (op === 'B1') {
    const hits = search(
      B,
      q,
      (p) => p.sku,
      (p) => (D('b1-no-sku-search') ? `${p.name} ${p.brand} ${p.model}` : `${p.name} ${p.brand} ${p.sku} ${p.model}`),
    );
    body = { data: slice(hits).map((p) => bProductOut(p, false)) };
    if (D('b1-meta')) body.meta = { page, per_page: limit };
    if (D('var-meta-null')) body.meta = null;
  } else if (op === 'A2') {
    const p = findA(param);
    if (!p) throw new HttpErr(404, 'Not Found', 'Product not found');
    body = { data: aProductOut(p, q, entitled, p.slug === param && p.id !== param), meta: null };
    if (D('a2-slug-stale-noflags') && p.slug === param && ![...q.keys()].some((k) => k.startsWith('display['))) body.data.min_price += 5;
    if (D('a2-meta-missing-flags') && [...q.keys()].some((k) => k.startsWith('display['))) delete body.meta;
  } else if (op === 'B2') {
    const p = findB(param);
    if (!p) throw new HttpErr(404, 'Not Found', 'Product not found');
    body = { data: bProductOut(p, true) };
    if (D('b2-slug-stale') && p.slug === param) body.data.variants = body.data.variants.map((v) => ({ ...v, lowest_ask: v.lowest_ask ? v.lowest_ask + 4 : 0 }));
    if (!D('b2-meta-missing')) body.meta = null;
  } else if (op === 'A3') {
    const p = findA(param);
    const vid = q.get('variant_id');
    if (vid !== null && !UUID_RE.test(vid)) throw e422('query.variant_id', vid, 'expected UUID');
    if (!p) throw new HttpErr(404, 'Not Found', 'Product not found');
    const viaSlug = p.slug === param;
    let s = p._sales;
    if (vid !== null && !(D('a3-slug-ignores-variant') && viaSlug) && !(D('a3-filter-page1-only') && page > 1)) s = s.filter((x) => x.variant_id === vid);
    if (vid !== null && D('a3-foreign-variant') && s.length === 0) {
      const o = A.find((pp) => pp._sales.some((x) => x.variant_id === vid));
      if (o) s = o._sales.filter((x) => x.variant_id === vid).map((x) => ({ ...x, product_id: p.id }));
    }
    if (vid === null && D('a3-one-variant')) s = s.filter((x) => x.variant_id === p._sales[0]?.variant_id);
    if (D('var-sales-oldest-first')) s = [...s].reverse();
    body = {
      data: slice(s).map((x) => {
        const o = strip(x);
        if (D('a3-slug-novariant-diff') && viaSlug && vid === null) o.amount += 1;
        if (D('a3-unknown-variant-ids')) o.variant_id = o.variant_id.slice(0, 24) + 'deadbeef0000';
        if (D('a3-slug-product-id') && viaSlug) o.product_id = param;
        return o;
      }),
    };
    if (D('var-meta-null')) body.meta = null;
    if (D('a3-meta')) body.meta = { current_page: page, per_page: limit, total: s.length };
  } else if (op === 'A4') {
    const p = findA(param);
    if (!p) throw new HttpErr(404, 'Not Found', 'Product not found');
    if (D('a4-empty-404') && p._sales.length === 0) throw new HttpErr(404, 'Not Found', 'No sales');
    let rows = daily(p._sales, p.id, 'created_at', D('a4-local-day') ? -5 * 3600000 : 0);
    if (D('var-daily-zero-days') && rows.length) {
      const have = new Set(rows.map((r) => r.date));
      const first = Date.parse(rows[rows.length - 1].date);
      for (let t = first; t <= Date.parse(rows[0].date); t += DAY) if (!have.has(iso(t))) rows.push({ product_id: p.id, avg_amount: 0, orders: 0, date: iso(t) });
      rows.sort((x, y) => Date.parse(y.date) - Date.parse(x.date));
    }
    body = { data: slice(rows) };
    if (D('var-meta-null')) body.meta = null;
  } else if (op === 'B3') {
    if (!/^\d+$/.test(param) && !D('var-b3-slug-accepted')) throw e422('path.id', param, 'expected integer product id');
    const p = findB(param);
    if (!p) throw new HttpErr(404, 'Not Found', 'Product not found');
    let s = p._sales;
    if (D('b3-foreign-sale') && s.length) {
      const o = B.find((x) => x !== p && x._sales.length);
      s = [...s];
      s.splice(1, 0, o._sales[0]);
    }
    if (D('var-sales-oldest-first')) s = [...s].reverse();
    body = {
      data: slice(s).map((x) => {
        const o = strip(x);
        if (D('b3-type-lower')) o.type = o.type === 'PURCHASE_TYPE_SALE' ? 'SALE' : o.type;
        return o;
      }),
      meta: D('b3-meta-no-per-page') ? { page } : { page, per_page: limit },
    };
  } else if (op === 'B4') {
    const p = findB(param);
    if (!p) throw new HttpErr(404, 'Not Found', 'Product not found');
    let rows = daily(D('b4-excl-offers') ? p._sales.filter((x) => x.type === 'PURCHASE_TYPE_SALE') : p._sales, p.id, 'purchased_at');
    if (D('b4-date-noon')) rows = rows.map((r) => ({ ...r, date: r.date.replace('T00:00:00Z', 'T12:00:00Z') }));
    if (D('b4-slug-empty') && !/^\d+$/.test(param)) rows = [];
    body = { data: slice(rows) };
    if (D('var-meta-null')) body.meta = null;
  }
  // $schema
  if (!D('var-no-schema')) {
    let name = SCHEMA_NAMES[op];
    if (D('schema-wrong-name') && op === 'A4') name = SCHEMA_NAMES.A3;
    body = { $schema: D('schema-not-url') ? name : `http://${host}/schemas/${name}.json`, ...body };
  }
  return { op, body };
}

function schemaDoc(name, host) {
  const op = Object.keys(SCHEMA_NAMES).find((k) => SCHEMA_NAMES[k] === name);
  if (!op) return null;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `http://${host}/schemas/${name}.json`,
    title: name,
    type: 'object',
    required: ['data'],
    properties: { $schema: { type: 'string', format: 'uri' }, data: { type: LISTS.has(op) ? 'array' : 'object' } },
  };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const host = req.headers.host || `127.0.0.1:${PORT}`;
  const send = (status, obj, type = 'application/json', extra = {}) => {
    const b = JSON.stringify(obj);
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(b), ...extra });
    res.end(b);
  };
  // schema documents (no auth)
  let sm;
  if ((req.method === 'GET' || req.method === 'HEAD') && (sm = /^\/schemas\/([A-Za-z]+)\.json$/.exec(url.pathname))) {
    const doc = schemaDoc(sm[1], host);
    return doc ? send(200, doc, 'application/schema+json') : send(404, { title: 'Not Found', status: 404, detail: 'No such schema' }, 'application/problem+json');
  }
  // auth
  let h = req.headers.authorization || '';
  h = h.replace(/^Bearer\s+/i, '').trim();
  const key = KEYS[h];
  const hdrs = key ? { 'X-Key-Type': key.tier, 'X-Quota-Current': String(++key.used) } : { 'X-Key-Type': 'None', 'X-Quota-Current': '0' };
  const problem = (e) => {
    if (e.status === 405) hdrs.Allow = 'GET, HEAD';
    if (D('var-plain-errors')) return send(e.status, { error: e.detail }, 'application/json', hdrs);
    const p = { type: 'about:blank', title: e.title, status: e.status, detail: e.detail, instance: url.pathname };
    if (e.errors) p.errors = e.errors;
    send(e.status, p, 'application/problem+json', hdrs);
  };
  try {
    const anonOk =
      (D('premium-nokey-a3') && /^\/v3\/market_a\/products\/[^/]+\/sales$/.test(url.pathname)) || (D('var-anon-open') && /^\/v3\/market_[ab]\/products(\/[^/]+)?$/.test(url.pathname) && !url.searchParams.has('display[identifiers]'));
    if (!key && !anonOk && !(req.method !== 'GET' && req.method !== 'HEAD')) throw new HttpErr(401, 'Unauthorized', 'Invalid key');
    const { body } = route(req.method, url.pathname, url.searchParams, key || { tier: anonOk && !D('premium-nokey-a3') ? 'Free' : 'None' }, host);
    send(200, body, 'application/json', hdrs);
  } catch (e) {
    if (e instanceof HttpErr) return problem(e);
    console.error(e);
    problem(new HttpErr(500, 'Internal Server Error', 'unexpected'));
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
