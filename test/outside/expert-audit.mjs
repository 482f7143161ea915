#!/usr/bin/env node
// Sneaker-resale expert audit of the Resale Market Data API (public operations only).
// Usage: node expert-audit.mjs BASE_URL [--products N] [--key KEY] [--json]
// Node 20, no dependencies. Applies real-market rules (release facts, style codes,
// prices, sizes, calendars, catalogue hygiene) to a crawled sample.

const argv = process.argv.slice(2);
const opt = { base: null, n: 400, key: 'demo-premium', json: false, jsonFile: null };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '--products') opt.n = Number(argv[++i]);
  else if (a === '--key') opt.key = argv[++i];
  else if (a === '--json') { opt.json = true; if (argv[i + 1] && !argv[i + 1].startsWith('--')) opt.jsonFile = argv[++i]; }
  else if (!opt.base) opt.base = a.replace(/\/+$/, '');
}
if (!opt.base) { console.error('usage: node expert-audit.mjs BASE_URL [--products N] [--key KEY] [--json [FILE]]'); process.exit(2); }
const T0 = Date.now();

// ---------------------------------------------------------------- HTTP (<= 8 in flight)
const MAX_INFLIGHT = 8;
let inflight = 0; const queue = []; let nreq = 0;
function slot() { return new Promise(r => { if (inflight < MAX_INFLIGHT) { inflight++; r(); } else queue.push(r); }); }
function release() { const n = queue.shift(); if (n) n(); else inflight--; }
async function get(path) {
  await slot();
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      nreq++;
      let res;
      try { res = await fetch(opt.base + path, { headers: { Authorization: `Bearer ${opt.key}`, Accept: 'application/json' } }); }
      catch (e) { await sleep(200 * 2 ** attempt); continue; }
      if (res.status === 429 || res.status >= 500) {
        const ra = Number(res.headers.get('retry-after'));
        await sleep(ra > 0 ? ra * 1000 : 200 * 2 ** attempt); continue;
      }
      if (!res.ok) return null;
      try { return await res.json(); } catch { return null; }
    }
    return null;
  } finally { release(); }
}
const sleep = ms => new Promise(r => setTimeout(r, ms));
const enc = encodeURIComponent;
const pool = (items, fn) => Promise.all(items.map(fn));

// ---------------------------------------------------------------- helpers
const norm = s => String(s ?? '').trim().toUpperCase().replace(/\s+/g, '-');
const lc = s => String(s ?? '').toLowerCase();
const median = xs => { const a = xs.filter(Number.isFinite).sort((x, y) => x - y); if (!a.length) return NaN; const m = a.length >> 1; return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2; };
const yearOf = s => (s ? Number(String(s).slice(0, 4)) : NaN);
const MONTHS = ['january','february','march','april','may','june','july','august','september','october','november','december'];
const isKidsGender = g => ['child', 'preschool', 'toddler', 'infant'].includes(lc(g));
const kidsTag = t => (/\((GS|PS|TD|Infant|Kids)\)/i.exec(t) || [])[1]?.toUpperCase() || null;
const womenTag = t => /\(W\)/.test(t);
const aRef = p => `${p.slug} [${p.sku}]`;
const bRef = p => `B#${p.id} ${p.slug}`;
function nickOfA(p) { // secondary_title = nickname (+ suffix), strip gender tag
  return String(p.secondary_title || p.title.replace(p.model || '', '')).replace(/\((W|GS|PS|TD)\)/g, '').trim();
}
function family(model) { // coarse model family
  const m = lc(model);
  if (/jordan 1 (retro )?high/.test(m)) return 'J1 High';
  if (/jordan 1 low/.test(m)) return 'J1 Low';
  if (/jordan 1 mid/.test(m)) return 'J1 Mid';
  const j = /jordan (\d+)/.exec(m); if (j) return 'J' + j[1];
  return model;
}
const gs1ok = code => { // GS1 check digit for UPC-A / EAN-13
  if (!/^\d{12,14}$/.test(code)) return false;
  const d = code.split('').map(Number); const check = d.pop(); let s = 0;
  d.reverse().forEach((x, i) => { s += x * (i % 2 === 0 ? 3 : 1); });
  return (10 - (s % 10)) % 10 === check;
};

// ---------------------------------------------------------------- crawl
const QUERIES = [
  // brands
  'Nike', 'Jordan', 'Air Jordan', 'adidas', 'New Balance', 'ASICS', 'Converse', 'Vans', 'Salomon', 'Supreme', 'Fear of God', 'KAWS', 'Pokemon', 'Yeezy',
  // models
  'Dunk Low', 'SB Dunk', 'Dunk High', 'Air Force 1', 'Jordan 1 High', 'Jordan 1 Low', 'Jordan 1 Mid', 'Jordan 3', 'Jordan 4', 'Jordan 5', 'Jordan 6', 'Jordan 11',
  'Air Max 1', 'Air Max 90', 'Air Max 95', 'Vomero 5', 'Kobe 6', 'Samba', 'Gazelle', 'Campus', 'Forum', 'Ultraboost', '350 V2', '550', '9060', '2002R', '990v6', '1906R',
  'Gel-1130', 'Gel-NYC', 'Kayano', 'Chuck 70', 'Old Skool', 'XT-6', 'Box Logo', 'Essentials',
  // nicknames / collaborations
  'Panda', 'Reverse Panda', 'Chicago', 'Lost and Found', 'Travis Scott', 'Fragment', 'Off-White', 'Mocha', 'Bred', 'Cement', 'Space Jam', 'Concord', 'Military Black',
  'University Blue', 'Zebra', 'Beluga', 'Grinch', 'Valentine', 'Halloween', 'Christmas', 'Grey Day', 'Made in USA', 'Made in UK', 'Union', 'Sacai', 'Georgetown', 'Wheat', 'Pine Green',
  // style codes
  'DD1391-100', 'DZ5485-612', 'CP9654', 'DH6927-111', 'BB550WT1', '555088', 'DM7866', 'FV5029-006',
];
async function search(market, q) {
  const out = [];
  for (let page = 1; page <= 10; page++) {
    const d = await get(`/v3/${market}/products?query=${enc(q)}&limit=100&page=${page}`);
    if (!d || !Array.isArray(d.data) || !d.data.length) break;
    out.push(...d.data);
    if (d.data.length < 100) break;
  }
  return out;
}
const index = await get('/');
const NOW = index?.now ? new Date(index.now) : new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
const catA = new Map(), catB = new Map();
const searchLog = [];
await pool(QUERIES, async q => {
  const [a, b] = await Promise.all([search('market_a', q), search('market_b', q)]);
  a.forEach(p => catA.set(p.id, p)); b.forEach(p => catB.set(p.id, p));
  searchLog.push({ q, a: a.length, b: b.length, aTop: a[0]?.title, bTop: b[0]?.name });
});
const A = [...catA.values()], B = [...catB.values()];
const bySkuB = new Map(B.map(p => [norm(p.sku), p]));
const bySkuA = new Map(A.map(p => [norm(p.sku), p]));

// choose N products per marketplace for deep lookups: hype first, then evenly spaced
const HYPE_RE = /travis|fragment|off-white|lost and found|zebra|union|sacai|panda|chicago|yeezy|made in/i;
function sample(list, titleOf, n) {
  const sorted = [...list].sort((x, y) => String(x.id).localeCompare(String(y.id)));
  const pick = new Set(sorted.filter(p => HYPE_RE.test(titleOf(p))).slice(0, Math.floor(n / 4)));
  const step = sorted.length / Math.max(1, n);
  for (let i = 0; pick.size < Math.min(n, sorted.length) && i < sorted.length * 2; i++) pick.add(sorted[Math.floor((i * step) % sorted.length)] ?? sorted[i % sorted.length]);
  for (const p of sorted) { if (pick.size >= Math.min(n, sorted.length)) break; pick.add(p); }
  return [...pick];
}
const sampA = sample(A, p => p.title, opt.n), sampB = sample(B, p => p.name, opt.n);
const detA = new Map(), detB = new Map();
await Promise.all([
  pool(sampA, async p => { const d = await get(`/v3/market_a/products/${enc(p.id)}?display[variants]=true&display[prices]=true&display[identifiers]=true`); if (d?.data) detA.set(p.id, d.data); }),
  pool(sampB, async p => { const d = await get(`/v3/market_b/products/${enc(p.id)}`); if (d?.data) detB.set(p.id, d.data); }),
]);
const SALES_N = Math.min(opt.n, 160);
const salesA = new Map(), dailyA = new Map(), salesB = new Map(), dailyB = new Map();
await Promise.all([
  pool(sampA.slice(0, SALES_N), async p => {
    const [s, d] = await Promise.all([get(`/v3/market_a/products/${enc(p.id)}/sales?limit=100`), get(`/v3/market_a/products/${enc(p.id)}/sales/daily?limit=365`)]);
    if (s?.data) salesA.set(p.id, s.data); if (d?.data) dailyA.set(p.id, d.data);
  }),
  pool(sampB.slice(0, SALES_N), async p => {
    const [s, d] = await Promise.all([get(`/v3/market_b/products/${p.id}/sales?limit=100`), get(`/v3/market_b/products/${p.id}/sales/daily?limit=365`)]);
    if (s?.data) salesB.set(p.id, s.data); if (d?.data) dailyB.set(p.id, d.data);
  }),
]);

