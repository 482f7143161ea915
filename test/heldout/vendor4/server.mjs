// Independent server for the Resale Market Data API (vendor probe, round 4): written by a helper
// that read only the API description and the production note. Node 20, no dependencies.
// Start: node server.mjs --port P [--defect NAME] (or PORT and DEFECT in the environment);
// it prints `listening on http://127.0.0.1:P`. DEFECTS.md lists each defect and the sentence it breaks.
import http from 'node:http';

const argOf = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const PORT = Number(argOf('--port') ?? process.env.PORT ?? 4100);
const D = argOf('--defect') ?? process.env.DEFECT ?? '';
const PAID_KEY = 'RKPAY-1A2B-3C4D-5E6F-0123456789AB';
const FREE_KEY = 'RKFRE-AAAA-BBBB-CCCC-DDDDDDDDDDDD';
const KEYS = { [PAID_KEY]: 'Pro', [FREE_KEY]: 'Free' };
const quota = {};

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86400000;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const hex = (n, w) => n.toString(16).padStart(w, '0');
const uuid0 = (a, b) => `0190a1b2-${hex(a, 4)}-7${hex(b, 3)}-8000-${hex(a * 4096 + b, 12)}`;
const uuid = (a, b) => (D === 'fp-uuid-upper' ? uuid0(a, b).toUpperCase().replace('0190A1B2', '0190ABCD') : uuid0(a, b));

// deterministic PRNG
let seed = 12345;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

const CATALOG = [
  {
    key: 'panda',
    title: 'Nike Dunk Low Retro White Black',
    brand: 'Nike',
    model: 'Dunk Low',
    skuA: 'DD1391-100',
    gender: 'men',
    cat: ['Nike SB', 'SB Dunk Low'],
    colorway: 'White/Black',
    nickname: 'Panda',
    rank: 1,
    weekly: 2100,
    base: 110,
    bId: 719082,
    year: '2021',
    chart: 'nike',
  },
  {
    key: 'chicago',
    title: 'Air Jordan 1 Retro High OG Chicago Lost and Found',
    brand: 'Jordan',
    model: 'Air Jordan 1 High',
    skuA: 'DZ5485-612',
    gender: 'men',
    cat: ['Air Jordan', 'One'],
    colorway: 'Varsity Red/Black/Sail',
    nickname: 'Lost and Found',
    rank: 5,
    weekly: 900,
    base: 260,
    bId: 812345,
    year: '2022',
    chart: 'nike',
  },
  {
    key: 'af1',
    title: "Nike Air Force 1 Low '07 White",
    brand: 'Nike',
    model: 'Air Force 1 Low',
    skuA: 'CW2288-111',
    gender: 'men',
    cat: ['Nike', 'Air Force 1'],
    colorway: 'White/White',
    nickname: 'Triple White',
    rank: 12,
    weekly: 650,
    base: 95,
    bId: 633210,
    year: '2019',
    chart: 'nike',
  },
  {
    key: 'onyx',
    title: 'adidas Yeezy Boost 350 V2 Onyx',
    brand: 'adidas',
    model: 'Yeezy Boost 350 V2',
    skuA: 'HQ4540',
    gender: 'unisex',
    cat: ['adidas', 'Yeezy'],
    colorway: 'Onyx/Onyx/Onyx',
    nickname: 'Onyx',
    rank: 40,
    weekly: 300,
    base: 230,
    bId: 845001,
    year: '2022',
    chart: 'adidas',
  },
  {
    key: 'nb550',
    title: 'New Balance 550 White Green',
    brand: 'New Balance',
    model: '550',
    skuA: 'BB550WT1',
    gender: 'men',
    cat: ['New Balance', '550'],
    colorway: 'White/Green',
    nickname: 'White Green',
    rank: 300,
    weekly: 45,
    base: 120,
    bId: 702020,
    year: '2021',
    chart: 'nb',
  },
];
const US_SIZES = ['9', '10', '11'];
function sizesFor(chart, us) {
  const n = Number(us);
  let uk, cm, eu;
  if (chart === 'adidas') {
    uk = n - 0.5;
    cm = { 9: 27.5, 10: 28.5, 11: 29.5 }[n];
    eu = { 9: '42 2/3', 10: '44', 11: '45 1/3' }[n];
  } else if (chart === 'nb') {
    uk = n - 0.5;
    cm = { 9: 27, 10: 28, 11: 29 }[n];
    eu = { 9: '42.5', 10: '44', 11: '45' }[n];
  } else {
    uk = n - 1;
    cm = { 9: 27, 10: 28, 11: 29 }[n];
    eu = { 9: '42.5', 10: '44', 11: '45' }[n];
  }
  return [
    { size: `US M ${us}`, type: 'us m' },
    { size: `UK ${uk}`, type: 'uk' },
    { size: `CM ${cm}`, type: 'cm' },
    { size: `KR ${Math.round(cm * 10)}`, type: 'kr' },
    { size: `EU ${eu}`, type: 'eu' },
    { size: `US W ${n + 1.5}`, type: 'us w' },
  ];
}