// release date for an A product: B release_date of the same style code, else A description month
function releaseOfA(p) {
  const b = bySkuB.get(norm(p.sku));
  if (b?.release_date) return { date: new Date(b.release_date), src: 'B.release_date' };
  const m = /releas(?:ed|es) in (\w+) (\d{4})/i.exec(p.description || '');
  if (m && MONTHS.includes(lc(m[1]))) return { date: new Date(Date.UTC(+m[2], MONTHS.indexOf(lc(m[1])), 15)), src: 'A.description', month: true };
  return null;
}
const monthOfA = p => { const r = releaseOfA(p); return r ? r.date.getUTCMonth() + 1 : null; };

// ---------------------------------------------------------------- rules
const RULES = [];
function rule(id, statement, source, threshold, fn) { RULES.push({ id, statement, source, threshold, fn }); }
// threshold: { max: count } or { maxShare: 0.05 }; fn returns { applicable, findings:[{ref, detail}] , note? }

// ---- A. Famous releases: nickname ↔ model ↔ style code ↔ year
const J1H = /jordan 1 (retro )?high/i;
rule('LAF-MODEL', '"Lost and Found" is only an Air Jordan 1 High OG (Chicago, Nov 2022)', 'Nike SNKRS release 19 Nov 2022, AJ1 High OG "Chicago Lost and Found" DZ5485-612', { max: 0 }, () => {
  const xs = A.filter(p => /lost and found/i.test(p.title));
  return { applicable: xs.length, findings: xs.filter(p => !J1H.test(p.model)).map(p => ({ ref: aRef(p), detail: `model=${p.model}` })) };
});
rule('LAF-SKU-YEAR', 'AJ1 High OG "Chicago Lost and Found" is DZ5485-612 (GS FD1437-612), released 2022', 'Nike SNKRS / StockX product page DZ5485-612', { max: 0 }, () => {
  const xs = A.filter(p => J1H.test(p.model) && /^chicago lost and found$/i.test(nickOfA(p)));
  const f = [];
  for (const p of xs) {
    const ok = ['DZ5485-612', 'FD1437-612', 'FD1412-612', 'FD1413-612'].includes(norm(p.sku));
    const r = releaseOfA(p); const y = r ? r.date.getUTCFullYear() : null;
    if (!ok || (y && y < 2022)) f.push({ ref: aRef(p), detail: `sku=${p.sku} release=${r ? r.date.toISOString().slice(0, 10) : '?'} created_at=${p.created_at}` });
  }
  return { applicable: xs.length, findings: f };
});
rule('PANDA-DUNK-SKU', 'Nike Dunk Low "Panda" (Retro White/Black) is DD1391-100 (W: DD1503-101, GS: CW1590-100), first released Jan 2021', 'Nike SNKRS 14 Jan 2021; StockX DD1391-100', { max: 0 }, () => {
  const xs = A.filter(p => /^nike dunk low$/i.test(p.model) && /^panda$/i.test(nickOfA(p)) && !/\((PS|TD)\)/.test(p.title));
  const want = p => womenTag(p.title) ? 'DD1503-101' : /\(GS\)/.test(p.title) ? 'CW1590-100' : 'DD1391-100';
  const f = xs.filter(p => norm(p.sku) !== want(p) || (releaseOfA(p)?.date.getUTCFullYear() ?? 2021) < 2021)
    .map(p => ({ ref: aRef(p), detail: `sku=${p.sku} expected ${want(p)}; release=${releaseOfA(p)?.date.toISOString().slice(0, 10)}; created_at=${p.created_at}` }));
  return { applicable: xs.length, findings: f };
});
rule('PANDA-DUNK-POPULAR', 'The Panda Dunk Low is the best-selling sneaker of the 2020s: it ranks in the top 5% by weekly orders', 'StockX Big Facts / Snapshot 2021–2023: Dunk Low Panda #1 most traded sneaker', { max: 0 }, () => {
  const xs = A.filter(p => /^nike dunk low$/i.test(p.model) && /^panda$/i.test(nickOfA(p)) && !kidsTag(p.title) && !womenTag(p.title));
  const sorted = [...A].sort((a, b) => b.weekly_orders - a.weekly_orders); const cut = sorted[Math.floor(sorted.length * 0.05)]?.weekly_orders ?? 0;
  return { applicable: xs.length, findings: xs.filter(p => p.weekly_orders < cut).map(p => ({ ref: aRef(p), detail: `rank=${p.rank} weekly_orders=${p.weekly_orders} (top-5% cut ${cut})` })) };
});
const CHICAGO_OK = /jordan 1|jordan 2\b|dunk|kobe|air force 1|blazer/i;
rule('CHICAGO-MODEL', '"Chicago" (Bulls white/red/black) colourway names belong to AJ1 / AJ2 / Dunk / Kobe lines, not to AJ3-AJ6 or AJ11 retros', 'Nike archive: AJ1 Chicago 1985/2015/2022; no AJ4/AJ5/AJ11 "Chicago" GR', { max: 0 }, () => {
  const xs = A.filter(p => /\bchicago\b/i.test(p.title));
  return { applicable: xs.length, findings: xs.filter(p => !CHICAGO_OK.test(p.model)).map(p => ({ ref: aRef(p), detail: `model=${p.model}` })) };
});
rule('SPACE-JAM-MODEL', '"Space Jam" is the Air Jordan 11 (1995 PE, retros 2000/2009/2016); AJ1 homages tolerated, never AJ3-AJ6', 'Nike: Air Jordan 11 "Space Jam" 378037-003 (2016)', { max: 0 }, () => {
  const xs = A.filter(p => /space jam/i.test(p.title));
  return { applicable: xs.length, findings: xs.filter(p => !/jordan (11|1)\b/i.test(p.model)).map(p => ({ ref: aRef(p), detail: `model=${p.model}` })) };
});
rule('CEMENT-MODEL', '"White Cement"/"Black Cement" (elephant print) are Air Jordan 3 and 4 colourways (plus AJ1 homages), not AJ5/AJ6/AJ11', 'Nike: AJ3 White Cement Reimagined DN3707-100 (2023), AJ4 White Cement 840606-192 (2016)', { max: 0 }, () => {
  const xs = A.filter(p => /(white|black) cement/i.test(p.title));
  return { applicable: xs.length, findings: xs.filter(p => !/jordan (1|3|4)\b/i.test(p.model)).map(p => ({ ref: aRef(p), detail: `model=${p.model}` })) };
});
rule('MILITARY-BLACK-MODEL', '"Military Black" is the Air Jordan 4 (DH6927-111, May 2022)', 'Nike SNKRS 21 May 2022, AJ4 "Military Black" DH6927-111', { max: 0 }, () => {
  const xs = A.filter(p => /military black/i.test(p.title));
  return { applicable: xs.length, findings: xs.filter(p => !/jordan 4\b/i.test(p.model)).map(p => ({ ref: aRef(p), detail: `model=${p.model} sku=${p.sku}` })) };
});
const TRAVIS = { 'CD4487-100': 'J1 High 2019', 'CQ4277-001': 'J1 Low Mocha 2019', 'DH3227-105': 'J1 High x Fragment 2021', 'DM7866-140': 'J1 Low x Fragment 2021', 'DM7866-162': 'J1 Low Reverse Mocha 2022', 'DM7866-001': 'J1 Low Black Phantom 2022', 'DM7866-200': 'J1 Low Olive 2023', 'DZ4137-106': 'J1 Low Golf', 'CN1084-200': 'AF1?', '308497-406': 'J4 Cactus Jack 2018', 'CN1084-200 ': '', 'CT5053-001': 'SB Dunk Low 2020', 'DH7138-006': 'J6 British Khaki 2021', 'CN1635-002': 'J6 Olive 2019' };
rule('TRAVIS-SKU', 'Every Travis Scott Jordan/Nike pair has a known Cactus Jack style code and is a single real release (not a mash-up of two)', 'Nike SNKRS: Travis x Fragment AJ1 High DH3227-105 (Jul 2021), AJ1 Low Reverse Mocha DM7866-162 (Jul 2022)', { max: 0 }, () => {
  const xs = A.filter(p => /travis scott/i.test(p.title));
  const f = [];
  for (const p of xs) {
    const codes = Object.keys(TRAVIS);
    const mash = /fragment/i.test(p.title) && /mocha/i.test(p.title);
    if (!codes.includes(norm(p.sku)) || mash) f.push({ ref: aRef(p), detail: `sku=${p.sku} not a Travis code${mash ? '; mixes Fragment (2021) with Reverse Mocha (2022)' : ''}; model=${p.model}` });
  }
  return { applicable: xs.length, findings: f };
});
rule('COLLAB-BRAND', 'Cross-brand collabs stay with their partner: Yeezy = adidas (2015–23) or Nike Air Yeezy; Off-White/Travis/Fragment/Sacai/Union = Nike/Jordan/Converse', 'adidas & Nike press releases; StockX brand pages', { max: 0 }, () => {
  const xs = A.filter(p => /yeezy|off-white|travis scott|fragment|sacai|union la/i.test(p.title));
  const f = xs.filter(p => (/yeezy/i.test(p.title) && !/adidas|nike/i.test(p.brand)) || (/off-white|travis scott|fragment|sacai|union la/i.test(p.title) && !/nike|jordan|converse/i.test(p.brand)))
    .map(p => ({ ref: aRef(p), detail: `brand=${p.brand}` }));
  return { applicable: xs.length, findings: f };
});
const YEEZY = { zebra: ['CP9654', 2017], 'beluga 2.0': ['AH2203', 2017], 'cream white': ['CP9366', 2017], 'triple white': ['CP9366', 2017], bred: ['CP9652', 2017], 'semi frozen yellow': ['B37572', 2017], 'blue tint': ['B37571', 2017], sesame: ['F99710', 2018], butter: ['F36980', 2018], static: ['EF2905', 2018], 'true form': ['EG7492', 2019], linen: ['FY5158', 2020], carbon: ['FZ5000', 2020], onyx: ['HQ4540', 2022], bone: ['HQ6316', 2022], light: ['GY3438', 2021], 'beluga reflective': ['GW1229', 2021], beluga: ['BB1826', 2016] };
rule('YEEZY-SKU-YEAR', 'Named Yeezy Boost 350 V2 colourways carry their real style code and release year (Zebra CP9654 2017, Beluga 2.0 AH2203 ...)', 'adidas Yeezy release calendar; StockX pages per code', { max: 0 }, () => {
  const xs = A.filter(p => /yeezy boost 350 v2/i.test(p.model) && YEEZY[lc(nickOfA(p))] && !kidsTag(p.title));
  const f = [];
  for (const p of xs) {
    const [code, yr] = YEEZY[lc(nickOfA(p))]; const r = releaseOfA(p); const y = r?.date.getUTCFullYear();
    if (norm(p.sku) !== code || (y && y < yr)) f.push({ ref: aRef(p), detail: `sku=${p.sku} expected ${code} (${yr}); release=${r?.date.toISOString().slice(0, 10)}` });
  }
  return { applicable: xs.length, findings: f };
});
rule('YEEZY-NO-WOMENS', 'Yeezy 350 V2 is sold in unisex (men\'s) sizing plus kids; there is no "(W)" Yeezy 350 V2', 'adidas Yeezy size charts; StockX lists no women\'s 350 V2', { max: 0 }, () => {
  const xs = A.filter(p => /yeezy/i.test(p.model));
  return { applicable: xs.length, findings: xs.filter(p => womenTag(p.title) || lc(p.gender) === 'women').map(p => ({ ref: aRef(p), detail: `gender=${p.gender}` })) };
});
rule('SB-NO-WOMENS', 'Nike SB Dunks are released in unisex (men\'s) sizing; Nike SB does not do women\'s-sized "(W)" SB Dunk Lows', 'Nike SB release notes (sizes listed in men\'s); StockX SB Dunk catalogue', { maxShare: 0.02 }, () => {
  const xs = A.filter(p => /nike sb dunk/i.test(p.model));
  return { applicable: xs.length, findings: xs.filter(p => womenTag(p.title)).map(p => ({ ref: aRef(p), detail: `gender=${p.gender}` })) };
});

// ---- B. Style codes per brand and era
const NIKE_BRANDS = /^(nike|jordan|air jordan|nike sb)$/i;
rule('NIKE-CODE-FORMAT', 'Nike/Jordan style codes are 6 digits or 2 letters + 4 digits, then a 3-digit colour code (DD1391-100, 555088-101)', 'Nike product pages ("Style: DD1391-100")', { maxShare: 0 }, () => {
  const xs = A.filter(p => NIKE_BRANDS.test(p.brand));
  return { applicable: xs.length, findings: xs.filter(p => !/^([A-Z]{2}\d{4}|\d{6})-\d{3}$/.test(p.sku)).map(p => ({ ref: aRef(p), detail: `sku=${p.sku}` })) };
});
const NIKE_PREFIX_YEAR = { A: 2016, B: 2018, C: 2018, D: 2019, F: 2022, H: 2023, I: 2025 };
rule('NIKE-CODE-ERA', 'Nike letter prefixes follow the calendar (A* from 2016, C* 2018+, D* 2019+, F* 2022+, H* 2023+, I* 2025+; no E/G/J... prefixes): a release cannot predate its code', 'Nike SNKRS archive: AA/AH 2017, CW2288 2020, DD1391 2021, FQ/FZ 2023, HF/HQ 2024-25, IB/IH 2025-26', { maxShare: 0.02 }, () => {
  const xs = A.filter(p => NIKE_BRANDS.test(p.brand) && /^[A-Z]{2}\d{4}-/.test(p.sku));
  const f = [];
  for (const p of xs) {
    const r = releaseOfA(p); const y = r?.date.getUTCFullYear(); const first = p.sku[0]; const min = NIKE_PREFIX_YEAR[first];
    if (min === undefined) f.push({ ref: aRef(p), detail: `prefix ${first}* never used by Nike` });
    else if (y && y < min - 1) f.push({ ref: aRef(p), detail: `release ${y} but ${first}* codes start ~${min}` });
  }
  return { applicable: xs.length, findings: f };
});
const LEGACY = new Set(['555088', '553558', '554724', '554725', '575441', '553560', '308497', '408452', '136064', '398614', '378037', '378038', '136027', '440888', '384664', '384665', '315122', '314192', '537384', '749766', '307960', '908375', '304292', '313170', '317813', '309431', '854262', '130690', '845035', '555112', '852542', '640733']);
rule('NIKE-NUMERIC-MODERN', 'Since ~2020 new Nike/Jordan colourways get letter-prefixed codes; a 6-digit numeric code on a 2022+ release only appears on long-running retro bases (555088, 308497, 378037...)', 'Nike SNKRS 2022–2026 (e.g. AJ1 High OG moved to DZ5485 in 2022)', { maxShare: 0.05 }, () => {
  const xs = A.filter(p => NIKE_BRANDS.test(p.brand) && /^\d{6}-\d{3}$/.test(p.sku) && (releaseOfA(p)?.date.getUTCFullYear() ?? 0) >= 2022);
  const all = A.filter(p => NIKE_BRANDS.test(p.brand) && (releaseOfA(p)?.date.getUTCFullYear() ?? 0) >= 2022);
  return { applicable: all.length, findings: xs.filter(p => !LEGACY.has(p.sku.slice(0, 6))).map(p => ({ ref: aRef(p), detail: `sku=${p.sku} release=${releaseOfA(p)?.date.toISOString().slice(0, 7)}` })) };
});
const COLOR_DIGIT = { 0: /black|grey|gray|anthracite|smoke|iron|cement|phantom|onyx|fog|wolf|cool grey|dark/i, 1: /white|sail|summit|photon|pure|light bone|cream/i, 2: /brown|wheat|mocha|tan|khaki|sail|gum|flax|hemp|sand|beige|bronze|gold/i, 3: /green|olive|pine|lucky|teal|jade|mint|lime/i, 4: /blue|navy|royal|cobalt|obsidian|georgetown|marina|coast|aqua|teal/i, 5: /purple|concord|violet|grape|plum|court purple/i, 6: /red|pink|bred|chicago|gym red|varsity red|fire|rose|burgundy|crimson|valentine/i, 7: /yellow|gold|maize|orange|citrus|wheat|laser/i, 8: /orange|crimson|citrus|total orange/i, 9: /multi|what the/i };
rule('NIKE-COLOR-DIGIT', 'Nike\'s 3-digit colour code starts with the dominant colour (0 black/grey, 1 white, 3 green, 4 blue, 5 purple, 6 red/pink, 7 yellow...), so "-100" pairs are white-based', 'Nike style-code convention visible on every Nike product label', { maxShare: 0.25 }, () => {
  const xs = B.filter(p => /^(\w{2}\d{4}|\d{6}) \d{3}$/.test(p.sku) && /nike|jordan/i.test(p.brand) && p.colorway);
  const f = [];
  for (const p of xs) { const d = p.sku.slice(-3)[0]; const re = COLOR_DIGIT[d]; if (re && !re.test(p.colorway)) f.push({ ref: bRef(p), detail: `sku=${p.sku} colorway=${p.colorway}` }); }
  return { applicable: xs.length, findings: f };
});
rule('ADIDAS-CODE-FORMAT', 'adidas article numbers are 2 letters + 4 digits (IE3437) or, pre-2017, 1 letter + 5 digits (B75806)', 'adidas.com product pages ("Product code")', { maxShare: 0 }, () => {
  const xs = A.filter(p => /^adidas$/i.test(p.brand));
  return { applicable: xs.length, findings: xs.filter(p => !/^([A-Z]{2}\d{4}|[A-Z]\d{5})$/.test(p.sku)).map(p => ({ ref: aRef(p), detail: `sku=${p.sku}` })) };
});
const ADI_PREFIX_YEAR = { A: 2015, B: 2015, C: 2016, D: 2018, E: 2018, F: 2019, G: 2020, H: 2021, I: 2022, J: 2024, K: 2025 };
rule('ADIDAS-CODE-ERA', 'adidas article prefixes follow the calendar (B 2015+, CP 2017, EE/FV 2019-20, GW/GY 2021, HP/ID/IE 2022-23, JH/JI 2024+): a release cannot predate its code', 'adidas archive: Yeezy CP9654 (2017), FY5158 (2020), HQ4540 (2022); Samba IE3437 (2023), JI2700 (2024)', { maxShare: 0.02 }, () => {
  const xs = A.filter(p => /^adidas$/i.test(p.brand) && /^[A-Z]{2}\d{4}$/.test(p.sku));
  const f = [];
  for (const p of xs) { const y = releaseOfA(p)?.date.getUTCFullYear(); const min = ADI_PREFIX_YEAR[p.sku[0]]; if (min === undefined || (y && y < min - 1)) f.push({ ref: aRef(p), detail: `sku=${p.sku} release=${y} (${p.sku[0]}* from ~${min ?? 'never'})` }); }
  return { applicable: xs.length, findings: f };
});
const NB_CODE = [[/\b550\b/, /^(BB|BBW)550/], [/9060/, /^U9060/], [/2002R/i, /^M2002R/], [/1906R/i, /^M1906R/], [/990v6/i, /^[MW]990[A-Z0-9]{2}6$/], [/990v5/i, /^[MW]990[A-Z0-9]{2}5$/]];
rule('NB-CODE-MODEL', 'New Balance style codes embed the model and version (BB550WT1, U9060AAB, M2002RDA, M1906RA, 990v6 = M990xx6)', 'newbalance.com product pages (e.g. M990GL6, BB550WT1)', { maxShare: 0.02 }, () => {
  const xs = A.filter(p => /^new balance$/i.test(p.brand));
  const f = [];
  for (const p of xs) for (const [m, c] of NB_CODE) if (m.test(p.model) && !c.test(p.sku)) f.push({ ref: aRef(p), detail: `model=${p.model} sku=${p.sku}` });
  return { applicable: xs.length, findings: f };
});
rule('OTHER-CODE-FORMAT', 'ASICS codes are 4 digits + letter + 3 digits + colour (1201A019-107); Converse 6 digits or A + 5 digits + "C"; Vans VN000 + 6-7 alnum; Salomon L + 8 digits', 'asics.com, converse.com, vans.com, salomon.com product pages', { maxShare: 0 }, () => {
  const chk = { ASICS: /^1\d{3}[A-Z]\d{3}-\d{3}$/, Converse: /^(A\d{5}|\d{6})C$/, Vans: /^VN0[A-Z0-9]{7,9}$/, Salomon: /^L\d{8}$/ };
  const xs = A.filter(p => chk[p.brand]);
  return { applicable: xs.length, findings: xs.filter(p => !chk[p.brand].test(p.sku)).map(p => ({ ref: aRef(p), detail: `brand=${p.brand} sku=${p.sku}` })) };
});