const A = [];
const B = [];
CATALOG.forEach((c, i) => {
  const idA = uuid(i + 1, 0);
  const slug = c.title
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
  const updated = iso(NOW - (i + 1) * 3600000);
  const variants = [];
  const sales = [];
  const bVariants = [];
  const bSales = [];
  US_SIZES.forEach((us, j) => {
    const vid = uuid(i + 1, j + 1);
    const std = c.base + j * 10 + 5 + (D === 'fp-fractional-price' ? 0.5 : 0);
    const prices = [
      { price: std, asks: 3 + j, type: 'standard' },
      { price: j === 1 ? 0 : std + 40, asks: j === 1 ? 0 : 1, type: 'express_standard' },
      { price: 0, asks: 0, type: 'express_expedited' },
    ];
    const nz = prices.filter((p) => p.price > 0).map((p) => p.price);
    const vs = [];
    // sales of this variant over the last 70 days; some near midnight UTC
    for (let k = 0; k < 6; k++) {
      const dayOff = 1 + Math.floor(rnd() * 64);
      const hour = k % 3 === 0 ? 1 : Math.floor(rnd() * 22) + 2;
      const t = Date.parse(iso(NOW - dayOff * DAY).slice(0, 10) + 'T00:00:00Z') + hour * 3600000 + Math.floor(rnd() * 59) * 60000;
      vs.push({ product_id: idA, variant_id: vid, amount: c.base + Math.floor(rnd() * 40), created_at: t });
    }
    const cnt = (days) => vs.filter((s) => s.created_at > NOW - days * DAY).length;
    sales.push(...vs);
    variants.push({
      id: vid,
      size: us,
      size_type: 'us m',
      sizes: sizesFor(c.chart, us),
      lowest_ask: Math.min(...nz),
      total_asks: prices.reduce((a, p) => a + p.asks, 0),
      position: j,
      hidden: false,
      updated_at: updated,
      _identifiers: [
        { identifier: `19586600${i}${j}00`, identifier_type: 'UPC' },
        { identifier: `019586600${i}${j}00`, identifier_type: 'EAN-13' },
      ],
      _prices: prices,
      currency: 'USD',
      market: 'US',
      sales_count_15_days: cnt(15),
      sales_count_30_days: cnt(30),
      sales_count_60_days: cnt(60),
    });
    bVariants.push({ product_id: c.bId, size: us, lowest_ask: std + 3, currency: 'USD', available: true, updated_at: updated, market: 'US' });
    for (let k = 0; k < 5; k++) {
      const dayOff = 1 + Math.floor(rnd() * 39);
      const hour = k % 2 === 0 ? 0 : Math.floor(rnd() * 23) + 1;
      const t = Date.parse(iso(NOW - dayOff * DAY).slice(0, 10) + 'T00:00:00Z') + hour * 3600000 + Math.floor(rnd() * 59) * 60000 + 60000;
      bSales.push({
        product_id: c.bId,
        type: k === 3 ? 'PURCHASE_TYPE_OFFER_CLOSED' : 'PURCHASE_TYPE_SALE',
        size_us: us,
        currency: 'USD',
        amount: c.base + 5 + Math.floor(rnd() * 50),
        location: ['New York, US', 'London, GB', 'Berlin, DE', 'Tokyo, JP'][k % 4],
        purchased_at: t,
      });
    }
  });
  sales.sort((a, b) => b.created_at - a.created_at);
  bSales.sort((a, b) => b.purchased_at - a.purchased_at);
  const asks = variants.map((v) => v.lowest_ask);
  A.push({
    id: idA,
    title: c.title,
    brand: c.brand,
    model: c.model,
    gender: c.gender,
    description: `The ${c.title} in ${c.colorway}.`,
    image: `https://img.example.com/a/${slug}.jpg`,
    sku: c.skuA,
    slug,
    product_type: 'sneakers',
    category: c.cat[0],
    secondary_category: c.cat[1],
    categories: ['sneakers'],
    breadcrumbs: [
      { value: 'Sneakers', alias: 'sneakers', level: 1 },
      { value: 'Lifestyle', alias: 'lifestyle', level: 2 },
    ],
    gallery: [`https://img.example.com/a/${slug}-1.jpg`, `https://img.example.com/a/${slug}-2.jpg`],
    gallery_360: [`https://img.example.com/a/${slug}-360-1.jpg`],
    updated_at: updated,
    created_at: iso(Date.parse('2024-03-01T08:00:00Z') + i * DAY),
    link: `https://market-a.example.com/${slug}`,
    rank: c.rank,
    weekly_orders: c.weekly,
    country_of_manufacture: (c.chart === 'nb' ? 'VN' : 'CN')[D === 'fp-country-lower' ? 'toLowerCase' : 'toString'](),
    primary_title: c.brand,
    secondary_title: c.title.replace(c.brand + ' ', ''),
    min_price: Math.min(...asks),
    max_price: Math.max(...asks),
    avg_price: asks.reduce((a, b) => a + b, 0) / asks.length + 1 / 3,
    short_description: i % 2 ? '' : `${c.nickname} colorway.`,
    upcoming: false,
    _variants: variants,
    _sales: sales,
  });
  B.push({
    id: c.bId,
    sku: c.skuA.replace('-', ' '),
    slug: slug,
    name: c.title,
    brand: c.brand,
    model: c.model,
    description: `The ${c.title} in ${c.colorway}.`,
    colorway: c.colorway,
    season: ' ' + c.year,
    category: 'shoes',
    product_type: 'sneakers',
    image_url: `https://img.example.com/b/${c.bId}.jpg`,
    _images: [`https://img.example.com/b/${c.bId}-1.jpg`, `https://img.example.com/b/${c.bId}-2.jpg`],
    release_date: `${c.year}-03-10T00:00:00Z`,
    release_date_year: c.year,
    retail_prices: null,
    link: `https://market-b.example.com/${c.bId}`,
    sizes: US_SIZES.map((s) => ({ presentation: D === 'probe-presentation-bare' ? s : `US ${s}`, value: Number(s) })),
    rank: c.rank,
    weekly_orders: c.weekly,
    updated_at: updated,
    nickname: c.nickname,
    _variants: bVariants,
    _sales: bSales,
  });
});
// fix avg_price to a real mean (fractional)
for (const p of A) {
  const a = p._variants.map((v) => v.lowest_ask);
  p.avg_price = a.reduce((x, y) => x + y, 0) / a.length + 0.5;
}