// ---- C. Country of manufacture
rule('NIKE-COUNTRY', 'Nike/Jordan/adidas/ASICS/Converse/Vans/Salomon footwear is made in Asia (VN, CN, ID, IN, KH, TH...); US/IT/GB/PT only for explicit "Made in ..." editions', 'Labels on every pair; Nike & adidas manufacturing maps (Vietnam, China, Indonesia ≈ 95%)', { maxShare: 0.01 }, () => {
  const xs = A.filter(p => /^(nike|jordan|nike sb|adidas|asics|converse|vans|salomon)$/i.test(p.brand) && p.product_type === 'sneakers');
  return { applicable: xs.length, findings: xs.filter(p => ['US', 'IT', 'GB', 'PT', 'DE', 'FR'].includes(p.country_of_manufacture) && !/made in/i.test(p.title)).map(p => ({ ref: aRef(p), detail: `country=${p.country_of_manufacture}` })) };
});
rule('MADE-IN-LINES', 'New Balance "Made in USA" exists only for 990/992/993/998/1300/1400/574 lines; "Made in UK" for 991/920/576/1500/577/670 — never 550, 9060, 2002R or 1906R', 'newbalance.com "Made in USA" and "Made in UK" collections', { max: 0 }, () => {
  const xs = A.filter(p => /made in (usa|uk)/i.test(p.title));
  const f = xs.filter(p => (/made in usa/i.test(p.title) && !/\b(990|992|993|998|1300|1400|574|996|997|995)/.test(p.model)) || (/made in uk/i.test(p.title) && !/\b(991|920|576|1500|577|670|1530)/.test(p.model)))
    .map(p => ({ ref: aRef(p), detail: `model=${p.model}` }));
  return { applicable: xs.length, findings: f };
});
rule('MADE-IN-COUNTRY', 'A "Made in USA" pair is made in US, a "Made in UK" pair in GB; a non-"Made in" New Balance is not US/GB', 'New Balance domestic manufacturing (Lawrence/Norridgewock ME; Flimby UK)', { max: 0 }, () => {
  const xs = A.filter(p => /^new balance$/i.test(p.brand));
  const f = xs.filter(p => (/made in usa/i.test(p.title) && p.country_of_manufacture !== 'US') || (/made in uk/i.test(p.title) && p.country_of_manufacture !== 'GB') || (!/made in/i.test(p.title) && ['US', 'GB'].includes(p.country_of_manufacture)))
    .map(p => ({ ref: aRef(p), detail: `country=${p.country_of_manufacture}` }));
  return { applicable: xs.length, findings: f };
});
rule('MADE-IN-USA-PRICE', 'Made in USA New Balance retails at $185–$230+, so resale averages are not below ~$150', 'newbalance.com MiUSA 990v6 retail $200 (2022), 993 $200', { max: 0 }, () => {
  const xs = A.filter(p => /made in usa/i.test(p.title) && p.avg_price > 0 && !kidsTag(p.title));
  return { applicable: xs.length, findings: xs.filter(p => p.avg_price < 150).map(p => ({ ref: aRef(p), detail: `avg_price=${Math.round(p.avg_price)}` })) };
});
rule('APPAREL-COUNTRY', 'Supreme Box Logo hoodies are made in Canada; Pokémon TCG English product is printed in the US', 'Supreme garment labels ("Made in Canada"); The Pokémon Company International', { maxShare: 0 }, () => {
  const xs = A.filter(p => /box logo hooded/i.test(p.model) || /pok[eé]mon tcg/i.test(p.model));
  return { applicable: xs.length, findings: xs.filter(p => (/box logo/i.test(p.model) && p.country_of_manufacture !== 'CA') || (/pok/i.test(p.model) && !['US', 'JP', 'BE'].includes(p.country_of_manufacture))).map(p => ({ ref: aRef(p), detail: `country=${p.country_of_manufacture}` })) };
});

// ---- D. Prices
const BANDS = [[/^nike dunk low$/i, 60, 400], [/nike sb dunk low/i, 70, 1500], [/nike dunk high/i, 70, 350], [/air force 1/i, 60, 250], [/jordan 1 retro high/i, 100, 700], [/jordan 1 low/i, 60, 300], [/jordan 1 mid/i, 60, 250], [/jordan (3|4|5|6|11) retro/i, 110, 600], [/air max (1|90|95)/i, 70, 350], [/vomero 5/i, 90, 300], [/kobe 6 protro/i, 150, 900], [/samba|gazelle|campus|forum/i, 50, 250], [/ultraboost/i, 70, 300], [/yeezy boost 350/i, 120, 600], [/new balance 550/i, 60, 250], [/new balance 9060/i, 90, 300], [/2002r|1906r/i, 80, 300], [/990v6/i, 150, 350], [/asics/i, 60, 280], [/chuck/i, 40, 160], [/old skool/i, 35, 160], [/xt-6/i, 120, 320], [/box logo hooded/i, 150, 1200], [/essentials hoodie/i, 50, 220], [/kaws companion/i, 150, 2000], [/pok[eé]mon tcg/i, 30, 200]];
rule('RESALE-BAND', 'Adult general releases trade in a plausible band per model (e.g. Dunk Low $60–400, AJ1 High OG $100–700, Samba $50–250, Box Logo hoodie $150–1,200)', 'StockX/GOAT price history of each model 2021–2025', { maxShare: 0.03 }, () => {
  const xs = A.filter(p => p.avg_price > 0 && !isKidsGender(p.gender) && !kidsTag(p.title));
  const f = [];
  let n = 0;
  for (const p of xs) { const b = BANDS.find(([re]) => re.test(p.model)); if (!b) continue; n++; if (p.avg_price < b[1] || p.avg_price > b[2]) f.push({ ref: aRef(p), detail: `avg_price=${Math.round(p.avg_price)} band ${b[1]}–${b[2]}` }); }
  return { applicable: n, findings: f };
});
const HYPE = /travis scott|off-white|fragment|lost and found|union la|sacai|a ma mani/i;
rule('HYPE-PREMIUM', 'Hyped collabs and landmark releases (Travis Scott, Fragment, Off-White, Lost and Found) resell above the median general release of the same model', 'StockX: AJ1 Lost and Found ~$250–350 vs GR ~$150–200; Travis x Fragment AJ1 High > $1,000', { max: 0 }, () => {
  const xs = A.filter(p => HYPE.test(p.title) && !kidsTag(p.title) && p.avg_price > 0);
  const f = [];
  for (const p of xs) {
    const peers = A.filter(q => q.model === p.model && !HYPE.test(q.title) && !kidsTag(q.title) && q.avg_price > 0).map(q => q.avg_price);
    const m = median(peers); if (Number.isFinite(m) && p.avg_price <= m) f.push({ ref: aRef(p), detail: `avg_price=${Math.round(p.avg_price)} ≤ model GR median ${Math.round(m)}` });
  }
  return { applicable: xs.length, findings: f };
});
rule('KIDS-CHEAPER', 'Kids\' sizes (GS/PS/TD) resell below the adult pair of the same model and colourway', 'Nike retail ladders: AJ1 High OG $180 adult / $140 GS / $85 PS / $65 TD', { maxShare: 0.05 }, () => {
  const adults = new Map();
  for (const p of A) if (!kidsTag(p.title) && !isKidsGender(p.gender) && p.avg_price > 0) { const k = p.model + '|' + lc(nickOfA(p)); if (!adults.has(k)) adults.set(k, []); adults.get(k).push(p.avg_price); }
  const xs = A.filter(p => kidsTag(p.title) && p.avg_price > 0);
  const f = []; let n = 0;
  for (const p of xs) {
    const same = adults.get(p.model + '|' + lc(nickOfA(p)));
    const ref = same ? median(same) : median(A.filter(q => q.model === p.model && !kidsTag(q.title) && q.avg_price > 0).map(q => q.avg_price));
    if (!Number.isFinite(ref)) continue; n++;
    if (p.avg_price >= ref) f.push({ ref: aRef(p), detail: `kids avg ${Math.round(p.avg_price)} ≥ adult ${same ? 'same colourway' : 'model median'} ${Math.round(ref)}` });
  }
  return { applicable: n, findings: f };
});
rule('KIDS-LADDER', 'Per model, median resale falls GS > PS > TD (smaller pairs cost less)', 'Nike/Jordan retail ladders by size run', { maxShare: 0.2 }, () => {
  const models = [...new Set(A.filter(p => kidsTag(p.title)).map(p => p.model))];
  const f = []; let n = 0;
  for (const m of models) {
    const med = t => median(A.filter(p => p.model === m && kidsTag(p.title) === t && p.avg_price > 0).map(p => p.avg_price));
    const gs = med('GS'), ps = med('PS'), td = med('TD');
    const pairs = [[gs, ps, 'GS>PS'], [ps, td, 'PS>TD'], [gs, td, 'GS>TD']].filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
    for (const [a, b, l] of pairs) { n++; if (a <= b) f.push({ ref: m, detail: `${l} violated: ${Math.round(a)} vs ${Math.round(b)}` }); }
  }
  return { applicable: n, findings: f };
});
rule('EXPRESS-PREMIUM', 'Express/expedited asks cost at least as much as the standard ask for the same size (sellers charge for pre-verified stock)', 'StockX Xpress Ship / GOAT Instant: same-size express ask ≥ standard', { maxShare: 0.02 }, () => {
  const f = []; let n = 0;
  for (const p of detA.values()) for (const v of p.variants || []) {
    const pr = Object.fromEntries((v.prices || []).map(x => [x.type, x.price]));
    if (pr.standard > 0) for (const t of ['express_standard', 'express_expedited']) if (pr[t] > 0) { n++; if (pr[t] < pr.standard) f.push({ ref: aRef(p), detail: `size ${v.size}: ${t} ${pr[t]} < standard ${pr.standard}` }); }
  }
  return { applicable: n, findings: f };
});
rule('SALE-NEAR-MARKET', 'Individual sales sit within 0.4×–2.5× of the product\'s average ask (no $5 Jordans or $5,000 Dunks among GRs)', 'StockX sales graphs: daily dispersion ≈ ±30%', { maxShare: 0.01 }, () => {
  const f = []; let n = 0;
  for (const [id, ss] of salesA) { const p = catA.get(id); if (!p?.avg_price) continue; for (const s of ss) { n++; const r = s.amount / p.avg_price; if (r < 0.4 || r > 2.5) f.push({ ref: aRef(p), detail: `sale ${s.amount} vs avg ask ${Math.round(p.avg_price)}` }); } }
  return { applicable: n, findings: f };
});
rule('AB-PRICE-MATCH', 'The same style code trades at similar prices on both marketplaces (medians within ±35% in the same currency)', 'StockX vs GOAT price spreads on the same SKU are typically < 20%', { maxShare: 0.05 }, () => {
  const f = []; let n = 0;
  for (const [id, b] of detB) {
    const a = bySkuA.get(norm(b.sku)); if (!a?.avg_price) continue;
    const asks = (b.variants || []).map(v => v.lowest_ask).filter(x => x > 0); if (!asks.length) continue;
    if ((b.variants[0]?.currency || 'USD') !== (a.variants?.[0]?.currency || 'USD')) continue;
    n++; const m = median(asks); const r = m / a.avg_price;
    if (r < 0.65 || r > 1.35) f.push({ ref: `${aRef(a)} / ${bRef(b)}`, detail: `A avg ${Math.round(a.avg_price)} vs B median ask ${Math.round(m)}` });
  }
  return { applicable: n, findings: f };
});

// ---- E. Sizes
const usNum = s => parseFloat(String(s).replace(/[^\d.]/g, ''));
rule('KIDS-SIZE-RANGE', 'GS pairs run 3.5Y–7Y, PS 10.5C–3Y, TD 2C–10C; adult men\'s runs do not start in youth sizes', 'Nike/Jordan kids\' size charts', { maxShare: 0 }, () => {
  const f = []; let n = 0;
  for (const p of detA.values()) {
    const t = kidsTag(p.title); const sizes = (p.variants || []).map(v => String(v.size));
    if (!sizes.length) continue; n++;
    if (t === 'GS' && sizes.some(s => !/Y$/i.test(s) || usNum(s) > 7 || usNum(s) < 3.5)) f.push({ ref: aRef(p), detail: `GS sizes ${sizes.join(',')}` });
    if (t === 'TD' && sizes.some(s => !/C$/i.test(s) || usNum(s) > 10)) f.push({ ref: aRef(p), detail: `TD sizes ${sizes.join(',')}` });
    if (!t && lc(p.gender) === 'men' && p.product_type === 'sneakers' && sizes.some(s => /[YC]$/i.test(s))) f.push({ ref: aRef(p), detail: `men sizes ${sizes.join(',')}` });
  }
  return { applicable: n, findings: f };
});
rule('SIZE-CONVERSION', 'Size charts per brand: Nike/Jordan UK = US−1 and US W = US M+1.5 (from US 7); adidas UK = US−0.5, W = M+1, EU in thirds; New Balance UK = US−0.5, W = M+1.5', 'nike.com, adidas.com, newbalance.com size charts', { maxShare: 0.01 }, () => {
  const f = []; let n = 0;
  for (const p of detA.values()) {
    const br = /nike|jordan/i.test(p.brand) ? 'nike' : /adidas/i.test(p.brand) ? 'adidas' : /new balance/i.test(p.brand) ? 'nb' : null; if (!br) continue;
    for (const v of p.variants || []) {
      if (v.size_type !== 'us m') continue;
      const g = t => { const x = (v.sizes || []).find(s => s.type === t); return x ? x.size : null; };
      const us = usNum(v.size); if (!(us >= 7 && us <= 13)) continue;
      const uk = usNum(g('uk') || ''), w = usNum(g('us w') || ''), eu = g('eu') || ''; n++;
      const expUk = br === 'nike' ? us - 1 : us - 0.5, expW = br === 'adidas' ? us + 1 : us + 1.5;
      const bad = [];
      if (Number.isFinite(uk) && uk !== expUk) bad.push(`UK ${uk}≠${expUk}`);
      if (Number.isFinite(w) && w !== expW) bad.push(`US W ${w}≠${expW}`);
      if (br !== 'adidas' && /\//.test(eu)) bad.push(`EU ${eu} in thirds`);
      if (bad.length) f.push({ ref: aRef(p), detail: `US ${v.size}: ${bad.join('; ')}` });
    }
  }
  return { applicable: n, findings: f };
});
rule('NO-BIG-HALF-SIZES', 'Nike/Jordan adult runs above US 13 come in whole sizes only (14, 15, 16...), never 14.5 or 15.5', 'nike.com size availability for men\'s footwear', { maxShare: 0 }, () => {
  const xs = [...detA.values()].filter(p => /nike|jordan/i.test(p.brand) && !kidsTag(p.title));
  return { applicable: xs.length, findings: xs.filter(p => (p.variants || []).some(v => v.size_type === 'us m' && usNum(v.size) > 13 && usNum(v.size) % 1 !== 0)).map(p => ({ ref: aRef(p), detail: `sizes ${(p.variants || []).map(v => v.size).filter(s => usNum(s) > 13).join(',')}` })) };
});
rule('SIZE-CURVE', 'Core men\'s sizes (US 8–11) sell more per size than the extremes (≤ 6.5 and ≥ 13)', 'StockX/GOAT size-level sales: 9–10.5 are the volume sizes', { max: 0 }, () => {
  const core = [], ext = [];
  for (const p of detA.values()) for (const v of p.variants || []) {
    if (v.size_type !== 'us m') continue; const s = usNum(v.size); const c = v.sales_count_60_days;
    if (s >= 8 && s <= 11) core.push(c); else if (s <= 6.5 || s >= 13) ext.push(c);
  }
  const bSizes = new Map();
  for (const ss of salesB.values()) for (const s of ss) { const u = usNum(s.size_us); if (!/[YC]/i.test(s.size_us)) bSizes.set(u, (bSizes.get(u) || 0) + 1); }
  const avg = xs => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const f = [];
  if (avg(core) <= 1.5 * avg(ext)) f.push({ ref: 'A variants', detail: `avg 60-day sales core ${avg(core).toFixed(1)} vs extremes ${avg(ext).toFixed(1)}` });
  const bc = [...bSizes].filter(([s]) => s >= 8 && s <= 11).map(([, c]) => c), be = [...bSizes].filter(([s]) => s >= 13).map(([, c]) => c);
  if (bc.length && be.length && avg(bc) <= 1.5 * avg(be)) f.push({ ref: 'B sales', detail: `per-size core ${avg(bc).toFixed(1)} vs ≥13 ${avg(be).toFixed(1)}` });
  return { applicable: 2, findings: f, note: `A core ${avg(core).toFixed(1)} / extremes ${avg(ext).toFixed(1)}` };
});

// ---- F. Calendar
const wd = d => d.getUTCDay();
const datedB = () => B.filter(p => p.release_date && !isNaN(new Date(p.release_date)));
rule('RELEASE-NO-SUNDAY', 'Sneakers rarely launch on Sunday (SNKRS, Foot Locker and adidas Confirmed drop Tue–Sat): Sunday ≤ 8% of release dates', 'Nike SNKRS & Foot Locker release calendars 2019–2025', { max: 0 }, () => {
  const xs = datedB(); const sun = xs.filter(p => wd(new Date(p.release_date)) === 0);
  const share = sun.length / Math.max(1, xs.length);
  return { applicable: 1, findings: share > 0.08 ? [{ ref: `${sun.length}/${xs.length} Sunday (${(share * 100).toFixed(1)}%)`, detail: `e.g. ${sun.slice(0, 3).map(p => `${bRef(p)} ${p.release_date.slice(0, 10)}`).join('; ')}` }] : [], note: `Sunday share ${(share * 100).toFixed(1)}%` };
});
rule('RELEASE-THU-SAT', 'Most launches fall Thursday–Saturday: Thu+Fri+Sat ≥ 55% of release dates', 'SNKRS calendar: Saturday "release day", Thursday/Friday drops', { max: 0 }, () => {
  const xs = datedB(); const c = [0, 0, 0, 0, 0, 0, 0]; xs.forEach(p => c[wd(new Date(p.release_date))]++);
  const share = (c[4] + c[5] + c[6]) / Math.max(1, xs.length);
  return { applicable: 1, findings: share < 0.55 ? [{ ref: `Thu+Fri+Sat ${(share * 100).toFixed(1)}%`, detail: `Sun..Sat ${c.join('/')}` }] : [], note: `Sun..Sat ${c.join('/')}` };
});
const SEASONS = [[/valentine/i, [1, 2], "Valentine's Day"], [/halloween/i, [9, 10], 'Halloween'], [/christmas|xmas/i, [11, 12], 'Christmas'], [/grey day/i, [4, 5, 6], 'NB Grey Day (May)'], [/lunar new year|chinese new year|year of the/i, [1, 2], 'Lunar New Year'], [/easter/i, [3, 4], 'Easter'], [/day of the dead|d[ií]a de muertos/i, [10, 11], 'Day of the Dead'], [/4th of july|fourth of july|independence day/i, [6, 7], 'Independence Day']];
rule('SEASONAL-PACKS', 'Seasonal packs drop in season: Valentine\'s Day Jan–Feb, Halloween Sep–Oct, Christmas Nov–Dec, New Balance Grey Day Apr–Jun, Lunar New Year Jan–Feb', 'Nike Valentine\'s Day packs (late Jan/early Feb); New Balance Grey Day (each May since 2022)', { maxShare: 0.1 }, () => {
  const f = []; let n = 0;
  for (const p of A) for (const [re, months, label] of SEASONS) if (re.test(p.title)) {
    const m = monthOfA(p); if (!m) continue; n++;
    if (!months.includes(m)) f.push({ ref: aRef(p), detail: `${label} pack released in ${MONTHS[m - 1]} (${releaseOfA(p).date.toISOString().slice(0, 10)})` });
  }
  return { applicable: n, findings: f };
});
rule('UPCOMING-HORIZON', 'Release calendars thin out with distance: no future month holds more releases than 1.5× the average of the last 6 months, and ≤ 3% of the catalogue is dated > 90 days ahead', 'StockX/GOAT upcoming-release pages: dates confirmed 1–3 months ahead', { max: 0 }, () => {
  const xs = datedB(); const byM = new Map();
  for (const p of xs) { const k = p.release_date.slice(0, 7); byM.set(k, (byM.get(k) || 0) + 1); }
  const past = []; for (let i = 1; i <= 6; i++) { const d = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - i, 1)); past.push(byM.get(d.toISOString().slice(0, 7)) || 0); }
  const avg = past.reduce((a, b) => a + b, 0) / 6; const f = [];
  for (const [k, c] of [...byM].sort()) if (k > NOW.toISOString().slice(0, 7) && c > 1.5 * Math.max(avg, 1)) f.push({ ref: `month ${k}`, detail: `${c} releases vs past-6-month avg ${avg.toFixed(1)}` });
  const far = xs.filter(p => new Date(p.release_date) - NOW > 90 * 864e5);
  if (far.length / xs.length > 0.03) f.push({ ref: `${far.length}/${xs.length} dated > 90 days ahead`, detail: `e.g. ${far.slice(0, 2).map(p => `${bRef(p)} ${p.release_date.slice(0, 10)}`).join('; ')}` });
  return { applicable: 1 + byM.size, findings: f };
});
rule('UPCOMING-SHARE', 'Upcoming (unreleased) products are a small slice of a resale catalogue (≤ 10%)', 'StockX: a few hundred upcoming vs hundreds of thousands listed products', { max: 0 }, () => {
  const up = A.filter(p => p.upcoming); const s = up.length / Math.max(1, A.length);
  return { applicable: 1, findings: s > 0.1 ? [{ ref: `${up.length}/${A.length} upcoming (${(s * 100).toFixed(1)}%)`, detail: `e.g. ${up.slice(0, 2).map(aRef).join('; ')}` }] : [] };
});
rule('UPCOMING-FLAG', 'A product is "upcoming" exactly when its release date is after today, and descriptions say "releases" only for future dates', 'Common sense of any release calendar', { maxShare: 0.01 }, () => {
  const f = []; let n = 0;
  for (const p of A) {
    const r = releaseOfA(p); if (!r) continue; n++;
    const fut = r.month ? r.date.toISOString().slice(0, 7) > NOW.toISOString().slice(0, 7) : r.date > NOW;
    const past = r.month ? r.date.toISOString().slice(0, 7) < NOW.toISOString().slice(0, 7) : r.date <= NOW;
    if ((fut && !p.upcoming) || (past && p.upcoming)) f.push({ ref: aRef(p), detail: `upcoming=${p.upcoming} release=${r.date.toISOString().slice(0, 10)}` });
    else if (/ releases in /i.test(p.description) && past) f.push({ ref: aRef(p), detail: `future tense for past release ${r.date.toISOString().slice(0, 7)}` });
  }
  return { applicable: n, findings: f };
});
rule('NO-SALES-BEFORE-RELEASE', 'No resale trades before the release date (upcoming pairs have no sales; pre-release "early pairs" are a small minority)', 'StockX: sales history starts around launch', { maxShare: 0.02 }, () => {
  const f = []; let n = 0;
  for (const [id, ss] of salesA) { const p = catA.get(id); const r = releaseOfA(p); if (!r || r.month) continue; for (const s of ss) { n++; if (new Date(s.created_at) < new Date(r.date - 30 * 864e5)) f.push({ ref: aRef(p), detail: `sale ${s.created_at} vs release ${r.date.toISOString().slice(0, 10)}` }); } }
  for (const [id, ss] of salesB) { const p = catB.get(id); if (!p?.release_date) continue; for (const s of ss) { n++; if (new Date(s.purchased_at) < new Date(new Date(p.release_date) - 30 * 864e5)) f.push({ ref: bRef(p), detail: `sale ${s.purchased_at} vs release ${p.release_date.slice(0, 10)}` }); } }
  return { applicable: n, findings: f };
});
const MODEL_YEAR = [[/new balance 9060/i, 2022], [/2002r/i, 2020], [/1906r/i, 2021], [/990v6/i, 2022], [/campus 00s/i, 2022], [/yeezy boost 350 v2/i, 2016], [/kobe 6 protro/i, 2020], [/gel-nyc/i, 2022], [/gel-1130/i, 2021], [/scarlet & violet 151/i, 2023], [/vomero 5/i, 2018], [/ultraboost 1\.0/i, 2015], [/chuck.*70/i, 2013]];
rule('MODEL-EXISTS', 'A product cannot release (or get a page) before its model exists (9060 2022, 990v6 2022, 2002R 2020, Campus 00s 2022, Yeezy 350 V2 2016, Kobe 6 Protro 2020, Pokémon 151 2023)', 'Brand launch announcements of each model', { maxShare: 0.01 }, () => {
  const f = []; let n = 0;
  for (const p of A) { const m = MODEL_YEAR.find(([re]) => re.test(p.model)); if (!m) continue; n++;
    const y = releaseOfA(p)?.date.getUTCFullYear(); const cy = yearOf(p.created_at);
    if ((y && y < m[1]) || cy < m[1] - 1) f.push({ ref: aRef(p), detail: `model from ${m[1]}; release ${y ?? '?'}, created_at ${p.created_at.slice(0, 10)}` }); }
  return { applicable: n, findings: f };
});