// ---- helpers
class HttpErr extends Error {
  constructor(status, detail, errors) {
    super(detail);
    this.status = status;
    this.errors = errors;
  }
}
const TITLES = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 422: 'Unprocessable Entity' };
function pub(o) {
  const r = {};
  for (const [k, v] of Object.entries(o)) if (!k.startsWith('_')) r[k] = v;
  return r;
}
function intParam(q, name, def, min, max) {
  const raw = q.get(name);
  if (raw === null) return def;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new HttpErr(422, `${name} must be an integer between ${min} and ${max}`, [{ message: `expected integer in [${min}, ${max}]`, location: `query.${name}`, value: raw }]);
  }
  return Number(raw);
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const norm = (s) =>
  String(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
function search(list, query, nameField) {
  if (query === null || norm(query) === '') return [...list].sort((a, b) => a.rank - b.rank);
  const q = norm(query);
  const toks = q.split(' ');
  if (D === 'search-no-brand' && list.some((p) => norm(p.brand) === q)) return [];
  if (D === 'search-no-name' && list.some((p) => norm(p[nameField]) === q)) return [];
  const scored = [];
  for (const p of list) {
    const skuMatch = norm(p.sku) === q;
    if (D === 'search-no-sku' && skuMatch && !norm(p[nameField]).includes(q)) continue;
    const hay = norm([p[nameField], p.brand, p.model, p.sku, p.slug].join(' '));
    if (!skuMatch && !toks.every((t) => hay.split(' ').includes(t) || hay.includes(t))) continue;
    const score = skuMatch ? 3 : norm(p[nameField]).includes(q) ? 2 : 1;
    scored.push({ p, score });
  }
  scored.sort((a, b) => b.score - a.score || (D === 'search-unpopular-first' ? b.p.rank - a.p.rank : a.p.rank - b.p.rank));
  return scored.map((s) => s.p);
}
function findA(ref) {
  return A.find((p) => p.id === ref || p.slug === ref || (D === 'slug-case-insensitive' && p.slug === ref.toLowerCase()));
}
function findB(ref, noSlug = false) {
  return B.find((p) => String(p.id) === ref || (!noSlug && p.slug === ref));
}
function dailyOf(sales, pid, timeKey, tzShiftH = 0) {
  const by = new Map();
  for (const s of sales) {
    const day = iso(s[timeKey] - tzShiftH * 3600000).slice(0, 10);
    if (!by.has(day)) by.set(day, []);
    by.get(day).push(s.amount);
  }
  return [...by.entries()]
    .sort((a, b) => (a[0] < b[0] ? 1 : -1))
    .map(([day, am]) => ({
      product_id: pid,
      avg_amount: am.reduce((x, y) => x + y, 0) / am.length,
      orders: am.length,
      date: `${day}T00:00:00Z`,
    }));
}
function page(list, pg, lim) {
  return list.slice((pg - 1) * lim, pg * lim);
}

function schemaUrl(req, name) {
  if (D === 'fp-no-schema') return undefined;
  if (D === 'schema-not-url') return name;
  return `http://${req.headers.host}/schemas/${name}.json`;
}

// ---- routing
function handle(req, url, tier) {
  const q = url.searchParams;
  let m;
  const p = url.pathname;
  const paid = tier !== 'Free';
  const needPaid = () => {
    if (!paid) throw new HttpErr(403, 'This route needs a paid plan');
  };
  // A1
  if (p === '/v3/market_a/products') {
    const pg = intParam(q, 'page', 1, 1, 1e9);
    const lim = intParam(q, 'limit', 20, 1, 100);
    const all = search(A, q.get('query'), 'title');
    return { $schema: schemaUrl(req, 'MarketAProductSearch'), data: page(all, pg, lim).map(pub), meta: { current_page: D === 'a1-current-page-constant' ? 1 : pg, per_page: lim, total: Math.min(all.length, 1000) } };
  }
  if ((m = p.match(/^\/v3\/market_a\/products\/([^/]+)$/))) {
    if (D === 'free-lookup-403' && !paid) throw new HttpErr(403, 'paid plan needed');
    const prod = findA(decodeURIComponent(m[1]));
    const fv = q.get('display[variants]') === 'true',
      fp = q.get('display[prices]') === 'true',
      fi = q.get('display[identifiers]') === 'true';
    if (D === 'free-variants-403' && fv && !paid) throw new HttpErr(403, 'paid plan needed');
    if (fi && !paid && D !== 'identifiers-free') throw new HttpErr(403, 'display[identifiers] needs a paid plan');
    if (!prod) throw new HttpErr(404, 'Product not found');
    const out = pub(prod);
    const bySlug = decodeURIComponent(m[1]) !== prod.id;
    if (D === 'slug-ignores-flags' && bySlug) return { $schema: schemaUrl(req, 'MarketAProduct'), data: out, meta: null };
    if (fv || D === 'variants-without-flag') {
      out.variants = prod._variants.map((v, idx) => {
        const o = pub(v);
        o.identifiers = fi || D === 'identifiers-without-flag' ? v._identifiers : null;
        o.prices = fp || D === 'prices-without-flag' ? v._prices : null;
        if (D === 'prices-flag-only-first' && idx > 0) o.prices = null;
        if (D === 'price-type-bad' && o.prices) o.prices = o.prices.map((x) => (x.type === 'express_standard' ? { ...x, type: 'express' } : x));
        if (D === 'size-type-upper') o.size_type = 'US M';
        if (D === 'sizes-own-mismatch') o.sizes = o.sizes.map((s) => (s.type === 'us m' ? { ...s, size: `US M ${Number(o.size) + 0.5}` } : s));
        if (D === 'prices-standard-only' && o.prices) o.prices = o.prices.filter((x) => x.type === 'standard');
        if (D === 'prices-empty' && o.prices) o.prices = [];
        if (D === 'identifiers-empty' && o.identifiers) o.identifiers = [];
        if (D === 'sizes-uk-wrong') o.sizes = o.sizes.map((s) => (s.type === 'uk' ? { ...s, size: `UK ${Number(o.size) + 3}` } : s));
        if (D === 'sizes-type-unlisted') o.sizes = [...o.sizes, { size: `JP ${Number(o.size) + 18}`, type: 'jp' }];
        if (D === 'a-variant-id-not-uuid') o.id = `var-${prod.sku}-${o.size}`;
        if (D === 'sales-counts-not-nested') {
          o.sales_count_15_days = o.sales_count_60_days + 2;
        }
        return o;
      });
    }
    if (D === 'variants-null-without-flag' && !fv) out.variants = null;
    if (D === 'variants-empty' && fv) out.variants = [];
    if (D === 'a-created-at-no-z') out.created_at = out.created_at.replace('Z', '');
    if (D === 'a-gallery-relative') out.gallery = out.gallery.map((g) => g.replace('https://img.example.com', ''));
    if (D === 'a-updated-at-offset') out.updated_at = out.updated_at.replace(/T(\d\d)/, (x, h) => `T${String((Number(h) + 2) % 24).padStart(2, '0')}`).replace('Z', '+02:00');
    if (D === 'breadcrumb-level-zero') out.breadcrumbs = out.breadcrumbs.map((b) => ({ ...b, level: b.level - 1 }));
    if (D === 'country-code-long') out.country_of_manufacture = out.country_of_manufacture === 'VN' ? 'Vietnam' : 'China';
    if (D === 'upcoming-string') out.upcoming = String(out.upcoming);
    return { $schema: schemaUrl(req, 'MarketAProduct'), data: out, meta: null };
  }
  if ((m = p.match(/^\/v3\/market_a\/products\/([^/]+)\/sales$/))) {
    if (!(D === 'premium-nokey-ok' && tier === 'None')) needPaid();
    const prod = findA(decodeURIComponent(m[1]));
    const vid = q.get('variant_id');
    if (vid !== null && !UUID_RE.test(vid)) throw new HttpErr(422, 'variant_id must be a UUID', [{ message: 'expected UUID', location: 'query.variant_id', value: vid }]);
    const pg = intParam(q, 'page', 1, 1, 1e9);
    const lim = intParam(q, 'limit', 50, 1, 100);
    if (!prod) throw new HttpErr(404, 'Product not found');
    let list = prod._sales;
    if (D === 'a3-missing-variant') list = list.filter((s) => s.variant_id === prod._variants[0].id);
    if (D === 'a3-unfiltered-drops' && vid === null) list = list.filter((s) => s.variant_id !== prod._variants[2].id);
    if (D === 'a3-slug-empty' && decodeURIComponent(m[1]) !== prod.id && vid === null) list = [];
    if (D === 'a3-foreign-variant' && vid !== null && !prod._variants.some((v) => v.id === vid)) {
      const o = A.find((x) => x._variants.some((v) => v.id === vid));
      if (o) list = o._sales;
    }
    if (D === 'a3-filter-page1-only' && vid !== null && pg > 1) list = prod._sales.filter(() => true);
    if (vid !== null && D !== 'a3-filter-ignored' && !(D === 'a3-filter-page1-only' && pg > 1) && !(D === 'a3-foreign-variant' && !prod._variants.some((v) => v.id === vid))) list = list.filter((s) => s.variant_id === vid);
    let data = page(list, pg, lim).map((s, i) => ({ ...s, created_at: iso(s.created_at), ...(D === 'a3-variant-id-bogus' && vid === null && i % 3 === 2 ? { variant_id: uuid0(99, i) } : {}) }));
    const body = { $schema: schemaUrl(req, D === 'schema-wrong-name' ? 'MarketADailySales' : 'MarketASales'), data };
    if (D === 'empty-data-null' && data.length === 0) body.data = null;
    return body;
  }
  if ((m = p.match(/^\/v3\/market_a\/products\/([^/]+)\/sales\/daily$/))) {
    needPaid();
    const prod = findA(decodeURIComponent(m[1]));
    const lim = intParam(q, 'limit', 365, 1, 365);
    const pg = intParam(q, 'page', 1, 1, 1e9);
    if (!prod) throw new HttpErr(404, 'Product not found');
    let daily = dailyOf(prod._sales, prod.id, 'created_at', D === 'a4-day-boundary-shift' ? 5 : 0);
    if (D === 'a4-avg-off-1') daily = daily.map((d) => ({ ...d, avg_amount: d.avg_amount + 1 }));
    if (D === 'a4-avg-off-0.3') daily = daily.map((d) => ({ ...d, avg_amount: d.avg_amount + 0.3 }));
    if (D === 'a4-avg-rounded') daily = daily.map((d) => ({ ...d, avg_amount: Math.round(d.avg_amount) }));
    if (D === 'a4-product-id-other') daily = daily.map((d) => ({ ...d, product_id: A[(A.indexOf(prod) + 1) % A.length].id }));
    if (D === 'a4-avg-is-sum') daily = daily.map((d) => ({ ...d, avg_amount: d.avg_amount * d.orders }));
    const body = { $schema: schemaUrl(req, 'MarketADailySales'), data: page(daily, pg, lim) };
    if (D === 'a4-has-meta') body.meta = { page: pg, per_page: lim };
    if (D === 'content-type-text') return { __text: true, body };
    return body;
  }
  // B1
  if (p === '/v3/market_b/products') {
    const pg = intParam(q, 'page', 1, 1, 1e9);
    const lim = intParam(q, 'limit', 20, 1, 100);
    const all = search(B, q.get('query'), 'name');
    const data = page(all, pg, lim).map((x) => ({ ...pub(x), images: D === 'b1-images-filled' ? x._images : null, variants: D === 'b1-variants-filled' ? x._variants.map(pub) : null }));
    const body = { $schema: schemaUrl(req, 'MarketBProductSearch'), data };
    if (D === 'b1-has-meta') body.meta = { page: pg, per_page: lim };
    return body;
  }
  if ((m = p.match(/^\/v3\/market_b\/products\/([^/]+)$/))) {
    if (D === 'free-lookup-403' && !paid) throw new HttpErr(403, 'paid plan needed');
    const prod = findB(decodeURIComponent(m[1]));
    if (!prod) throw new HttpErr(404, 'Product not found');
    const out = { ...pub(prod), images: D === 'b-images-null-lookup' ? null : prod._images, variants: D === 'b2-variants-null' ? null : prod._variants.map(pub) };
    if (D === 'b2-slug-variants-null' && decodeURIComponent(m[1]) !== String(prod.id)) out.variants = null;
    if (D === 'b2-variant-pid-other' && out.variants) out.variants = out.variants.map((v) => ({ ...v, product_id: B[(B.indexOf(prod) + 1) % B.length].id }));
    if (D === 'b-image-url-relative') out.image_url = `/b/${prod.id}.jpg`;
    if (D === 'b-variant-available-wrong' && out.variants) out.variants = out.variants.map((v) => ({ ...v, available: 'yes' }));
    if (D === 'b-variant-pid-string' && out.variants) out.variants = out.variants.map((v) => ({ ...v, product_id: String(v.product_id) }));
    if (D === 'b-sizes-value-string') out.sizes = out.sizes.map((s) => ({ ...s, value: String(s.value) }));
    if (D === 'b-release-year-int') out.release_date_year = Number(out.release_date_year);
    const body = { $schema: schemaUrl(req, 'MarketBProduct'), data: out, meta: null };
    if (D === 'meta-on-lookup-object') body.meta = { page: 1, per_page: 1 };
    return body;
  }
  if ((m = p.match(/^\/v3\/market_b\/products\/([^/]+)\/sales$/))) {
    needPaid();
    const ref = decodeURIComponent(m[1]);
    if (!/^\d+$/.test(ref)) throw new HttpErr(422, 'id must be an integer product ID', [{ message: 'expected integer', location: 'path.id', value: ref }]);
    const pg = intParam(q, 'page', 1, 1, 1e9);
    const lim = intParam(q, 'limit', 50, 1, 100);
    const prod = B.find((x) => String(x.id) === ref);
    if (!prod) throw new HttpErr(404, 'Product not found');
    const data = page(prod._sales, pg, lim).map((s, i) => {
      const o = { ...s, purchased_at: D === 'fp-sale-offset' ? new Date(s.purchased_at + 3600000).toISOString().replace(/\.\d{3}Z$/, '+01:00') : iso(s.purchased_at) };
      if (D === 'b3-type-bad' && i % 3 === 1) o.type = 'PURCHASE_TYPE_BID';
      if (D === 'b3-location-city-only') o.location = o.location.split(',')[0];
      return o;
    });
    return { $schema: schemaUrl(req, 'MarketBSales'), data, meta: D === 'b3-meta-shape' ? { current_page: pg, per_page: lim } : { page: pg, per_page: lim } };
  }
  if ((m = p.match(/^\/v3\/market_b\/products\/([^/]+)\/sales\/daily$/))) {
    if (!(D === 'b4-free-allowed' && tier === 'Free')) needPaid();
    const prod = findB(decodeURIComponent(m[1]), D === 'b4-slug-refused');
    const lim = intParam(q, 'limit', 365, 1, 365);
    const pg = intParam(q, 'page', 1, 1, 1e9);
    if (!prod) throw new HttpErr(404, 'Product not found');
    let daily;
    if (D === 'b4-split-days') {
      daily = [];
      for (const s of US_SIZES)
        daily.push(
          ...dailyOf(
            prod._sales.filter((x) => x.size_us === s),
            prod.id,
            'purchased_at',
          ),
        );
      daily.sort((a, b) => (a.date < b.date ? 1 : -1));
    } else daily = dailyOf(prod._sales, prod.id, 'purchased_at');
    if (D === 'b4-date-not-midnight') daily = daily.map((d) => ({ ...d, date: d.date.replace('T00:00:00Z', 'T12:00:00Z') }));
    return { $schema: schemaUrl(req, 'MarketBDailySales'), data: page(daily, pg, lim) };
  }
  throw new HttpErr(404, 'No such route');
}

function schemaDoc(name) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: name,
    title: name,
    type: 'object',
    required: ['data'],
    properties: { $schema: { type: 'string' }, data: { type: ['object', 'array', 'null'] }, meta: { type: ['object', 'null'] } },
  };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const send = (status, obj, headers = {}, ctype = 'application/json') => {
    const body = JSON.stringify(obj);
    res.writeHead(status, { 'Content-Type': ctype, 'Content-Length': Buffer.byteLength(body), ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const problem = (status, detail, errors, headers = {}) => {
    const b = { type: 'about:blank', title: TITLES[status] || 'Error', status, detail, instance: url.pathname };
    if (errors) b.errors = errors;
    send(status, b, headers, 'application/problem+json');
  };
  if (url.pathname.startsWith('/schemas/') && url.pathname.endsWith('.json')) {
    return send(200, schemaDoc(url.pathname.slice(9, -5)), {}, 'application/schema+json');
  }
  // auth
  let auth = req.headers.authorization || '';
  auth = auth.replace(/^Bearer\s+/i, '').trim();
  const tier = auth ? KEYS[auth] : 'None';
  const hdr = { 'X-Key-Type': tier || 'None', 'X-Quota-Current': String(tier && tier !== 'None' ? (quota[auth] = (quota[auth] || 0) + 1) : 0) };
  if (D === 'v3-redirect' && url.pathname.startsWith('/v3/')) {
    res.writeHead(301, { Location: url.pathname.replace('/v3/', '/v4/') + url.search, ...hdr });
    return res.end();
  }
  if (D === 'v3-redirect' && url.pathname.startsWith('/v4/')) url.pathname = url.pathname.replace('/v4/', '/v3/');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (D === 'write-accepted' && /^\/v3\/market_[ab]\/products/.test(url.pathname)) return send(200, { data: { accepted: true } }, hdr);
    return problem(405, 'The service is read-only', null, { ...hdr, Allow: 'GET, HEAD' });
  }
  if (!tier || tier === 'None') {
    if (!(D === 'premium-nokey-ok' && /^\/v3\/market_a\/products\/[^/]+\/sales$/.test(url.pathname))) return problem(401, 'Invalid key', null, hdr);
  }
  try {
    const out = handle(req, url, tier || 'None');
    if (out && out.__text) return send(200, out.body, hdr, 'text/plain');
    if (D === 'bad-json' && /\/sales\/daily$/.test(url.pathname) && url.pathname.includes('market_b')) {
      const b = JSON.stringify(out).slice(0, -7);
      res.writeHead(200, { 'Content-Type': 'application/json', ...hdr });
      return res.end(b);
    }
    if (D === 'hang' && /\/sales\/daily$/.test(url.pathname) && url.pathname.includes('market_b')) return;
    return send(200, out, hdr);
  } catch (e) {
    if (e instanceof HttpErr) return problem(e.status, e.message, e.errors, hdr);
    console.error(e);
    return problem(500, 'internal error', null, hdr);
  }
});
server.listen(PORT, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port} DEFECT=${D || '(none)'}`));