// ---- G. Catalogue hygiene a shopper would notice
rule('PAGE-CREATED-WINDOW', 'A product page is created at most ~9 months before release (first leak), not years ahead', 'StockX/GOAT add products from leaks/announcements, typically 1–6 months out', { maxShare: 0.02 }, () => {
  const f = []; let n = 0;
  for (const p of A) { const r = releaseOfA(p); if (!r) continue; n++; const lead = (r.date - new Date(p.created_at)) / 864e5;
    if (lead > 270) f.push({ ref: aRef(p), detail: `created_at ${p.created_at.slice(0, 10)}, release ${r.date.toISOString().slice(0, 10)} (${Math.round(lead / 365 * 10) / 10} y ahead)` }); }
  return { applicable: n, findings: f };
});
rule('TIMESTAMPS-SANE', 'created_at ≤ updated_at ≤ now, and variant updates are not before the product exists', 'Basic chronology', { maxShare: 0 }, () => {
  const f = []; let n = 0;
  for (const p of A) { n++; if (new Date(p.created_at) > new Date(p.updated_at) || new Date(p.updated_at) > NOW || new Date(p.created_at) > NOW) f.push({ ref: aRef(p), detail: `created ${p.created_at} updated ${p.updated_at}` }); }
  for (const p of detA.values()) for (const v of p.variants || []) if (new Date(v.updated_at) < new Date(p.created_at)) f.push({ ref: aRef(p), detail: `variant ${v.size} updated ${v.updated_at} < created ${p.created_at}` });
  return { applicable: n, findings: f };
});
rule('NO-MASS-CREATION', 'Pages are not created en masse in one instant: ≤ 3 products share a created_at second and no day holds > 2% of the catalogue', 'Catalogue teams add products one by one as they are announced', { max: 0 }, () => {
  const bySec = new Map(), byDay = new Map();
  for (const p of A) { bySec.set(p.created_at, (bySec.get(p.created_at) || 0) + 1); const d = p.created_at.slice(0, 10); byDay.set(d, (byDay.get(d) || 0) + 1); }
  const f = [];
  for (const [k, c] of bySec) if (c > 3) f.push({ ref: `created_at ${k}`, detail: `${c} products in the same second, e.g. ${A.filter(p => p.created_at === k).slice(0, 2).map(aRef).join('; ')}` });
  for (const [k, c] of byDay) if (c > 0.02 * A.length && c > 5) f.push({ ref: `day ${k}`, detail: `${c} products (${(100 * c / A.length).toFixed(1)}%)` });
  return { applicable: bySec.size, findings: f };
});
rule('CREATED-NOT-MIDNIGHT', 'created_at looks like human activity: ≤ 1% of pages created exactly at 00:00:00Z', 'Catalogue editing happens through the working day', { maxShare: 0.01 }, () => ({ applicable: A.length, findings: A.filter(p => /T00:00:00/.test(p.created_at)).map(p => ({ ref: aRef(p), detail: `created_at=${p.created_at}` })) }));
const RUN_MODELS = /vomero|ultraboost|kayano|gel-|2002r|1906r|990|9060|xt-6|air max/i;
rule('DESC-HISTORY', 'Descriptions do not rewrite history: basketball/court models (NB 550, Dunk, AF1, Jordan, Forum, Campus) are not called running shoes; running models are not called court shoes', 'NB 550 = 1989 basketball; Dunk 1985 college basketball; Forum 1984 basketball', { maxShare: 0.01 }, () => {
  const f = []; let n = 0;
  for (const p of A) { const d = lc(p.description); n++;
    if (/running/.test(d) && !RUN_MODELS.test(p.model) && /550|dunk|air force|jordan|forum|campus|samba|gazelle|chuck|old skool/i.test(p.model)) f.push({ ref: aRef(p), detail: `"${(/[^.]*running[^.]*\./i.exec(p.description) || [''])[0].trim()}"` });
    if (/\bon court\b|court shoe|basketball/.test(d) && RUN_MODELS.test(p.model) && !/air max/i.test(p.model)) f.push({ ref: aRef(p), detail: 'running model described as court shoe' }); }
  return { applicable: n, findings: f };
});
rule('DESC-VARIETY', 'Product copy is written per release: after removing model names, colours and dates, ≥ 40% of descriptions are distinct', 'StockX/GOAT editorial descriptions differ per colourway', { max: 0 }, () => {
  const skel = new Set();
  for (const p of A) {
    let d = p.description || ''; d = d.split(p.model).join('M');
    for (const c of String(bySkuB.get(norm(p.sku))?.colorway || '').split('/')) if (c) d = d.split(c).join('C');
    d = d.replace(/\b(january|february|march|april|may|june|july|august|september|october|november|december) \d{4}/gi, 'D').replace(/\b[A-Z][a-z]+\b/g, 'W').replace(/\d+/g, '#');
    skel.add(d.replace(/(W|C)(,? (W|C))+/g, 'L'));
  }
  const share = skel.size / Math.max(1, A.length);
  return { applicable: 1, findings: share < 0.4 ? [{ ref: `${skel.size} distinct skeletons / ${A.length} descriptions (${(share * 100).toFixed(1)}%)`, detail: `e.g. "${A[0]?.description?.slice(0, 110)}..."` }] : [] };
});
rule('DESC-DATE-MATCH', 'The release month stated in the A description matches the release date listed for the same style code on B', 'A release has one launch date', { maxShare: 0.02 }, () => {
  const f = []; let n = 0;
  for (const p of A) { const m = /releas(?:ed|es) in (\w+) (\d{4})/i.exec(p.description || ''); const b = bySkuB.get(norm(p.sku)); if (!m || !b?.release_date) continue; n++;
    const want = `${m[2]}-${String(MONTHS.indexOf(lc(m[1])) + 1).padStart(2, '0')}`; if (b.release_date.slice(0, 7) !== want) f.push({ ref: aRef(p), detail: `A says ${m[1]} ${m[2]}, B release_date ${b.release_date.slice(0, 10)}` }); }
  return { applicable: n, findings: f };
});
rule('TITLE-LENGTH', 'Storefront titles are short (≤ 100 chars); real product names do not chain several releases', 'StockX titles rarely exceed 80 chars', { maxShare: 0.001 }, () => ({ applicable: A.length, findings: A.filter(p => p.title.length > 100).map(p => ({ ref: aRef(p), detail: `${p.title.length} chars: "${p.title.slice(0, 80)}..."` })) }));
rule('SLUG-TRANSLIT', 'Slugs are clean ASCII with accents transliterated (Pokémon → pokemon), never dropped letters or mojibake', 'StockX URL "pokemon-tcg-scarlet-violet-151-booster-bundle"', { max: 0 }, () => {
  const f = []; const all = [...A.map(p => [p.slug, p.title, aRef(p)]), ...B.map(p => [p.slug, p.name, bRef(p)])];
  for (const [s, t, r] of all) {
    if (!/^[a-z0-9-]+$/.test(s) || /Ã|Â|â€/.test(t)) { f.push({ ref: r, detail: `slug=${s}` }); continue; }
    const ascii = t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
    if (/[^\x00-\x7f]/.test(t) && !s.startsWith(ascii.replace(/^-|-$/g, '').slice(0, 12))) f.push({ ref: r, detail: `title "${t}" → slug ${s}` });
  }
  return { applicable: all.length, findings: f };
});
rule('GENDER-TAG', 'The title\'s size tag agrees with gender: (W) women, (GS) grade school, (PS) preschool, (TD) toddler, none = men/unisex', 'StockX naming convention', { maxShare: 0 }, () => {
  const want = { W: ['women'], GS: ['child'], PS: ['preschool'], TD: ['toddler', 'infant'] };
  const f = A.filter(p => { const t = womenTag(p.title) ? 'W' : kidsTag(p.title); return t ? !want[t]?.includes(lc(p.gender)) : ['women', 'child', 'preschool', 'toddler'].includes(lc(p.gender)); }).map(p => ({ ref: aRef(p), detail: `gender=${p.gender}` }));
  return { applicable: A.length, findings: f };
});
rule('AB-SAME-PRODUCT', 'A style code listed on both marketplaces is the same shoe: same model line, nickname and gender; and one style code is one product per marketplace', 'StockX and GOAT pages for DD1391-100 both show Dunk Low "Panda"', { maxShare: 0.02 }, () => {
  const f = []; let n = 0;
  for (const a of A) { const b = bySkuB.get(norm(a.sku)); if (!b) continue; n++;
    const nickB = lc(b.nickname ?? (/'(.+)'/.exec(b.name) || [])[1] ?? '').trim(); const nickA = lc(nickOfA(a)).replace(/\s*\(?\d{4}\)?$/, ''); const nickB2 = nickB.replace(/\s*\(?\d{4}\)?$/, '');
    const line = m => lc(m).replace(/^((nike|air|jordan|adidas|new balance|asics|converse|vans|salomon|supreme|fear of god|kaws)\s+)+/, '').replace(/[^a-z0-9]/g, '').replace(/retro|og|high|taylor|allstar|hi$/g, '');
    const sameLine = line(a.model).includes(line(b.model)) || line(b.model).includes(line(a.model)) || line(a.model).slice(0, 4) === line(b.model).slice(0, 4);
    if (nickA !== nickB2 || !sameLine || womenTag(a.title) !== womenTag(b.name) || kidsTag(a.title) !== kidsTag(b.name))
      f.push({ ref: `${aRef(a)} <-> ${bRef(b)}`, detail: `A "${a.title}" vs B "${b.name}"` }); }
  const dupA = new Map(); A.forEach(p => dupA.set(norm(p.sku), (dupA.get(norm(p.sku)) || 0) + 1));
  for (const [k, c] of dupA) if (c > 1) f.push({ ref: `sku ${k}`, detail: `${c} A products share one style code` });
  return { applicable: n, findings: f };
});
rule('POPULAR-ON-BOTH', 'Most popular products are listed on both marketplaces: ≥ 70% of A\'s top-200 style codes also on B', 'StockX and GOAT carry the same hyped catalogue', { max: 0 }, () => {
  const top = [...A].sort((a, b) => a.rank - b.rank).slice(0, 200); const hit = top.filter(p => bySkuB.has(norm(p.sku))).length;
  return { applicable: 1, findings: hit / Math.max(1, top.length) < 0.7 ? [{ ref: `${hit}/${top.length}`, detail: 'top-ranked A products found on B' }] : [] };
});

// ---- H. Sales realism
const CITY = { 'New York': 'US', 'Los Angeles': 'US', Chicago: 'US', Houston: 'US', Dallas: 'US', Philadelphia: 'US', Atlanta: 'US', Miami: 'US', Seattle: 'US', Boston: 'US', 'San Francisco': 'US', Phoenix: 'US', Denver: 'US', Detroit: 'US', Portland: 'US', 'Las Vegas': 'US', 'San Diego': 'US', Toronto: 'CA', Vancouver: 'CA', Montreal: 'CA', Calgary: 'CA', London: 'GB', Manchester: 'GB', Birmingham: 'GB', Paris: 'FR', Lyon: 'FR', Berlin: 'DE', Munich: 'DE', Hamburg: 'DE', Amsterdam: 'NL', Rotterdam: 'NL', Madrid: 'ES', Barcelona: 'ES', Milan: 'IT', Rome: 'IT', Tokyo: 'JP', Osaka: 'JP', Seoul: 'KR', Sydney: 'AU', Melbourne: 'AU', 'Hong Kong': 'HK', Singapore: 'SG', Dublin: 'IE', Stockholm: 'SE', Copenhagen: 'DK', Zurich: 'CH', Vienna: 'AT', Brussels: 'BE', Warsaw: 'PL', Dubai: 'AE', 'Mexico City': 'MX', Auckland: 'NZ', Shanghai: 'CN', Beijing: 'CN', Taipei: 'TW', Oslo: 'NO', Helsinki: 'FI', Lisbon: 'PT', Prague: 'CZ', Brooklyn: 'US', Austin: 'US', Charlotte: 'US', Minneapolis: 'US', Columbus: 'US', Orlando: 'US', Newark: 'US' };
rule('SALE-LOCATION', 'Sale locations are real "City, CC" pairs with the city in that country', 'Geography (GOAT order locations are shown as City, Country)', { maxShare: 0 }, () => {
  const f = []; let n = 0; const seen = new Set();
  for (const [id, ss] of salesB) for (const s of ss) { n++; const m = /^(.+), ([A-Z]{2})$/.exec(s.location || ''); if (!m) { f.push({ ref: bRef(catB.get(id)), detail: `location "${s.location}"` }); continue; }
    if (CITY[m[1]] && CITY[m[1]] !== m[2] && !seen.has(s.location)) { seen.add(s.location); f.push({ ref: bRef(catB.get(id)), detail: `location "${s.location}" (${m[1]} is in ${CITY[m[1]]})` }); } }
  return { applicable: n, findings: f };
});
rule('SALE-MARKET-GEO', 'A US-dollar marketplace sells mostly to North America: ≥ 60% of USD sales ship to US/CA', 'GOAT/StockX US sites: international buyers are a minority', { max: 0 }, () => {
  let usd = 0, na = 0; for (const ss of salesB.values()) for (const s of ss) if (s.currency === 'USD') { usd++; if (/, (US|CA)$/.test(s.location)) na++; }
  return { applicable: usd ? 1 : 0, findings: usd && na / usd < 0.6 ? [{ ref: `${na}/${usd} USD sales to US/CA`, detail: `${(100 * na / usd).toFixed(1)}%` }] : [] };
});
rule('BUY-NOW-MAJORITY', 'Most resale trades execute at the ask (buy-now); negotiated/offer trades are a minority (≤ 40%)', 'GOAT: offers are a secondary path; StockX: most trades hit the lowest ask', { max: 0 }, () => {
  let n = 0, off = 0; for (const ss of salesB.values()) for (const s of ss) { n++; if (s.type === 'PURCHASE_TYPE_OFFER_CLOSED') off++; }
  return { applicable: n ? 1 : 0, findings: n && off / n > 0.4 ? [{ ref: `${off}/${n}`, detail: 'offer-closed share' }] : [] };
});
rule('WEEKLY-VS-DAILY', 'weekly_orders reflects the last 7 days of daily orders (within ±50% or ±3)', 'A "sold last week" badge is the last week\'s sales', { maxShare: 0.05 }, () => {
  const f = []; let n = 0;
  for (const [id, ds] of dailyA) { const p = catA.get(id); const s = ds.filter(d => NOW - new Date(d.date) <= 7 * 864e5).reduce((a, d) => a + d.orders, 0); n++;
    if (Math.abs(s - p.weekly_orders) > Math.max(3, 0.5 * p.weekly_orders)) f.push({ ref: aRef(p), detail: `weekly_orders=${p.weekly_orders} vs daily last-7 sum ${s}` }); }
  return { applicable: n, findings: f };
});
rule('RANK-FOLLOWS-VOLUME', 'Popularity rank follows sales volume: a product with ≥ 3× the weekly orders does not rank below another', 'StockX "most popular" sort is volume-driven', { maxShare: 0.02 }, () => {
  const xs = [...A].sort((a, b) => a.rank - b.rank); const f = []; let n = 0;
  for (let i = 0; i + 20 < xs.length; i += 10) { const a = xs[i], b = xs[i + 20]; n++; if (b.weekly_orders >= 3 * Math.max(1, a.weekly_orders)) f.push({ ref: `${aRef(a)} vs ${aRef(b)}`, detail: `rank ${a.rank} w/ ${a.weekly_orders}/wk above rank ${b.rank} w/ ${b.weekly_orders}/wk` }); }
  return { applicable: n, findings: f };
});
rule('BARCODE-CHECK', 'UPC-A/EAN-13 barcodes carry a valid GS1 check digit and an EAN-13 next to a UPC is "0"+UPC', 'GS1 General Specifications (box labels of every pair)', { maxShare: 0 }, () => {
  const f = []; let n = 0;
  for (const p of detA.values()) for (const v of p.variants || []) { const ids = v.identifiers || []; const upc = ids.find(i => i.identifier_type === 'UPC')?.identifier;
    for (const id of ids) { n++;
      if (!gs1ok(id.identifier)) f.push({ ref: aRef(p), detail: `${id.identifier_type} ${id.identifier} bad check digit` });
      if (id.identifier_type === 'EAN-13' && upc && id.identifier !== '0' + upc) f.push({ ref: aRef(p), detail: `EAN ${id.identifier} vs UPC ${upc}` }); } }
  return { applicable: n, findings: f };
});
rule('BARCODE-BLOCK', 'All sizes of one style are numbered from one brand GS1 block (≤ 2 distinct 6-digit UPC prefixes per product)', 'Nike/adidas assign a UPC block per style-colour (sizes get consecutive numbers)', { maxShare: 0.1 }, () => {
  const f = []; let n = 0;
  for (const p of detA.values()) { const prefixes = new Set();
    for (const v of p.variants || []) for (const id of v.identifiers || []) if (id.identifier_type === 'UPC') prefixes.add(id.identifier.slice(0, 6));
    if (!prefixes.size) continue; n++;
    if (prefixes.size > 2) f.push({ ref: aRef(p), detail: `${prefixes.size} different UPC prefixes across ${p.variants.length} sizes (${[...prefixes].slice(0, 4).join(',')})` }); }
  return { applicable: n, findings: f };
});

// ---------------------------------------------------------------- run & report
const results = [];
for (const r of RULES) {
  let out; try { out = r.fn(); } catch (e) { out = { applicable: 0, findings: [], note: 'error: ' + e.message }; }
  const count = out.findings.length; const share = out.applicable ? count / out.applicable : 0;
  const broken = r.threshold.max !== undefined ? count > r.threshold.max : share > r.threshold.maxShare;
  results.push({ id: r.id, statement: r.statement, source: r.source, threshold: r.threshold.max !== undefined ? `findings ≤ ${r.threshold.max}` : `share ≤ ${(r.threshold.maxShare * 100).toFixed(1)}%`, applicable: out.applicable, count, share: +share.toFixed(4), broken, note: out.note, examples: out.findings.slice(0, 5) });
}
const nBroken = results.filter(r => r.broken).length;
const summary = { base_url: opt.base, clock: NOW.toISOString(), requests: nreq, seconds: +((Date.now() - T0) / 1000).toFixed(1), products_seen: { market_a: A.length, market_b: B.length }, products_looked_up: { market_a: detA.size, market_b: detB.size }, sales_sampled: { market_a: salesA.size, market_b: salesB.size }, rules_broken: nBroken, rules_total: results.length };
if (opt.json) {
  const body = JSON.stringify({ summary, rules: results }, null, 2);
  if (opt.jsonFile) (await import('node:fs')).writeFileSync(opt.jsonFile, body); else { console.log(body); process.exit(0); }
}
const pad = (s, n) => { s = String(s); return s.length > n ? s.slice(0, n - 1) + '…' : s.padEnd(n); };
console.log(`Expert audit of ${opt.base}  clock ${summary.clock}  ${summary.requests} requests in ${summary.seconds}s`);
console.log(`Seen A ${A.length} / B ${B.length} products via ${QUERIES.length} queries; looked up A ${detA.size} / B ${detB.size}; sales+daily for A ${salesA.size} / B ${salesB.size}`);
console.log('');
console.log(`${pad('RULE', 24)} ${pad('BROKEN', 6)} ${pad('COUNT', 12)} EXAMPLE`);
for (const r of results) {
  const ex = r.examples[0] ? `${r.examples[0].ref} — ${r.examples[0].detail}` : (r.note || '');
  console.log(`${pad(r.id, 24)} ${pad(r.broken ? 'yes' : 'no', 6)} ${pad(`${r.count}/${r.applicable}`, 12)} ${ex.slice(0, 170)}`);
}
console.log('');
for (const r of results) {
  console.log(`[${r.broken ? 'BROKEN' : 'ok'}] ${r.id}: ${r.statement}`);
  console.log(`    source: ${r.source}; threshold: ${r.threshold}; findings ${r.count} of ${r.applicable}${r.note ? '; ' + r.note : ''}`);
  for (const e of r.examples.slice(0, 3)) console.log(`    - ${e.ref}: ${e.detail}`);
}
console.log('');
console.log(`RULES BROKEN: ${nBroken} of ${results.length}`);
